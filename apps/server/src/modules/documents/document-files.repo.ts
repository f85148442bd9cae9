import type { FrozenFormat } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';

// Data access of the frozen files of documents (document_files, migration 0039; frozen-files.ts
// decides what is made and when). Bytes travel as base64 text, the same on PGlite and
// node-postgres (as in export_files).

/** The stored bytes of one file version as base64 text, or undefined. */
export async function fileData64(
  tx: Tx,
  documentId: string,
  format: FrozenFormat,
  version: number,
): Promise<string | undefined> {
  const row = await one<{ data64: string }>(
    tx,
    sql`select encode(data, 'base64') as data64 from document_files
        where document_id = ${documentId} and format = ${format} and version = ${version}`,
  );
  return row?.data64;
}

/** Inserts a file unless that version is there: true when this call stored it. */
export async function insertFile(
  tx: Tx,
  companyId: string,
  f: {
    documentId: string;
    format: FrozenFormat;
    version: number;
    contentType: string;
    data: Buffer;
    sha256: string;
  },
): Promise<boolean> {
  const inserted = await rows<{ document_id: string }>(
    tx,
    sql`insert into document_files (company_id, document_id, format, version, content_type, data, sha256)
        values (${companyId}, ${f.documentId}, ${f.format}, ${f.version}, ${f.contentType},
          decode(${f.data.toString('base64')}, 'base64'), ${f.sha256})
        on conflict (document_id, format, version) do nothing returning document_id`,
  );
  return inserted.length > 0;
}

/** Puts the file's SHA-256 on the document row once (the audit trail records it). */
export async function setFileHash(
  tx: Tx,
  documentId: string,
  format: FrozenFormat,
  hash: string,
): Promise<void> {
  await tx.execute(
    format === 'ubl'
      ? sql`update documents set ubl_sha256 = ${hash} where id = ${documentId} and ubl_sha256 is null`
      : sql`update documents set pdf_sha256 = ${hash} where id = ${documentId} and pdf_sha256 is null`,
  );
}
