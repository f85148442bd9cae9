import {
  AppError,
  businessDay,
  can,
  type ExportFormat,
  type ExportJobRequest,
  type ExportSection,
  type PdfExportKind,
  type Role,
} from '@erp/domain';
import type { Db, Tx } from '../../db/database.ts';
import { type CompanyContext, withCompany } from '../../db/tenant.ts';
import { documentPdfById } from '../documents/frozen-files.ts';
import { purchaseOrderPdf } from '../purchasing/purchase-order.pdf.ts';
import { exportCompanyArchive } from './archive.ts';
import {
  documentsOfKinds,
  type ExportFileMeta,
  type PdfSource,
  purchaseOrderSources,
  storeExportFile,
} from './export.repo.ts';
import {
  exportFileBase,
  type FileLanguage,
  fileWords,
  pdfFolder,
  sectionFileBase,
} from './export-language.ts';
import { countSection, SECTIONS } from './sections.repo.ts';
import { sectionBatches } from './sections.ts';
import { collect, writeCsv, writeXlsx, ZIP_MAX_ENTRIES, zipWriter } from './writers.ts';

export type GeneratedFile = { filename: string; contentType: string; data: Buffer; sensitive: boolean };
export type Progress = (fraction: number) => Promise<void> | void;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  json: 'application/json',
} as const;

/** Roles that may see OIB, IBAN and the like in plain text: the ones that manage the company. */
export function canReadSensitive(role: Role): boolean {
  return can(role, 'company.manage');
}

const today = () => businessDay();

/**
 * One section as CSV or XLSX, read in the caller's transaction (row-level security applies) from a
 * cursor in batches and written by a streaming writer; `onProgress` follows the batches. The
 * background job and the direct download both come through here.
 */
export async function exportSection(
  tx: Tx,
  ctx: CompanyContext,
  section: ExportSection,
  format: ExportFormat,
  opts: { onProgress?: Progress; batchSize?: number; lang?: FileLanguage } = {},
): Promise<GeneratedFile> {
  const plainSensitive = canReadSensitive(ctx.role);
  const total = opts.onProgress ? await countSection(tx, section) : 0;
  let done = 0;
  async function* batches() {
    for await (const rows of sectionBatches(tx, section, { plainSensitive, batchSize: opts.batchSize })) {
      yield rows;
      done += rows.length;
      if (opts.onProgress && total > 0) await opts.onProgress(Math.min(done / total, 1));
    }
  }
  const out = collect();
  const columns = SECTIONS[section].columns;
  const words = opts.lang ? fileWords(section, columns, opts.lang) : undefined;
  if (format === 'csv') await writeCsv(columns, batches(), out.sink, words);
  else await writeXlsx(columns, batches(), section, out.sink, words);
  const sensitive = plainSensitive && columns.some((c) => c.sensitive);
  // In the user's language the name is the section's own (artikli-2026-11-27.xlsx), else the code.
  const filename = `${sectionFileBase(section, today(), opts.lang)}.${format}`;
  return { filename, contentType: CONTENT_TYPES[format], data: out.buffer(), sensitive };
}

const safeName = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80);

/** Documents done and the total of a PDF export (the screen shows "12 / 40"). */
export type PdfProgress = (done: number, total: number) => Promise<void> | void;

async function pdfSources(tx: Tx, kinds: readonly PdfExportKind[]): Promise<PdfSource[]> {
  const docKinds = kinds.filter((k) => k !== 'purchase_order');
  const docs = docKinds.length === 0 ? [] : await documentsOfKinds(tx, docKinds);
  const orders = kinds.includes('purchase_order') ? await purchaseOrderSources(tx) : [];
  return [...docs, ...orders];
}

/** One document's PDF (the renderer of the documents and purchasing screens), in the caller's transaction. */
async function renderSource(tx: Tx, companyId: string, s: PdfSource): Promise<Buffer> {
  return s.kind === 'purchase_order'
    ? (await purchaseOrderPdf(tx, companyId, s.id)).pdf
    : documentPdfById(tx, companyId, s.id);
}

/**
 * The existing per-document PDFs of the chosen kinds in one zip (folder per kind, file named by
 * the document number). The list of documents is read first; then each document is rendered in a
 * transaction of its own (the company's row-level security, its own snapshot) and written into the
 * zip at once, so only the compressed zip grows and the database is free between documents (on
 * PGlite's single connection the screen's progress poll gets through). `onProgress(done, total)`
 * follows every document. Any failure throws: the caller stores no file.
 */
export async function exportPdfZip(
  db: Db,
  ids: { userId: string; companyId: string },
  kinds: readonly PdfExportKind[],
  onProgress: PdfProgress = () => {},
  lang?: FileLanguage,
): Promise<GeneratedFile> {
  const read = { permission: 'export.run' as const };
  const sources = await withCompany(db, ids, (tx) => pdfSources(tx, kinds), read);
  if (sources.length > ZIP_MAX_ENTRIES)
    throw new AppError('VALIDATION', `Najviše ${ZIP_MAX_ENTRIES} dokumenata u jednoj ZIP datoteci`);
  const out = collect();
  const zip = zipWriter(out.sink);
  await onProgress(0, sources.length);
  for (const [i, s] of sources.entries()) {
    const data = await withCompany(db, ids, (tx, ctx) => renderSource(tx, ctx.companyId, s), read);
    const label = s.number ? safeName(s.number) : `nacrt-${s.id.slice(0, 8)}`;
    // A folder per kind, named in the user's language ("ponude/"), else by the kind's code.
    await zip.add(`${pdfFolder(s.kind, lang)}/${label}.pdf`, data);
    await onProgress(i + 1, sources.length);
  }
  await zip.finish();
  return {
    filename: `${exportFileBase('pdfZip', today(), lang)}.zip`,
    contentType: CONTENT_TYPES.zip,
    data: out.buffer(),
    sensitive: false,
  };
}

/** The whole company as the JSON archive (docs/export.md); only for roles that manage the company. */
export async function exportArchiveFile(
  db: Db,
  ids: { userId: string; companyId: string },
  onProgress: Progress = () => {},
  lang?: FileLanguage,
): Promise<GeneratedFile> {
  const archive = await exportCompanyArchive(db, ids.companyId, { userId: ids.userId, onProgress });
  return {
    // Named in the user's language; the content keeps the API's codes.
    filename: `${exportFileBase('archive', today(), lang)}.json`,
    contentType: CONTENT_TYPES.json,
    data: Buffer.from(JSON.stringify(archive), 'utf8'),
    sensitive: true,
  };
}

/** Who may start which export: sections and PDFs need export.run, the archive company.manage. */
export function assertMayExport(role: Role, request: ExportJobRequest): void {
  const needed = request.type === 'archive' ? 'company.manage' : 'export.run';
  if (!can(role, needed)) throw new AppError('FORBIDDEN', 'Vaša uloga ne dopušta ovaj izvoz');
}

/** Runs an export request to the end and stores its file (the job handler, and the in-request path). */
export async function runExport(
  db: Db,
  ids: { userId: string; companyId: string },
  request: ExportJobRequest,
  opts: { jobId: string | null; onProgress?: Progress; onPdfProgress?: PdfProgress },
): Promise<ExportFileMeta> {
  const onProgress = opts.onProgress ?? (() => {});
  let file: GeneratedFile;
  if (request.type === 'section') {
    const { section, format, lang } = request;
    // One transaction (one snapshot, the company's row-level security) around the whole cursor.
    file = await withCompany(
      db,
      ids,
      (tx, ctx) => exportSection(tx, ctx, section, format, { onProgress, lang }),
      {
        permission: 'export.run',
        isolation: 'repeatable read',
      },
    );
  } else if (request.type === 'pdf') {
    const onPdfProgress: PdfProgress =
      opts.onPdfProgress ?? ((done, total) => onProgress(total === 0 ? 1 : done / total));
    file = await exportPdfZip(db, ids, request.kinds, onPdfProgress, request.lang);
  } else {
    file = await exportArchiveFile(db, ids, onProgress, request.lang);
  }
  return withCompany(db, ids, (tx) =>
    storeExportFile(tx, {
      companyId: ids.companyId,
      jobId: opts.jobId,
      kind: request.type,
      filename: file.filename,
      contentType: file.contentType,
      data: file.data,
      sensitive: file.sensitive,
      createdBy: ids.userId,
    }),
  );
}

/** A stored file may be fetched by a member who may export; plain sensitive data only by its maker or a manager. */
export function assertMayDownload(ctx: CompanyContext, file: ExportFileMeta): void {
  if (file.sensitive && file.created_by !== ctx.userId && !canReadSensitive(ctx.role))
    throw new AppError('FORBIDDEN', 'Ova datoteka sadrži osjetljive podatke');
}
