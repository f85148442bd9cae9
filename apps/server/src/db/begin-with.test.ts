import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../test/harness.ts';
import { transactionBeginningWith, uuidLiteral } from './begin-with.ts';
import { announceAfterCommit, flushCompanyEvents, notifyCompany } from './company-events.ts';
import { type Database, type Db, openPostgres, rowsOf, type Tx } from './database.ts';

const COMPANY = '5b2e8c1d-7a4f-4e3b-9c6d-0a1b2c3d4e5f';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('uuidLiteral: only a uuid becomes a literal', () => {
  it('quotes a uuid and refuses anything else, so nothing but hex digits and hyphens reaches the script', () => {
    expect(uuidLiteral(COMPANY)).toBe(`'${COMPANY}'`);
    expect(uuidLiteral(COMPANY.toUpperCase())).toBe(`'${COMPANY.toUpperCase()}'`);
    for (const bad of [
      `${COMPANY}'`,
      `${COMPANY}\n`,
      `'; drop table tenants; --`,
      `${COMPANY.slice(0, -1)}g`,
      `${COMPANY} `,
      `x${COMPANY}`,
      '',
    ])
      expect(uuidLiteral(bad)).toBeNull();
  });
});

// One pooled connection, so every call below runs on the same connection and gets the same
// drizzle transaction object (kept per connection since issue 21, session 13): nothing of one
// transaction may reach the next.
describe.runIf(onPostgres)('a transaction begun with its first statement, on a reused connection', () => {
  let testDb: TestDatabase;
  let one: Database;
  let db: Db;
  const received: { ids: string[] }[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    one = await openPostgres(testDb.url as string, 1);
    db = one.db;
    await db.execute(sql`create table begin_with_probe (n int not null)`);
    await one.listen('company_event', (payload) => received.push(JSON.parse(payload)));
  });
  afterAll(async () => {
    await one?.close();
    await testDb?.drop();
  });

  /** As withCompany runs a request: events held until the commit, BEGIN sent with the first statement. */
  const run = <T>(fn: (tx: Tx, first: Record<string, unknown>[]) => Promise<T>) =>
    announceAfterCommit(db, async (hold) => {
      const done = await transactionBeginningWith(db, 'select 41 + 1 as answer', undefined, (tx, rows) => {
        hold(tx);
        return fn(tx, rows);
      });
      if (done === null) throw new Error('expected node-postgres');
      return done;
    });
  const count = async (tx: Tx) =>
    Number(
      rowsOf<{ n: string }>(await tx.execute(sql`select count(*)::text as n from begin_with_probe`))[0]?.n,
    );

  it('commits or rolls back each call whole, and announces only what committed', async () => {
    const failed = await run(async (tx, first) => {
      expect(first).toEqual([{ answer: 42 }]);
      await tx.execute(sql`insert into begin_with_probe values (1)`);
      await notifyCompany(tx, COMPANY, 'stock', ['00000000-0000-4000-8000-000000000001']);
      throw new Error('roll back');
    }).catch((e: Error) => e.message);
    expect(failed).toBe('roll back');

    const second = await run(async (tx) => {
      expect(await count(tx)).toBe(0); // the first call's insert was rolled back
      await tx.execute(sql`insert into begin_with_probe values (2)`);
      await notifyCompany(tx, COMPANY, 'stock', ['00000000-0000-4000-8000-000000000002']);
      return tx;
    });
    const third = await run(async (tx) => {
      expect(await count(tx)).toBe(1);
      return tx;
    });
    expect(third).toBe(second); // the same connection's transaction object: the case under test

    await flushCompanyEvents(db);
    for (let i = 0; i < 100 && received.length < 1; i++) await pause(20);
    await pause(100);
    expect(received.map((r) => r.ids)).toEqual([['00000000-0000-4000-8000-000000000002']]);
  });

  it('rolls back and frees the connection when the first statement fails', async () => {
    const error = await announceAfterCommit(db, () =>
      transactionBeginningWith(db, 'select 1/0', undefined, async () => 'ran'),
    ).catch((e: Error) => e.message);
    expect(error).toMatch(/division by zero/);
    // The pool's one connection is usable again, outside any transaction.
    const next = await run(async (tx) => count(tx));
    expect(next).toBe(1);
  });
});
