import type { Db, Tx } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import * as repo from './files.repo.ts';

/** A stored file of the current company (content type and bytes), or null (a printed logo). */
export const storedFile = (tx: Tx, id: string) => repo.findFile(tx, id);

/** Stores an uploaded file in the caller's company transaction; returns its id. */
export function storeFile(
  tx: Tx,
  file: { companyId: string; createdBy: string; contentType: string; data: Buffer },
): Promise<string> {
  return repo.storeFile(tx, file);
}

/**
 * A stored file as a member sees it: looked for in each of `companyIds` in turn (a logo is shown to
 * members of its company: the requested company first, then the user's own). A company the user
 * does not belong to, or a blocked account there, is skipped, never an error that names the file.
 */
export async function findMemberFile(
  db: Db,
  userId: string,
  companyIds: readonly string[],
  id: string,
): Promise<repo.StoredFile | null> {
  for (const companyId of companyIds) {
    const file = await withCompany(db, { userId, companyId }, (tx) => repo.findFile(tx, id), {
      allowBlocked: true,
    }).catch(() => null);
    if (file) return file;
  }
  return null;
}
