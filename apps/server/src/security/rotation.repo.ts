import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db/database.ts';
import type { EncryptedTable } from './encrypted-columns.ts';

// SQL of the key rotation (security/rotation.ts): which encrypted tables exist, which companies
// have data, reading and rewriting encrypted columns by batch, the company registry's URLs, the
// record of the last completed pass, and the audit trail's key counts. Table and column names come
// from the encrypted-column registry and are checked as identifiers before they reach SQL.

const IDENT = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`Bad identifier ${name}`);
  return sql.identifier(name);
};
const columnList = (table: EncryptedTable): SQL =>
  sql.join(
    table.columns.map((c) => ident(c)),
    sql`, `,
  );

/** Names of the tables in the public schema. */
export async function publicTableNames(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    ),
  ).map((r) => r.name);
}

/**
 * Every company of this database (one tenant row each) and every company in a dedicated database.
 * Not the audit heads: since the seal left the commit (0050) a new company has no head until its
 * first seal, and its values would be missed.
 */
export async function companiesWithData(db: Db): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`select id from tenants
      union select company_id from company_registry where mode = 'dedicated' order by 1`),
  ).map((r) => r.id);
}

/**
 * Up to `limit` rows of one company with a value not under the current key (`currentPattern`, a
 * LIKE pattern), locked, so a user saving the same row waits instead of being overwritten.
 */
export async function lockStaleRows(
  tx: Tx,
  table: EncryptedTable,
  companyId: string,
  currentPattern: string,
  limit: number,
): Promise<Record<string, string | null>[]> {
  const stale = sql.join(
    table.columns.map((c) => sql`(${ident(c)} is not null and ${ident(c)} not like ${currentPattern})`),
    sql` or `,
  );
  return rowsOf<Record<string, string | null>>(
    await tx.execute(sql`select ctid::text as _ctid, ${columnList(table)} from ${ident(table.table)}
      where ${ident(table.companyColumn)} = ${companyId} and (${stale})
      limit ${limit} for update`),
  );
}

/** Writes new values into a row found by its `ctid` (from `lockStaleRows` in the same transaction). */
export async function updateRowByCtid(
  tx: Tx,
  tableName: string,
  ctid: string,
  values: Record<string, string>,
): Promise<void> {
  const sets = Object.entries(values).map(([column, value]) => sql`${ident(column)} = ${value}`);
  await tx.execute(sql`update ${ident(tableName)} set ${sql.join(sets, sql`, `)} where ctid = ${ctid}::tid`);
}

/** Every encrypted column of one company's rows of the table. */
export async function encryptedValues(
  tx: Tx,
  table: EncryptedTable,
  companyId: string,
): Promise<Record<string, string | null>[]> {
  return rowsOf<Record<string, string | null>>(
    await tx.execute(
      sql`select ${columnList(table)} from ${ident(table.table)} where ${ident(table.companyColumn)} = ${companyId}`,
    ),
  );
}

/** The registry's database URLs not under the current key (a LIKE pattern), locked. */
export async function lockStaleRegistryUrls(
  tx: Tx,
  currentPattern: string,
): Promise<{ company_id: string; database_url: string }[]> {
  return rowsOf<{ company_id: string; database_url: string }>(
    await tx.execute(sql`select company_id, database_url from company_registry
      where database_url is not null and database_url not like ${currentPattern}
      for update`),
  );
}

export async function setRegistryUrl(tx: Tx, companyId: string, sealedUrl: string): Promise<void> {
  await tx.execute(
    sql`update company_registry set database_url = ${sealedUrl} where company_id = ${companyId}`,
  );
}

export async function registryUrls(db: Db): Promise<string[]> {
  return rowsOf<{ database_url: string }>(
    await db.execute(sql`select database_url from company_registry where database_url is not null`),
  ).map((r) => r.database_url);
}

/** The key of the last completed pass, if any. */
export async function lastRotatedKey(db: Db): Promise<string | undefined> {
  return rowsOf<{ active_kid: string }>(
    await db.execute(sql`select active_kid from encryption_state where id = 1`),
  )[0]?.active_kid;
}

export async function recordRotation(db: Db, activeKid: string): Promise<void> {
  await db.execute(sql`insert into encryption_state (id, active_kid, completed_at) values (1, ${activeKid}, now())
    on conflict (id) do update set active_kid = excluded.active_kid, completed_at = excluded.completed_at`);
}

/** How many envelopes of each key the audit trail recorded (those keys stay needed for old history). */
export async function auditKeyCounts(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ kid: string; n: number }>(
    await db.execute(sql`select substring(m[1] from 1) as kid, count(*)::int as n
      from audit_log, regexp_matches(changes::text, 'enc:v1:([A-Za-z0-9_-]+):', 'g') as m group by 1`),
  );
  return Object.fromEntries(rows.map((r) => [r.kid, Number(r.n)]));
}
