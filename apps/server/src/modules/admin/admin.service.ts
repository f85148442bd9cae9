import { AppError } from '@erp/domain';
import { companyDb, dedicatedDatabases } from '../../db/company-router.ts';
import type { Db } from '../../db/database.ts';
import { setPlatformAdminFlag } from '../auth/platform-admins.ts';
import { copyAccountStatusTo, setOwnAccountStatus } from '../tenants/tenants.service.ts';
import * as repo from './admin.repo.ts';

export const findUserByEmail = repo.findUserByEmail;

/** Blocks or unblocks a user; their open screens see it within a second (tenants trigger → NOTIFY). */
export async function setAccountStatusByEmail(
  db: Db,
  email: string,
  status: 'active' | 'blocked',
): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `Korisnik ${email} ne postoji`);
  await setOwnAccountStatus(db, user, status);
  await copyAccountStatus(db, user.id, status);
  return user.id;
}

/**
 * The status was set (and audited) in the database of the user's own company. Copies of the user's
 * profile row elsewhere (the main database when that company is dedicated, and dedicated databases
 * of companies they belong to, issue 10) get the same status, so every company refuses them at once.
 * Only the status column changes; the audit trigger is off for this statement because the change is
 * already in the trail of the user's own company.
 */
async function copyAccountStatus(db: Db, userId: string, status: 'active' | 'blocked'): Promise<void> {
  const home = await companyDb(db, userId);
  const others = [db, ...(await dedicatedDatabases(db)).map((d) => d.database.db)].filter((d) => d !== home);
  for (const other of others) await other.transaction((tx) => copyAccountStatusTo(tx, userId, status));
}

export async function setPlatformAdmin(db: Db, email: string, isAdmin: boolean): Promise<void> {
  if (!(await setPlatformAdminFlag(db, email, isAdmin)))
    throw new AppError('NOT_FOUND', `Korisnik ${email} ne postoji`);
}

export const isPlatformAdmin = repo.isPlatformAdmin;
