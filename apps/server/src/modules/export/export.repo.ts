import {
  EXPORT_FILE_TTL_HOURS,
  type ExportFileKind,
  type ExportFileRow,
  type PdfExportKind,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/** A stored file's metadata (the contract's file row). */
export type ExportFileMeta = ExportFileRow;

const META = sql.raw(`id, job_id, kind, filename, content_type, size, sensitive, created_by,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at`);

/** Expired files of the company are removed whenever a new one is stored. */
export async function purgeExpired(tx: Tx): Promise<void> {
  await tx.execute(sql`delete from export_files where expires_at < now()`);
}

export async function storeExportFile(
  tx: Tx,
  file: {
    companyId: string;
    jobId: string | null;
    kind: ExportFileKind;
    filename: string;
    contentType: string;
    data: Buffer;
    sensitive: boolean;
    createdBy: string;
  },
): Promise<ExportFileMeta> {
  await purgeExpired(tx);
  const rows = rowsOf<ExportFileMeta>(
    await tx.execute(sql`
      insert into export_files (company_id, job_id, kind, filename, content_type, size, data, sensitive, created_by,
        expires_at)
      values (${file.companyId}, ${file.jobId}, ${file.kind}, ${file.filename}, ${file.contentType},
        ${file.data.length}, decode(${file.data.toString('base64')}, 'base64'), ${file.sensitive}, ${file.createdBy},
        now() + ${EXPORT_FILE_TTL_HOURS} * interval '1 hour')
      returning ${META}`),
  );
  return rows[0] as ExportFileMeta;
}

/** Files still downloadable, newest first. */
export async function listExportFiles(tx: Tx, limit = 20): Promise<ExportFileMeta[]> {
  return rowsOf<ExportFileMeta>(
    await tx.execute(sql`select ${META} from export_files where expires_at >= now() and kind <> 'upload'
      order by created_at desc, id limit ${limit}`),
  ).map((r) => ({ ...r, size: Number(r.size) }));
}

export async function fileOfJob(tx: Tx, jobId: string): Promise<ExportFileMeta | null> {
  const rows = rowsOf<ExportFileMeta>(
    await tx.execute(sql`select ${META} from export_files where job_id = ${jobId} and expires_at >= now()`),
  );
  return rows[0] ? { ...rows[0], size: Number(rows[0].size) } : null;
}

/** A generated file (uploads waiting for a restore are not files anyone downloads: `upload: true` reads those). */
export async function readExportFile(
  tx: Tx,
  id: string,
  opts: { upload?: boolean } = {},
): Promise<(ExportFileMeta & { data: Buffer }) | null> {
  const kind = opts.upload ? sql`kind = 'upload'` : sql`kind <> 'upload'`;
  const rows = rowsOf<ExportFileMeta & { data64: string }>(
    await tx.execute(sql`select ${META}, encode(data, 'base64') as data64 from export_files
      where id = ${id} and expires_at >= now() and ${kind}`),
  );
  const row = rows[0];
  if (!row) return null;
  const { data64, ...meta } = row;
  return { ...meta, size: Number(meta.size), data: Buffer.from(data64, 'base64') };
}

export async function deleteExportFile(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from export_files where id = ${id}`);
}

/** A document a PDF export renders: a sales document of a kind, or a purchase order. */
export type PdfSource = { id: string; kind: PdfExportKind; number: string | null };

/** The company's documents of the given sales kinds, by kind, then in the order they were made. */
export async function documentsOfKinds(tx: Tx, kinds: readonly PdfExportKind[]): Promise<PdfSource[]> {
  return rowsOf<PdfSource>(
    await tx.execute(sql`select id, kind, number from documents
      where kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      order by kind, created_at, id`),
  );
}

/** The company's purchase orders in the order they were made. */
export async function purchaseOrderSources(tx: Tx): Promise<PdfSource[]> {
  return rowsOf<PdfSource>(
    await tx.execute(sql`select id, 'purchase_order' as kind, number from purchase_orders
      order by created_at, id`),
  );
}
