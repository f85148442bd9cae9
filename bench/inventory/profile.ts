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
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { numberArg, requireDatabaseUrl } from './cli.ts';
import { runHttpClients } from './http-load.ts';

const CLIENTS = numberArg('clients', 8);
const SECONDS = numberArg('seconds', 10);
requireDatabaseUrl('source scripts/test-env.sh first.');

// Counts every statement the server sends (before the app opens its pool).
const counts = new Map<string, number>();
const waits = new Map<string, number>();
let counting = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  if (counting) {
    const first = a[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
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
await admin.query(
  `insert into units (company_id, code, name) values ($1, 'kom', 'komad') on conflict do nothing`,
  [user.id],
);
await admin.query(
  `insert into items (company_id, sku, name, kind, base_unit, purchase_price)
   select $1::uuid, 'P-' || g, 'Item ' || g, 'material', 'kom', 2 from generate_series(1, 1000) g`,
  [user.id],
);
const loc = (
  await admin.query(`insert into locations (company_id, code, name) values ($1, 'P', 'P') returning id`, [
    user.id,
  ])
).rows[0].id as string;
const items = (await admin.query('select id from items where company_id = $1', [user.id])).rows.map(
  (r) => r.id as string,
);
await admin.end();

const load = { bases: [base], cookie: user.cookie, locationId: loc, itemIds: items };
await runHttpClients({ ...load, clients: CLIENTS, seconds: 2 });
counting = true;
const elu0 = performance.eventLoopUtilization();
const cpu0 = process.cpuUsage();
const result = await runHttpClients({ ...load, clients: CLIENTS, seconds: SECONDS });
const cpu = process.cpuUsage(cpu0);
const elu = performance.eventLoopUtilization(elu0);
counting = false;
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(
  `${CLIENTS} clients: ${result.done} postings, ${result.failed} failed, ${result.perSecond.toFixed(1)}/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`,
);
console.log(`SQL statements per posting: ${(total / Math.max(1, result.done)).toFixed(2)}`);
// The server's event loop (this thread) and the whole process (server and the clients' worker).
console.log(
  `server event loop busy ${(elu.utilization * 100).toFixed(0)} %, ${(elu.active / Math.max(1, result.done)).toFixed(2)} ms per posting; process CPU ${((cpu.user + cpu.system) / 1000 / Math.max(1, result.done)).toFixed(2)} ms per posting`,
);
for (const [text, n] of [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(
    `${(n / Math.max(1, result.done)).toFixed(2)}  ${((waits.get(text) ?? 0) / n).toFixed(2).padStart(6)} ms  ${text}`,
  );
await t.close();
await testDb.drop();
process.exit(0);
