import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { files } from '../../db/schema.ts';

export async function storeFile(
  tx: Tx,
  file: { companyId: string; createdBy: string; contentType: string; data: Buffer },
): Promise<string> {
  const rows = await tx
    .insert(files)
    .values({
      companyId: file.companyId,
      createdBy: file.createdBy,
      contentType: file.contentType,
      size: file.data.length,
      data: file.data,
    })
    .returning({ id: files.id });
  const id = rows[0]?.id;
  if (!id) throw new Error('file insert returned no id');
  return id;
}

/** Row-level security limits this to the companies the caller belongs to. */
export async function findFile(tx: Tx, id: string): Promise<{ contentType: string; data: Buffer } | null> {
  const rows = await tx
    .select({ contentType: files.contentType, data: files.data })
    .from(files)
    .where(eq(files.id, id));
  return rows[0] ?? null;
}
