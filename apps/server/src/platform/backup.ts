import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import {
  type CompanyArchive,
  exportCompanyArchive,
  importCompanyArchive,
} from '../modules/export/archive.ts';
import {
  analyzeCopied,
  type CompanySnapshot,
  copyLocks,
  lockForCopy,
  purgeCompany,
  RESTORE_KEEPS,
  restoreCompanyProfile,
  scopeTransaction,
  snapshotCounts,
  writeCompany,
} from './company-data.ts';
import {
  databaseFor,
  drainCompany,
  inCopyTransaction,
  inTransaction,
  type Log,
  registeredUrl,
  setHosting,
  setRegistry,
  snapshotCompany,
  type Verification,
  verifyCompany,
} from './move.ts';

export const BACKUP_FORMAT = 'pogon-company-backup';
export const BACKUP_VERSION = 1;

/**
 * One company's backup file. `snapshot` holds every row with its ids and the audit chain, from one
 * REPEATABLE READ snapshot (restore in place); `archive` is the company archive (docs/export.md)
 * for restoring into another company with new ids (`--into`), read in its own transaction.
 */
export type CompanyBackup = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  companyId: string;
  createdAt: string;
  mode: 'shared' | 'dedicated';
  migrations: string[];
  snapshot: CompanySnapshot;
  archive: CompanyArchive;
};

async function migrationsOf(database: Database): Promise<string[]> {
  return database.session(async (q) =>
    (await q('select version from schema_migrations order by version', [])).map((r) => String(r.version)),
  );
}

export async function backupCompany(
  main: Database,
  companyId: string,
  file: string,
  log: Log = () => {},
): Promise<{ counts: Record<string, number>; bytes: number }> {
  const url = await registeredUrl(main, companyId);
  const database = await databaseFor(main, url);
  const snapshot = await snapshotCompany(database, companyId);
  if (
    snapshot.mirror.tenants.length === 0 &&
    Object.values(snapshot.tables).every((rows) => rows.length === 0)
  )
    throw new Error(`No company ${companyId}`);
  log(`snapshot: ${JSON.stringify(snapshotCounts(snapshot))}`);
  // As the company's owner (company id = owner's user id), like the archive's own export.
  const archive = await exportCompanyArchive(main.db, companyId, { userId: companyId });
  const backup: CompanyBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    companyId,
    createdAt: new Date().toISOString(),
    mode: url ? 'dedicated' : 'shared',
    migrations: await migrationsOf(database),
    snapshot,
    archive,
  };
  const text = JSON.stringify(backup);
  // Written next to the target first, so a crash never leaves half a backup under the real name.
  writeFileSync(`${file}.partial`, text, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  return { counts: snapshotCounts(snapshot), bytes: Buffer.byteLength(text) };
}

export function readBackup(file: string): CompanyBackup {
  const backup = JSON.parse(readFileSync(file, 'utf8')) as CompanyBackup;
  if (backup?.format !== BACKUP_FORMAT || backup.version !== BACKUP_VERSION)
    throw new Error(`${file} is not a company backup (format ${BACKUP_FORMAT} v${BACKUP_VERSION})`);
  return backup;
}

export type RestoreResult =
  | ({ kind: 'in-place'; companyId: string } & Verification)
  | { kind: 'into'; companyId: string; tables: number; rows: number };

/**
 * Restores a backup. In place (the backup's own company, wherever it lives now): the company goes
 * read-only, its current rows are purged and the backup's rows written in ONE transaction (a
 * failure leaves the current data), then verified; the audit chain is the backup's. `into`
 * another company: the archive import (new ids, fresh audit history), which needs an empty company.
 */
export async function restoreCompany(
  main: Database,
  file: string,
  opts: { into?: string; log?: Log } = {},
): Promise<RestoreResult> {
  const backup = readBackup(file);
  const log = opts.log ?? (() => {});
  if (opts.into && opts.into !== backup.companyId) {
    // As the target company's owner (company id = owner's user id), under row-level security.
    const result = await importCompanyArchive(main.db, opts.into, backup.archive, { userId: opts.into });
    return { kind: 'into', companyId: opts.into, ...result };
  }
  const companyId = backup.companyId;
  const url = await registeredUrl(main, companyId);
  const database = await databaseFor(main, url);
  const here = await migrationsOf(database);
  const unknown = backup.migrations.filter((m) => !here.includes(m));
  if (unknown.length > 0)
    throw new Error(`The backup comes from a newer version (migrations ${unknown.join(', ')})`);
  // Team access stays as it is now (RESTORE_KEEPS); the company's data and profile go back.
  const snapshot: CompanySnapshot = {
    ...backup.snapshot,
    tables: Object.fromEntries(
      Object.entries(backup.snapshot.tables).filter(([table]) => !RESTORE_KEEPS.includes(table)),
    ),
  };
  await setRegistry(main, companyId, { url, state: 'read_only' });
  await setHosting(database, companyId, 'read_only');
  try {
    await drainCompany(database, companyId);
    // Other companies may keep writing in this database: every table lock first (lockForCopy).
    await inCopyTransaction(database, async (q) => {
      await scopeTransaction(q, companyId);
      await lockForCopy(q, ...copyLocks(snapshot, ['tenants']));
      await purgeCompany(q, companyId, { mirror: false, keep: RESTORE_KEEPS });
      await writeCompany(q, snapshot, { mirror: false });
      await restoreCompanyProfile(q, snapshot);
    });
    // A dedicated company's profile also has its main-database copy (the company switcher).
    if (url)
      await inTransaction(main, 'begin', async (q) => {
        await scopeTransaction(q, companyId);
        await restoreCompanyProfile(q, snapshot);
      });
    log('rows and company profile restored; verifying');
    await database.session((q) => analyzeCopied(q, snapshot));
    const verification = await verifyCompany(database, snapshot);
    if (verification.problems.length > 0)
      throw new Error(`Restored, but verification found: ${verification.problems.join('; ')}`);
    return { kind: 'in-place', companyId, ...verification };
  } finally {
    await setHosting(database, companyId, 'normal');
    await setRegistry(main, companyId, { url, state: 'normal' });
  }
}
