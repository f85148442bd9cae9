import { AppError, can, type Permission, ROLES, type Role } from '@erp/domain';
import { sql } from 'drizzle-orm';
import {
  type AheadStatement,
  answeredAhead,
  type Opening,
  transactionBeginningWith,
  uuidLiteral,
} from './begin-with.ts';
import { announceAfterCommit } from './company-events.ts';
import { companyDb, mainDbIfCurrent, refreshCompanyRoutes } from './company-router.ts';
import { type Db, rowsOf, type Tx } from './database.ts';
import { beginWithStatements, namedStatement } from './prepared.ts';

export type MemberRole = Role;
export type CompanyContext = { userId: string; companyId: string; role: MemberRole };
/** The actor recorded in the audit trail for platform operators (admin CLI and API). */
export const PLATFORM_ACTOR = '00000000-0000-0000-0000-000000000000';

/** First key of the per-company advisory lock (second key: hashtext(company id)). */
export const COMPANY_LOCK_SPACE = 727_070;
const SERIALIZATION_FAILURE = '40001';
const READ_ONLY_SQL_TRANSACTION = '25006';
/** How often a request follows a company that moved between its route lookup and its transaction. */
const MAX_REROUTES = 3;
const DEADLOCK_DETECTED = '40P01';
const MAX_ATTEMPTS = 5;

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Retries a transaction that PostgreSQL aborted to keep transactions serialisable or deadlock-free. */
export async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgCode(error);
      const retriable = code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
      if (!retriable || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, 5 * 2 ** attempt * Math.random()));
    }
  }
}

/** The company has left the database this transaction runs in (moved by an operator). */
class CompanyMovedError extends Error {}

export const companyReadOnlyError = () =>
  new AppError(
    'COMPANY_READ_ONLY',
    'Tvrtka je privremeno samo za čitanje (premještanje ili vraćanje podataka)',
  );

/**
 * Runs `run` on the database that holds the company's rows (main or dedicated, issue 10). A write
 * while the company is read-only becomes COMPANY_READ_ONLY; a company that left the database the
 * cached route pointed at is looked up again.
 */
async function onCompanyDatabase<T>(db: Db, companyId: string, run: (target: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await refreshCompanyRoutes(db);
    const target = mainDbIfCurrent(db, companyId) ?? (await companyDb(db, companyId));
    try {
      return await run(target);
    } catch (error) {
      if (error instanceof CompanyMovedError) {
        if (attempt < MAX_REROUTES) continue;
        throw companyReadOnlyError();
      }
      if (pgCode(error) === READ_ONLY_SQL_TRANSACTION) throw companyReadOnlyError();
      throw error;
    }
  }
}

/**
 * Applies the company's hosting state in this database: gone → the caller reroutes, read-only →
 * the transaction becomes READ ONLY, so reads work and writes are refused. Read after the
 * company's shared lock was taken, in a later statement (a fresh snapshot): a move flips the
 * state, then waits for the lock, so no transaction writes to a company being copied.
 */
async function applyHosting(tx: Tx, hosting: string | undefined): Promise<void> {
  if (hosting === 'gone') throw new CompanyMovedError();
  if (hosting === 'read_only') await tx.execute(sql`set transaction read only`);
}

/**
 * The only way request code reaches tenant data: one transaction, running as the erp_app role (so
 * row-level security applies), with the company and user set transaction-locally. The caller's
 * membership is checked first, then the role's permission; a blocked account is refused unless
 * `allowBlocked`. The transaction runs in the database that holds the company (issue 10).
 */
export function withCompany<T>(
  db: Db,
  ids: { userId: string; companyId: string },
  fn: (tx: Tx, ctx: CompanyContext) => Promise<T>,
  opts: CompanyOptions = {},
): Promise<T> {
  return onCompanyDatabase(db, ids.companyId, (target) => companyTransaction(target, ids, fn, opts));
}

/** Repeatable read gives a multi-statement read one snapshot (the company archive). */
type Isolation = 'repeatable read';
type CompanyOptions = {
  allowBlocked?: boolean;
  permission?: Permission;
  isolation?: Isolation;
  /**
   * `fn`'s last statement is the transaction's: it may carry the COMMIT (db/begin-with.ts,
   * `claimCommit`). Only for a `fn` that runs no statement after the one that claims it.
   */
  lastStatementCommits?: boolean;
  /**
   * `fn`'s first statements, sent with the company's entry in the round trip that opens the
   * transaction (PostgreSQL only); `fn` then gets their answers without sending them
   * (db/begin-with.ts, answeredAhead). The entry refuses in the database (migration 0054), so they never run for a
   * refused caller. Only for statements that are `fn`'s first whatever the input: a statement that
   * `fn` does not send holds what it locked until the end of the transaction.
   */
  ahead?: AheadStatement[];
};
const txConfig = (isolation?: Isolation) => (isolation ? { isolationLevel: isolation } : undefined);

type EnterRow = {
  hosting: string;
  role: MemberRole | null;
  status: string | null;
  account_status: string | null;
};

/** Why the entry refuses this caller (the same rules in app_enter_company_checked, 0054), or nothing. */
function refusal(row: EnterRow | undefined, opts: CompanyOptions): Error | undefined {
  if (row?.hosting === 'gone') return new CompanyMovedError();
  if (!row?.role) return new AppError('FORBIDDEN', 'Niste član ove tvrtke');
  // A member suspended by their company (issue 9: team) sees the blocked screen there.
  if ((row.account_status === 'blocked' || row.status === 'suspended') && !opts.allowBlocked)
    return new AppError('ACCOUNT_BLOCKED', 'Račun privremeno nije dostupan');
  if (opts.permission && !can(row.role, opts.permission))
    return new AppError('FORBIDDEN', 'Vaša uloga ne dopušta ovu radnju');
  return undefined;
}

/** SQLSTATE of app_enter_company_checked's refusal; its DETAIL is the entry row as JSON. */
const ENTRY_REFUSED = 'ERP01';

/** The refusal raised by app_enter_company_checked as the error the server's own check gives. */
function refusedInDatabase(error: unknown, opts: CompanyOptions): unknown {
  if (pgCode(error) !== ENTRY_REFUSED) return error;
  const detail = (error as { detail?: string }).detail;
  return refusal(detail ? (JSON.parse(detail) as EnterRow) : undefined, opts) ?? forbidden();
}
const forbidden = () => new AppError('FORBIDDEN', 'Vaša uloga ne dopušta ovu radnju');

/**
 * The entry that refuses in the database, followed by the statements sent ahead, in the round trip
 * that opens the transaction (db/prepared.ts, beginWithStatements). `aheadRows` gets those
 * statements' rows.
 */
function enterWithAhead(
  ids: { userId: string; companyId: string },
  opts: CompanyOptions & { ahead: AheadStatement[] },
  aheadRows: (rows: unknown[][]) => void,
): Opening {
  const roles = ROLES.filter((role) => !opts.permission || can(role, opts.permission));
  const enter = namedStatement(
    `select hosting, role, status, account_status
       from app_enter_company_checked($1::uuid, $2::uuid, $3::int, $4::text[], $5::boolean)`,
    [ids.companyId, ids.userId, COMPANY_LOCK_SPACE, roles, opts.allowBlocked === true],
  );
  return async (client, begin) => {
    const [entry, ...ahead] = await beginWithStatements(client, begin, [enter, ...opts.ahead]);
    aheadRows(ahead);
    return (entry ?? []) as Record<string, unknown>[];
  };
}

function companyTransaction<T>(
  db: Db,
  ids: { userId: string; companyId: string },
  fn: (tx: Tx, ctx: CompanyContext) => Promise<T>,
  opts: CompanyOptions,
): Promise<T> {
  // After entering: a refusal aborts the transaction before anything else runs.
  const entered = async (tx: Tx, row: EnterRow | undefined): Promise<T> => {
    const refused = refusal(row, opts);
    if (refused || !row?.role) throw refused ?? forbidden();
    await applyHosting(tx, row.hosting);
    return fn(tx, { ...ids, role: row.role });
  };
  // One call (migration 0048b): the user and company settings and the company's shared lock, then
  // SET LOCAL ROLE erp_app and, in a later statement of the function (a snapshot taken after the
  // lock), the hosting state and the caller's membership under row-level security.
  const company = uuidLiteral(ids.companyId);
  const user = uuidLiteral(ids.userId);
  // Company events are announced after COMMIT, in batches (db/company-events.ts, issue 21).
  return withRetry(() =>
    announceAfterCommit(db, async (hold) => {
      // On PostgreSQL it travels with BEGIN, in one round trip (db/begin-with.ts).
      if (company && user) {
        const ahead = opts.ahead?.length ? opts.ahead : undefined;
        let aheadRows: unknown[][] = [];
        const enter = ahead
          ? enterWithAhead(ids, { ...opts, ahead }, (rows) => {
              aheadRows = rows;
            })
          : `select hosting, role, status, account_status
        from app_enter_company(${company}::uuid, ${user}::uuid, ${COMPANY_LOCK_SPACE})`;
        const done = await transactionBeginningWith(
          db,
          enter,
          opts.isolation,
          (tx, rows) => {
            hold(tx);
            if (ahead) answeredAhead(tx, ahead, aheadRows);
            return entered(tx, rows[0] as EnterRow | undefined).then((value) => ({ value }));
          },
          opts.lastStatementCommits,
        ).catch((error: unknown) => {
          throw refusedInDatabase(error, opts);
        });
        if (done) return done.value;
      }
      return db.transaction(async (tx) => {
        hold(tx);
        const result = await tx.execute(
          sql`select hosting, role, status, account_status
            from app_enter_company(${ids.companyId}::uuid, ${ids.userId}::uuid, ${COMPANY_LOCK_SPACE})`,
        );
        return entered(tx, rowsOf<EnterRow>(result)[0]);
      }, txConfig(opts.isolation));
    }),
  );
}

/**
 * Platform work on one company's rows (sign-up bootstrap, operator commands): the owner connection
 * with the company and user set, so forced row-level security still scopes every statement.
 */
export function asPlatformFor<T>(
  db: Db,
  ids: { userId: string; companyId: string; actor?: 'user' | 'platform' },
  fn: (tx: Tx) => Promise<T>,
  opts: { isolation?: Isolation } = {},
): Promise<T> {
  return onCompanyDatabase(db, ids.companyId, (target) =>
    withRetry(() =>
      announceAfterCommit(target, (hold) =>
        target.transaction(async (tx) => {
          hold(tx);
          await tx.execute(sql`select set_config('app.user_id', ${ids.userId}, true),
          set_config('app.actor_id', ${ids.actor === 'platform' ? PLATFORM_ACTOR : ''}, true),
          pg_advisory_xact_lock_shared(${COMPANY_LOCK_SPACE}, hashtext(${ids.companyId}))`);
          const result = await tx.execute(
            sql`select set_config('app.company_id', ${ids.companyId}, true), app_company_hosting(${ids.companyId}::uuid) as hosting`,
          );
          await applyHosting(tx, rowsOf<{ hosting: string }>(result)[0]?.hosting);
          return fn(tx);
        }, txConfig(opts.isolation)),
      ),
    ),
  );
}
