import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  can,
  type ErrorCode,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationCreate,
  type InvitationPreview,
  invitationStatus,
  type Member,
  type MemberChange,
  type MemberUpdate,
  mayGrantRole,
  memberChangeViolation,
  type Role,
  sameEmail,
  type TeamRuleViolation,
} from '@erp/domain';
import type { Db, Tx } from '../../db/database.ts';
import { type CompanyContext, companyReadOnlyError, withCompany, withRetry } from '../../db/tenant.ts';
import { copyJoiningUser, findInvitationDatabase, mirrorMemberships } from '../../platform/team-mirror.ts';
import type { MailMessage } from './team.mailer.ts';
import * as repo from './team.repo.ts';

/** Croatian role names for the invitation mail (the reference language). */
const ROLE_NAMES_HR: Record<Role, string> = {
  owner: 'vlasnik',
  admin: 'administrator',
  planner: 'planer',
  warehouse: 'skladištar',
  viewer: 'samo pregled',
};

const VIOLATIONS: Record<TeamRuleViolation, { code: ErrorCode; message: string; key: string }> = {
  owner_only: {
    code: 'FORBIDDEN',
    message: 'Samo vlasnik može dodijeliti ili mijenjati ulogu vlasnika',
    key: 'team.errors.ownerOnly',
  },
  founder: {
    code: 'CONFLICT',
    message: 'Osnivač tvrtke uvijek ostaje njezin aktivni vlasnik',
    key: 'team.errors.founder',
  },
  last_owner: {
    code: 'CONFLICT',
    message: 'Tvrtka mora imati barem jednog aktivnog vlasnika',
    key: 'team.errors.lastOwner',
  },
  self_suspend: {
    code: 'CONFLICT',
    message: 'Ne možete obustaviti vlastiti pristup',
    key: 'team.errors.selfSuspend',
  },
  self_remove: {
    code: 'CONFLICT',
    message: 'Sebe ne uklanjate, nego napuštate tvrtku',
    key: 'team.errors.selfRemove',
  },
};

function teamError(code: ErrorCode, message: string, key: string, field = 'member'): AppError {
  return new AppError(code, message, [{ field, key }]);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked database does not hand out working invitation links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationLink(baseUrl: string, token: string): string {
  // The token travels in the fragment, so it never reaches server logs or Referer headers.
  return `${baseUrl.replace(/\/$/, '')}/invite#${token}`;
}

// Members -------------------------------------------------------------------------------------------

export function listMembers(tx: Tx, ctx: CompanyContext): Promise<Member[]> {
  return repo.listMembers(tx, ctx.companyId);
}

async function applyChange(
  tx: Tx,
  ctx: CompanyContext,
  targetId: string,
  change: MemberChange,
): Promise<void> {
  await repo.lockTeam(tx, ctx.companyId);
  const members = await repo.listMembers(tx, ctx.companyId);
  const target = members.find((m) => m.user_id === targetId);
  if (!target) throw new AppError('NOT_FOUND', 'Član ne postoji');
  const activeOwners = members.filter((m) => m.role === 'owner' && m.status === 'active').length;
  // The actor's role as it is now, under the lock: a concurrent change may have just demoted them.
  const actor = members.find((m) => m.user_id === ctx.userId && m.status === 'active');
  if (!actor) throw new AppError('FORBIDDEN', 'Niste član ove tvrtke');
  if (change.kind !== 'leave' && !can(actor.role, 'members.manage'))
    throw new AppError('FORBIDDEN', 'Vaša uloga ne dopušta ovu radnju');
  const violation = memberChangeViolation({
    actor: { userId: ctx.userId, role: actor.role },
    target: {
      userId: target.user_id,
      role: target.role,
      status: target.status,
      isFounder: target.is_founder,
    },
    change,
    activeOwners,
  });
  if (violation) {
    const v = VIOLATIONS[violation];
    throw teamError(v.code, v.message, v.key);
  }
  if (change.kind === 'remove' || change.kind === 'leave') {
    await repo.deleteMember(tx, ctx.companyId, targetId);
  } else if (change.kind === 'role') {
    await repo.updateMember(tx, ctx.companyId, targetId, { role: change.role });
  } else {
    await repo.updateMember(tx, ctx.companyId, targetId, { status: change.status });
  }
}

/** Role and/or status of one member; each change is checked against the rules after the one before. */
export async function updateMember(
  tx: Tx,
  ctx: CompanyContext,
  targetId: string,
  update: MemberUpdate,
): Promise<Member> {
  if (update.role !== undefined) await applyChange(tx, ctx, targetId, { kind: 'role', role: update.role });
  if (update.status !== undefined)
    await applyChange(tx, ctx, targetId, { kind: 'status', status: update.status });
  const member = (await repo.listMembers(tx, ctx.companyId)).find((m) => m.user_id === targetId);
  if (!member) throw new AppError('NOT_FOUND', 'Član ne postoji');
  return member;
}

export function removeMember(tx: Tx, ctx: CompanyContext, targetId: string): Promise<void> {
  return applyChange(tx, ctx, targetId, { kind: 'remove' });
}

export function leaveCompany(tx: Tx, ctx: CompanyContext): Promise<void> {
  return applyChange(tx, ctx, ctx.userId, { kind: 'leave' });
}

// Invitations ---------------------------------------------------------------------------------------

function toInvitation(row: repo.InvitationRow, names: Map<string, string>, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(
      { accepted_at: row.acceptedAt, revoked_at: row.revokedAt, expires_at: row.expiresAt },
      now,
    ),
    invited_by_name: row.invitedBy ? (names.get(row.invitedBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

async function memberNames(tx: Tx, companyId: string): Promise<Map<string, string>> {
  return new Map((await repo.listMembers(tx, companyId)).map((m) => [m.user_id, m.name ?? m.email]));
}

export type CreatedInvitation = {
  invitation: Invitation;
  link: string;
  mail: MailMessage;
  companyName: string | null;
};

export async function createInvitation(
  tx: Tx,
  ctx: CompanyContext,
  input: InvitationCreate,
  baseUrl: string,
  now = new Date(),
): Promise<CreatedInvitation> {
  if (!mayGrantRole(ctx.role, input.role)) {
    const v = VIOLATIONS.owner_only;
    throw teamError(v.code, v.message, v.key, 'role');
  }
  const members = await repo.listMembers(tx, ctx.companyId);
  if (members.some((m) => sameEmail(m.email, input.email)))
    throw teamError(
      'CONFLICT',
      'Korisnik s tom adresom već je član tvrtke',
      'team.errors.alreadyMember',
      'email',
    );
  await repo.revokeOpenFor(tx, ctx.companyId, input.email);
  const token = newToken();
  const row = await repo.insertInvitation(tx, {
    companyId: ctx.companyId,
    email: input.email,
    role: input.role,
    tokenHash: hashToken(token),
    invitedBy: ctx.userId,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000),
  });
  const names = new Map(members.map((m) => [m.user_id, m.name ?? m.email]));
  const link = invitationLink(baseUrl, token);
  const companyName = await repo.companyName(tx, ctx.companyId);
  const inviter = names.get(ctx.userId) ?? 'Kolega';
  const mail: MailMessage = {
    to: input.email,
    subject: `Pozivnica u tvrtku ${companyName ?? ''}`.trim(),
    text: [
      `${inviter} vas poziva da se pridružite tvrtki ${companyName ?? ''} kao ${ROLE_NAMES_HR[input.role]}.`,
      '',
      `Prihvatite pozivnicu ovdje (vrijedi ${INVITATION_TTL_DAYS} dana): ${link}`,
      '',
      'Ako ne očekujete ovu poruku, zanemarite je.',
    ].join('\n'),
  };
  return { invitation: toInvitation(row, names, now), link, mail, companyName };
}

export async function listInvitations(tx: Tx, ctx: CompanyContext, now = new Date()): Promise<Invitation[]> {
  const names = await memberNames(tx, ctx.companyId);
  return (await repo.listInvitations(tx, ctx.companyId, 50)).map((r) => toInvitation(r, names, now));
}

export async function revokeInvitation(tx: Tx, ctx: CompanyContext, id: string): Promise<void> {
  if (await repo.revokeInvitation(tx, ctx.companyId, id)) return;
  if (!(await repo.findInvitation(tx, ctx.companyId, id)))
    throw new AppError('NOT_FOUND', 'Pozivnica ne postoji');
  throw teamError('CONFLICT', 'Pozivnica više nije otvorena', 'team.errors.invitationClosed', 'invitation');
}

const CLOSED_INVITATION: Record<'accepted' | 'revoked' | 'expired', { message: string; key: string }> = {
  accepted: { message: 'Pozivnica je već iskorištena', key: 'team.errors.invitationAccepted' },
  revoked: { message: 'Pozivnica je opozvana', key: 'team.errors.invitationRevoked' },
  expired: { message: 'Pozivnica je istekla', key: 'team.errors.invitationExpired' },
};

/**
 * The invitee is not a member yet, so these two run on the owner connection like the sign-up
 * bootstrap: the token's hash opens exactly one invitation (policy invitations_by_token), then
 * app.company_id is set to that invitation's company, so forced row-level security still scopes
 * every statement to it.
 */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationPreview> {
  // A company in a dedicated database keeps its invitations there (issue 10).
  const where = await findInvitationDatabase(db, hashToken(token));
  return (where?.db ?? db).transaction(async (tx) => {
    const inv = await repo.findByTokenHash(tx, hashToken(token));
    if (!inv) throw teamError('NOT_FOUND', 'Pozivnica ne postoji', 'team.errors.invitationUnknown', 'token');
    await repo.enterInvitationCompany(tx, inv.companyId);
    return {
      company_name: await repo.companyName(tx, inv.companyId),
      email: inv.email,
      role: inv.role,
      status: invitationStatus(
        { accepted_at: inv.acceptedAt, revoked_at: inv.revokedAt, expires_at: inv.expiresAt },
        now,
      ),
      invited_by_name: await repo.userName(tx, inv.invitedBy),
      expires_at: inv.expiresAt.toISOString(),
    };
  });
}

export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  token: string,
): Promise<{ company_id: string; role: Role }> {
  // A company in a dedicated database keeps its invitations and authoritative memberships there:
  // the new member's copies go in first, the membership is then mirrored into the main database.
  const where = await findInvitationDatabase(db, hashToken(token));
  if (where && where.db !== db) await copyJoiningUser(db, where.companyId, user.id);
  const joined = await joinCompany(where?.db ?? db, user, token);
  await mirrorMemberships(db, joined.company_id);
  return joined;
}

function joinCompany(
  db: Db,
  user: { id: string; email: string },
  token: string,
): Promise<{ company_id: string; role: Role }> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const inv = await repo.findByTokenHash(tx, hashToken(token));
      if (!inv)
        throw teamError('NOT_FOUND', 'Pozivnica ne postoji', 'team.errors.invitationUnknown', 'token');
      const status = invitationStatus(
        { accepted_at: inv.acceptedAt, revoked_at: inv.revokedAt, expires_at: inv.expiresAt },
        new Date(),
      );
      if (status !== 'pending') {
        const closed = CLOSED_INVITATION[status];
        throw teamError('CONFLICT', closed.message, closed.key, 'token');
      }
      if (!sameEmail(inv.email, user.email))
        throw teamError(
          'FORBIDDEN',
          'Pozivnica je poslana na drugu adresu e-pošte',
          'team.errors.wrongEmail',
          'token',
        );
      // The audit trail names the invitee as the actor of their joining.
      // Like every company transaction: no joining while the company is moved or restored (its
      // state is read in a later statement, after the lock).
      const hosting = await repo.enterCompanyAsJoiner(tx, inv.companyId, user.id);
      if (hosting !== 'normal') throw companyReadOnlyError();
      if (!(await repo.markAccepted(tx, inv.id, user.id))) {
        const closed = CLOSED_INVITATION.accepted;
        throw teamError('CONFLICT', closed.message, closed.key, 'token');
      }
      await repo.insertMembership(tx, inv.companyId, user.id, inv.role);
      return { company_id: inv.companyId, role: inv.role };
    }),
  );
}

/** The current company's active members (an automation's notify action writes to each). */
export function activeMemberIds(tx: Tx): Promise<string[]> {
  return repo.activeMemberIds(tx);
}

/** The owner's membership of a user's own company, created with the company (tenants.service). */
export function addOwnerMembership(tx: Tx, companyId: string): Promise<void> {
  return repo.insertOwnerMembership(tx, companyId);
}

/** The signed-in user's companies (the company switcher), read through their own company. */
export function myCompanies(db: Db, userId: string) {
  return withCompany(db, { userId, companyId: userId }, (tx) => repo.myCompanies(tx, userId), {
    allowBlocked: true,
  });
}
