/**
 * Crash safety (issue 11, section 5): the server is killed with SIGKILL at random moments while
 * clients post stock movements and documents; after each kill the database is opened directly and
 * checked, then the server is started again on the same data.
 *
 * Used by bench/crash/run.ts (long runs) and crash.test.ts beside this file (a few cycles in CI).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

export type CrashOptions = {
  kind: 'postgres' | 'pglite';
  cycles: number;
  /** PostgreSQL only: the database the server uses (a fresh one is best). */
  databaseUrl?: string;
  port?: number;
  clients?: number;
  /** The kill comes this long after the cycle's first acknowledged write: uniformly random in [min, max] ms. */
  killAfterMs?: [number, number];
  seed?: number;
  log?: (line: string) => void;
  /** Runs on the fresh data directory before the first start (a test copies a migrated database in). */
  prepare?: (dataDir: string) => Promise<void>;
};

export type CycleResult = {
  cycle: number;
  killedAfterMs: number;
  acked: number;
  failedInFlight: number;
  startMs: number;
  problems: string[];
};

export type CrashReport = {
  kind: CrashOptions['kind'];
  cycles: CycleResult[];
  totals: { acked: number; stockDocuments: number; movements: number; quotes: number; deliveryNotes: number };
  auditRows: number;
  problems: string[];
  /** Where the data stayed (PGlite directory, secrets) and whose it is, for a second look. */
  dataDir: string;
  companyId: string;
  acked: Acked[];
};

/** What the clients saw acknowledged (a 2xx answer received before the kill). */
export type Acked =
  | { type: 'stock'; id: string }
  | { type: 'quote'; id: string; number: string }
  | { type: 'delivery-issued'; id: string; number: string };

type Fixture = {
  cookie: string;
  companyId: string;
  items: string[];
  locations: [string, string];
  clientId: string;
};

/** A small deterministic generator, so a failing run can be repeated with its seed. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

class Server {
  child: ChildProcess | null = null;
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  /** Starts `src/main.ts` in one Node process (no npm/tsx wrapper, so SIGKILL hits the server itself). */
  async start(base: string): Promise<number> {
    const started = Date.now();
    const out = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(ROOT, 'apps/server'),
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    this.child = child;
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    for (;;) {
      if (exited) throw new Error(`server exited during start; see ${this.logFile}`);
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 120_000) throw new Error(`server did not start; see ${this.logFile}`);
      await sleep(100);
    }
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }
}

function client(base: string, cookie: string) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

async function setUp(base: string): Promise<Fixture> {
  const email = `crash-${randomUUID()}@example.hr`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Krešimir Pad', email, password: 'tajna-lozinka-1' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const user = ((await signUp.json()) as { user: { id: string } }).user;
  const call = client(base, cookie);
  const must = async (method: string, path: string, body: unknown) => {
    const r = await call(method, path, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json as { id: string };
  };
  const a = await must('POST', '/api/inventory/locations', { code: 'A', name: 'Skladište A' });
  const b = await must('POST', '/api/inventory/locations', { code: 'B', name: 'Skladište B' });
  const items: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const item = await must('POST', '/api/inventory/items', {
      sku: `KR-${i}`,
      name: `Staklo ${i}`,
      kind: 'material',
      base_unit: 'kom',
      sales_price: '10.00',
    });
    items.push(item.id);
  }
  const c = await must('POST', '/api/clients', { name: 'Kupac d.o.o.' });
  return { cookie, companyId: user.id, items, locations: [a.id, b.id], clientId: c.id };
}

/** One client: random operations until the server goes away; every 2xx is recorded. */
async function runClient(
  base: string,
  f: Fixture,
  random: () => number,
  acked: Acked[],
  stop: () => boolean,
) {
  const call = client(base, f.cookie);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const qty = () => String(1 + Math.floor(random() * 5));
  let failed = 0;
  while (!stop()) {
    const op = random();
    const item = pick(f.items);
    const [from, to] = random() < 0.5 ? f.locations : ([f.locations[1], f.locations[0]] as const);
    const key = { 'idempotency-key': randomUUID() };
    try {
      if (op < 0.3) {
        const r = await call(
          'POST',
          '/api/inventory/receipts',
          { location_id: from, lines: [{ item_id: item, quantity: qty(), unit_cost: '2.50' }] },
          key,
        );
        if (r.status === 201) acked.push({ type: 'stock', id: String(r.json.id) });
      } else if (op < 0.45) {
        const r = await call(
          'POST',
          '/api/inventory/issues',
          { reason: 'production', location_id: from, lines: [{ item_id: item, quantity: '1' }] },
          key,
        );
        if (r.status === 201) acked.push({ type: 'stock', id: String(r.json.id) });
      } else if (op < 0.6) {
        const r = await call(
          'POST',
          '/api/inventory/transfers',
          {
            reason: 'relocation',
            from_location_id: from,
            to_location_id: to,
            lines: [{ item_id: item, quantity: '1' }],
          },
          key,
        );
        if (r.status === 201) acked.push({ type: 'stock', id: String(r.json.id) });
      } else if (op < 0.8) {
        const r = await call('POST', '/api/documents/quotes', {
          client_id: f.clientId,
          lines: [{ item_id: item, quantity: qty() }],
        });
        const doc = (r.json.document ?? r.json) as { id: string; number: string };
        if (r.status === 201) acked.push({ type: 'quote', id: doc.id, number: doc.number });
      } else {
        const created = await call('POST', '/api/delivery-notes', {
          client_id: f.clientId,
          source_location_id: f.locations[0],
          lines: [{ item_id: item, quantity: '1' }],
        });
        if (created.status !== 201) continue;
        const doc = (created.json.document ?? created.json) as { id: string; number: string };
        const issued = await call('POST', `/api/delivery-notes/${doc.id}/issue`, {}, key);
        if (issued.status === 200 || issued.status === 201)
          acked.push({ type: 'delivery-issued', id: doc.id, number: doc.number });
      }
    } catch {
      // The server is gone (the kill): the answer to this request is unknown, so nothing is recorded.
      failed++;
      if (stop()) break;
      await sleep(20);
    }
  }
  return failed;
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The invariants, read straight from the database while the server is down. */
export async function check(query: Query, companyId: string, acked: Acked[]): Promise<string[]> {
  const problems: string[] = [];
  const ids = (t: Acked['type']) => acked.filter((a) => a.type === t).map((a) => a.id);

  // 1. Every acknowledged write is there.
  const stockIds = ids('stock');
  if (stockIds.length) {
    const found = await query('select count(*)::int as n from stock_documents where id = any($1::uuid[])', [
      stockIds,
    ]);
    if (Number(found[0]?.n) !== stockIds.length)
      problems.push(`lost stock postings: ${stockIds.length - Number(found[0]?.n)} of ${stockIds.length}`);
  }
  for (const t of ['quote', 'delivery-issued'] as const) {
    const docs = acked.filter((a) => a.type === t) as { id: string; number: string }[];
    if (!docs.length) continue;
    const rows = await query(`select id::text, number, status from documents where id = any($1::uuid[])`, [
      docs.map((d) => d.id),
    ]);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const d of docs) {
      const row = byId.get(d.id);
      if (!row) problems.push(`lost ${t} ${d.number}`);
      else if (row.number !== d.number)
        problems.push(`${t} ${d.id}: number ${row.number} ≠ acknowledged ${d.number}`);
      else if (t === 'delivery-issued' && !['issued', 'delivered', 'cancelled'].includes(String(row.status)))
        problems.push(`delivery note ${d.number} acknowledged as issued but is ${row.status}`);
    }
  }

  // 2. Nothing half-posted: every stock document has its movements; a delivery note is issued iff
  //    its stock posting exists with one movement per stock line.
  const empty = await query(
    `select count(*)::int as n from stock_documents d where d.company_id = $1
       and not exists (select 1 from stock_movements m where m.document_id = d.id)`,
    [companyId],
  );
  if (Number(empty[0]?.n) > 0) problems.push(`${empty[0]?.n} stock documents without movements`);
  const half = await query(
    `select d.number, d.status, d.stock_document_id is not null as posted,
            (select count(*)::int from stock_movements m where m.document_id = d.stock_document_id) as moves,
            (select count(*)::int from document_lines l where l.document_id = d.id and l.item_id is not null) as lines
       from documents d where d.company_id = $1 and d.kind = 'delivery_note'`,
    [companyId],
  );
  for (const r of half) {
    const issued = r.status !== 'draft';
    if (issued !== Boolean(r.posted))
      problems.push(`delivery note ${r.number}: status ${r.status}, posted ${r.posted}`);
    if (r.posted && Number(r.moves) !== Number(r.lines))
      problems.push(`delivery note ${r.number}: ${r.moves} movements for ${r.lines} lines`);
  }

  // 3. Balances equal the ledger (per item, location and lot; and per item on hand).
  const balances = await query(
    `with ledger as (
        select item_id, location_id, lot_id, sum(quantity) as q from stock_movements
         where company_id = $1 group by 1, 2, 3)
     select coalesce(l.item_id, b.item_id)::text as item, coalesce(l.q, 0)::text as ledger,
            coalesce(b.quantity, 0)::text as balance
       from ledger l full join (select * from stock_balances where company_id = $1) b
         on b.item_id = l.item_id and b.location_id = l.location_id and b.lot_id is not distinct from l.lot_id
      where coalesce(l.q, 0) <> coalesce(b.quantity, 0)`,
    [companyId],
  );
  for (const r of balances) problems.push(`balance ${r.balance} ≠ ledger ${r.ledger} (item ${r.item})`);
  const onHand = await query(
    `select s.item_id::text as item, s.on_hand::text as on_hand, coalesce(sum(m.quantity), 0)::text as ledger
       from item_stock s left join stock_movements m on m.item_id = s.item_id
      where s.company_id = $1 group by s.item_id, s.on_hand having s.on_hand <> coalesce(sum(m.quantity), 0)`,
    [companyId],
  );
  for (const r of onHand) problems.push(`on hand ${r.on_hand} ≠ ledger ${r.ledger} (item ${r.item})`);

  // 4. Numbering has no gaps or repeats, and the counter matches the last number.
  const numbering = await query(
    `select d.kind, d.year, count(*)::int as n, count(distinct d.seq)::int as distinct_n, max(d.seq) as top,
            min(d.seq) as bottom, (select last_seq from document_counters c
              where c.company_id = d.company_id and c.series = d.kind and c.year = d.year) as counter
       from documents d where d.company_id = $1 and d.seq is not null group by d.company_id, d.kind, d.year`,
    [companyId],
  );
  for (const r of numbering) {
    if (r.n !== r.distinct_n || Number(r.top) !== r.n || Number(r.bottom) !== 1)
      problems.push(`${r.kind} ${r.year}: ${r.n} numbers, ${r.distinct_n} distinct, ${r.bottom}..${r.top}`);
    if (r.counter !== null && Number(r.counter) !== Number(r.top))
      problems.push(`${r.kind} ${r.year}: counter ${r.counter} ≠ last number ${r.top}`);
  }
  return problems;
}

export async function openDirect(
  opts: Pick<CrashOptions, 'kind' | 'databaseUrl'>,
  dataDir: string,
): Promise<Database> {
  return opts.kind === 'postgres'
    ? openPostgres(opts.databaseUrl as string, 2)
    : openPglite(join(dataDir, 'pglite'));
}

export async function crashRun(opts: CrashOptions): Promise<CrashReport> {
  if (opts.kind === 'postgres' && !opts.databaseUrl) throw new Error('PostgreSQL needs databaseUrl');
  const log = opts.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), `erp-crash-${opts.kind}-`));
  const port = opts.port ?? 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const random = rng(opts.seed ?? Date.now());
  const [killMin, killMax] = opts.killAfterMs ?? [0, 3000];
  const server = new Server(
    {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: base,
      DATABASE_URL: opts.kind === 'postgres' ? opts.databaseUrl : '',
      AUTH_RATE_LIMIT_MAX: '100000',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    join(dataDir, 'server.log'),
  );
  log(`data dir ${dataDir}`);
  await opts.prepare?.(dataDir);
  const cycles: CycleResult[] = [];
  const allAcked: Acked[] = [];
  const problems: string[] = [];
  let fixture: Fixture | null = null;
  try {
    for (let cycle = 1; cycle <= opts.cycles; cycle++) {
      const startMs = await server.start(base);
      fixture ??= await setUp(base);
      const f = fixture;
      const acked: Acked[] = [];
      let stopped = false;
      const killedAfterMs = Math.round(killMin + random() * (killMax - killMin));
      const runs = Array.from({ length: opts.clients ?? 4 }, (_, i) =>
        runClient(base, f, rng(Math.floor(random() * 2 ** 31) + i), acked, () => stopped),
      );
      // The clock starts at the first acknowledged write, so every cycle kills a server under load
      // (the first requests after a start are slow while the code warms up).
      const waitStart = Date.now();
      while (acked.length === 0 && Date.now() - waitStart < 60_000) await sleep(25);
      await sleep(killedAfterMs);
      await server.kill();
      stopped = true;
      const failed = (await Promise.all(runs)).reduce((a, b) => a + b, 0);
      allAcked.push(...acked);
      const database = await openDirect(opts, dataDir);
      let found: string[];
      try {
        found = await database.session((q) => check(q, f.companyId, allAcked));
      } finally {
        await database.close();
      }
      cycles.push({
        cycle,
        killedAfterMs,
        acked: acked.length,
        failedInFlight: failed,
        startMs,
        problems: found,
      });
      problems.push(...found.map((p) => `cycle ${cycle}: ${p}`));
      log(
        `cycle ${cycle}: start ${startMs} ms, kill after ${killedAfterMs} ms, ${acked.length} acknowledged, ` +
          `${failed} cut off, ${found.length ? found.join('; ') : 'all checks pass'}`,
      );
    }
    // The data still serves after the last kill, and the audit chain verifies.
    await server.start(base);
    const alive = await client(base, (fixture as Fixture).cookie)('GET', '/api/inventory/items?limit=1');
    if (alive.status !== 200) problems.push(`after the last restart the API answers ${alive.status}`);
    await server.kill();
    const database = await openDirect(opts, dataDir);
    let auditRows = 0;
    let totals: CrashReport['totals'];
    try {
      const audit = await verifyAuditChain(database.db, (fixture as Fixture).companyId);
      auditRows = audit.rows;
      if (!audit.ok) problems.push(`audit chain broken at ${JSON.stringify(audit.firstBreak)}`);
      const count = await database.session((q) =>
        q(
          `select (select count(*) from stock_documents where company_id = $1)::int as docs,
                  (select count(*) from stock_movements where company_id = $1)::int as moves,
                  (select count(*) from documents where company_id = $1 and kind = 'quote')::int as quotes,
                  (select count(*) from documents where company_id = $1 and kind = 'delivery_note' and status <> 'draft')::int as dns`,
          [(fixture as Fixture).companyId],
        ),
      );
      const c = count[0] ?? {};
      totals = {
        acked: allAcked.length,
        stockDocuments: Number(c.docs),
        movements: Number(c.moves),
        quotes: Number(c.quotes),
        deliveryNotes: Number(c.dns),
      };
    } finally {
      await database.close();
    }
    return {
      kind: opts.kind,
      cycles,
      totals,
      auditRows,
      problems,
      dataDir,
      companyId: (fixture as Fixture).companyId,
      acked: allAcked,
    };
  } finally {
    await server.kill();
  }
}
