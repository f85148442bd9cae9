import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/database.ts';
import { withCompany } from '../db/tenant.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import {
  createTestDatabase,
  onPostgres,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../test/harness.ts';
import { moveCompany } from './move.ts';
import { rowsInDatabase, seedCompany } from './test-helpers.ts';

/** A gate: `wait` resolves once `open` was called. */
function gate() {
  let open: () => void = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}

/**
 * Moving a company back into the shared database copies its rows into tables other companies keep
 * writing. The copy switched each table's triggers off with ALTER TABLE, one table after the other:
 * holding the tables done so far while waiting for the next one, it formed a cycle with a request
 * that held the next table and then needed one of those (`bench/load/run.sh --back`: deadlock
 * detected in the move back, 2 of 2 runs; issue 21).
 */
describe.runIf(onPostgres)('moving a company back into the shared database under load', () => {
  let t: TestApp;
  let dedicated: TestDatabase;
  beforeAll(async () => {
    t = await startTestApp();
    dedicated = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
    await dedicated.drop();
  });

  /** Backends of this database waiting for a lock, other than `except` (process ids). */
  const lockWaiters = async (except: number) =>
    t.deps.database.session((q) =>
      q(
        `select pid, query from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
        [except],
      ),
    );

  it('finishes while another company writes to the tables it copies into, and that company loses no write', async () => {
    const main = t.deps.database;
    const moved = await signUp(t.app, 'Moved Back');
    const busy = await signUp(t.app, 'Busy Neighbour');
    await seedCompany(t.app, moved, 'MB');
    const busyItems = await seedCompany(t.app, busy, 'BN');
    expect((await moveCompany(main, moved.id, dedicated.url as string)).problems).toEqual([]);
    const movedRows = await rowsInDatabase(dedicated.database, moved.id);

    const opened = gate();
    const moveWaits = gate();
    const written = gate();
    let busyPid = 0;
    let moveWaitedFor = '';
    // The neighbour's request transaction: a row in `units` (a table late in the copy's order),
    // then, once the move waits for that table, a change to `items` (early in the order).
    const request = withCompany(t.deps.db, { userId: busy.id, companyId: busy.id }, async (tx) => {
      const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      busyPid = Number(me?.pid);
      await tx.execute(sql`insert into units (company_id, code, name) values (${busy.id}, 'BUSY', 'busy')`);
      opened.open();
      await moveWaits.wait;
      await tx.execute(sql`update items set name = name || ' (busy)' where id = ${busyItems[0]}`);
      written.open();
    });
    await opened.wait;

    const back = moveCompany(main, moved.id, 'shared');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const waiting = await lockWaiters(busyPid);
      if (waiting.length > 0) {
        moveWaitedFor = String(waiting[0]?.query);
        break;
      }
      if (Date.now() > deadline) throw new Error('the move never waited for the busy table');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    moveWaits.open();
    await written.wait;
    // The request commits: it was not picked as a deadlock victim.
    await request;
    const result = await back;

    // The copy's lock statement was what waited (the scenario above really happened).
    expect(moveWaitedFor).toMatch(/^lock table/);
    expect(result.problems).toEqual([]);
    expect(await rowsInDatabase(dedicated.database, moved.id)).toBe(0);
    expect(await rowsInDatabase(main, moved.id)).toBe(movedRows);
    const [item] = await main.session((q) => q('select name from items where id = $1', [busyItems[0]]));
    expect(String(item?.name)).toMatch(/\(busy\)$/);
    expect(await verifyAuditChain(main.db)).toMatchObject({ ok: true });
    // The tables it filled were analyzed before its verification (analyzeCopied): last_analyze
    // is set by ANALYZE only, never by autovacuum.
    const analyzed = await main.session((q) =>
      q(
        `select relname from pg_stat_user_tables
          where relname in ('audit_log', 'audit_links', 'stock_movements') and last_analyze is not null`,
        [],
      ),
    );
    expect(analyzed.map((r) => r.relname).sort()).toEqual(['audit_links', 'audit_log', 'stock_movements']);
  }, 120_000);
});
