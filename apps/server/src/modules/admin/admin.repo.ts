import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

// The platform administration's reads and writes of users (drizzle's query builder over better-auth's
// users table) and of a user's profile copy in another database.

const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; name: string } | null> {
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(sameEmail(email));
  return rows[0] ?? null;
}

/** Sets a user's platform-admin flag; false when no user has this email. */
export async function setPlatformAdmin(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isPlatformAdmin: isAdmin })
    .where(sameEmail(email))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function isPlatformAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ admin: users.isPlatformAdmin }).from(users).where(eq(users.id, userId));
  return rows[0]?.admin === true;
}

/**
 * In a transaction on another database: gives the copy of the user's profile row the account
 * status, unless it has it already. Forced row-level security lets the owner see the row as its
 * user; the audit trigger is off for this one statement (the change is in the trail of the user's
 * own company).
 */
export async function copyAccountStatus(tx: Tx, userId: string, status: 'active' | 'blocked'): Promise<void> {
  await tx.execute(sql`select set_config('app.user_id', ${userId}, true)`);
  const found = rowsOf(
    await tx.execute(sql`select 1 as one from tenants where id = ${userId} and account_status <> ${status}`),
  );
  if (found.length === 0) return;
  await tx.execute(sql`alter table tenants disable trigger tenants_audit`);
  await tx.execute(sql`update tenants set account_status = ${status} where id = ${userId}`);
  await tx.execute(sql`alter table tenants enable trigger tenants_audit`);
}
