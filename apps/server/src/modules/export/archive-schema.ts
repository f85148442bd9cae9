import type { Tx } from '../../db/database.ts';
import { catalogColumns, catalogConstraints } from './archive.repo.ts';

/**
 * What the company archive holds, read from the database catalog so that a table added by a later
 * migration is carried without touching this file: every row-level-secured table with a
 * `company_id`, except the ones below. The order is the foreign-key order (parents first).
 */

/** Tables that are not company data to carry over (bookkeeping, per-user or security state). */
export const NOT_ARCHIVED = new Set([
  'audit_log',
  'audit_links',
  'audit_heads',
  'memberships',
  'invitations',
  'jobs',
  'outbox_events',
  'automation_runs',
  'notifications',
  'export_files',
  'saved_views',
  'security_counters',
  'password_reset_tokens',
  'encryption_state',
]);
const isBookkeeping = (name: string) => NOT_ARCHIVED.has(name) || name === 'idempotency_keys';

/**
 * Configuration rows a fresh company may already have (created at sign-up or on first use); an
 * import replaces them. Any other table with rows makes the company "not empty".
 */
export const REPLACEABLE_ON_IMPORT = new Set([
  'company_settings',
  'document_settings',
  'purchasing_settings',
  'units',
  'document_counters',
  'purchasing_counters',
]);

export type ColumnInfo = { name: string; type: string };
export type ForeignKey = { columns: string[]; refTable: string };
export type TableInfo = {
  name: string;
  /** Columns carried in the archive (company_id, generated and identity columns left out). */
  columns: ColumnInfo[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
};

const pgArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : String(value)
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/** The archived tables in dependency order (ties broken by name, so the order is stable). */
export async function archiveTables(tx: Tx): Promise<TableInfo[]> {
  const columns = await catalogColumns(tx);
  const constraints = await catalogConstraints(tx);
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    if (isBookkeeping(c.table_name)) continue;
    let t = tables.get(c.table_name);
    if (!t) {
      t = { name: c.table_name, columns: [], primaryKey: [], foreignKeys: [] };
      tables.set(c.table_name, t);
    }
    if (c.column_name !== 'company_id') t.columns.push({ name: c.column_name, type: c.column_type });
  }
  for (const k of constraints) {
    const t = tables.get(k.table_name);
    if (!t) continue;
    const cols = pgArray(k.columns);
    if (k.contype === 'p') t.primaryKey = cols;
    else if (k.ref_table) t.foreignKeys.push({ columns: cols, refTable: k.ref_table });
  }
  return dependencyOrder([...tables.values()]);
}

/** Parents before children; a table in a cycle (none today) keeps its place by name. */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const pending = new Map(
    tables.map((t) => [
      t.name,
      new Set(t.foreignKeys.map((f) => f.refTable).filter((r) => r !== t.name && byName.has(r))),
    ]),
  );
  const out: TableInfo[] = [];
  while (pending.size > 0) {
    const ready = [...pending.entries()].filter(([, deps]) => deps.size === 0).map(([n]) => n);
    const next = ready.length > 0 ? ready.sort() : [[...pending.keys()].sort()[0] as string];
    for (const name of next) {
      pending.delete(name);
      out.push(byName.get(name) as TableInfo);
      for (const deps of pending.values()) deps.delete(name);
    }
  }
  return out;
}
