import { createHash } from 'node:crypto';
import { type FrozenFormat, frozenFormats } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import * as filesRepo from './document-files.repo.ts';
import { renderPdf } from './documents.pdf.ts';
import * as repo from './documents.repo.ts';
import { ubl } from './invoices.service.ts';
import { currentSheet } from './work-order-snapshots.ts';

// Issued means frozen (migration 0039): the files of a document that left its draft are made
// once, stored in document_files and served as stored. Issuing makes them in its own transaction;
// a document frozen before this existed gets its files on its first download. The SHA-256 of each
// file goes onto the document row (ubl_sha256, pdf_sha256), so the audit trail records it.

const CONTENT_TYPES: Record<FrozenFormat, string> = {
  ubl: 'application/xml; charset=utf-8',
  pdf: 'application/pdf',
};

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function make(tx: Tx, companyId: string, id: string, format: FrozenFormat): Promise<Buffer> {
  if (format === 'ubl') return Buffer.from((await ubl(tx, id)).xml, 'utf8');
  return renderPdf(tx, companyId, [id]);
}

/** The stored bytes of one file (a work order's PDF: of one version), or null. */
export async function storedFile(
  tx: Tx,
  id: string,
  format: FrozenFormat,
  version = 1,
): Promise<Buffer | null> {
  const data64 = await filesRepo.fileData64(tx, id, format, version);
  return data64 !== undefined ? Buffer.from(data64, 'base64') : null;
}

/**
 * Stores a file once: true when this call stored it, false when that file (document, format,
 * version) was already there (two writers at once: the second insert waits and keeps the first).
 */
export async function storeFile(
  tx: Tx,
  companyId: string,
  id: string,
  format: FrozenFormat,
  data: Buffer,
  version = 1,
): Promise<boolean> {
  return filesRepo.insertFile(tx, companyId, {
    documentId: id,
    format,
    version,
    contentType: CONTENT_TYPES[format],
    data,
    sha256: sha256(data),
  });
}

/**
 * The stored file, made and stored now when it is missing. Two first downloads at once: the
 * second insert waits for the first and keeps it (`on conflict do nothing`), so both serve the
 * bytes that were stored.
 */
async function storedOrMade(tx: Tx, companyId: string, id: string, format: FrozenFormat): Promise<Buffer> {
  const have = await storedFile(tx, id, format);
  if (have) return have;
  const data = await make(tx, companyId, id, format);
  const hash = sha256(data);
  if (!(await storeFile(tx, companyId, id, format, data)))
    return (await storedFile(tx, id, format)) as Buffer;
  await filesRepo.setFileHash(tx, id, format, hash);
  return data;
}

/** Makes and stores every file of a document that has just left its draft (in that transaction). */
export async function freezeFiles(tx: Tx, companyId: string, id: string): Promise<void> {
  const doc = await repo.getDocument(tx, id);
  if (!doc) return;
  for (const format of frozenFormats(doc.kind, doc.status)) await storedOrMade(tx, companyId, id, format);
}

/**
 * The file to serve: the stored bytes of a frozen document (a released work order: its latest
 * version), or null for a document whose files are live (a draft; the caller renders it).
 */
export async function frozenFile(
  tx: Tx,
  companyId: string,
  doc: Pick<repo.DocumentRow, 'id' | 'kind' | 'status'>,
  format: FrozenFormat,
): Promise<Buffer | null> {
  if (doc.kind === 'work_order' && format === 'pdf') return currentSheet(tx, companyId, doc); // its latest version
  if (!frozenFormats(doc.kind, doc.status).includes(format)) return null;
  return storedOrMade(tx, companyId, doc.id, format);
}

/** A document's PDF as served: stored once frozen, rendered live before. */
export async function documentPdf(
  tx: Tx,
  companyId: string,
  doc: Pick<repo.DocumentRow, 'id' | 'kind' | 'status'>,
): Promise<Buffer> {
  return (await frozenFile(tx, companyId, doc, 'pdf')) ?? renderPdf(tx, companyId, [doc.id]);
}

/** The same by id (the PDF export's zip of many documents). */
export async function documentPdfById(tx: Tx, companyId: string, id: string): Promise<Buffer> {
  const doc = await repo.getDocument(tx, id);
  return doc ? documentPdf(tx, companyId, doc) : renderPdf(tx, companyId, [id]);
}
