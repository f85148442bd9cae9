import type { KeyRotationResult, KeyStatus } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { REGISTRY_URL_CONTEXT } from '../db/company-router.ts';
import { type Db, rowsOf } from '../db/database.ts';
import { asPlatformFor } from '../db/tenant.ts';
import { ENCRYPTED_TABLES, type EncryptedTable } from './encrypted-columns.ts';
import { blindIndex, decryptField, ENC_PREFIX, encryptField, isEncrypted, keyIdOf } from './field-crypto.ts';
import { currentKeyring, type Keyring } from './keyring.ts';

/** The operators' answers (`/api/admin/keys/*`, `npm run admin -- keys`): the domain's contract. */
export type { KeyRotationResult as RotationResult, KeyStatus };

const IDENT = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`Bad identifier ${name}`);
  return sql.identifier(name);
};

async function existingTables(db: Db): Promise<EncryptedTable[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    ),
  );
  const names = new Set(rows.map((r) => r.name));
  return ENCRYPTED_TABLES.filter((t) => names.has(t.table));
}

/**
 * Every company that has ever written a tenant row (each insert is audited, so each has a head),
 * and every company in a dedicated database (its head is there; asPlatformFor goes there).
 */
async function companyIds(db: Db): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select company_id as id from audit_heads
      union select company_id from company_registry where mode = 'dedicated' order by 1`),
  );
  return rows.map((r) => r.id);
}

/** Re-encrypts one batch of one company's rows in one transaction; returns rows and values changed. */
async function rotateBatch(
  db: Db,
  table: EncryptedTable,
  companyId: string,
  keyring: Keyring,
  batchSize: number,
): Promise<{ rows: number; values: number }> {
  const current = `${ENC_PREFIX}${keyring.activeKid}:%`;
  const stale = sql.join(
    table.columns.map((c) => sql`(${ident(c)} is not null and ${ident(c)} not like ${current})`),
    sql` or `,
  );
  const columns = sql.join(
    table.columns.map((c) => ident(c)),
    sql`, `,
  );
  return asPlatformFor(db, { userId: companyId, companyId, actor: 'platform' }, async (tx) => {
    // Locked, so a user saving the same row waits instead of being overwritten with the old value.
    const rows = rowsOf<Record<string, string | null>>(
      await tx.execute(sql`select ctid::text as _ctid, ${columns} from ${ident(table.table)}
        where ${ident(table.companyColumn)} = ${companyId} and (${stale})
        limit ${batchSize} for update`),
    );
    let values = 0;
    for (const row of rows) {
      const sets = [];
      for (const column of table.columns) {
        const stored = row[column] ?? null;
        if (stored === null || keyIdOf(stored) === keyring.activeKid) continue;
        const context = `${table.table}.${column}`;
        const plain = decryptField(stored, context, keyring);
        sets.push(sql`${ident(column)} = ${encryptField(plain, context, keyring)}`);
        const index = table.indexes?.[column];
        if (index && !isEncrypted(stored))
          sets.push(sql`${ident(index.column)} = ${blindIndex(index.purpose, plain, keyring)}`);
        values++;
      }
      if (sets.length === 0) continue;
      await tx.execute(
        sql`update ${ident(table.table)} set ${sql.join(sets, sql`, `)} where ctid = ${row._ctid}::tid`,
      );
    }
    return { rows: rows.length, values };
  });
}

/**
 * The company registry's database URLs (main database, a platform table: not per company). Each
 * row is locked and re-encrypted in one short transaction; returns the number of values changed.
 */
async function rotateRegistry(db: Db, keyring: Keyring): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ company_id: string; database_url: string }>(
      await tx.execute(sql`select company_id, database_url from company_registry
        where database_url is not null and database_url not like ${`${ENC_PREFIX}${keyring.activeKid}:%`}
        for update`),
    );
    for (const row of rows) {
      const plain = decryptField(row.database_url, REGISTRY_URL_CONTEXT, keyring);
      await tx.execute(sql`update company_registry
        set database_url = ${encryptField(plain, REGISTRY_URL_CONTEXT, keyring)}
        where company_id = ${row.company_id}`);
    }
    return rows.length;
  });
}

/**
 * Brings every encrypted value under the active key: values under an older key and plain values
 * written before encryption existed. Batches of `batchSize` rows, each in its own transaction with
 * the rows locked, so the application keeps running; safe to interrupt and run again.
 */
export async function rotateAll(
  db: Db,
  opts: { keyring?: Keyring; batchSize?: number } = {},
): Promise<KeyRotationResult> {
  const keyring = opts.keyring ?? currentKeyring();
  const batchSize = opts.batchSize ?? 200;
  const companies = await companyIds(db);
  let values = await rotateRegistry(db, keyring);
  let rows = values;
  for (const table of await existingTables(db)) {
    for (const companyId of companies) {
      for (;;) {
        const batch = await rotateBatch(db, table, companyId, keyring, batchSize);
        rows += batch.rows;
        values += batch.values;
        if (batch.rows < batchSize) break;
      }
    }
  }
  await db.execute(sql`insert into encryption_state (id, active_kid, completed_at) values (1, ${keyring.activeKid}, now())
    on conflict (id) do update set active_kid = excluded.active_kid, completed_at = excluded.completed_at`);
  return { companies: companies.length, rows, values, activeKid: keyring.activeKid };
}

/** Runs the pass only when the last completed one was for another key (start-up: cheap when done). */
export async function rotateIfNeeded(db: Db, keyring = currentKeyring()): Promise<KeyRotationResult | null> {
  const [state] = rowsOf<{ active_kid: string }>(
    await db.execute(sql`select active_kid from encryption_state where id = 1`),
  );
  if (state?.active_kid === keyring.activeKid) {
    // Registry URLs stored in plain text by an older version are sealed at the first start.
    await rotateRegistry(db, keyring);
    return null;
  }
  return rotateAll(db, { keyring });
}

/** How many stored values each key protects (and how many are still plain); audit rows counted apart. */
export async function keyStatus(db: Db, keyring = currentKeyring()): Promise<KeyStatus> {
  const byKid: Record<string, number> = {};
  let plain = 0;
  const companies = await companyIds(db);
  for (const table of await existingTables(db)) {
    const columns = sql.join(
      table.columns.map((c) => ident(c)),
      sql`, `,
    );
    for (const companyId of companies) {
      const rows = await asPlatformFor(db, { userId: companyId, companyId }, async (tx) =>
        rowsOf<Record<string, string | null>>(
          await tx.execute(
            sql`select ${columns} from ${ident(table.table)} where ${ident(table.companyColumn)} = ${companyId}`,
          ),
        ),
      );
      for (const row of rows)
        for (const column of table.columns) {
          const value = row[column] ?? null;
          if (value === null) continue;
          const kid = keyIdOf(value);
          if (kid) byKid[kid] = (byKid[kid] ?? 0) + 1;
          else plain++;
        }
    }
  }
  for (const row of rowsOf<{ database_url: string }>(
    await db.execute(sql`select database_url from company_registry where database_url is not null`),
  )) {
    const kid = keyIdOf(row.database_url);
    if (kid) byKid[kid] = (byKid[kid] ?? 0) + 1;
    else plain++;
  }
  // The audit trail keeps the envelopes it recorded; those keys stay needed to read old history.
  const audit = rowsOf<{ kid: string; n: number }>(
    await db.execute(sql`select substring(m[1] from 1) as kid, count(*)::int as n
      from audit_log, regexp_matches(changes::text, 'enc:v1:([A-Za-z0-9_-]+):', 'g') as m group by 1`),
  );
  const auditByKid = Object.fromEntries(audit.map((r) => [r.kid, Number(r.n)]));
  return { activeKid: keyring.activeKid, byKid, plain, auditByKid };
}
