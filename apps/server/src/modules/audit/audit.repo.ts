import {
  type ActivityEntry,
  AUDIT_HIDDEN_TABLE_PATTERN,
  AUDIT_HIDDEN_TABLES,
  type AuditEntry,
  type AuditQuery,
  type FieldChange,
  isAuditFieldShown,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/database.ts';
import { PLATFORM_ACTOR } from '../../db/tenant.ts';

/**
 * The audit rows people see (`audit_log a`), in the audit page and the team's recent activity:
 * internal tables (idempotency keys, number counters, stock caches; domain audit-terms.ts) are not
 * part of either.
 */
const shownTables = sql`a.table_name <> all(${`{${AUDIT_HIDDEN_TABLES.join(',')}}`}::text[])
  and a.table_name !~ ${AUDIT_HIDDEN_TABLE_PATTERN}`;

export const ENCRYPTED_PREFIX = 'enc:v1:';

type Row = {
  seq: string | number;
  at: string;
  actor_id: string | null;
  table_name: string;
  row_id: string;
  action: AuditEntry['action'];
  changes: Record<string, { old?: unknown; new?: unknown }> | string | null;
};

const isEncrypted = (v: unknown) => typeof v === 'string' && v.startsWith(ENCRYPTED_PREFIX);

/**
 * Encrypted values never leave the server: they are replaced by null and flagged. Keys and
 * bookkeeping columns are left out (domain audit-terms.ts): people see business fields.
 */
export function toChanges(raw: Row['changes']): FieldChange[] {
  const obj = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {});
  return Object.keys(obj)
    .filter(isAuditFieldShown)
    .sort()
    .map((field) => {
      const c = obj[field] ?? {};
      const encrypted = isEncrypted(c.old) || isEncrypted(c.new);
      return {
        field,
        old: encrypted ? null : (c.old ?? null),
        new: encrypted ? null : (c.new ?? null),
        encrypted,
      };
    });
}

/** Who acted (named as the team lists them) and on which record: the audit page and the activity alike. */
function actorAndRecord(
  r: { actor_id: string | null; table_name: string; row_id: string },
  names: ReadonlyMap<string, string>,
) {
  return {
    actor_id: r.actor_id,
    actor_name: r.actor_id ? (names.get(r.actor_id) ?? null) : null,
    is_platform: r.actor_id === PLATFORM_ACTOR,
    table_name: r.table_name,
    row_id: r.row_id,
  };
}

/** The list's filters, or one record's history (`row_id`). */
export type AuditFilter = AuditQuery & { row_id?: string };

export async function listAudit(
  tx: Tx,
  companyId: string,
  f: AuditFilter,
  /** The company's members' names by user id (the team service's list). */
  names: ReadonlyMap<string, string>,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const parts = [sql`a.company_id = ${companyId}`, shownTables];
  if (f.table) parts.push(sql`a.table_name = ${f.table}`);
  if (f.row_id) parts.push(sql`a.row_id = ${f.row_id}`);
  if (f.user) parts.push(sql`a.actor_id = ${f.user}::uuid`);
  // Dates are whole days: "to" includes the whole of its day.
  if (f.from) parts.push(sql`a.at >= ${f.from}::date`);
  if (f.to) parts.push(sql`a.at < ${f.to}::date + 1`);
  const where = sql.join(parts, sql` and `);
  await sealForReading(tx);
  const [count] = rowsOf<{ total: number }>(
    await tx.execute(sql`select count(*)::int as total from audit_log a where ${where}`),
  );
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      select a.seq, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
             a.actor_id::text as actor_id, a.table_name, a.row_id::text as row_id, a.action, a.changes
      from audit_trail a where ${where}
      order by a.seq desc limit ${f.page_size} offset ${(f.page - 1) * f.page_size}`),
  );
  return {
    total: count?.total ?? 0,
    rows: rows.map((r) => ({
      seq: Number(r.seq),
      at: r.at,
      ...actorAndRecord(r, names),
      action: r.action,
      changes: toChanges(r.changes),
    })),
  };
}

// Recent activity (the team page) -------------------------------------------------------------------

type ActivityRow = {
  seq: string | number;
  at: Date | string;
  actor_id: string | null;
  table_name: string;
  row_id: string;
  action: ActivityEntry['action'];
  fields: string[] | null;
};

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** Who did what, newest first: the shown audit rows without values (field names only). */
export async function recentActivity(
  tx: Tx,
  companyId: string,
  opts: { limit: number; beforeSeq?: number },
  /** The company's members' names by user id (the team service's list). */
  names: ReadonlyMap<string, string>,
): Promise<ActivityEntry[]> {
  await sealForReading(tx);
  // From the chain's end backwards (audit_links' primary key), each link joined to its row.
  const result = await tx.execute(sql`
    select k.seq, a.at, a.actor_id, a.table_name, a.row_id, a.action,
      array(select jsonb_object_keys(a.changes) order by 1) as fields
    from audit_links k join audit_log a on a.id = k.audit_id
    where k.company_id = ${companyId} and ${shownTables}
      ${opts.beforeSeq ? sql`and k.seq < ${opts.beforeSeq}` : sql``}
    order by k.seq desc
    limit ${opts.limit}`);
  return rowsOf<ActivityRow>(result).map((r) => ({
    seq: Number(r.seq),
    at: iso(r.at),
    ...actorAndRecord(r, names),
    action: r.action,
    fields: (r.fields ?? []).filter(isAuditFieldShown),
  }));
}

// The chain check (`audit verify`) ---------------------------------------------------------------

/** An audit row with the fields its hash covers, as the database hashed them. */
export type ChainRow = {
  seq: string | number;
  table_name: string;
  row_id: string;
  action: string;
  changes: string;
  actor_id: string | null;
  at: string;
  prev_hash: string;
  hash: string;
};

/**
 * The company's committed rows outside the chain (no link, migration 0051): `pending` when their
 * transaction is marked ready for the seal, `unsealed` when it is not (written past the seal).
 */
export async function unchainedCounts(tx: Tx, companyId: string) {
  const [waiting] = rowsOf<{ unsealed: number; pending: number }>(
    await tx.execute(
      sql`select count(*) filter (where k.id is null)::int as unsealed, count(k.id)::int as pending
          from audit_log l left join audit_ready k on k.tx = l.tx and k.company = l.company_id
          where l.company_id = ${companyId}
            and not exists (select 1 from audit_links c where c.audit_id = l.id)`,
    ),
  );
  return { unsealed: waiting?.unsealed ?? 0, pending: waiting?.pending ?? 0 };
}

/**
 * Up to `limit` links of the company's chain from sequence number `fromSeq` on, in order, each with
 * the fields of the audit row it links (migration 0051). A link whose row is gone (or belongs to
 * another company) is left out, so the sequence shows a gap there.
 */
export async function chainRows(
  tx: Tx,
  companyId: string,
  fromSeq: number,
  limit: number,
): Promise<ChainRow[]> {
  const result = await tx.execute(sql`
    select k.seq, l.table_name, l.row_id, l.action, l.changes::text as changes, l.actor_id::text as actor_id,
           to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, k.prev_hash, k.hash
    from audit_links k join audit_log l on l.id = k.audit_id and l.company_id = k.company_id
    where k.company_id = ${companyId} and k.seq >= ${fromSeq} order by k.seq limit ${limit}`);
  return rowsOf<ChainRow>(result);
}

/** The company's chain head: the last sequence number and hash, or undefined before its first row. */
export async function chainHead(tx: Tx, companyId: string) {
  const [head] = rowsOf<{ seq: string | number; hash: string }>(
    await tx.execute(sql`select seq, hash from audit_heads where company_id = ${companyId}`),
  );
  return head;
}

/** Every company with an audit trail (owner connection). */
export async function auditedCompanies(db: Db): Promise<string[]> {
  return rowsOf<{ company_id: string }>(
    await db.execute(
      sql`select company_id from audit_heads union select company_id from audit_log order by 1`,
    ),
  ).map((r) => r.company_id);
}

/** Seals every ready audit row of one database (migration 0048); the number of rows sealed. */
export async function sealAllReady(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select audit_seal_all_ready() as n`));
  return row?.n ?? 0;
}

/**
 * Before a read of the audit trail in a request transaction: seals the company's rows whose
 * commits left them ready (migration 0050: a commit does not seal), so the read sees every row
 * committed before it with its sequence number.
 */
export async function sealForReading(tx: Tx): Promise<void> {
  await tx.execute(sql`select audit_seal_for_reading()`);
}

/** Seals one company's ready rows now, waiting for a seal in progress. */
export async function sealCompanyReady(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`select audit_seal_ready(${companyId}::uuid, true)`);
}
