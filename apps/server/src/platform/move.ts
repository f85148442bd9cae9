import { AppError } from '@erp/domain';
import {
  dedicatedDatabase,
  openDatabaseUrl,
  refreshCompanyRoutes,
  sealDatabaseUrl,
} from '../db/company-router.ts';
import type { Database, OwnerQuery } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { COMPANY_LOCK_SPACE } from '../db/tenant.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import {
  analyzeCopied,
  type CompanySnapshot,
  checkStock,
  copyLocks,
  countCompany,
  LockBudgetError,
  lockForCopy,
  purgeCompany,
  readCompany,
  replaceMemberships,
  type StockCheck,
  scopeTransaction,
  snapshotCounts,
  writeCompany,
} from './company-data.ts';

export type Hosting = 'normal' | 'read_only' | 'gone';
export type Log = (line: string) => void;

/** The company's dedicated database URL from the registry (fresh, not cached), or null if shared. */
export async function registeredUrl(main: Database, companyId: string): Promise<string | null> {
  return main.session(async (q) => {
    const [row] = await q(`select mode, database_url from company_registry where company_id = $1`, [
      companyId,
    ]);
    return row?.mode === 'dedicated' ? openDatabaseUrl(String(row.database_url)) : null;
  });
}

export async function databaseFor(main: Database, url: string | null): Promise<Database> {
  return url ? dedicatedDatabase(main.db, url) : main;
}

export async function setRegistry(
  main: Database,
  companyId: string,
  entry: { url: string | null; state: 'normal' | 'read_only' },
): Promise<void> {
  await main.session((q) =>
    q(
      `insert into company_registry (company_id, mode, database_url, state, updated_at)
       values ($1, $2, $3, $4, now())
       on conflict (company_id) do update set mode = excluded.mode, database_url = excluded.database_url,
         state = excluded.state, updated_at = now()`,
      [companyId, entry.url ? 'dedicated' : 'shared', sealDatabaseUrl(entry.url), entry.state],
    ),
  );
  await refreshCompanyRoutes(main.db);
}

export async function setHosting(database: Database, companyId: string, state: Hosting): Promise<void> {
  await database.session((q) =>
    q(
      `insert into company_hosting (company_id, state, updated_at) values ($1, $2, now())
       on conflict (company_id) do update set state = excluded.state, updated_at = now()`,
      [companyId, state],
    ),
  );
}

/** The company's state in the registry: read_only while it is moved or restored (or frozen by an operator). */
export async function registryState(main: Database, companyId: string): Promise<'normal' | 'read_only'> {
  const rows = await main.session((q) =>
    q('select state from company_registry where company_id = $1', [companyId]),
  );
  return rows[0]?.state === 'read_only' ? 'read_only' : 'normal';
}

/**
 * Makes a company read-only or writable again by hand (`npm run admin -- company read-only <id>
 * on|off`): maintenance outside a move, e.g. before a restore or while checking its data. Uses the
 * move's mechanism (registry and hosting state, then the company's lock drained): its users see
 * the read-only banner at once and every write is refused with COMPANY_READ_ONLY.
 */
export async function setCompanyReadOnly(
  main: Database,
  companyId: string,
  readOnly: boolean,
): Promise<void> {
  if (!(await companyExists(main, companyId))) throw new AppError('NOT_FOUND', `No company ${companyId}`);
  const url = await registeredUrl(main, companyId);
  const database = await databaseFor(main, url);
  const state = readOnly ? 'read_only' : 'normal';
  await setHosting(database, companyId, state);
  if (readOnly) await drainCompany(database, companyId);
  await setRegistry(main, companyId, { url, state });
}

/**
 * Waits until every transaction of the company that started before the state change has ended
 * (each holds the company's shared lock; this takes it exclusively for an instant).
 */
export async function drainCompany(database: Database, companyId: string): Promise<void> {
  await database.session(async (q) => {
    await q('begin');
    try {
      await q(`select pg_advisory_xact_lock($1, hashtext($2))`, [COMPANY_LOCK_SPACE, companyId]);
    } finally {
      await q('commit');
    }
  });
}

/** Runs `fn` in one transaction of an owner session, rolling back on error. */
export async function inTransaction<T>(
  database: Database,
  begin: string,
  fn: (q: OwnerQuery) => Promise<T>,
): Promise<T> {
  return database.session(async (q) => {
    await q(begin);
    try {
      const result = await fn(q);
      await q('commit');
      return result;
    } catch (error) {
      await q('rollback');
      throw error;
    }
  });
}

/**
 * inTransaction for a copy into a live database that starts with lockForCopy: started again after
 * a short pause while its table locks are not granted within their budget (other companies' writes
 * hold the tables; each attempt lets them go on). Returns the result and the attempts it took.
 */
export async function inCopyTransaction<T>(
  database: Database,
  fn: (q: OwnerQuery) => Promise<T>,
  attempts = 100,
): Promise<{ result: T; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { result: await inTransaction(database, 'begin', fn), attempts: attempt };
    } catch (error) {
      if (!(error instanceof LockBudgetError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30 * Math.min(attempt, 10)));
    }
  }
}

/**
 * A consistent snapshot of one company's rows (REPEATABLE READ). Its only write is the seal of the
 * company's ready audit rows, made inside the snapshot before the read (commits leave their rows
 * to the seal, migration 0050): so every committed audit row the snapshot holds is chained, also
 * for a company that keeps writing (a backup), and the chain head stays locked until the read
 * ends (commits do not wait for it). A seal that moved the head after the snapshot began fails
 * this one with a serialization error: then it starts again.
 */
export async function snapshotCompany(database: Database, companyId: string): Promise<CompanySnapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(database, 'begin isolation level repeatable read', async (q) => {
        await scopeTransaction(q, companyId);
        await q('select audit_seal_ready($1::uuid, true, 1000000)', [companyId]);
        return readCompany(q, companyId);
      });
    } catch (error) {
      if (attempt >= 5 || (error as { code?: string }).code !== '40001') throw error;
    }
  }
}

export type Verification = {
  counts: Record<string, number>;
  stock: StockCheck;
  auditRows: number;
  problems: string[];
};

/** Compares a database's rows of the company with a snapshot and checks its invariants. */
export async function verifyCompany(database: Database, snap: CompanySnapshot): Promise<Verification> {
  const expected = snapshotCounts(snap);
  const { counts, stock } = await inTransaction(
    database,
    'begin isolation level repeatable read read only',
    async (q) => {
      await scopeTransaction(q, snap.companyId);
      return { counts: await countCompany(q, snap.companyId), stock: await checkStock(q, snap.companyId) };
    },
  );
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if (counts[table] !== n) problems.push(`${table}: ${counts[table] ?? 'missing'} rows, expected ${n}`);
  }
  if (stock.balanceMismatches || stock.itemMismatches)
    problems.push(`stock balances differ from the ledger: ${JSON.stringify(stock)}`);
  const audit = await verifyAuditChain(database.db, snap.companyId);
  if (!audit.ok)
    problems.push(`audit chain broken at ${audit.firstBreak?.seq} (${audit.firstBreak?.reason})`);
  if (audit.rows !== snap.audit.length)
    problems.push(`audit chain has ${audit.rows} rows, expected ${snap.audit.length}`);
  return { counts, stock, auditRows: audit.rows, problems };
}

async function companyExists(main: Database, companyId: string): Promise<boolean> {
  return main.session(async (q) => (await q('select 1 from users where id = $1', [companyId])).length > 0);
}

async function logOperation(
  main: Database,
  companyId: string,
  operation: string,
  detail: unknown,
): Promise<string> {
  return main.session(async (q) => {
    const [row] = await q(
      `insert into company_operations (company_id, operation, detail) values ($1, $2, $3::jsonb) returning id`,
      [companyId, operation, JSON.stringify(detail)],
    );
    return String(row?.id);
  });
}

async function finishOperation(main: Database, id: string, detail: unknown): Promise<void> {
  await main.session((q) =>
    q(`update company_operations set finished_at = now(), detail = detail || $2::jsonb where id = $1`, [
      id,
      JSON.stringify(detail),
    ]),
  );
}

export type MoveResult = Verification & {
  companyId: string;
  from: string;
  to: string;
  ms: number;
  /** How long the company refused writes. */
  readOnlyMs: number;
};

const describe = (url: string | null) => (url ? url.replace(/\/\/[^@/]*@/, '//***@') : 'shared');

/**
 * Moves one company's rows between the main database and a dedicated one (or between two
 * dedicated ones): read-only → drain → snapshot → copy in one target transaction → verify →
 * switch the registry → controlled purge of the source → writable again. Writes made during the
 * move are refused with COMPANY_READ_ONLY, never accepted and lost.
 */
export async function moveCompany(
  main: Database,
  companyId: string,
  to: string,
  log: Log = () => {},
): Promise<MoveResult> {
  const started = Date.now();
  if (!(await companyExists(main, companyId))) throw new Error(`No company ${companyId}`);
  const fromUrl = await registeredUrl(main, companyId);
  const toUrl = to === 'shared' ? null : to;
  if (fromUrl === toUrl) throw new Error(`Company ${companyId} is already in ${describe(toUrl)}`);
  const source = await databaseFor(main, fromUrl);
  const target = await databaseFor(main, toUrl);
  if (toUrl) log(`migrations on the target: ${(await migrate(target)).length} applied`);
  for (const database of [source, target])
    await database.session((q) => q('select make_foreign_keys_deferrable()', []));
  const empty = await inTransaction(target, 'begin', async (q) => {
    await scopeTransaction(q, companyId);
    const counts = await countCompany(q, companyId);
    return Object.values(counts).every((n) => n === 0);
  });
  if (!empty) throw new Error(`The target already holds rows of company ${companyId}`);
  const operation = await logOperation(main, companyId, 'move', {
    from: describe(fromUrl),
    to: describe(toUrl),
  });

  log('read-only');
  const readOnlyFrom = Date.now();
  /** Progress lines say how long the company has been read-only. */
  const step = (line: string) => log(`+${Date.now() - readOnlyFrom} ms ${line}`);
  await setRegistry(main, companyId, { url: fromUrl, state: 'read_only' });
  await setHosting(source, companyId, 'read_only');
  let verification: Verification;
  let snap: CompanySnapshot;
  try {
    await drainCompany(source, companyId);
    snap = await snapshotCompany(source, companyId);
    step(`snapshot: ${JSON.stringify(snapshotCounts(snap))}`);
    let lockedAt = 0;
    const copy = await inCopyTransaction(target, async (q) => {
      await scopeTransaction(q, companyId);
      // The main database keeps serving the other companies: every table lock first (lockForCopy).
      const extra = toUrl !== null ? ['users', 'tenants', 'memberships'] : ['memberships', 'tenants'];
      await lockForCopy(q, ...copyLocks(snap, extra));
      lockedAt = Date.now();
      await q(
        `insert into company_hosting (company_id, state) values ($1, 'read_only')
         on conflict (company_id) do update set state = 'read_only', updated_at = now()`,
        [companyId],
      );
      await writeCompany(q, snap, { mirror: toUrl !== null });
      if (toUrl === null) await replaceMemberships(q, snap);
    });
    step(`copied (table locks granted at attempt ${copy.attempts}, +${lockedAt - readOnlyFrom} ms)`);
    await target.session((q) => analyzeCopied(q, snap));
    verification = await verifyCompany(target, snap);
    if (verification.problems.length > 0) {
      await inTransaction(target, 'begin', async (q) => {
        await scopeTransaction(q, companyId);
        await purgeCompany(q, companyId, { mirror: toUrl !== null });
      });
      throw new Error(`Verification failed, nothing switched: ${verification.problems.join('; ')}`);
    }
    step(`verified: stock ${JSON.stringify(verification.stock)}, audit rows ${verification.auditRows}`);
  } catch (error) {
    await setHosting(source, companyId, 'normal');
    await setRegistry(main, companyId, { url: fromUrl, state: 'normal' });
    throw error;
  }

  // Switch: requests that still route to the source find the company gone there and look again.
  await setHosting(source, companyId, 'gone');
  await setRegistry(main, companyId, { url: toUrl, state: 'read_only' });
  await setHosting(target, companyId, 'read_only');
  step('switched; purging the source');
  await inTransaction(source, 'begin', async (q) => {
    await scopeTransaction(q, companyId);
    await purgeCompany(q, companyId, { mirror: fromUrl !== null });
  });
  await setHosting(target, companyId, 'normal');
  await setRegistry(main, companyId, { url: toUrl, state: 'normal' });
  const result = {
    ...verification,
    companyId,
    from: describe(fromUrl),
    to: describe(toUrl),
    ms: Date.now() - started,
    readOnlyMs: Date.now() - readOnlyFrom,
  };
  await finishOperation(main, operation, { counts: result.counts, ms: result.ms });
  step('done');
  return result;
}
