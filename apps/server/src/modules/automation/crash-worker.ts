// A worker process for the crash test (automation-crash.test.ts): opens the database named by
// CRASH_DB (a PostgreSQL URL, or "pglite:<dir>"), runs the due jobs once and exits. With
// AUTOMATION_CRASH_AT set, actions.ts kills this process at that point.
import { openPglite, openPostgres } from '../../db/database.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import './actions.ts';

const target = process.env.CRASH_DB ?? '';
const database = target.startsWith('pglite:')
  ? await openPglite(target.slice(7))
  : await openPostgres(target, 2);
const ran = await runDueJobs(
  { db: database.db },
  {
    leaseMs: Number(process.env.LEASE_MS ?? 60_000),
    retryDelayMs: () => 0,
    workerId: `child-${process.pid}`,
  },
);
await database.close();
process.stdout.write(JSON.stringify({ ran }));
