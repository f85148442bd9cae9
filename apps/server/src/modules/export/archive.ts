import { randomUUID } from 'node:crypto';
import { AppError } from '@erp/domain';
import { z } from 'zod';
import type { Db, Tx } from '../../db/database.ts';
import { asPlatformFor, withCompany } from '../../db/tenant.ts';
import { ENCRYPTED_TABLES } from '../../security/encrypted-columns.ts';
import { blindIndexOrNull, decryptField, encryptField } from '../../security/field-crypto.ts';
import { openTenantFields, sealTenantFields } from '../../security/tenant-fields.ts';
import {
  actAsAppRole,
  companyHasRows,
  companyProfileRow,
  companyTableRows,
  deleteCompanyRows,
  insertArchiveRows,
  lockRestoreTarget,
  setArchiveTextOutput,
  updateCompanyProfile,
} from './archive.repo.ts';
import { archiveTables, REPLACEABLE_ON_IMPORT, type TableInfo } from './archive-schema.ts';

/**
 * The company archive (docs/export.md): every company table as text values in dependency order,
 * the company profile, and a format version. Values are PostgreSQL's own text form (numbers keep
 * their exact digits, timestamps are UTC), encrypted columns are decrypted.
 */
export const ARCHIVE_FORMAT = 'erp-company-archive';
export const ARCHIVE_VERSION = 1;

/** The company fields of the tenants row that travel with the archive (personal fields do not). */
const COMPANY_FIELDS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'tax_number',
  'company_logo',
  'bank_accounts',
] as const;

const cell = z.string().nullable();
export const archiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  meta: z.object({ exportedAt: z.string(), sourceCompanyId: z.string() }),
  company: z.record(z.string(), z.unknown()),
  tables: z.array(
    z.object({
      name: z.string().min(1).max(63),
      columns: z.array(z.string().min(1).max(63)),
      types: z.array(z.string()),
      rows: z.array(z.array(cell)),
    }),
  ),
});
export type CompanyArchive = z.infer<typeof archiveSchema>;

export type ArchiveOptions = {
  /** Acts as this member (row-level security as erp_app); without it, as a platform operator. */
  userId?: string;
  onProgress?: (fraction: number) => void | Promise<void>;
  /** Fixed export time (tests compare two archives). */
  now?: Date;
};

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const BATCH = 500;

type Isolation = 'repeatable read' | undefined;

function runIn<T>(
  db: Db,
  companyId: string,
  userId: string | undefined,
  isolation: Isolation,
  fn: (tx: Tx) => Promise<T>,
) {
  if (userId)
    return withCompany(db, { userId, companyId }, (tx) => fn(tx), {
      permission: 'company.manage',
      isolation,
    });
  // Operators (backup/restore tooling): the company id is its owner's user id (tenants row). The
  // role still switches to erp_app, because the owner connection may be a superuser, which
  // row-level security does not bind; the audit trail records the platform actor.
  return asPlatformFor(
    db,
    { userId: companyId, companyId, actor: 'platform' },
    async (tx) => {
      await actAsAppRole(tx);
      return fn(tx);
    },
    { isolation },
  );
}

function encryptedColumns(table: string) {
  const entry = ENCRYPTED_TABLES.find((e) => e.table === table && e.companyColumn === 'company_id');
  return {
    columns: new Set(entry?.columns ?? []),
    indexes: new Map(
      Object.entries(entry?.indexes ?? {}).map(([col, idx]) => [idx.column, { ...idx, of: col }]),
    ),
  };
}

async function readTable(tx: Tx, companyId: string, table: TableInfo) {
  const enc = encryptedColumns(table.name);
  const columns = table.columns.filter((c) => !enc.indexes.has(c.name));
  const names = columns.map((c) => c.name);
  const order = table.primaryKey.length > 0 ? table.primaryKey : names;
  const raw = await companyTableRows(tx, table.name, names, order, companyId);
  const rows = raw.map((r) =>
    columns.map((c, i) => {
      const v = r[`c${i}`] ?? null;
      return enc.columns.has(c.name) ? decryptField(v, `${table.name}.${c.name}`) : v;
    }),
  );
  return { name: table.name, columns: columns.map((c) => c.name), types: columns.map((c) => c.type), rows };
}

async function readCompany(tx: Tx, companyId: string): Promise<Record<string, unknown>> {
  const row = await companyProfileRow(tx, companyId);
  if (!row) throw new AppError('NOT_FOUND', 'Tvrtka nije pronađena');
  const open = openTenantFields(row);
  const out: Record<string, unknown> = {};
  for (const f of COMPANY_FIELDS) out[f] = (open as Record<string, unknown>)[f] ?? null;
  return out;
}

/** The whole company as a JSON-ready archive, read in one transaction (a consistent snapshot). */
export function exportCompanyArchive(
  db: Db,
  companyId: string,
  opts: ArchiveOptions = {},
): Promise<CompanyArchive> {
  // Repeatable read: every table is read from one snapshot, so references between them hold even
  // while members keep working.
  return runIn(db, companyId, opts.userId, 'repeatable read', async (tx) => {
    await setArchiveTextOutput(tx);
    const tables = await archiveTables(tx);
    const out: CompanyArchive['tables'] = [];
    for (const [i, table] of tables.entries()) {
      out.push(await readTable(tx, companyId, table));
      await opts.onProgress?.((i + 1) / (tables.length + 1));
    }
    return {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      meta: { exportedAt: (opts.now ?? new Date()).toISOString(), sourceCompanyId: companyId },
      company: await readCompany(tx, companyId),
      tables: out,
    };
  });
}

const invalid = (message: string) =>
  new AppError('VALIDATION', message, [{ field: 'archive', key: 'validation.invalid' }]);

/**
 * New ids for the archive's rows. The new ids are sorted like the old ones (random uuids, sorted,
 * handed out in the old ids' order), so every "order by id" lists rows in the same order before
 * and after a restore; references are rewritten through the same map.
 */
function idMap(archive: CompanyArchive, targetCompanyId: string): Map<string, string> {
  const old = new Set<string>();
  for (const t of archive.tables) {
    const idCol = t.columns.indexOf('id');
    if (idCol < 0 || t.types[idCol] !== 'uuid') continue;
    for (const r of t.rows) if (r[idCol]) old.add(r[idCol] as string);
  }
  const sortedOld = [...old].sort();
  const fresh = sortedOld.map(() => randomUUID()).sort();
  const map = new Map(sortedOld.map((id, i) => [id, fresh[i] as string]));
  map.set(archive.meta.sourceCompanyId, targetCompanyId);
  return map;
}

const remap = (map: Map<string, string>, value: string | null) =>
  value === null ? null : value.replace(UUID_RE, (id) => map.get(id) ?? id);

/** Rows of a self-referencing table with parents first (a credit note after its invoice). */
function parentsFirst(table: TableInfo, columns: string[], rows: (string | null)[][]): (string | null)[][] {
  const selfRefs = table.foreignKeys
    .filter((f) => f.refTable === table.name && f.columns.length === 1)
    .map((f) => columns.indexOf(f.columns[0] as string))
    .filter((i) => i >= 0);
  const idCol = columns.indexOf('id');
  if (selfRefs.length === 0 || idCol < 0) return rows;
  const ids = new Set(rows.map((r) => r[idCol] ?? null));
  const placed = new Set<string | null>();
  const out: (string | null)[][] = [];
  let rest = rows;
  while (rest.length > 0) {
    const next = rest.filter((r) =>
      selfRefs.every((c) => {
        const parent = r[c] ?? null;
        return parent === null || !ids.has(parent) || placed.has(parent);
      }),
    );
    if (next.length === 0) throw invalid('Arhiva sadrži kružne veze zapisa');
    for (const r of next) {
      out.push(r);
      placed.add(r[idCol] ?? null);
    }
    rest = rest.filter((r) => !next.includes(r));
  }
  return out;
}

async function isEmpty(tx: Tx, companyId: string, tables: TableInfo[]): Promise<boolean> {
  for (const t of tables) {
    if (REPLACEABLE_ON_IMPORT.has(t.name)) continue;
    if (await companyHasRows(tx, t.name, companyId)) return false;
  }
  return true;
}

async function writeTable(
  tx: Tx,
  companyId: string,
  table: TableInfo,
  data: CompanyArchive['tables'][number],
  map: Map<string, string>,
  onRows: (written: number) => void | Promise<void> = () => {},
) {
  const known = new Map(table.columns.map((c) => [c.name, c.type]));
  for (const c of data.columns) {
    if (!known.has(c)) throw invalid(`Arhiva sadrži nepoznati stupac ${table.name}.${c}`);
  }
  const enc = encryptedColumns(table.name);
  const columns = [...data.columns];
  const extra = [...enc.indexes.entries()].filter(([col, idx]) => known.has(col) && columns.includes(idx.of));
  for (const [col] of extra) columns.push(col);
  const rows = parentsFirst(
    table,
    columns,
    data.rows.map((r) => {
      if (r.length !== data.columns.length) throw invalid(`Neispravan redak u tablici ${table.name}`);
      const values = r.map((v, i) => {
        const col = data.columns[i] as string;
        if (enc.columns.has(col)) return encryptField(v, `${table.name}.${col}`);
        return remap(map, v);
      });
      for (const [, idx] of extra)
        values.push(blindIndexOrNull(idx.purpose, r[data.columns.indexOf(idx.of)] ?? null));
      return values;
    }),
  );
  const target = { table: table.name, columns, typeOf: known, primaryKey: table.primaryKey };
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = JSON.stringify(rows.slice(i, i + BATCH));
    await insertArchiveRows(tx, companyId, target, chunk);
    await onRows(Math.min(BATCH, rows.length - i));
  }
}

async function writeCompany(tx: Tx, companyId: string, company: Record<string, unknown>) {
  const plain: Record<string, unknown> = {};
  for (const f of COMPANY_FIELDS) if (f in company) plain[f] = company[f] ?? null;
  const sealed = sealTenantFields(plain as Parameters<typeof sealTenantFields>[0]) as Record<
    string,
    string | null
  >;
  await updateCompanyProfile(tx, companyId, sealed);
}

function parseArchive(input: unknown): CompanyArchive {
  const parsed = archiveSchema.safeParse(input);
  if (!parsed.success) throw invalid('Datoteka nije valjana arhiva tvrtke');
  return parsed.data;
}

/** The archive's tables all exist here and the target company is empty; returns the catalog. */
async function checkTarget(tx: Tx, targetCompanyId: string, archive: CompanyArchive): Promise<TableInfo[]> {
  const tables = await archiveTables(tx);
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const t of archive.tables) {
    if (!byName.has(t.name)) throw invalid(`Arhiva sadrži nepoznatu tablicu ${t.name}`);
    const known = new Set(byName.get(t.name)?.columns.map((c) => c.name));
    for (const c of t.columns)
      if (!known.has(c)) throw invalid(`Arhiva sadrži nepoznati stupac ${t.name}.${c}`);
  }
  if (!(await isEmpty(tx, targetCompanyId, tables)))
    throw new AppError('CONFLICT', 'Arhiva se može vratiti samo u praznu tvrtku', [
      { field: 'company', key: 'export:restore.notEmpty' },
    ]);
  return tables;
}

/**
 * The quick checks of a restore, in the caller's transaction, before an upload is stored and its
 * job queued (bad file → 400, company with data → 409 at once); the job checks again in its own
 * transaction, where it counts.
 */
export async function precheckArchiveRestore(
  tx: Tx,
  targetCompanyId: string,
  input: unknown,
): Promise<CompanyArchive> {
  const archive = parseArchive(input);
  await checkTarget(tx, targetCompanyId, archive);
  return archive;
}

/**
 * Restores an archive into an empty company in one transaction: new ids, every reference
 * rewritten, counters and settings as archived, sensitive fields encrypted with the current key.
 * The audit triggers record every row for the new company, so its chain verifies.
 */
export async function importCompanyArchive(
  db: Db,
  targetCompanyId: string,
  input: unknown,
  opts: ArchiveOptions = {},
): Promise<{ tables: number; rows: number }> {
  const archive = parseArchive(input);
  return runIn(db, targetCompanyId, opts.userId, undefined, async (tx) => {
    // Two restores into the same company at once: the second waits, then finds it not empty.
    await lockRestoreTarget(tx, targetCompanyId);
    await setArchiveTextOutput(tx);
    const tables = await checkTarget(tx, targetCompanyId, archive);
    const map = idMap(archive, targetCompanyId);
    const dataByName = new Map(archive.tables.map((t) => [t.name, t]));
    // Configuration a fresh company already has is replaced (children first).
    for (const t of [...tables].reverse()) {
      if (REPLACEABLE_ON_IMPORT.has(t.name) && dataByName.has(t.name))
        await deleteCompanyRows(tx, t.name, targetCompanyId);
    }
    // Progress per batch of rows written (the restore's time goes into rows, not tables).
    const total = archive.tables.reduce((n, t) => n + t.rows.length, 0);
    let rows = 0;
    for (const t of tables) {
      const data = dataByName.get(t.name);
      if (!data) continue;
      await writeTable(tx, targetCompanyId, t, data, map, async (written) => {
        rows += written;
        await opts.onProgress?.(rows / (total + 1));
      });
    }
    const company = Object.fromEntries(
      Object.entries(archive.company).map(([k, v]) => [k, typeof v === 'string' ? remap(map, v) : v]),
    );
    await writeCompany(tx, targetCompanyId, company);
    return { tables: archive.tables.length, rows };
  });
}
