import { AppError } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { companyDb, dedicatedDatabases } from '../../db/company-router.ts';
import { type Db, rowsOf } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { setOwnAccountStatus } from '../tenants/tenants.service.ts';

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
  for (const other of others) {
    await other.transaction(async (tx) => {
      // Forced row-level security: the owner sees the row as its user.
      await tx.execute(sql`select set_config('app.user_id', ${userId}, true)`);
      const found = rowsOf(
        await tx.execute(
          sql`select 1 as one from tenants where id = ${userId} and account_status <> ${status}`,
        ),
      );
      if (found.length === 0) return;
      await tx.execute(sql`alter table tenants disable trigger tenants_audit`);
      await tx.execute(sql`update tenants set account_status = ${status} where id = ${userId}`);
      await tx.execute(sql`alter table tenants enable trigger tenants_audit`);
    });
  }
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
