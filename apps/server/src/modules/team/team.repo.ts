import type { Member, MemberStatus, MyCompany, Role } from '@erp/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { invitations, tenants, users } from '../../db/schema.ts';
import { COMPANY_LOCK_SPACE } from '../../db/tenant.ts';

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

type MemberRow = {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  status: MemberStatus;
  joined_at: Date | string;
};

/** Members of the current company (app.company_id), through the directory function. */
export async function listMembers(tx: Tx, companyId: string): Promise<Member[]> {
  const rows = rowsOf<MemberRow>(await tx.execute(sql`select * from team_members()`));
  return rows.map((r) => ({
    ...r,
    joined_at: iso(r.joined_at),
    is_founder: r.user_id === companyId,
  }));
}

/**
 * Serialises membership changes per company, so two owners demoting each other at once cannot
 * leave the company without an owner (a transaction-scoped advisory lock any member may take).
 */
export async function lockTeam(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`team:${companyId}`}, 0))`);
}

export async function updateMember(
  tx: Tx,
  companyId: string,
  userId: string,
  change: { role?: Role; status?: MemberStatus },
): Promise<boolean> {
  const result = await tx.execute(sql`
    update memberships set
      role = coalesce(${change.role ?? null}, role),
      status = coalesce(${change.status ?? null}, status),
      updated_at = now()
    where company_id = ${companyId} and user_id = ${userId}
    returning user_id`);
  return rowsOf(result).length > 0;
}

export async function deleteMember(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`delete from memberships where company_id = ${companyId} and user_id = ${userId} returning user_id`,
  );
  return rowsOf(result).length > 0;
}

export async function myCompanies(tx: Tx, userId: string): Promise<MyCompany[]> {
  const rows = rowsOf<Omit<MyCompany, 'is_own'>>(
    await tx.execute(sql`select company_id, company_name, role, status from my_companies()`),
  );
  return rows.map((r) => ({ ...r, is_own: r.company_id === userId }));
}

// Invitations ---------------------------------------------------------------------------------------

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(
  tx: Tx,
  values: {
    companyId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation not stored');
  return row;
}

/** Revokes the still-open invitations for an address (a new one replaces them: its link is shown once). */
export async function revokeOpenFor(tx: Tx, companyId: string, email: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

export async function revokeInvitation(tx: Tx, companyId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await tx
    .update(invitations)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findInvitation(tx: Tx, companyId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)));
  return row ?? null;
}

export async function listInvitations(tx: Tx, companyId: string, limit: number): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(invitations)
    .where(eq(invitations.companyId, companyId))
    .orderBy(desc(invitations.createdAt))
    .limit(limit);
}

/** The invitation whose token hash the transaction was given (policy invitations_by_token). */
export async function findByTokenHash(tx: Tx, tokenHash: string): Promise<InvitationRow | null> {
  await tx.execute(sql`select set_config('app.invite_token_hash', ${tokenHash}, true)`);
  const [row] = await tx.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks an invitation accepted if it still may be (one-time: a second use finds nothing to update). */
export async function markAccepted(tx: Tx, id: string, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    update invitations set accepted_at = now(), accepted_by = ${userId}, updated_at = now()
    where id = ${id} and accepted_at is null and revoked_at is null and expires_at > now()
    returning id`);
  return rowsOf(result).length > 0;
}

export async function insertMembership(
  tx: Tx,
  companyId: string,
  userId: string,
  role: Role,
): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into memberships (company_id, user_id, role) values (${companyId}, ${userId}, ${role})
    on conflict (company_id, user_id) do nothing returning user_id`);
  return rowsOf(result).length > 0;
}

/** The active members of the current company (app.company_id), in user id order. */
export async function activeMemberIds(tx: Tx): Promise<string[]> {
  const result = await tx.execute(
    sql`select user_id from memberships where company_id = app_company_id() and status = 'active' order by user_id`,
  );
  return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
}

/** The owner's membership of a user's own company (created with it); nothing when it is there. */
export async function insertOwnerMembership(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`
    insert into memberships (company_id, user_id, role) values (${companyId}, ${companyId}, 'owner')
    on conflict (company_id, user_id) do nothing`);
}

/** Owner connection only (users is a platform table). */
export async function userName(tx: Tx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

export async function companyName(tx: Tx, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ company_name: tenants.company_name, full_name: tenants.full_name })
    .from(tenants)
    .where(eq(tenants.id, companyId));
  return row?.company_name || row?.full_name || null;
}

/**
 * On the owner connection, before the invitee is a member: scopes the transaction to the
 * invitation's company, so forced row-level security limits every later statement to it.
 */
export async function enterInvitationCompany(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`);
}

/**
 * Joining a company: the transaction acts in that company as the invitee (the audit trail names
 * them), under the company's shared lock like every company transaction, and answers the company's
 * hosting state read after that lock ('normal' unless it is being moved or restored).
 */
export async function enterCompanyAsJoiner(
  tx: Tx,
  companyId: string,
  userId: string,
): Promise<string | undefined> {
  await tx.execute(sql`select set_config('app.company_id', ${companyId}, true),
    set_config('app.user_id', ${userId}, true), set_config('app.actor_id', '', true),
    pg_advisory_xact_lock_shared(${COMPANY_LOCK_SPACE}, hashtext(${companyId}))`);
  return rowsOf<{ hosting: string }>(
    await tx.execute(sql`select app_company_hosting(${companyId}::uuid) as hosting`),
  )[0]?.hosting;
}
