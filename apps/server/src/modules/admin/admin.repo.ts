import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

// The platform administration's reads of users (drizzle's query builder over better-auth's users
// table). Its writes go through the owners' services: the platform-admin flag through auth's
// platform-admins.ts, the account status and its copies in other databases through tenants.

const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; name: string } | null> {
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(sameEmail(email));
  return rows[0] ?? null;
}

export async function isPlatformAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ admin: users.isPlatformAdmin }).from(users).where(eq(users.id, userId));
  return rows[0]?.admin === true;
}
