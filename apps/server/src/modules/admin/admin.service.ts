import { AppError } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { asPlatformFor } from '../../db/tenant.ts';
import { insertDefaultTenant, insertOwnerMembership, setAccountStatus } from '../tenants/tenants.repo.ts';

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; name: string } | null> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return rows[0] ?? null;
}

/** Blocks or unblocks a user; their open screens see it within a second (tenants trigger → NOTIFY). */
export async function setAccountStatusByEmail(
  db: Db,
  email: string,
  status: 'active' | 'blocked',
): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `Korisnik ${email} ne postoji`);
  await asPlatformFor(db, { userId: user.id, companyId: user.id, actor: 'platform' }, async (tx) => {
    await insertDefaultTenant(tx, user.id, user.name);
    await insertOwnerMembership(tx, user.id);
    await setAccountStatus(tx, user.id, status);
  });
  return user.id;
}

export async function setPlatformAdmin(db: Db, email: string, isAdmin: boolean): Promise<void> {
  const rows = await db
    .update(users)
    .set({ isPlatformAdmin: isAdmin })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', `Korisnik ${email} ne postoji`);
}

export async function isPlatformAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ admin: users.isPlatformAdmin }).from(users).where(eq(users.id, userId));
  return rows[0]?.admin === true;
}
