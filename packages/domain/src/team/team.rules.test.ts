import { describe, expect, it } from 'vitest';
import {
  invitationStatus,
  type MemberFacts,
  mayGrantRole,
  memberChangeViolation,
  sameEmail,
} from './team.rules.ts';
import { companyUpdateSchema, invitationCreateSchema, memberUpdateSchema } from './team.schemas.ts';

const owner = { userId: 'o1', role: 'owner' as const };
const admin = { userId: 'a1', role: 'admin' as const };
const member = (over: Partial<MemberFacts> = {}): MemberFacts => ({
  userId: 'p1',
  role: 'planner',
  status: 'active',
  isFounder: false,
  ...over,
});

describe('memberChangeViolation', () => {
  it('lets an owner change a planner to any role, suspend and remove them', () => {
    for (const change of [
      { kind: 'role', role: 'owner' },
      { kind: 'role', role: 'viewer' },
      { kind: 'status', status: 'suspended' },
      { kind: 'remove' },
    ] as const)
      expect(memberChangeViolation({ actor: owner, target: member(), change, activeOwners: 1 })).toBeNull();
  });

  it('keeps the last active owner: no demotion, suspension, removal or leaving', () => {
    const target = member({ userId: 'o2', role: 'owner' });
    const other = { userId: 'o3', role: 'owner' as const };
    expect(
      memberChangeViolation({
        actor: other,
        target,
        change: { kind: 'role', role: 'admin' },
        activeOwners: 1,
      }),
    ).toBe('last_owner');
    expect(
      memberChangeViolation({
        actor: other,
        target,
        change: { kind: 'status', status: 'suspended' },
        activeOwners: 1,
      }),
    ).toBe('last_owner');
    expect(memberChangeViolation({ actor: other, target, change: { kind: 'remove' }, activeOwners: 1 })).toBe(
      'last_owner',
    );
    expect(
      memberChangeViolation({
        actor: { userId: 'o2', role: 'owner' },
        target,
        change: { kind: 'leave' },
        activeOwners: 1,
      }),
    ).toBe('last_owner');
    // With a second active owner each of them is allowed.
    expect(
      memberChangeViolation({
        actor: other,
        target,
        change: { kind: 'role', role: 'admin' },
        activeOwners: 2,
      }),
    ).toBeNull();
    expect(
      memberChangeViolation({
        actor: { userId: 'o2', role: 'owner' },
        target,
        change: { kind: 'leave' },
        activeOwners: 2,
      }),
    ).toBeNull();
  });

  it('never lets the founder be demoted, suspended, removed or leave, even with other owners', () => {
    const founder = member({ userId: 'f', role: 'owner', isFounder: true });
    const by = { userId: 'o9', role: 'owner' as const };
    expect(
      memberChangeViolation({
        actor: by,
        target: founder,
        change: { kind: 'role', role: 'viewer' },
        activeOwners: 3,
      }),
    ).toBe('founder');
    expect(
      memberChangeViolation({
        actor: by,
        target: founder,
        change: { kind: 'status', status: 'suspended' },
        activeOwners: 3,
      }),
    ).toBe('founder');
    expect(
      memberChangeViolation({ actor: by, target: founder, change: { kind: 'remove' }, activeOwners: 3 }),
    ).toBe('founder');
    expect(
      memberChangeViolation({
        actor: { userId: 'f', role: 'owner' },
        target: founder,
        change: { kind: 'leave' },
        activeOwners: 3,
      }),
    ).toBe('founder');
  });

  it('stops admins from touching owners or creating owners', () => {
    expect(
      memberChangeViolation({
        actor: admin,
        target: member({ role: 'owner' }),
        change: { kind: 'remove' },
        activeOwners: 2,
      }),
    ).toBe('owner_only');
    expect(
      memberChangeViolation({
        actor: admin,
        target: member(),
        change: { kind: 'role', role: 'owner' },
        activeOwners: 2,
      }),
    ).toBe('owner_only');
    expect(
      memberChangeViolation({
        actor: admin,
        target: member(),
        change: { kind: 'role', role: 'admin' },
        activeOwners: 1,
      }),
    ).toBeNull();
    expect(
      memberChangeViolation({
        actor: admin,
        target: member(),
        change: { kind: 'status', status: 'suspended' },
        activeOwners: 1,
      }),
    ).toBeNull();
  });

  it('refuses suspending or removing yourself', () => {
    const me = member({ userId: 'a1', role: 'admin' });
    expect(
      memberChangeViolation({
        actor: admin,
        target: me,
        change: { kind: 'status', status: 'suspended' },
        activeOwners: 1,
      }),
    ).toBe('self_suspend');
    expect(
      memberChangeViolation({ actor: admin, target: me, change: { kind: 'remove' }, activeOwners: 1 }),
    ).toBe('self_remove');
    expect(
      memberChangeViolation({ actor: admin, target: me, change: { kind: 'leave' }, activeOwners: 1 }),
    ).toBeNull();
  });
});

describe('mayGrantRole', () => {
  it('owners grant every role, admins all but owner, others none', () => {
    expect(mayGrantRole('owner', 'owner')).toBe(true);
    expect(mayGrantRole('admin', 'owner')).toBe(false);
    expect(mayGrantRole('admin', 'warehouse')).toBe(true);
    expect(mayGrantRole('planner', 'viewer')).toBe(false);
  });
});

describe('invitationStatus', () => {
  const now = new Date('2031-03-10T12:00:00Z');
  it('is final once accepted or revoked, else expires at expires_at', () => {
    expect(
      invitationStatus({ accepted_at: '2031-03-01', revoked_at: null, expires_at: '2031-03-02' }, now),
    ).toBe('accepted');
    expect(
      invitationStatus({ accepted_at: null, revoked_at: '2031-03-01', expires_at: '2031-04-01' }, now),
    ).toBe('revoked');
    expect(
      invitationStatus({ accepted_at: null, revoked_at: null, expires_at: '2031-03-10T12:00:00Z' }, now),
    ).toBe('expired');
    expect(
      invitationStatus({ accepted_at: null, revoked_at: null, expires_at: '2031-03-10T12:00:01Z' }, now),
    ).toBe('pending');
  });
});

describe('schemas', () => {
  it('normalises an invited email and rejects unknown roles', () => {
    expect(invitationCreateSchema.parse({ email: ' Ana@Firma.HR ', role: 'planner' })).toEqual({
      email: 'ana@firma.hr',
      role: 'planner',
    });
    expect(invitationCreateSchema.safeParse({ email: 'ana@firma.hr', role: 'boss' }).success).toBe(false);
    expect(invitationCreateSchema.safeParse({ email: 'ana@firma', role: 'viewer' }).success).toBe(false);
  });
  it('a member update needs a role or a status', () => {
    expect(memberUpdateSchema.safeParse({}).success).toBe(false);
    expect(memberUpdateSchema.safeParse({ status: 'suspended' }).success).toBe(true);
  });
  it('the company update accepts company fields only', () => {
    expect(companyUpdateSchema.safeParse({ company_name: 'Staklo d.o.o.' }).success).toBe(true);
    expect(companyUpdateSchema.safeParse({ full_name: 'Ana' }).success).toBe(false);
  });
  it('compares emails without case', () => {
    expect(sameEmail('Ana@X.hr', 'ana@x.HR ')).toBe(true);
    expect(sameEmail('ana@x.hr', 'ana2@x.hr')).toBe(false);
  });
});
