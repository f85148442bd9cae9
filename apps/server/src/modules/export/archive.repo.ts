import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * The company archive's statements (docs/export.md): the catalogue reads that say which tables it
 * holds, the reads of one company's rows and the restore's writes. Table and column names come
 * from the catalogue (archive-schema.ts) and are quoted here; the company id is always a parameter.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Advisory lock space of archive restores (one per target company). */
const IMPORT_LOCK_SPACE = 814_014;

export type CatalogColumn = { table_name: string; column_name: string; column_type: string; attnum: number };
export type CatalogConstraint = {
  table_name: string;
  contype: string;
  columns: string[] | string;
  ref_table: string | null;
};

/**
 * Columns of every row-level-secured table with a `company_id` that erp_app may read and write
 * (generated and always-identity columns left out), by table and column position.
 */
export async function catalogColumns(tx: Tx): Promise<CatalogColumn[]> {
  return rowsOf<CatalogColumn>(
    await tx.execute(sql`
      select c.relname as table_name, a.attname as column_name,
        format_type(a.atttypid, a.atttypmod) as column_type, a.attnum
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and c.relrowsecurity
        and a.attgenerated = '' and a.attidentity <> 'a'
        and exists (select 1 from pg_attribute k where k.attrelid = c.oid and k.attname = 'company_id'
          and not k.attisdropped)
        and has_table_privilege('erp_app', c.oid, 'select, insert')
      order by c.relname, a.attnum`),
  );
}

/** Primary and foreign keys of the public tables (`columns` may come as a PostgreSQL array text). */
export async function catalogConstraints(tx: Tx): Promise<CatalogConstraint[]> {
  return rowsOf<CatalogConstraint>(
    await tx.execute(sql`
      select c.relname as table_name, k.contype::text as contype,
        array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
        r.relname as ref_table
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      left join pg_class r on r.oid = k.confrelid
      where k.contype in ('p', 'f')`),
  );
}

/**
 * The rest of the transaction runs as erp_app: an operator's owner connection may be a superuser,
 * which row-level security does not bind.
 */
export async function actAsAppRole(tx: Tx): Promise<void> {
  await tx.execute(sql`set local role erp_app`);
}

/** Text output that does not depend on the server's settings (for this transaction). */
export async function setArchiveTextOutput(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true),
    set_config('bytea_output', 'hex', true), set_config('intervalstyle', 'iso_8601', true),
    set_config('extra_float_digits', '3', true)`);
}

/** Two restores into the same company at once: the second waits here until the first ends. */
export async function lockRestoreTarget(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_SPACE}, hashtext(${companyId}))`);
}

/**
 * All of one company's rows of a table, each column as text under the alias `c0`, `c1`, ... in
 * the order given, sorted by `order`. The company filter repeats the row-level policy on purpose:
 * a second, independent guard.
 */
export async function companyTableRows(
  tx: Tx,
  table: string,
  columns: string[],
  order: string[],
  companyId: string,
): Promise<Record<string, string | null>[]> {
  const select = columns.map((c, i) => `${quote(c)}::text as c${i}`).join(', ');
  const by = order.map((c) => `${quote(c)}`).join(', ');
  return rowsOf<Record<string, string | null>>(
    await tx.execute(
      sql`${sql.raw(`select ${select} from ${quote(table)} where company_id = `)}${companyId}::uuid${sql.raw(
        ` order by ${by}`,
      )}`,
    ),
  );
}

/** Whether the company has at least one row in the table. */
export async function companyHasRows(tx: Tx, table: string, companyId: string): Promise<boolean> {
  const found = rowsOf(
    await tx.execute(
      sql`${sql.raw(`select 1 from ${quote(table)} where company_id = `)}${companyId}::uuid limit 1`,
    ),
  );
  return found.length > 0;
}

/** The company fields of its tenants row as stored (sealed fields still sealed). */
export async function companyProfileRow(
  tx: Tx,
  companyId: string,
): Promise<Record<string, string | null> | null> {
  const row = rowsOf<Record<string, string | null>>(
    await tx.execute(sql`select company_name, company_address, company_phone, company_email, company_website,
      tax_number, company_logo, bank_accounts from tenants where id = ${companyId}`),
  )[0];
  return row ?? null;
}

/** Removes every row of the company from the table (configuration an import replaces). */
export async function deleteCompanyRows(tx: Tx, table: string, companyId: string): Promise<void> {
  await tx.execute(sql`${sql.raw(`delete from ${quote(table)} where company_id = `)}${companyId}::uuid`);
}

/** Where a batch of archived rows goes: the columns (company_id excluded) and their types. */
export type ArchiveTarget = {
  table: string;
  columns: string[];
  /** Each column's SQL type, by column name (the catalogue's). */
  typeOf: ReadonlyMap<string, string>;
  primaryKey: string[];
};

/**
 * Inserts one batch of rows (a JSON array of text arrays, in `columns` order) for the company.
 * A row whose key already exists (created by a trigger from its parent, like an item's stock row)
 * takes the archived values.
 */
export async function insertArchiveRows(
  tx: Tx,
  companyId: string,
  target: ArchiveTarget,
  rowsJson: string,
): Promise<void> {
  const { table, columns, primaryKey } = target;
  const into = ['company_id', ...columns].map(quote).join(', ');
  const casts = columns.map((c, i) => `(r->>${i})::${target.typeOf.get(c)}`).join(', ');
  const updatable = columns.filter((c) => !primaryKey.includes(c));
  const conflict =
    primaryKey.length === 0
      ? ''
      : updatable.length === 0
        ? ' on conflict do nothing'
        : ` on conflict (${primaryKey.map(quote).join(', ')}) do update set ${updatable
            .map((c) => `${quote(c)} = excluded.${quote(c)}`)
            .join(', ')}`;
  await tx.execute(
    sql`${sql.raw(`insert into ${quote(table)} (${into}) select `)}${companyId}::uuid, ${sql.raw(casts)}
      from jsonb_array_elements(${rowsJson}::jsonb) r${sql.raw(conflict)}`,
  );
}

/** Writes the given (already sealed) company fields of the tenants row; nothing when none. */
export async function updateCompanyProfile(
  tx: Tx,
  companyId: string,
  fields: Record<string, string | null>,
): Promise<void> {
  const sets = Object.entries(fields).map(([k, v]) => sql`${sql.raw(quote(k))} = ${v}`);
  if (sets.length === 0) return;
  await tx.execute(
    sql`update tenants set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${companyId}`,
  );
}
