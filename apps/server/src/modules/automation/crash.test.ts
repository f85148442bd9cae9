import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import {
  createTestDatabase,
  pgliteDataDirFromTemplate,
  signUp,
  startTestApp,
  TEST_PG_URL,
  type TestDatabase,
} from '../../test/harness.ts';
import { emitEvent } from './emit.ts';

process.env.JOBS = 'off';
const LEASE_MS = 400;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the worker in a child process; resolves with how it ended. */
function worker(
  db: string,
  crashAt?: string,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'crash-worker.ts')], {
      env: { ...process.env, CRASH_DB: db, LEASE_MS: String(LEASE_MS), AUTOMATION_CRASH_AT: crashAt ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a worker killed mid-run', () => {
  it('neither loses nor repeats an action (killed inside the transaction and right after its commit)', async () => {
    // PGlite allows one process per data directory, so the test hands the directory to each child in
    // turn (a data directory copied from the migrated template); on PostgreSQL the children connect
    // to the same test database.
    let dir = '';
    let testDb: TestDatabase;
    if (TEST_PG_URL) testDb = await createTestDatabase();
    else {
      dir = mkdtempSync(join(tmpdir(), 'erp-crash-'));
      dirs.push(dir);
      await pgliteDataDirFromTemplate(dir);
      const database = await openPglite(dir);
      testDb = { database, url: null, drop: () => database.close() };
    }
    const target = TEST_PG_URL ? (testDb.url as string) : `pglite:${dir}`;
    const t = await startTestApp({ testDb });
    const user = await signUp(t.app);
    const rule = await t.app.inject({
      method: 'POST',
      url: '/api/automation/rules',
      headers: { cookie: user.cookie },
      payload: {
        name: 'Obavijest',
        trigger: 'quote.accepted',
        actions: [{ type: 'notify', title: 'Prihvaćeno {{number}}' }],
      },
    });
    expect(rule.statusCode).toBe(201);
    const events = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => [
      await emitEvent(tx, {
        companyId: user.id,
        type: 'quote.accepted',
        entityId: null,
        data: { number: 'P-1' },
      }),
      await emitEvent(tx, {
        companyId: user.id,
        type: 'quote.accepted',
        entityId: null,
        data: { number: 'P-2' },
      }),
    ]);
    expect(events.every(Boolean)).toBe(true);
    // Dispatch both events here: two run jobs wait for the workers.
    expect(await runDueJobs(t.deps, { max: 2 })).toBe(2);
    await t.close();

    let database: Database = testDb.database;
    if (!TEST_PG_URL) await database.close();

    const first = await worker(target, 'before-commit');
    expect(first.signal).toBe('SIGKILL');
    const second = await worker(target, 'after-commit');
    expect(second.signal).toBe('SIGKILL');
    // The dead workers' leases expire; then a fresh worker (this process, with the database opened
    // anew) finishes what they left.
    if (!TEST_PG_URL) database = await openPglite(dir);
    await wait(LEASE_MS + 200);
    expect(await runDueJobs({ db: database.db }, { leaseMs: LEASE_MS, retryDelayMs: () => 0 })).toBe(2);
    const q = (text: string) => database.session((query) => query(text));
    const notes = await q(`select title from notifications order by title`);
    expect(notes.map((n) => n.title)).toEqual(['Prihvaćeno P-1', 'Prihvaćeno P-2']);
    const runs = await q(`select status from automation_runs`);
    expect(runs.map((r) => r.status)).toEqual(['done', 'done']);
    // Each job was claimed once by a killed worker and finished by a later one; which killed worker
    // held which job depends on timing (a slow start may find the first lease expired already).
    const jobs = await q(`select status, attempts from jobs where kind = 'automation.run'`);
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
    expect(jobs.reduce((n, j) => n + Number(j.attempts), 0)).toBe(4);
    if (TEST_PG_URL) await testDb.drop();
    else await database.close();
  }, 120_000);
});
