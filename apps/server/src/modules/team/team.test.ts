import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { memoryMailer, setMailer } from './team.mailer.ts';
import { hashToken } from './team.service.ts';
import { as, inviteAndJoin, tokenOf } from './team.test-support.ts';

describe('invitations', () => {
  let t: TestApp;
  let owner: SignedIn;
  const mail = memoryMailer();
  beforeAll(async () => {
    t = await startTestApp();
    setMailer(t.deps, mail);
    owner = await signUp(t.app, 'Vlasnica Ana');
  });
  afterAll(() => t.close());

  const invite = (email: string, role = 'planner', by = owner) =>
    as(t.app, by, { method: 'POST', url: '/api/team/invitations', payload: { email, role } });

  it('creates a link to copy, mails it, and stores only the token hash', async () => {
    const res = await invite('Marko@Example.hr');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.link).toMatch(/^http:\/\/localhost:3000\/invite#[A-Za-z0-9_-]{43}$/);
    expect(body.emailed).toBe(true);
    expect(body.invitation).toMatchObject({ email: 'marko@example.hr', role: 'planner', status: 'pending' });
    const sent = mail.sent.at(-1);
    expect(sent?.to).toBe('marko@example.hr');
    expect(sent?.text).toContain(body.link);
    const token = tokenOf(body.link);
    const rows = await t.deps.database.session((q) =>
      q('select token_hash from invitations where email = $1', ['marko@example.hr']),
    );
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
    const all = await t.deps.database.session((q) => q('select * from invitations'));
    expect(JSON.stringify(all)).not.toContain(token);
  });

  it('shows the invitation to whoever holds the link, then the invitee joins once', async () => {
    const res = await invite('petra@example.hr', 'warehouse');
    const token = tokenOf(res.json().link);
    await as(t.app, owner, {
      method: 'PATCH',
      url: '/api/company',
      payload: { company_name: 'Staklo Ana d.o.o.' },
    });
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      company_name: 'Staklo Ana d.o.o.',
      email: 'petra@example.hr',
      role: 'warehouse',
      status: 'pending',
      invited_by_name: 'Vlasnica Ana',
    });
    const petra = await signUp(t.app, 'Petra Skladište', 'PETRA@example.hr');
    const accepted = await as(t.app, petra, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ company_id: owner.id, role: 'warehouse' });
    const again = await as(t.app, petra, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0].key).toBe('team.errors.invitationAccepted');
    const companies = await as(t.app, petra, { url: '/api/team/companies' });
    expect(companies.json()).toEqual([
      expect.objectContaining({ company_id: petra.id, role: 'owner', is_own: true }),
      {
        company_id: owner.id,
        company_name: 'Staklo Ana d.o.o.',
        role: 'warehouse',
        status: 'active',
        is_own: false,
      },
    ]);
    // The audit trail names the invitee as the one who joined.
    const [audit] = await t.deps.database.session((q) =>
      q(
        `select actor_id from audit_log where company_id = $1 and table_name = 'memberships' and action = 'INSERT' and row_id = '' order by id desc limit 1`,
        [owner.id],
      ),
    );
    expect(audit?.actor_id).toBe(petra.id);
  });

  it('refuses another address, a revoked link, an expired link and an unknown token', async () => {
    const wrongUser = await signUp(t.app, 'Netko Drugi');
    const res = await invite('ivo@example.hr');
    const token = tokenOf(res.json().link);
    const wrong = await as(t.app, wrongUser, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.details[0].key).toBe('team.errors.wrongEmail');

    const revoke = await as(t.app, owner, {
      method: 'DELETE',
      url: `/api/team/invitations/${res.json().invitation.id}`,
    });
    expect(revoke.statusCode).toBe(204);
    const ivo = await signUp(t.app, 'Ivo', 'ivo@example.hr');
    const revoked = await as(t.app, ivo, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(revoked.json().error.details[0].key).toBe('team.errors.invitationRevoked');

    const fresh = await invite('ivo@example.hr');
    const freshToken = tokenOf(fresh.json().link);
    await t.deps.database.session((q) =>
      q(`update invitations set expires_at = now() - interval '1 second' where token_hash = $1`, [
        hashToken(freshToken),
      ]),
    );
    const expired = await as(t.app, ivo, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: freshToken },
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.details[0].key).toBe('team.errors.invitationExpired');
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: freshToken },
    });
    expect(lookup.json().status).toBe('expired');

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(404);
    const members = await as(t.app, owner, { url: '/api/team/members' });
    expect(members.json().map((m: { email: string }) => m.email)).not.toContain('ivo@example.hr');
  });

  it('a new invitation replaces the open one for the same address; members cannot be invited again', async () => {
    const first = await invite('dup@example.hr');
    const second = await invite('dup@example.hr');
    expect(second.statusCode).toBe(201);
    const list = (await as(t.app, owner, { url: '/api/team/invitations' })).json();
    const statuses = Object.fromEntries(list.map((i: { id: string; status: string }) => [i.id, i.status]));
    expect(statuses[first.json().invitation.id]).toBe('revoked');
    expect(statuses[second.json().invitation.id]).toBe('pending');
    const again = await invite(owner.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0].key).toBe('team.errors.alreadyMember');
  });

  it('an admin invites but cannot create owners', async () => {
    const admin = await inviteAndJoin(t.app, owner, 'admin');
    const asAdmin = (role: string) =>
      as(t.app, admin, {
        method: 'POST',
        url: '/api/team/invitations',
        company: owner.id,
        payload: { email: `x${role}@example.hr`, role },
      });
    expect((await asAdmin('viewer')).statusCode).toBe(201);
    const refused = await asAdmin('owner');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details[0].key).toBe('team.errors.ownerOnly');
  });

  it('without a mail server the link is only shown', async () => {
    setMailer(t.deps, null);
    const res = await invite('nomail@example.hr');
    expect(res.json().emailed).toBe(false);
    expect(res.json().link).toContain('/invite#');
    setMailer(t.deps, mail);
  });
});

describe('members', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app, 'Osnivač Ivan');
  });
  afterAll(() => t.close());

  const patch = (by: SignedIn, userId: string, payload: unknown) =>
    as(t.app, by, { method: 'PATCH', url: `/api/team/members/${userId}`, payload, company: owner.id });

  it('lists members with names and roles; changes a role', async () => {
    const planner = await inviteAndJoin(t.app, owner, 'planner', 'Planerka Maja');
    const list = (await as(t.app, planner, { url: '/api/team/members', company: owner.id })).json();
    expect(list).toEqual([
      expect.objectContaining({ user_id: owner.id, name: 'Osnivač Ivan', role: 'owner', is_founder: true }),
      expect.objectContaining({
        user_id: planner.id,
        name: 'Planerka Maja',
        role: 'planner',
        status: 'active',
        is_founder: false,
      }),
    ]);
    const changed = await patch(owner, planner.id, { role: 'viewer' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().role).toBe('viewer');
    // The new role applies to the very next request.
    const write = await as(t.app, planner, {
      method: 'POST',
      url: '/api/team/invitations',
      company: owner.id,
      payload: { email: 'a@b.hr', role: 'viewer' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('the founder and the last owner stay owners', async () => {
    const second = await inviteAndJoin(t.app, owner, 'owner', 'Drugi Vlasnik');
    const demoteFounder = await patch(second, owner.id, { role: 'admin' });
    expect(demoteFounder.statusCode).toBe(409);
    expect(demoteFounder.json().error.details[0].key).toBe('team.errors.founder');
    const founderLeaves = await as(t.app, owner, {
      method: 'POST',
      url: '/api/team/leave',
      company: owner.id,
    });
    expect(founderLeaves.statusCode).toBe(409);
    // The second owner may step down or leave: the founder remains an owner.
    expect((await patch(second, second.id, { role: 'admin' })).statusCode).toBe(200);
    const leave = await as(t.app, second, { method: 'POST', url: '/api/team/leave', company: owner.id });
    expect(leave.statusCode).toBe(204);
    const after = await as(t.app, second, { url: '/api/team/members', company: owner.id });
    expect(after.statusCode).toBe(403);
  });

  it('last owner rule holds in the database state the service reads', async () => {
    // A company whose founder membership was changed outside the app still keeps one active owner.
    const other = await inviteAndJoin(t.app, owner, 'owner', 'Treći Vlasnik');
    await t.deps.database.session((q) =>
      q(`update memberships set role = 'admin' where company_id = $1 and user_id = $1`, [owner.id]),
    );
    const demoteSelf = await patch(other, other.id, { role: 'planner' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().error.details[0].key).toBe('team.errors.lastOwner');
    const leave = await as(t.app, other, { method: 'POST', url: '/api/team/leave', company: owner.id });
    expect(leave.statusCode).toBe(409);
    await t.deps.database.session((q) =>
      q(`update memberships set role = 'owner' where company_id = $1 and user_id = $1`, [owner.id]),
    );
  });

  it('an admin cannot remove an owner; removal of a planner is immediate', async () => {
    const admin = await inviteAndJoin(t.app, owner, 'admin');
    const planner = await inviteAndJoin(t.app, owner, 'planner');
    const removeOwner = await as(t.app, admin, {
      method: 'DELETE',
      url: `/api/team/members/${owner.id}`,
      company: owner.id,
    });
    expect(removeOwner.statusCode).toBe(403);
    expect((await as(t.app, planner, { url: '/api/company', company: owner.id })).statusCode).toBe(200);
    const removed = await as(t.app, admin, {
      method: 'DELETE',
      url: `/api/team/members/${planner.id}`,
      company: owner.id,
    });
    expect(removed.statusCode).toBe(204);
    const denied = await as(t.app, planner, { url: '/api/company', company: owner.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
    const self = await as(t.app, admin, {
      method: 'DELETE',
      url: `/api/team/members/${admin.id}`,
      company: owner.id,
    });
    expect(self.json().error.details[0].key).toBe('team.errors.selfRemove');
  });

  it('a suspended member is refused as blocked in that company only, until reinstated', async () => {
    const member = await inviteAndJoin(t.app, owner, 'warehouse');
    const suspend = await patch(owner, member.id, { status: 'suspended' });
    expect(suspend.json().status).toBe('suspended');
    const refused = await as(t.app, member, { url: '/api/team/members', company: owner.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_BLOCKED');
    // Their own company and profile still work; the switcher shows the suspension.
    expect((await as(t.app, member, { url: '/api/company' })).statusCode).toBe(200);
    const companies = (await as(t.app, member, { url: '/api/team/companies' })).json();
    expect(companies.find((c: { company_id: string }) => c.company_id === owner.id).status).toBe('suspended');
    const self = await patch(owner, owner.id, { status: 'suspended' });
    expect(self.statusCode).toBe(409);
    await patch(owner, member.id, { status: 'active' });
    expect((await as(t.app, member, { url: '/api/team/members', company: owner.id })).statusCode).toBe(200);
  });
});

describe('company fields vs personal fields', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app, 'Vlasnik Firme');
    await as(t.app, owner, {
      method: 'PATCH',
      url: '/api/tenants/me',
      payload: { phone: '+385 91 111 1111', company_name: 'Drvo d.o.o.' },
    });
  });
  afterAll(() => t.close());

  it('an admin edits the company fields of the current company; a planner cannot', async () => {
    const admin = await inviteAndJoin(t.app, owner, 'admin');
    const planner = await inviteAndJoin(t.app, owner, 'planner');
    const read = await as(t.app, planner, { url: '/api/company', company: owner.id });
    expect(read.json()).toMatchObject({ id: owner.id, company_name: 'Drvo d.o.o.' });
    expect(read.json()).not.toHaveProperty('phone');
    const denied = await as(t.app, planner, {
      method: 'PATCH',
      url: '/api/company',
      company: owner.id,
      payload: { company_name: 'X' },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await as(t.app, admin, {
      method: 'PATCH',
      url: '/api/company',
      company: owner.id,
      payload: { company_name: 'Drvo i staklo d.o.o.', tax_number: '12345678903' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ company_name: 'Drvo i staklo d.o.o.', tax_number: '12345678903' });
    // The OIB is stored encrypted like every other write of it (issue 11), not in plain text.
    const [stored] = await t.deps.database.session((q) =>
      q('select tax_number from tenants where id = $1', [owner.id]),
    );
    expect(stored?.tax_number).not.toContain('12345678903');
    const personal = await as(t.app, admin, {
      method: 'PATCH',
      url: '/api/company',
      company: owner.id,
      payload: { phone: '1' },
    });
    expect(personal.statusCode).toBe(400);
    const profile = await as(t.app, owner, { url: '/api/tenants/me' });
    expect(profile.json()).toMatchObject({ company_name: 'Drvo i staklo d.o.o.', phone: '+385 91 111 1111' });
    // The admin's own profile row is untouched by editing the company.
    const adminProfile = await as(t.app, admin, { url: '/api/tenants/me' });
    expect(adminProfile.json().company_name).toBeNull();
  });

  it('the database itself refuses an admin changing the owner’s personal fields or account status', async () => {
    const admin = await inviteAndJoin(t.app, owner, 'admin');
    const { withCompany } = await import('../../db/tenant.ts');
    const { sql } = await import('drizzle-orm');
    const attempt = (statement: ReturnType<typeof sql>) =>
      withCompany(t.deps.db, { userId: admin.id, companyId: owner.id }, (tx) => tx.execute(statement));
    await expect(attempt(sql`update tenants set phone = '000' where id = ${owner.id}`)).rejects.toThrow();
    await expect(
      attempt(sql`update tenants set account_status = 'blocked' where id = ${owner.id}`),
    ).rejects.toThrow();
    await attempt(sql`update tenants set company_phone = '+385 1 222 3333' where id = ${owner.id}`);
    const profile = (await as(t.app, owner, { url: '/api/tenants/me' })).json();
    expect(profile).toMatchObject({
      phone: '+385 91 111 1111',
      company_phone: '+385 1 222 3333',
      account_status: 'active',
    });
  });

  it('the database refuses a planner updating company fields even through raw SQL', async () => {
    const planner = await inviteAndJoin(t.app, owner, 'planner');
    const { withCompany } = await import('../../db/tenant.ts');
    const { sql } = await import('drizzle-orm');
    const result = await withCompany(t.deps.db, { userId: planner.id, companyId: owner.id }, (tx) =>
      tx.execute(sql`update tenants set company_name = 'Oteto' where id = ${owner.id} returning id`),
    );
    expect((result as { rows: unknown[] }).rows).toHaveLength(0);
    const deleteOthers = await withCompany(t.deps.db, { userId: planner.id, companyId: owner.id }, (tx) =>
      tx.execute(
        sql`delete from memberships where company_id = ${owner.id} and user_id <> ${planner.id} returning user_id`,
      ),
    );
    expect((deleteOthers as { rows: unknown[] }).rows).toHaveLength(0);
  });
});

describe('recent activity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('names who did what, newest first, with field names and no values', async () => {
    const owner = await signUp(t.app, 'Ana Aktivna');
    const admin = await inviteAndJoin(t.app, owner, 'admin', 'Boris Admin');
    await as(t.app, admin, {
      method: 'PATCH',
      url: '/api/company',
      company: owner.id,
      payload: { company_phone: '+385 1 999 9999' },
    });
    const res = await as(t.app, owner, { url: '/api/team/activity?limit=3' });
    expect(res.statusCode).toBe(200);
    const [latest] = res.json();
    expect(latest).toMatchObject({
      actor_id: admin.id,
      actor_name: 'Boris Admin',
      table_name: 'tenants',
      row_id: owner.id,
      action: 'UPDATE',
      fields: ['company_phone'],
      is_platform: false,
    });
    expect(JSON.stringify(res.json())).not.toContain('999 9999');
    const older = await as(t.app, owner, { url: `/api/team/activity?limit=50&before_seq=${latest.seq}` });
    expect(older.json().every((e: { seq: number }) => e.seq < latest.seq)).toBe(true);
    expect(
      older
        .json()
        .some(
          (e: { actor_name: string; table_name: string }) =>
            e.table_name === 'invitations' && e.actor_name === 'Ana Aktivna',
        ),
    ).toBe(true);
  });
});
