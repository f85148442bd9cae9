import { AppError, type CompanyUpdate, type TenantProfile, type TenantUpdate } from '@erp/domain';
import type { Db, Tx } from '../../db/database.ts';
import { asPlatformFor, type CompanyContext, withCompany } from '../../db/tenant.ts';
import { addOwnerMembership } from '../team/team.service.ts';
import * as repo from './tenants.repo.ts';

/**
 * A user's own company is their tenants row (seed: id = user id) with them as owner. Created at
 * sign-up; re-created here if missing so that loading the profile always works (seed section 7).
 */
export async function bootstrapOwnCompany(db: Db, userId: string, fullName: string | null): Promise<void> {
  await asPlatformFor(db, { userId, companyId: userId }, async (tx) => {
    await repo.insertDefaultTenant(tx, userId, fullName);
    await addOwnerMembership(tx, userId);
  });
}

/** The company's own profile (name, OIB, address, bank accounts) inside a company transaction. */
export function companyProfile(tx: Tx, companyId: string): Promise<TenantProfile | null> {
  return repo.findTenant(tx, companyId);
}

/** A user's account status as their own company row says (a blocked user may read it); null: none. */
export async function accountStatus(db: Db, userId: string): Promise<string | null> {
  const profile = await withCompany(db, { userId, companyId: userId }, (tx) => repo.findTenant(tx, userId), {
    allowBlocked: true,
  });
  return profile?.account_status ?? null;
}

/**
 * An operator blocks or unblocks a user's own company (created first if missing, with them as
 * owner); the tenants trigger tells their open screens.
 */
export async function setOwnAccountStatus(
  db: Db,
  user: { id: string; name: string | null },
  status: 'active' | 'blocked',
): Promise<void> {
  await asPlatformFor(db, { userId: user.id, companyId: user.id, actor: 'platform' }, async (tx) => {
    await repo.insertDefaultTenant(tx, user.id, user.name);
    await addOwnerMembership(tx, user.id);
    await repo.setAccountStatus(tx, user.id, status);
  });
}

async function inOwnCompany<T>(
  db: Db,
  userId: string,
  fn: Parameters<typeof withCompany<T>>[2],
  opts: { allowBlocked?: boolean } = {},
): Promise<T> {
  const run = () => withCompany(db, { userId, companyId: userId }, fn, opts);
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'FORBIDDEN') throw error;
    await bootstrapOwnCompany(db, userId, null);
    return run();
  }
}

/** Load profile (seed): the caller's row, inserting the default profile when missing. Blocked users may read it. */
export function loadProfile(db: Db, userId: string): Promise<TenantProfile> {
  return inOwnCompany(
    db,
    userId,
    async (tx) => {
      const found = await repo.findTenant(tx, userId);
      if (found) return found;
      await repo.insertDefaultTenant(tx, userId, null);
      const created = await repo.findTenant(tx, userId);
      if (!created) throw new AppError('INTERNAL', 'Profil nije stvoren');
      return created;
    },
    { allowBlocked: true },
  );
}

export function updateProfile(db: Db, userId: string, changes: TenantUpdate): Promise<TenantProfile> {
  return inOwnCompany(db, userId, async (tx) => {
    const updated = await repo.updateTenant(tx, userId, changes);
    if (!updated) throw new AppError('NOT_FOUND', 'Profil ne postoji');
    return updated;
  });
}

/** Create profile (seed): only when none exists yet; 409 otherwise. */
export function createProfile(db: Db, userId: string, fields: TenantUpdate): Promise<TenantProfile> {
  return inOwnCompany(db, userId, async (tx) => {
    if (!(await repo.insertDefaultTenant(tx, userId, null)))
      throw new AppError('CONFLICT', 'Profil već postoji');
    const created = await repo.updateTenant(tx, userId, fields);
    if (!created) throw new AppError('INTERNAL', 'Profil nije stvoren');
    return created;
  });
}

export function setCompanyLogo(db: Db, userId: string, url: string): Promise<TenantProfile> {
  return inOwnCompany(db, userId, async (tx) => {
    const updated = await repo.updateTenant(tx, userId, { company_logo: url });
    if (!updated) throw new AppError('NOT_FOUND', 'Profil ne postoji');
    return updated;
  });
}

/**
 * In a transaction on another database (the admin's copies of a user's profile row): the row's
 * account status, set without an audit entry there (tenants.repo).
 */
export function copyAccountStatusTo(tx: Tx, userId: string, status: 'active' | 'blocked'): Promise<void> {
  return repo.copyAccountStatus(tx, userId, status);
}

/** The current company's name ({ company_name } or undefined), as a document's mail signs with it. */
export function ownCompanyName(tx: Tx): Promise<{ company_name: string | null } | undefined> {
  return repo.ownCompanyName(tx);
}

export type OperatorRow = repo.OperatorRow;

/** A user's e-invoice operator as stored (the e-invoice area opens the sealed OIB). */
export function operatorOf(tx: Tx, userId: string): Promise<OperatorRow | undefined> {
  return repo.getOperator(tx, userId);
}

/** A user's e-invoice operator on their own row; the e-invoice area checks and seals the OIB first. */
export function saveOperator(
  tx: Tx,
  userId: string,
  mark: string | null,
  sealedOib: string | null,
): Promise<void> {
  return repo.setOperator(tx, userId, mark, sealedOib);
}

// The company card (team settings) -------------------------------------------------------------------

export async function getCompany(tx: Tx, ctx: CompanyContext): Promise<repo.CompanyRow> {
  const row = await repo.findCompany(tx, ctx.companyId);
  if (!row) throw new AppError('NOT_FOUND', 'Tvrtka ne postoji');
  return row;
}

export async function updateCompany(
  tx: Tx,
  ctx: CompanyContext,
  changes: CompanyUpdate & { company_logo?: string },
): Promise<repo.CompanyRow> {
  const row = await repo.updateCompany(tx, ctx.companyId, changes);
  if (!row) throw new AppError('NOT_FOUND', 'Tvrtka ne postoji');
  return row;
}
