import type { Db } from '../../db/database.ts';
import * as repo from './auth.repo.ts';

// The auth module owns better-auth's users table (db/table-owners.ts): the platform
// administration grants and takes back an operator's flag through this function.

/** Sets the platform-admin flag of the user with this e-mail; false when there is no such user. */
export function setPlatformAdminFlag(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  return repo.setPlatformAdmin(db, email, isAdmin);
}
