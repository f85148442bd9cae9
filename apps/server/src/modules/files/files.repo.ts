import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';

export type StoredFile = { contentType: string; data: Buffer };

export async function storeFile(
  tx: Tx,
  file: { companyId: string; createdBy: string; contentType: string; data: Buffer },
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into files (company_id, created_by, content_type, size, data)
        values (${file.companyId}, ${file.createdBy}, ${file.contentType}, ${file.data.length}, ${file.data})
        returning id`,
  );
  if (!row) throw new Error('file insert returned no id');
  return row.id;
}

/** Row-level security limits this to the companies the caller belongs to. */
export async function findFile(tx: Tx, id: string): Promise<StoredFile | null> {
  const row = await one<{ content_type: string; data: Uint8Array }>(
    tx,
    sql`select content_type, data from files where id = ${id}`,
  );
  // pg hands bytea over as a Buffer, PGlite as a Uint8Array: callers get a Buffer either way.
  return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : null;
}
