import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, crashRun, openDirect } from './crash.ts';
import { pgliteDataDirFromTemplate, postgresDatabaseFromTemplate, TEST_PG_URL } from './harness.ts';

/**
 * Crash safety in CI (issue 11): three SIGKILLs of a real server process while clients post, on the
 * database of this run (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). The long runs are in
 * bench/crash. Then the checker is shown to catch a lost write and a balance that left the ledger.
 */
describe('crash safety', () => {
  it('loses no acknowledged write and keeps postings, balances, numbering and audit whole', async () => {
    // The server starts on a copy of the migrated template (a PostgreSQL database, or a PGlite data
    // directory) instead of running initdb and every migration in the first cycle.
    const copy = TEST_PG_URL ? await postgresDatabaseFromTemplate() : null;
    const databaseUrl = copy?.url;
    const kind = databaseUrl ? 'postgres' : 'pglite';
    const report = await crashRun({
      kind,
      databaseUrl,
      cycles: 3,
      killAfterMs: [0, 1500],
      seed: 20261122,
      prepare: (dir) => (copy ? Promise.resolve() : pgliteDataDirFromTemplate(join(dir, 'pglite'))),
    });

    expect(report.problems).toEqual([]);
    expect(report.cycles).toHaveLength(3);
    // Every cycle wrote before it was killed (the kill clock starts at the first acknowledged write).
    for (const c of report.cycles) expect(c.acked).toBeGreaterThan(0);
    expect(report.totals.stockDocuments).toBeGreaterThan(0);
    expect(report.auditRows).toBeGreaterThan(0);

    // The checks can fail: a write acknowledged but absent, and a balance off its ledger.
    const database = await openDirect({ kind, databaseUrl }, report.dataDir);
    try {
      const found = await database.session(async (q) => {
        await q(
          `update stock_balances set quantity = quantity + 1
            where id = (select id from stock_balances where company_id = $1 limit 1)`,
          [report.companyId],
        );
        return check(q, report.companyId, [...report.acked, { type: 'stock', id: randomUUID() }]);
      });
      expect(found).toContainEqual(expect.stringMatching(/^lost stock postings: 1 of /));
      expect(found).toContainEqual(expect.stringMatching(/^balance .* ≠ ledger /));
    } finally {
      await database.close();
      rmSync(report.dataDir, { recursive: true, force: true });
      await copy?.drop();
    }
  }, 600_000);
});
