/**
 * Where a posting's time goes: starts the application on PostgreSQL, posts one-line receipts with
 * N clients for a few seconds and reports postings/s, the SQL round trips per posting (every
 * query the server's `pg` clients send, counted by statement text), and, when the process runs
 * with `--cpu-prof`, leaves a CPU profile for `summarise-profile.ts`.
 *
 *   source scripts/test-env.sh
 *   node --import tsx --cpu-prof --cpu-prof-dir /tmp/prof bench/inventory/profile.ts --clients 8 --seconds 10
 *   npx tsx bench/inventory/summarise-profile.ts /tmp/prof/<file>.cpuprofile
 *
 * The HTTP clients run in a worker thread (http-load.ts), so the profile shows the server.
 *
 * `--path raw` / `--path raw-sealed` run the raw-SQL baseline (raw-posting.ts, without and with the
 * commit-time trigger, which since migration 0050 marks the commit for the sealer of the server
 * this process starts) instead of the application, for the same database-side figures. Every run
 * reports the PostgreSQL server's CPU per posting (its processes, from /proc); when the server was
 * started with pg_stat_statements (TEST_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements
 * -c pg_stat_statements.track=all" before sourcing test-env.sh) also its statements by time, the
 * ones inside functions and triggers included (add `-c pg_stat_statements.track_planning=on` for
 * the planning time; without it that column reads 0). `--path raw-rls` runs the raw baseline (seal trigger
 * off, as `raw`) as the request role `erp_app` with the company set, so row-level security applies:
 * the difference to `raw` is what the policies on the written tables cost. `--path raw-notify` adds
 * the application's `pg_notify` on the company's `stock` topic to each raw transaction.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { numberArg, requireDatabaseUrl } from './cli.ts';
import { runHttpClients } from './http-load.ts';
import { seedPostingCompany } from './posting-company.ts';
import { postgresCpuMs, rawReceipt, setSeal } from './raw-posting.ts';

const CLIENTS = numberArg('clients', 8);
const SECONDS = numberArg('seconds', 10);
const PATH = (() => {
  const i = process.argv.indexOf('--path');
  return i >= 0 ? (process.argv[i + 1] as string) : 'app';
})();
if (!['app', 'raw', 'raw-sealed', 'raw-rls', 'raw-notify'].includes(PATH))
  throw new Error('--path app|raw|raw-sealed|raw-rls|raw-notify');
requireDatabaseUrl('source scripts/test-env.sh first.');

// Counts every statement the server sends (before the app opens its pool).
const counts = new Map<string, number>();
const waits = new Map<string, number>();
const keys = new Map<string, string>();
let counting = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  if (counting) {
    const first = a[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '?');
    // The key of a text is computed once (a regex over every statement cost the server thread ~4 %).
    let key = keys.get(text);
    if (key === undefined) {
      key = text.replace(/\s+/g, ' ').slice(0, 90);
      if (keys.size < 1000) keys.set(text, key);
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const t0 = performance.now();
    const out = (originalQuery as (...x: unknown[]) => unknown).apply(this, a);
    if (out instanceof Promise)
      void out.then(
        () => waits.set(key, (waits.get(key) ?? 0) + performance.now() - t0),
        () => {},
      );
    return out;
  }
  return (originalQuery as (...x: unknown[]) => unknown).apply(this, a);
} as typeof pg.Client.prototype.query;

/** The main thread's user and kernel (system call) CPU time in ms, from /proc (0 without it). */
function mainThreadTimes(): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: 0, system: 0 };
  }
}

const { createTestDatabase, signUp, startTestApp } = await import('../../apps/server/src/test/harness.ts');
const { initKeyring } = await import('../../apps/server/src/security/keyring.ts');
initKeyring({ env: process.env, dataDir: mkdtempSync(join(tmpdir(), 'inventory-prof-')), production: false });
const testDb = await createTestDatabase();
const t = await startTestApp({ testDb });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const user = await signUp(t.app);
const admin = new pg.Client({ connectionString: testDb.url as string });
await admin.connect();
const { locationId: loc, itemIds: items } = await seedPostingCompany(admin, user.id);

const load = { bases: [base], cookie: user.cookie, locationId: loc, itemIds: items };
let seq = 0;
const rawClients = await Promise.all(
  Array.from({ length: PATH === 'app' ? 0 : CLIENTS }, async () => {
    const c = new pg.Client({ connectionString: testDb.url as string });
    await c.connect();
    // raw-rls: the same statements as the request role, so every written table's policy applies.
    if (PATH === 'raw-rls') {
      await c.query(`select set_config('app.company_id', $1, false), set_config('app.user_id', $1, false)`, [
        user.id,
      ]);
      await c.query('set role erp_app');
    }
    return c;
  }),
);
const posting = {
  companyId: user.id,
  userId: user.id,
  locationId: loc,
  pick: () => items[(seq++ * 7919) % items.length] as string,
  notify: PATH === 'raw-notify',
};
/** The raw baseline's clients, on this thread, for `seconds`. */
async function runRaw(seconds: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    rawClients.map(async (c) => {
      while (performance.now() < until) {
        const started = performance.now();
        await rawReceipt(c, posting);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.max(0, Math.ceil(p * latencies.length) - 1)] ?? 0;
  const done = latencies.length;
  return {
    done,
    failed: 0,
    perSecond: done / ((performance.now() - t0) / 1000),
    p50: at(0.5),
    p95: at(0.95),
  };
}
const run = (seconds: number) =>
  PATH === 'app' ? runHttpClients({ ...load, clients: CLIENTS, seconds }) : runRaw(seconds);
if (PATH !== 'app') await setSeal(admin, PATH === 'raw-sealed');
const statements = await admin
  .query('create extension if not exists pg_stat_statements')
  .then(() => admin.query('select pg_stat_statements_reset()'))
  .then(() => true)
  .catch(() => false);
await run(2);
if (statements) await admin.query('select pg_stat_statements_reset()');
const pg0 = await postgresCpuMs(admin);
counting = true;
const elu0 = performance.eventLoopUtilization();
const cpu0 = process.cpuUsage();
const main0 = mainThreadTimes();
const result = await run(SECONDS);
const cpu = process.cpuUsage(cpu0);
const main1 = mainThreadTimes();
const mainCpu = main1.user + main1.system - main0.user - main0.system;
const elu = performance.eventLoopUtilization(elu0);
counting = false;
const pg1 = await postgresCpuMs(admin);
const per = (x: number) => x / Math.max(1, result.done);
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(
  `${PATH}, ${CLIENTS} clients: ${result.done} postings, ${result.failed} failed, ${result.perSecond.toFixed(1)}/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`,
);
console.log(`SQL statements per posting: ${per(total).toFixed(2)}`);
// The server's event loop (this thread) and the whole process (server and the clients' worker).
console.log(
  `server event loop busy ${(elu.utilization * 100).toFixed(0)} %, ${per(elu.active).toFixed(2)} ms per posting; process CPU ${per((cpu.user + cpu.system) / 1000).toFixed(2)} ms per posting`,
);
console.log(
  `server thread CPU ${per(mainCpu).toFixed(2)} ms per posting, of it ${per(main1.system - main0.system).toFixed(2)} ms in the kernel (the main thread: the server, and for --path raw its clients)`,
);
if ('clientCpuMs' in result && result.clientCpuMs !== undefined)
  console.log(`HTTP clients' thread CPU ${per(result.clientCpuMs).toFixed(2)} ms per posting`);
if (pg0 !== null && pg1 !== null)
  console.log(`PostgreSQL server CPU ${per(pg1 - pg0).toFixed(2)} ms per posting`);
for (const [text, n] of [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${per(n).toFixed(2)}  ${((waits.get(text) ?? 0) / n).toFixed(2).padStart(6)} ms  ${text}`);
if (statements) {
  const top = await admin.query(
    `select calls, total_exec_time + coalesce(total_plan_time, 0) as total_exec_time, total_plan_time, toplevel, regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements where query not like '%pg_stat_statements%' order by 2 desc limit 30`,
  );
  console.log(
    '\nPostgreSQL statements by planning + execution time (ms per posting, of it planning, calls per posting, top level?):',
  );
  for (const r of top.rows)
    console.log(
      `${per(r.total_exec_time).toFixed(3).padStart(7)} ms ${per(r.total_plan_time ?? 0)
        .toFixed(3)
        .padStart(
          7,
        )} ${per(Number(r.calls)).toFixed(2).padStart(6)} ${r.toplevel ? 'top' : 'in '}  ${String(r.query).slice(0, 140)}`,
    );
}
for (const c of rawClients) await c.end();
await admin.end();
await t.close();
await testDb.drop();
process.exit(0);
