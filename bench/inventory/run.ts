/**
 * Inventory benchmarks on PostgreSQL, each against a raw SQL baseline measured in the same run:
 *
 * 1. Item search at 100 000 items: GET /api/inventory/items?q=... over real HTTP (session check,
 *    tenant transaction with SET ROLE and RLS, the list and count queries, JSON serialisation)
 *    against the very same two SQL statements (text captured from the repository) sent through a
 *    `pg` pool with no application code.
 * 2. Stock postings per second with 8 and with 32 concurrent clients: POST /api/inventory/receipts
 *    (one line) against as many `pg` clients doing what a one-line receipt writes (lock the item
 *    row, document, movement, balance upsert, item on-hand/average update) in one transaction
 *    each. The baseline's audit rows are written by the same triggers but never sealed (the seal
 *    trigger is switched off for it: no chain lock at all); a second raw run keeps that trigger on
 *    (since migration 0050 it only marks the commit ready; the sealer of the server in this
 *    process chains the rows every second, as it does the application's).
 *    The application's HTTP clients run in a worker thread (http-load.ts).
 *
 *   bench/inventory/run.sh [--items 100000] [--seconds 15] [--rounds 20] [--instances 2] [--windows 5]
 *
 * (run.sh starts a throw-away PostgreSQL with scripts/test-env.sh; this file needs TEST_DATABASE_URL.)
 * Writes its tables as the newest section of bench/inventory/RESULTS.md; the earlier sections stay below.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { runLabel, writeRunOnTop } from '../results-history.ts';
import { numberArg, requireDatabaseUrl } from './cli.ts';
import { runHttpClients } from './http-load.ts';
import { rawReceipt, setSeal } from './raw-posting.ts';

const ITEMS = numberArg('items', 100_000);
const SECONDS = numberArg('seconds', 15);
const ROUNDS = numberArg('rounds', 20);
/** The posting runs' time is cut into this many windows, the paths taking turns (see postings). */
const WINDOWS = numberArg('windows', 5);
/** Application instances of the second application run (processes on the same database). */
const INSTANCES = numberArg('instances', 2);
const CLIENT_COUNTS = [8, 32];
const POSTING_ITEMS = 1000;
requireDatabaseUrl('run bench/inventory/run.sh (it starts PostgreSQL).');

const { createTestDatabase, signUp, startTestApp } = await import('../../apps/server/src/test/harness.ts');
const repo = await import('../../apps/server/src/modules/inventory/inventory.repo.ts');
const { itemListQuerySchema } = await import('@erp/domain');

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] as number;
};
const fmt = (n: number, d = 2) => n.toFixed(d);

// Words for realistic names: trigram search then has common, rare and absent terms to find.
const NOUNS = [
  'Vijak',
  'Matica',
  'Podloška',
  'Profil',
  'Staklo',
  'Brtva',
  'Okov',
  'Šarka',
  'Lim',
  'Cijev',
  'Ploča',
  'Kutnik',
];
const TRAITS = [
  'inox',
  'pocinčani',
  'aluminijski',
  'crni',
  'bijeli',
  'eloksirani',
  'kaljeno',
  'PVC',
  'hrastov',
  'mesingani',
];

async function seed(url: string, companyId: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  await c.query(
    `insert into units (company_id, code, name) values ($1, 'kom', 'komad'), ($1, 'm', 'metar'), ($1, 'kg', 'kilogram')
    on conflict do nothing`,
    [companyId],
  );
  // Triggers off for the bulk load (audit rows and the item_stock trigger): we insert item_stock ourselves.
  await c.query('set session_replication_role = replica');
  await c.query(
    `insert into items (company_id, sku, name, kind, base_unit, reorder_point, purchase_price)
     select $1::uuid,
       'ART-' || lpad(g::text, 6, '0'),
       ($2::text[])[1 + g % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (g / 12) % array_length($3::text[], 1)]
         || ' M' || (4 + g % 20) || 'x' || (10 + g % 90),
       (array['material', 'component', 'product', 'service'])[1 + g % 4],
       (array['kom', 'm', 'kg'])[1 + g % 3],
       case when g % 7 = 0 then 50 end,
       round((1 + (g % 500) / 10.0)::numeric, 2)
     from generate_series(1, $4::int) g`,
    [companyId, NOUNS, TRAITS, ITEMS],
  );
  await c.query(
    `insert into item_stock (item_id, company_id, on_hand, avg_cost)
     select id, company_id, (abs(hashtext(sku)) % 200)::numeric, purchase_price from items where company_id = $1`,
    [companyId],
  );
  // The search side table (migration 0015) is kept by a trigger, which is off during the bulk load.
  await c.query(
    `insert into item_search (item_id, company_id, sku, name) select id, company_id, sku, name from items where company_id = $1`,
    [companyId],
  );
  await c.query('set session_replication_role = origin');
  await c.query('analyze');
  await c.end();
  console.log(`seeded ${ITEMS} items in ${fmt((performance.now() - t0) / 1000, 1)} s`);
}

/** The exact SQL the repository sends for a list request, captured from a recording transaction. */
async function capturedSql(q: string): Promise<{ sql: string; params: unknown[] }[]> {
  const dialect = new PgDialect();
  const out: { sql: string; params: unknown[] }[] = [];
  const recorder = {
    execute: async (query: SQL) => {
      out.push(dialect.sqlToQuery(query));
      return { rows: [] };
    },
  };
  await repo.listItems(recorder as never, itemListQuerySchema.parse({ q, limit: '200' }));
  return out;
}

const TERMS = ['vijak', 'inox', 'M12x', 'ART-0421', 'profil eloks', 'staklo kaljeno', 'nema-takvog'];

async function searchBench(base: string, cookie: string, pool: pg.Pool) {
  const rows: { term: string; app: number[]; raw: number[]; total: number }[] = [];
  for (const term of TERMS) {
    const statements = await capturedSql(term);
    const url = `${base}/api/inventory/items?q=${encodeURIComponent(term)}&limit=200`;
    const app: number[] = [];
    const raw: number[] = [];
    let total = -1;
    const runApp = async () => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { total: number };
      if (!res.ok) throw new Error(`search ${res.status}`);
      total = body.total;
      return performance.now() - t0;
    };
    const runRaw = async () => {
      const t0 = performance.now();
      for (const s of statements) await pool.query(s.sql, s.params);
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) {
      await runApp();
      await runRaw();
    }
    // Alternate so both see the same machine state (cache, load) over the run.
    for (let i = 0; i < ROUNDS; i++) {
      app.push(await runApp());
      raw.push(await runRaw());
    }
    rows.push({ term, app, raw, total });
    console.log(
      `search "${term}": app p95 ${fmt(percentile(app, 0.95))} ms, raw p95 ${fmt(percentile(raw, 0.95))} ms, ${total} hits`,
    );
  }
  return rows;
}

type RunResult = {
  done: number;
  failed: number;
  perSecond: number;
  p50: number;
  p95: number;
  seconds: number;
  latencies: number[];
};

/** The windows of one path as one run: postings over their summed time, percentiles over all. */
function pooled(windows: RunResult[]): RunResult {
  const latencies = windows.flatMap((w) => w.latencies);
  const seconds = windows.reduce((sum, w) => sum + w.seconds, 0);
  const done = latencies.length;
  return {
    done,
    failed: windows.reduce((sum, w) => sum + w.failed, 0),
    perSecond: done / seconds,
    p50: done ? percentile(latencies, 0.5) : 0,
    p95: done ? percentile(latencies, 0.95) : 0,
    seconds,
    latencies,
  };
}

async function forSeconds(
  seconds: number,
  clients: number,
  one: (client: number) => Promise<void>,
): Promise<RunResult> {
  const until = performance.now() + seconds * 1000;
  let failed = 0;
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await one(c);
          latencies.push(performance.now() - started);
        } catch (e) {
          failed++;
          if (failed < 3) console.error(e);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const done = latencies.length;
  return {
    done,
    failed,
    perSecond: done / elapsed,
    p50: done ? percentile(latencies, 0.5) : 0,
    p95: done ? percentile(latencies, 0.95) : 0,
    seconds: elapsed,
    latencies,
  };
}

type PostingRun = {
  clients: number;
  rawNoLock: RunResult;
  rawSealed: RunResult;
  app: RunResult;
  /** The same load spread over INSTANCES application processes. */
  appInstances: RunResult | null;
};

async function postingBench(
  bases: string[],
  cookie: string,
  url: string,
  companyId: string,
  userId: string,
): Promise<{ runs: PostingRun[]; sealMs: number; sealedLater: number; verify: string }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const loc = (
    await admin.query(
      `insert into locations (company_id, code, name) values ($1, 'BENCH', 'Bench') returning id`,
      [companyId],
    )
  ).rows[0].id as string;
  const ids = (
    await admin.query(
      `select id from items where company_id = $1 and kind <> 'service' order by sku limit $2`,
      [companyId, POSTING_ITEMS],
    )
  ).rows.map((r) => r.id as string);
  let seq = 0;
  const pick = () => ids[(seq++ * 7919) % ids.length] as string;

  // The HTTP clients run in a worker thread (http-load.ts): the server's event loop carries only
  // the server, as in a deployment, and the raw baseline's clients run outside PostgreSQL too.
  const app = (clients: number, seconds: number, instances = 1) =>
    runHttpClients({
      bases: bases.slice(0, instances),
      cookie,
      locationId: loc,
      itemIds: ids,
      clients,
      seconds,
      offset: seq,
    });

  const maxClients = Math.max(...CLIENT_COUNTS);
  const clients = await Promise.all(
    Array.from({ length: maxClients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  // The writes of a one-line receipt, straight through pg (raw-posting.ts).
  const posting = { companyId, userId, locationId: loc, pick };
  const raw = (n: number) => rawReceipt(clients[n] as pg.Client, posting);
  // Without the seal: audit rows are written, nothing takes the company's chain head.
  const seal = (on: boolean) => setSeal(admin, on);

  // The baseline's rows were left unsealed on purpose; an operator seal chains them before the
  // next run (a database in use has no unsealed rows), and at the end the company's whole chain
  // (application and baseline postings) must verify.
  let sealMs = 0;
  let sealedLater = 0;
  const sealLeftovers = async () => {
    const t0 = performance.now();
    sealedLater += (await admin.query('select audit_seal($1, true) as n', [companyId])).rows[0].n as number;
    sealMs += performance.now() - t0;
  };
  // The sealer of the server in this process chains what the marked runs left ready; each window
  // starts once it is done, so no path pays for the one before it.
  const sealerIdle = async () => {
    for (let i = 0; i < 600; i++) {
      const left = (
        await admin.query('select count(*)::int as n from audit_ready where company = $1', [companyId])
      ).rows[0].n as number;
      if (left === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the sealer did not catch up within 60 s');
  };
  // The paths take turns in WINDOWS windows of SECONDS / WINDOWS each (raw without the chain lock,
  // the application, raw marked for the sealer, the application on more processes), so that a
  // path is not measured later, on a fuller database, than the one it is compared with.
  const windowSeconds = SECONDS / WINDOWS;
  const runs: PostingRun[] = [];
  for (const n of CLIENT_COUNTS) {
    await app(n, 2);
    await seal(false);
    await forSeconds(2, n, (c) => raw(c));
    // The first client count's warm-up is the company's first postings: without this the
    // application's pooled connections kept the plans PostgreSQL chose for an empty company (its
    // named statements and its triggers' statements are cached per connection), while the
    // baseline's planned after them. ANALYZE invalidates every cached plan of the analysed tables,
    // so both sides plan again on the same statistics (README, session 15: ab-server.ts).
    await admin.query('analyze');
    const parts = {
      rawNoLock: [] as RunResult[],
      rawSealed: [] as RunResult[],
      app: [] as RunResult[],
      appInstances: [] as RunResult[],
    };
    for (let w = 0; w < WINDOWS; w++) {
      await seal(false);
      parts.rawNoLock.push(await forSeconds(windowSeconds, n, (c) => raw(c)));
      await seal(true);
      await sealLeftovers();
      await sealerIdle();
      parts.app.push(await app(n, windowSeconds));
      await sealerIdle();
      parts.rawSealed.push(await forSeconds(windowSeconds, n, (c) => raw(c)));
      await sealerIdle();
      if (bases.length > 1) {
        parts.appInstances.push(await app(n, windowSeconds, bases.length));
        await sealerIdle();
      }
    }
    const rawNoLock = pooled(parts.rawNoLock);
    const rawSealed = pooled(parts.rawSealed);
    const appResult = pooled(parts.app);
    const appInstances = bases.length > 1 ? pooled(parts.appInstances) : null;
    runs.push({ clients: n, rawNoLock, rawSealed, app: appResult, appInstances });
    console.log(
      `${n} clients: raw without chain lock ${fmt(rawNoLock.perSecond, 1)}/s, raw sealed ${fmt(rawSealed.perSecond, 1)}/s, app ${fmt(appResult.perSecond, 1)}/s (p95 ${fmt(appResult.p95, 1)} ms)${appInstances ? `, ${bases.length} app processes ${fmt(appInstances.perSecond, 1)}/s (p95 ${fmt(appInstances.p95, 1)} ms)` : ''}`,
    );
  }
  await Promise.all(clients.map((c) => c.end()));
  await admin.end();
  const { verifyAuditChain } = await import('../../apps/server/src/modules/audit/audit.service.ts');
  const { openPostgres } = await import('../../apps/server/src/db/database.ts');
  const database = await openPostgres(url, 1);
  const result = await verifyAuditChain(database.db, companyId);
  await database.close();
  const verify = result.ok
    ? `OK, ${result.rows} rows, none unsealed`
    : `BROKEN: ${JSON.stringify(result.firstBreak)}, ${result.unsealed} unsealed`;
  console.log(`sealed the baseline's ${sealedLater} rows in ${fmt(sealMs, 0)} ms; audit chain ${verify}`);
  return { runs, sealMs, sealedLater, verify };
}

/** Another application process on the same database (app-process.ts). */
function startInstance(url: string, dataDir: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'app-process.ts'), url, dataDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /port (\d+)/.exec(out)?.[1];
      if (port)
        resolve({
          base: `http://127.0.0.1:${port}`,
          stop: () => {
            child.kill('SIGTERM');
            return stopped;
          },
        });
    });
    child.once('exit', (code) => reject(new Error(`application instance exited (${code})`)));
  });
}

async function main() {
  // Field encryption keys are loaded at server start (sign-up stores the company's encrypted fields).
  const { initKeyring } = await import('../../apps/server/src/security/keyring.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'inventory-bench-'));
  initKeyring({ env: process.env, dataDir, production: false });
  const testDb = await createTestDatabase();
  const t = await startTestApp({ testDb });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const user = await signUp(t.app);
  const url = testDb.url as string;
  await seed(url, user.id);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The captured SQL calls item_search_ids(), which reads the tenant setting: the baseline sets it
  // once per connection (as the owner, so no RLS and no per-request transaction setup).
  pool.on('connect', (c) => {
    c.query(`select set_config('app.company_id', '${user.id}', false)`);
  });
  const version = (await pool.query('show server_version')).rows[0].server_version as string;

  const search = await searchBench(base, user.cookie, pool);
  const others = await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startInstance(url, dataDir)));
  const postings = await postingBench(
    [base, ...others.map((o) => o.base)],
    user.cookie,
    url,
    user.id,
    user.id,
  );
  for (const o of others) await o.stop();
  await pool.end();
  await t.close();
  await testDb.drop();

  const allApp = search.flatMap((r) => r.app);
  const allRaw = search.flatMap((r) => r.raw);
  const lines = [
    `## Run at ${runLabel()}`,
    '',
    `Command: \`bench/inventory/run.sh --items ${ITEMS} --seconds ${SECONDS} --rounds ${ROUNDS} --instances ${INSTANCES} --windows ${WINDOWS}\` (starts a throw-away`,
    `PostgreSQL ${version} through \`scripts/test-env.sh\`: fsync and synchronous_commit off, as in the test suite).`,
    `Node ${process.version}, ${cpus().length} cores, load average at the end ${loadavg()
      .map((x) => fmt(x, 2))
      .join(' / ')}, ${new Date().toISOString().slice(0, 10)}.`,
    'The application and its baseline run in the same process against the same database, one after the other.',
    '',
    `### Item search at ${ITEMS.toLocaleString('en')} items`,
    '',
    'App: `GET /api/inventory/items?q=<term>&limit=200` over HTTP on loopback (session lookup, tenant',
    'transaction with `SET LOCAL ROLE erp_app` and row-level security, list + count query, response',
    'schema). Search runs through `item_search_ids()` (migration 0015: SECURITY DEFINER lookup over a',
    'trigram-indexed side table, scoped to the tenant setting) joined back to `items` under RLS.',
    'Baseline: the same two SQL statements (text and parameters captured from `inventory.repo.ts`)',
    'through a `pg` pool as the table owner with `app.company_id` set per connection (no HTTP, no',
    'session, no per-request transaction, no RLS). Requests',
    `are sequential; app and baseline alternate, ${ROUNDS} timed rounds per term after 3 warm-up rounds.`,
    '',
    '| Term | hits | app p50 ms | app p95 ms | raw SQL p50 ms | raw SQL p95 ms | p95 ratio app / raw |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...search.map(
      (r) =>
        `| \`${r.term}\` | ${r.total} | ${fmt(percentile(r.app, 0.5))} | ${fmt(percentile(r.app, 0.95))} | ${fmt(percentile(r.raw, 0.5))} | ${fmt(percentile(r.raw, 0.95))} | ${fmt(percentile(r.app, 0.95) / percentile(r.raw, 0.95))} |`,
    ),
    `| **all terms** | | ${fmt(percentile(allApp, 0.5))} | **${fmt(percentile(allApp, 0.95))}** | ${fmt(percentile(allRaw, 0.5))} | **${fmt(percentile(allRaw, 0.95))}** | **${fmt(percentile(allApp, 0.95) / percentile(allRaw, 0.95))}** |`,
    '',
    '### Stock postings, 8 and 32 concurrent clients',
    '',
    `App: N clients each posting one-line receipts (\`POST /api/inventory/receipts\`, quantity 1, over`,
    `${POSTING_ITEMS} items at one location) back to back over HTTP from a worker thread (keep-alive): validation,`,
    'session (cached per cookie), tenant transaction (BEGIN with settings, lock and membership, and the item',
    'lock with the location check sent with it: one round trip), every write in one statement (document, movement, balance,',
    'on-hand and average) answering with the document from its own RETURNING rows and carrying the COMMIT: 2 round trips, the entry, the lock and the write as named statements (a receipt reads no balances: it cannot go',
    "short); the `stock` event goes out after COMMIT in the server's 50 ms batch, outside the transaction.",
    "Its commit marks its audit rows ready and the server's sealer chains them every second",
    '(migration 0050), one narrow insert-only link per row in audit_links (migrations 0051, 0051b).',
    'Baseline: N `pg` clients, each transaction doing the same writes (item_stock row lock, document,',
    'movement, balance upsert, on-hand/average update: 7 statements) with no application code; the',
    'audit triggers write their rows, but the seal trigger is switched off (`raw, no chain lock`):',
    'nobody takes the chain head. `raw, marked for the sealer` is the same with that trigger on: the commit',
    'marks its rows ready and the sealer of the server in this process chains them. The second',
    `application row spreads the same clients over ${INSTANCES} server processes on the same database`,
    '(app-process.ts; client i talks to process i mod n), as a deployment with one process per core',
    `would. Each path runs ${SECONDS} s in all, after 2 s of warm-up and an ANALYZE, in ${WINDOWS} windows of ${SECONDS / WINDOWS} s: the`,
    'paths take turns in the order of the table, and each window starts once the sealer has chained',
    'what the one before it left ready, so no path is measured later, on a fuller database, or while',
    "the sealer works off another path's rows. A row pools its windows (postings over their summed time).",
    '',
    '| clients | path | postings | failed | postings/s | p50 ms | p95 ms | app / raw without chain lock |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...postings.runs.flatMap((r) => [
      `| ${r.clients} | raw SQL, no chain lock | ${r.rawNoLock.done} | ${r.rawNoLock.failed} | ${fmt(r.rawNoLock.perSecond, 1)} | ${fmt(r.rawNoLock.p50, 1)} | ${fmt(r.rawNoLock.p95, 1)} | |`,
      `| ${r.clients} | raw SQL, marked for the sealer | ${r.rawSealed.done} | ${r.rawSealed.failed} | ${fmt(r.rawSealed.perSecond, 1)} | ${fmt(r.rawSealed.p50, 1)} | ${fmt(r.rawSealed.p95, 1)} | |`,
      `| ${r.clients} | application (HTTP), 1 process | ${r.app.done} | ${r.app.failed} | ${fmt(r.app.perSecond, 1)} | ${fmt(r.app.p50, 1)} | ${fmt(r.app.p95, 1)} | **${fmt(r.app.perSecond / r.rawNoLock.perSecond)}** |`,
      ...(r.appInstances
        ? [
            `| ${r.clients} | application (HTTP), ${INSTANCES} processes | ${r.appInstances.done} | ${r.appInstances.failed} | ${fmt(r.appInstances.perSecond, 1)} | ${fmt(r.appInstances.p50, 1)} | ${fmt(r.appInstances.p95, 1)} | **${fmt(r.appInstances.perSecond / r.rawNoLock.perSecond)}** |`,
          ]
        : []),
    ]),
    '',
    `After each baseline run its unsealed audit rows were sealed by an operator call (\`select`,
    `audit_seal(company, true)\`: ${postings.sealedLater} rows in ${fmt(postings.sealMs, 0)} ms in all); at the end the company's`,
    `chain verified (after \`audit verify\`'s own seal of ready rows): ${postings.verify}.`,
    '',
  ];
  // Newest run first: the earlier runs and the notes added to them stay below it.
  writeRunOnTop(join(import.meta.dirname, 'RESULTS.md'), '# Inventory benchmarks', lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
process.exit(0);
