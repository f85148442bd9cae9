import type { Role } from '../permissions.ts';
import type { InvitationStatus, MemberStatus } from './team.schemas.ts';

export type MemberChange =
  | { kind: 'role'; role: Role }
  | { kind: 'status'; status: MemberStatus }
  | { kind: 'remove' }
  | { kind: 'leave' };

export type MemberFacts = { userId: string; role: Role; status: MemberStatus; isFounder: boolean };

/** Why a change of membership is refused; each maps to one error code and message on the server. */
export type TeamRuleViolation = 'owner_only' | 'founder' | 'last_owner' | 'self_suspend' | 'self_remove';

/** Only an owner may hand out the owner role or touch another owner's membership. */
export function mayGrantRole(actor: Role, role: Role): boolean {
  if (actor === 'owner') return true;
  return actor === 'admin' && role !== 'owner';
}

/**
 * The rules of issue 9 for changing a membership: the founder (whose own row is the company) stays
 * an active owner; the company never loses its last active owner; admins cannot act on owners or
 * create owners; nobody suspends themselves; removing yourself is leaving, a separate action.
 * `activeOwners` counts the company's active owners before the change.
 */
export function memberChangeViolation(input: {
  actor: { userId: string; role: Role };
  target: MemberFacts;
  change: MemberChange;
  activeOwners: number;
}): TeamRuleViolation | null {
  const { actor, target, change, activeOwners } = input;
  const self = actor.userId === target.userId;
  if (change.kind === 'leave') {
    if (target.isFounder) return 'founder';
    return target.role === 'owner' && target.status === 'active' && activeOwners <= 1 ? 'last_owner' : null;
  }
  if (change.kind === 'remove' && self) return 'self_remove';
  if (change.kind === 'status' && change.status === 'suspended' && self) return 'self_suspend';
  if (!self && target.role === 'owner' && actor.role !== 'owner') return 'owner_only';
  if (change.kind === 'role' && !mayGrantRole(actor.role, change.role)) return 'owner_only';
  const staysActiveOwner =
    change.kind === 'role'
      ? change.role === 'owner'
      : change.kind === 'status'
        ? change.status === 'active'
        : false;
  if (target.isFounder && !staysActiveOwner) return 'founder';
  const losesOwner = target.role === 'owner' && target.status === 'active' && !staysActiveOwner;
  if (losesOwner && activeOwners <= 1) return 'last_owner';
  return null;
}

/** Accepted and revoked are final; otherwise the clock decides. */
export function invitationStatus(
  inv: { accepted_at: Date | string | null; revoked_at: Date | string | null; expires_at: Date | string },
  now: Date,
): InvitationStatus {
  if (inv.accepted_at) return 'accepted';
  if (inv.revoked_at) return 'revoked';
  return new Date(inv.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** Invitations compare email addresses without regard to case or surrounding spaces. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
