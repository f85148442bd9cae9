import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';

/**
 * Migration 0053: the seal's functions run their queries without JIT compilation (on the posting
 * benchmark the sealer spent most of each tick compiling a read of a few index look-ups). A later
 * `create or replace function` without the setting would silently drop it: this test notices.
 */
describe('the seal runs without JIT', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('sets jit = off on the sealer’s and the operator’s chaining functions', async () => {
    const rows = await testDb.database.session((q) =>
      q(
        `select p.oid::regprocedure::text as fn, coalesce(p.proconfig, '{}') as config
           from pg_proc p where p.proname in ('audit_seal_ready', 'audit_chain') order by 1`,
      ),
    );
    expect(rows.map((r) => r.fn)).toEqual([
      'audit_chain(uuid,bigint[])',
      'audit_seal_ready(uuid,boolean,integer)',
    ]);
    for (const r of rows) expect(r.config as string[]).toContain('jit=off');
  });
});
