import { AppError, can, type Permission, type Role } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from './database.ts';

export type MemberRole = Role;
export type CompanyContext = { userId: string; companyId: string; role: MemberRole };
/** The actor recorded in the audit trail for platform operators (admin CLI and API). */
export const PLATFORM_ACTOR = '00000000-0000-0000-0000-000000000000';

const SERIALIZATION_FAILURE = '40001';
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

/**
 * The only way request code reaches tenant data: one transaction, running as the erp_app role (so
 * row-level security applies), with the company and user set transaction-locally. The caller's
 * membership is checked first, then the role's permission; a blocked account is refused unless
 * `allowBlocked`.
 */
export function withCompany<T>(
  db: Db,
  ids: { userId: string; companyId: string },
  fn: (tx: Tx, ctx: CompanyContext) => Promise<T>,
  opts: { allowBlocked?: boolean; permission?: Permission } = {},
): Promise<T> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${ids.userId}, true)`);
      await tx.execute(sql`set local role erp_app`);
      const result = await tx.execute(sql`
        select m.role, m.status, t.account_status
        from memberships m left join tenants t on t.id = m.user_id
        where m.company_id = ${ids.companyId} and m.user_id = ${ids.userId}`);
      const row = rowsOf<{ role: MemberRole; status: string; account_status: string | null }>(result)[0];
      if (!row) throw new AppError('FORBIDDEN', 'Niste član ove tvrtke');
      // A member suspended by their company (issue 9: team) sees the blocked screen there.
      if ((row.account_status === 'blocked' || row.status === 'suspended') && !opts.allowBlocked) {
        throw new AppError('ACCOUNT_BLOCKED', 'Račun privremeno nije dostupan');
      }
      if (opts.permission && !can(row.role, opts.permission)) {
        throw new AppError('FORBIDDEN', 'Vaša uloga ne dopušta ovu radnju');
      }
      await tx.execute(sql`select set_config('app.company_id', ${ids.companyId}, true)`);
      return fn(tx, { ...ids, role: row.role });
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
): Promise<T> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${ids.userId}, true),
        set_config('app.company_id', ${ids.companyId}, true),
        set_config('app.actor_id', ${ids.actor === 'platform' ? PLATFORM_ACTOR : ''}, true)`);
      return fn(tx);
    }),
  );
}
