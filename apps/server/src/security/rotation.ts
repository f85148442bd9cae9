import type { KeyRotationResult, KeyStatus } from '@erp/domain';
import { REGISTRY_URL_CONTEXT } from '../db/company-router.ts';
import type { Db } from '../db/database.ts';
import { asPlatformFor } from '../db/tenant.ts';
import { ENCRYPTED_TABLES, type EncryptedTable } from './encrypted-columns.ts';
import { blindIndex, decryptField, ENC_PREFIX, encryptField, isEncrypted, keyIdOf } from './field-crypto.ts';
import { currentKeyring, type Keyring } from './keyring.ts';
import * as repo from './rotation.repo.ts';

/** The operators' answers (`/api/admin/keys/*`, `npm run admin -- keys`): the domain's contract. */
export type { KeyRotationResult as RotationResult, KeyStatus };

async function existingTables(db: Db): Promise<EncryptedTable[]> {
  const names = new Set(await repo.publicTableNames(db));
  return ENCRYPTED_TABLES.filter((t) => names.has(t.table));
}

/** What a value under the active key starts with, as a LIKE pattern. */
const underKey = (keyring: Keyring) => `${ENC_PREFIX}${keyring.activeKid}:%`;

/** Re-encrypts one batch of one company's rows in one transaction; returns rows and values changed. */
async function rotateBatch(
  db: Db,
  table: EncryptedTable,
  companyId: string,
  keyring: Keyring,
  batchSize: number,
): Promise<{ rows: number; values: number }> {
  return asPlatformFor(db, { userId: companyId, companyId, actor: 'platform' }, async (tx) => {
    const rows = await repo.lockStaleRows(tx, table, companyId, underKey(keyring), batchSize);
    let values = 0;
    for (const row of rows) {
      const sets: Record<string, string> = {};
      for (const column of table.columns) {
        const stored = row[column] ?? null;
        if (stored === null || keyIdOf(stored) === keyring.activeKid) continue;
        const context = `${table.table}.${column}`;
        const plain = decryptField(stored, context, keyring);
        sets[column] = encryptField(plain, context, keyring);
        const index = table.indexes?.[column];
        if (index && !isEncrypted(stored)) sets[index.column] = blindIndex(index.purpose, plain, keyring);
        values++;
      }
      if (Object.keys(sets).length === 0) continue;
      await repo.updateRowByCtid(tx, table.table, row._ctid as string, sets);
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
    const rows = await repo.lockStaleRegistryUrls(tx, underKey(keyring));
    for (const row of rows) {
      const plain = decryptField(row.database_url, REGISTRY_URL_CONTEXT, keyring);
      await repo.setRegistryUrl(tx, row.company_id, encryptField(plain, REGISTRY_URL_CONTEXT, keyring));
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
  const companies = await repo.companiesWithData(db);
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
  await repo.recordRotation(db, keyring.activeKid);
  return { companies: companies.length, rows, values, activeKid: keyring.activeKid };
}

/** Runs the pass only when the last completed one was for another key (start-up: cheap when done). */
export async function rotateIfNeeded(db: Db, keyring = currentKeyring()): Promise<KeyRotationResult | null> {
  if ((await repo.lastRotatedKey(db)) === keyring.activeKid) {
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
  const companies = await repo.companiesWithData(db);
  for (const table of await existingTables(db)) {
    for (const companyId of companies) {
      const rows = await asPlatformFor(db, { userId: companyId, companyId }, (tx) =>
        repo.encryptedValues(tx, table, companyId),
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
  for (const url of await repo.registryUrls(db)) {
    const kid = keyIdOf(url);
    if (kid) byKid[kid] = (byKid[kid] ?? 0) + 1;
    else plain++;
  }
  // The audit trail keeps the envelopes it recorded; those keys stay needed to read old history.
  const auditByKid = await repo.auditKeyCounts(db);
  return { activeKid: keyring.activeKid, byKid, plain, auditByKid };
}
