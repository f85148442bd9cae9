import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../test/harness.ts';
import { claimCommit, isCommitted, transactionBeginningWith, uuidLiteral } from './begin-with.ts';
import { announceAfterCommit, flushCompanyEvents, notifyCompany } from './company-events.ts';
import { type Database, type Db, openPostgres, rowsOf, type Tx } from './database.ts';
import { preparedRows } from './prepared.ts';

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
  // The last statement with its COMMIT in one round trip (issue 21): what a posting route does.
  const ending = <T>(armed: boolean, fn: (tx: Tx) => Promise<T>) =>
    announceAfterCommit(db, async (hold) => {
      const done = await transactionBeginningWith(
        db,
        'select 1',
        undefined,
        (tx) => {
          hold(tx);
          return fn(tx);
        },
        armed,
      );
      if (done === null) throw new Error('expected node-postgres');
      return done;
    });
  const probe = async () =>
    Number(
      rowsOf<{ n: string }>(
        await db.execute(sql`select count(*)::text as n from begin_with_probe where n >= 10`),
      )[0]?.n,
    );

  it('commits with the claimed last statement, once, and refuses any statement after it', async () => {
    const before = await probe();
    const claims: boolean[] = [];
    const after = await ending(true, async (tx) => {
      claims.push(claimCommit(tx), claimCommit(tx)); // once per transaction
      const rows = await preparedRows<{ n: number }>(
        tx,
        sql`insert into begin_with_probe values (10) returning n`,
        true,
      );
      expect(rows).toEqual([{ n: 10 }]);
      expect(isCommitted(tx)).toBe(true);
      // Neither our statements nor drizzle's may run now: they would run outside the transaction.
      const ours = await preparedRows(tx, sql`insert into begin_with_probe values (11)`).catch(
        (e: Error) => e,
      );
      const drizzle = await tx.execute(sql`insert into begin_with_probe values (12)`).catch((e: Error) => e);
      return [ours, drizzle];
    });
    expect(claims).toEqual([true, false]);
    expect(after.map((e) => e instanceof Error)).toEqual([true, true]);
    expect(await probe()).toBe(before + 1); // 10 committed, 11 and 12 never ran
    // Not armed: nothing to claim, the helper commits as before; the connection takes statements again.
    const unarmed = await ending(false, async (tx) => {
      const claimed = claimCommit(tx);
      await tx.execute(sql`insert into begin_with_probe values (13)`);
      return claimed;
    });
    expect(unarmed).toBe(false);
    expect(await probe()).toBe(before + 2);
  });

  it('leaves nothing when the last statement or its COMMIT fails, and the connection stays usable', async () => {
    await db.execute(
      sql`create table if not exists begin_with_deferred (n int unique deferrable initially deferred)`,
    );
    const before = await probe();
    // The statement fails: PostgreSQL skips the COMMIT sent with it; the helper rolls back.
    const failed = await ending(true, async (tx) => {
      await tx.execute(sql`insert into begin_with_probe values (20)`);
      return preparedRows(tx, sql`insert into begin_with_probe values (1/0)`, claimCommit(tx));
    }).catch((e: Error) => e.message);
    expect(failed).toMatch(/division by zero/);
    // The COMMIT fails (a deferred unique check): the statement's rows go with the transaction.
    const refused = await ending(true, async (tx) => {
      await tx.execute(sql`insert into begin_with_probe values (21)`);
      return preparedRows(tx, sql`insert into begin_with_deferred values (1), (1)`, claimCommit(tx));
    }).catch((e: Error) => e.message);
    expect(refused).toMatch(/duplicate key/);
    expect(await probe()).toBe(before);
    const deferred = rowsOf<{ n: string }>(
      await db.execute(sql`select count(*)::text as n from begin_with_deferred`),
    )[0]?.n;
    expect(deferred).toBe('0');
    expect(await ending(true, async (tx) => count(tx))).toBeGreaterThan(0);
  });
});
