import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { day, iso, isoOrNull, one, rows, uuids } from './sql.ts';

describe('day(): a date column is a day, an instant is the business day in Zagreb', () => {
  it('keeps a date text as it is, whatever the server time zone', () => {
    expect(day('2026-03-29')).toBe('2026-03-29');
    expect(day(null)).toBeNull();
    expect(day(undefined)).toBeNull();
  });

  it('reads an instant as the date in Europe/Zagreb, not the UTC date', () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Zagreb (UTC+1 in winter).
    expect(day(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
    // 22:30 UTC on 14 July is 00:30 on 15 July in Zagreb (UTC+2 in summer).
    expect(day(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    // 21:30 UTC on 14 July is still 14 July in Zagreb.
    expect(day(new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-14');
  });

  it('formats timestamps as ISO text', () => {
    expect(iso(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(isoOrNull(null)).toBeNull();
  });
});

describe('the SQL helpers on the database', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('a date column arrives as its text, so day() never shifts it', async () => {
    const row = await testDb.database.db.transaction(async (tx) => {
      // The session's time zone far from UTC would move a day parsed as local midnight.
      await tx.execute(sql`set local time zone 'Pacific/Kiritimati'`);
      return one<{ d: unknown }>(tx, sql`select date '2026-01-01' as d`);
    });
    expect(row?.d).toBe('2026-01-01');
    expect(day(row?.d)).toBe('2026-01-01');
  });

  it('rows() and uuids() pass a uuid array and return every row', async () => {
    const ids = ['0b7c6f10-8d1e-4b62-9d62-5a5d7d0e7f01', '6a8e55c2-53a4-4a0c-8f1f-8c0c3f9f2e02'];
    const got = await testDb.database.db.transaction((tx) =>
      rows<{ id: string }>(tx, sql`select unnest(${uuids(ids)}) as id order by 1`),
    );
    expect(got.map((r) => r.id)).toEqual([...ids].sort());
  });
});
