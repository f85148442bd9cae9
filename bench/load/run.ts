/**
 * Load test (issue 10). Two `npm start` instances on one PostgreSQL, virtual users of several
 * companies doing mixed reads and stock postings over HTTP, round-robin over the instances.
 * Phase 1: every company in the shared database. Phase 2: the same load while the admin CLI moves
 * one company into a dedicated database (its writes are refused with 423 during the move) and
 * afterwards. Phase 3: that company's users alone. With --back, phase 4: the whole load again
 * while the company moves back into the shared database. Then the invariants: balances = ledger,
 * no negative stock, audit chains verify, every acknowledged posting is in the database, and the
 * database the company left last holds none of its rows.
 *
 * Run through bench/load/run.sh (starts PostgreSQL); options: --users 40 --seconds 30 --companies 6 [--back]
 * The run's report becomes the newest section of bench/load/RESULTS.md; earlier runs stay below it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { companyDatabaseUrl } from '../../apps/server/src/db/company-router.ts';
import { type Database, openPostgres } from '../../apps/server/src/db/database.ts';
import { verifyAuditChain } from '../../apps/server/src/modules/audit/audit.service.ts';
import { checkStock, countCompany } from '../../apps/server/src/platform/company-data.ts';
import { runLabel, writeRunOnTop } from '../results-history.ts';

const { values: opts } = parseArgs({
  options: {
    users: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '30' },
    companies: { type: 'string', default: '6' },
    items: { type: 'string', default: '30' },
    // Phase 4: the same load while the company moves back into the shared database.
    back: { type: 'boolean', default: false },
  },
});
const USERS = Number(opts.users);
const SECONDS = Number(opts.seconds);
const COMPANIES = Number(opts.companies);
const ITEMS = Number(opts.items);
const BACK = opts.back === true;
const PORTS = [3301, 3302];
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('TEST_DATABASE_URL is not set: run bench/load/run.sh');

function dbUrl(name: string): string {
  const url = new URL(base as string);
  url.pathname = `/${name}`;
  return url.toString();
}
const MAIN_URL = dbUrl('erp_load');
const DEDICATED_URL = dbUrl('erp_load_dedicated');

async function createDatabases(): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  for (const name of ['erp_load', 'erp_load_dedicated']) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
}

const dataDir = mkdtempSync(join(tmpdir(), 'erp-load-'));
const instances: ChildProcess[] = [];

function startInstance(port: number): ChildProcess {
  const log = openSync(join(dataDir, `instance-${port}.log`), 'a');
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      DATABASE_URL: MAIN_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      // One data directory: the same generated auth secret and encryption keys for both instances.
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  instances.push(child);
  return child;
}

function stopInstances(): void {
  for (const child of instances) {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
process.on('exit', stopInstances);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopInstances();
    process.exit(130);
  });

async function waitHealthy(port: number): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`instance on ${port} did not start (log in ${dataDir})`);
}

type Session = { cookie: string; companyId: string };
let nextPort = 0;
const portFor = () => PORTS[nextPort++ % PORTS.length] as number;

async function call(
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const origin = `http://127.0.0.1:${portFor()}`;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      // Node's fetch marks requests as cross-site; a same-origin Origin passes the CSRF rule.
      origin,
      ...(session ? { cookie: session.cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers };
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function ok(session: Session, method: string, path: string, body?: unknown): Promise<{ id: string }> {
  const r = await call(session, method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.json)}`);
  return r.json as { id: string };
}

type Company = { id: string; email: string; items: string[]; locations: string[] };
const PASSWORD = 'load-test-lozinka';

async function setupCompany(n: number): Promise<Company> {
  const email = `load-${n}-${Date.now()}@example.hr`;
  const r = await call(null, 'POST', '/api/auth/sign-up/email', {
    name: `Tvrtka ${n}`,
    email,
    password: PASSWORD,
  });
  if (r.status !== 200) throw new Error(`sign-up ${r.status} ${JSON.stringify(r.json)}`);
  const id = (r.json as { user: { id: string } }).user.id;
  const s: Session = { cookie: cookieOf(r.headers), companyId: id };
  const locations: string[] = [];
  for (const code of ['SKL', 'PRO'])
    locations.push((await ok(s, 'POST', '/api/inventory/locations', { code, name: `Lokacija ${code}` })).id);
  const items: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    items.push(
      (
        await ok(s, 'POST', '/api/inventory/items', {
          sku: `L${n}-${i}`,
          name: `Artikl ${i}`,
          kind: 'material',
          base_unit: 'kom',
        })
      ).id,
    );
  }
  await ok(s, 'POST', '/api/inventory/receipts', {
    location_id: locations[0],
    lines: items.map((item_id) => ({ item_id, quantity: '1000', unit_cost: '1.50' })),
  });
  return { id, email, items, locations };
}

async function signIn(company: Company): Promise<Session> {
  const r = await call(null, 'POST', '/api/auth/sign-in/email', { email: company.email, password: PASSWORD });
  if (r.status !== 200) throw new Error(`sign-in ${r.status} ${JSON.stringify(r.json)}`);
  return { cookie: cookieOf(r.headers), companyId: company.id };
}

type Kind = 'list' | 'detail' | 'movements' | 'receipt' | 'issue';
type Stats = {
  latencies: Record<Kind, number[]>;
  statuses: Map<string, number>;
  acked: Map<string, number>;
  readOnly: number;
  errors: number;
  requests: number;
};
const newStats = (): Stats => ({
  latencies: { list: [], detail: [], movements: [], receipt: [], issue: [] },
  statuses: new Map(),
  acked: new Map(),
  readOnly: 0,
  errors: 0,
  requests: 0,
});

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
function chooseKind(): Kind {
  const r = Math.random();
  if (r < 0.35) return 'list';
  if (r < 0.55) return 'detail';
  if (r < 0.7) return 'movements';
  if (r < 0.9) return 'receipt';
  return 'issue';
}

async function virtualUser(
  session: Session,
  company: Company,
  stats: Stats,
  deadline: { at: number },
): Promise<void> {
  while (Date.now() < deadline.at) {
    const kind = chooseKind();
    const item = pick(company.items);
    const started = performance.now();
    let status = 0;
    try {
      const r =
        kind === 'list'
          ? await call(session, 'GET', '/api/inventory/items?limit=50')
          : kind === 'detail'
            ? await call(session, 'GET', `/api/inventory/items/${item}`)
            : kind === 'movements'
              ? await call(session, 'GET', '/api/inventory/movements?limit=50')
              : kind === 'receipt'
                ? await call(session, 'POST', '/api/inventory/receipts', {
                    location_id: pick(company.locations),
                    lines: [
                      { item_id: item, quantity: String(1 + Math.floor(Math.random() * 5)), unit_cost: '2' },
                    ],
                  })
                : await call(session, 'POST', '/api/inventory/issues', {
                    reason: 'production',
                    location_id: company.locations[0],
                    lines: [{ item_id: item, quantity: String(1 + Math.floor(Math.random() * 3)) }],
                  });
      status = r.status;
    } catch {
      status = -1;
    }
    const ms = performance.now() - started;
    stats.requests++;
    stats.latencies[kind].push(ms);
    const key = `${kind} ${status}`;
    stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
    if (status === 201) stats.acked.set(company.id, (stats.acked.get(company.id) ?? 0) + 1);
    else if (status === 423) stats.readOnly++;
    else if (status !== 200 && status !== 409) stats.errors++;
  }
}

function statusTotals(all: Stats[]): Record<string, number> {
  const totals = new Map<string, number>();
  for (const stats of all) for (const [k, v] of stats.statuses) totals.set(k, (totals.get(k) ?? 0) + v);
  return Object.fromEntries([...totals].sort());
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function summarise(name: string, stats: Stats, seconds: number): string[] {
  const all = Object.values(stats.latencies)
    .flat()
    .sort((a, b) => a - b);
  const row = (label: string, xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `| ${name} | ${label} | ${s.length} | ${(s.length / seconds).toFixed(1)} | ${percentile(s, 50).toFixed(1)} | ${percentile(s, 95).toFixed(1)} | ${percentile(s, 99).toFixed(1)} |`;
  };
  return [
    row('all', all),
    ...(Object.entries(stats.latencies) as [Kind, number[]][]).map(([k, xs]) => row(k, xs)),
  ];
}

/** Runs the users until the deadline; `during` may push the deadline out (the move phase). */
async function runPhase(
  sessions: { s: Session; c: Company }[],
  seconds: number,
  during?: (deadline: { at: number }) => Promise<void>,
) {
  const stats = newStats();
  const deadline = { at: Date.now() + seconds * 1000 };
  const started = Date.now();
  const work = sessions.map(({ s, c }) => virtualUser(s, c, stats, deadline));
  const extra = during ? during(deadline) : Promise.resolve();
  await Promise.all([...work, extra]);
  return { stats, seconds: (Date.now() - started) / 1000 };
}

/** The move's progress lines (stderr), without the long table counts of its snapshot. */
const progressLines = (stderr: string) =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(\+\d+ ms )?snapshot:/.test(line))
    .map((line) => `${line}\n`)
    .join('');

function admin(args: string[]): Promise<{ ms: number; out: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) =>
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { env: { ...process.env, DATABASE_URL: MAIN_URL, DATA_DIR: dataDir } },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${stderr}\n${stdout}`))
          : resolve({ ms: Date.now() - started, out: `${progressLines(stderr)}${stdout.trim()}` }),
    ),
  );
}

type InvariantRow = { company: string; where: string; stock: string; audit: string; acked: string };

async function invariants(
  main: Database,
  companies: Company[],
  acked: Map<string, number>,
): Promise<InvariantRow[]> {
  const rows: InvariantRow[] = [];
  for (const c of companies) {
    const url = await companyDatabaseUrl(main.db, c.id);
    const database = url ? await openPostgres(url, 2) : main;
    const stock = await database.session(async (q) => {
      await q('begin');
      await q(`select set_config('app.company_id', $1, true)`, [c.id]);
      const check = await checkStock(q, c.id);
      const [docs] = await q(`select count(*)::int as n from stock_documents where company_id = $1`, [c.id]);
      await q('commit');
      return { ...check, documents: Number(docs?.n) };
    });
    // A failing verification is a result of the run, not a reason to lose its figures.
    const audit = await verifyAuditChain(database.db, c.id).catch((e: Error) => e);
    // The set-up receipt plus every posting answered 201 must be there; nothing else.
    const expected = 1 + (acked.get(c.id) ?? 0);
    rows.push({
      company: c.id.slice(0, 8),
      where: url ? 'dedicated' : 'shared',
      stock:
        stock.balanceMismatches === 0 && stock.itemMismatches === 0 && stock.negative === 0
          ? 'OK'
          : `BROKEN ${JSON.stringify(stock)}`,
      audit:
        audit instanceof Error
          ? `ERROR ${((audit.cause as Error | undefined) ?? audit).message.split('\n')[0]}`
          : audit.ok
            ? `OK (${audit.rows} rows)`
            : `BROKEN at ${audit.firstBreak?.seq} (${audit.firstBreak?.reason}, ${audit.unsealed} unsealed)`,
      acked:
        stock.documents === expected
          ? `OK (${expected} documents)`
          : `MISMATCH ${stock.documents} vs ${expected}`,
    });
    if (url) await database.close();
  }
  return rows;
}

/** Rows of the company still in a database it moved out of (the purge must have left none). */
async function leftBehind(url: string, companyId: string): Promise<number> {
  const database = await openPostgres(url, 1);
  const n = await database.session(async (q) => {
    const counts = await countCompany(q, companyId);
    const [audit] = await q(
      `select (select count(*) from audit_log where company_id = $1)
            + (select count(*) from audit_links where company_id = $1)
            + (select count(*) from audit_heads where company_id = $1) as n`,
      [companyId],
    );
    return Object.values(counts).reduce((a, b) => a + b, 0) + Number(audit?.n);
  });
  await database.close();
  return n;
}

async function main(): Promise<void> {
  await createDatabases();
  startInstance(PORTS[0] as number);
  startInstance(PORTS[1] as number);
  await Promise.all(PORTS.map(waitHealthy));
  // The registry's database URLs are encrypted with the instances' keys (same DATA_DIR).
  const { initKeyring } = await import('../../apps/server/src/security/keyring.ts');
  initKeyring({ env: { ...process.env, DATA_DIR: dataDir }, dataDir, production: false });
  console.error(`instances up on ${PORTS.join(', ')}; setting up ${COMPANIES} companies`);
  const companies: Company[] = [];
  for (let n = 0; n < COMPANIES; n++) companies.push(await setupCompany(n));
  const sessions: { s: Session; c: Company }[] = [];
  for (let u = 0; u < USERS; u++) {
    const c = companies[u % COMPANIES] as Company;
    sessions.push({ s: await signIn(c), c });
  }
  const acked = new Map<string, number>();

  type Phase = { name: string; stats: Stats; seconds: number };
  const phases: Phase[] = [];
  const run = async (
    name: string,
    users: typeof sessions,
    seconds: number,
    during?: Parameters<typeof runPhase>[2],
  ) => {
    const { stats, seconds: lasted } = await runPhase(users, seconds, during);
    for (const [k, v] of stats.acked) acked.set(k, (acked.get(k) ?? 0) + v);
    phases.push({ name, stats, seconds: during ? lasted : seconds });
  };
  const moves: { label: string; ms: number; out: string; phaseSeconds: number }[] = [];
  /** A phase with the whole load while the admin CLI moves the company; on until 5 s after the move. */
  const moveDuringLoad = async (name: string, label: string, to: string) => {
    console.error(`${name}: ${SECONDS} s, moving ${moved.id} ${label} during the load`);
    let move = { ms: 0, out: '' };
    // The CLI starts at once (its start-up takes seconds).
    await run(name, sessions, SECONDS, async (deadline) => {
      move = await admin(['company', 'move', moved.id, '--to', to]);
      deadline.at = Math.max(deadline.at, Date.now() + 5000);
      console.error(`move finished after ${move.ms} ms: ${move.out}`);
    });
    moves.push({ label, ...move, phaseSeconds: phases.at(-1)?.seconds ?? 0 });
  };

  const moved = companies[0] as Company;
  console.error(`phase 1: ${USERS} users, ${SECONDS} s, all shared`);
  await run('1 shared', sessions, SECONDS);
  await moveDuringLoad('2 move during load', 'to a dedicated database', DEDICATED_URL);
  // Only the moved company's users, now on the dedicated database.
  const mine = sessions.filter((x) => x.c.id === moved.id);
  console.error(`phase 3: ${mine.length} users of the dedicated company alone, ${Math.min(SECONDS, 15)} s`);
  await run('3 dedicated company alone', mine, Math.min(SECONDS, 15));
  if (BACK) await moveDuringLoad('4 move back during load', 'back to the shared database', 'shared');

  const mainDb = await openPostgres(MAIN_URL, 2);
  const checks = await invariants(mainDb, companies, acked);
  await mainDb.close();
  const left = await leftBehind(BACK ? DEDICATED_URL : MAIN_URL, moved.id);
  stopInstances();

  const lines = [
    `## Run at ${runLabel()}`,
    '',
    `Command: \`bash bench/load/run.sh --users ${USERS} --seconds ${SECONDS} --companies ${COMPANIES} --items ${ITEMS}${BACK ? ' --back' : ''}\`.`,
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average before the report ${loadavg()[0]?.toFixed(2)}; PostgreSQL from scripts/test-env.sh (fsync off); two instances on ports ${PORTS.join(' and ')}, requests round-robin.`,
    `Users: ${USERS} sessions over ${COMPANIES} companies (${ITEMS} items each), ${SECONDS} s per phase; mix 35 % item list, 20 % item detail, 15 % movements, 20 % receipts, 10 % issues.`,
    '',
    '| phase | operation | requests | per second | p50 ms | p95 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...phases.flatMap((ph) => summarise(ph.name, ph.stats, ph.seconds)),
    '',
    '| phase | errors (not 2xx/409) | refused read-only (423) | business refusals (409) |',
    '|---|---:|---:|---:|',
    ...phases.map(({ name, stats: st }) => {
      const conflicts = [...st.statuses].filter(([k]) => k.endsWith(' 409')).reduce((a, [, v]) => a + v, 0);
      return `| ${name} | ${st.errors} | ${st.readOnly} | ${conflicts} |`;
    }),
    ...moves.flatMap((m) => [
      '',
      `Move ${m.label}: its phase lasted ${m.phaseSeconds.toFixed(1)} s; the admin CLI process (start-up, migration check, move) took ${m.ms} ms:`,
      '',
      '```',
      m.out,
      '```',
    ]),
    '',
    '| company | database | balances = ledger, none negative | audit chain | acknowledged postings stored |',
    '|---|---|---|---|---|',
    ...checks.map((c) => `| ${c.company} | ${c.where} | ${c.stock} | ${c.audit} | ${c.acked} |`),
    '',
    `Rows of the moved company left in the ${BACK ? 'dedicated' : 'shared'} database it moved out of last: ${left} (${left === 0 ? 'OK' : 'NOT PURGED'}).`,
    '',
    `Status counts (all phases): ${JSON.stringify(statusTotals(phases.map((ph) => ph.stats)))}`,
  ];
  const report = lines.join('\n');
  // Newest run first: the earlier runs and the notes written under them stay below it.
  writeRunOnTop(join(import.meta.dirname, 'RESULTS.md'), '# Load test results', report);
  console.log(report);
  const broken =
    left !== 0 ||
    checks.some((c) => !c.stock.startsWith('OK') || !c.audit.startsWith('OK') || !c.acked.startsWith('OK'));
  process.exit(broken ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  stopInstances();
  process.exit(1);
});
