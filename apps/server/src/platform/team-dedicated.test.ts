import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { as, inviteAndJoin, tokenOf } from '../modules/team/team.test-support.ts';
import {
  createTestDatabase,
  onPostgres,
  type SignedIn,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../test/harness.ts';
import { moveCompany } from './move.ts';
import { rowsInDatabase } from './test-helpers.ts';

/** Memberships of a company as stored in one database (owner session, company scope). */
async function membershipsIn(database: Database, companyId: string): Promise<Record<string, string>> {
  return database.session(async (q) => {
    await q('begin');
    await q(`select set_config('app.company_id', $1, true)`, [companyId]);
    const rows = await q('select user_id, role, status from memberships where company_id = $1', [companyId]);
    await q('commit');
    return Object.fromEntries(rows.map((r) => [String(r.user_id), `${r.role}/${r.status}`]));
  });
}

/** Team work while the company lives in a dedicated database (issue 10). */
describe.runIf(onPostgres)('team of a company in a dedicated database', () => {
  let t: TestApp;
  let dedicated: TestDatabase;
  beforeAll(async () => {
    t = await startTestApp();
    dedicated = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
    await dedicated.drop();
  });

  it('invites, accepts, changes roles, suspends and removes members; the switcher and the audit chain follow', async () => {
    const main = t.deps.database;
    const owner = await signUp(t.app, 'Vlasta Vlasnik');
    const early = await inviteAndJoin(t.app, owner, 'viewer', 'Rana Članica');
    await moveCompany(main, owner.id, dedicated.url as string);

    // A new member joins while the company is dedicated: the invitation and the link work.
    const email = `planner-${Date.now()}@example.hr`;
    const invited = await as(t.app, owner, {
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email, role: 'planner' },
    });
    expect(invited.statusCode).toBe(201);
    const token = tokenOf(invited.json().link);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/lookup',
      payload: { token },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email, role: 'planner', status: 'pending' });
    const joiner: SignedIn = await signUp(t.app, 'Nova Planerka', email);
    const accepted = await as(t.app, joiner, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ company_id: owner.id, role: 'planner' });

    // The new member works in the company and sees it in their switcher.
    const items = await as(t.app, joiner, { url: '/api/inventory/items', company: owner.id });
    expect(items.statusCode).toBe(200);
    const switcher = await as(t.app, joiner, { url: '/api/team/companies' });
    expect(
      switcher.json().map((c: { company_id: string; role: string }) => `${c.company_id}:${c.role}`),
    ).toContain(`${owner.id}:planner`);

    // Company details edited while dedicated (by the owner through the company screen, then by the
    // founder's own profile form) reach the switcher of every member at once.
    const renamed = await as(t.app, owner, {
      method: 'PATCH',
      url: '/api/company',
      company: owner.id,
      payload: { company_name: 'Staklo Dedicirano d.o.o.' },
    });
    expect(renamed.statusCode).toBe(200);
    const nameIn = async (who: SignedIn) =>
      (await as(t.app, who, { url: '/api/team/companies' }))
        .json()
        .find((c: { company_id: string }) => c.company_id === owner.id)?.company_name;
    expect(await nameIn(joiner)).toBe('Staklo Dedicirano d.o.o.');
    const profile = await as(t.app, owner, {
      method: 'PATCH',
      url: '/api/tenants/me',
      payload: { company_name: 'Staklo Profil d.o.o.' },
    });
    expect(profile.statusCode).toBe(200);
    expect(await nameIn(joiner)).toBe('Staklo Profil d.o.o.');
    expect(await nameIn(owner)).toBe('Staklo Profil d.o.o.');
    // A member whose own company is in the main database renames themself: the dedicated member list follows.
    const own = await as(t.app, joiner, {
      method: 'PATCH',
      url: '/api/tenants/me',
      payload: { full_name: 'Nova Planerka-Horvat' },
    });
    expect(own.statusCode).toBe(200);
    const listed = await as(t.app, owner, { url: '/api/team/members', company: owner.id });
    expect(listed.json().find((m: { user_id: string }) => m.user_id === joiner.id)?.name).toBe(
      'Nova Planerka-Horvat',
    );
    const members = await as(t.app, owner, { url: '/api/team/members', company: owner.id });
    expect(members.json().map((m: { email: string }) => m.email)).toEqual(
      expect.arrayContaining([owner.email, early.email, email]),
    );
    // The invitation was accepted in the dedicated database; nothing of it is in the main one.
    const used = await t.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token } });
    expect(used.json().status).toBe('accepted');

    // Role change and suspension: refused access at once, and the switcher shows it.
    const promoted = await as(t.app, owner, {
      method: 'PATCH',
      url: `/api/team/members/${joiner.id}`,
      company: owner.id,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    const suspended = await as(t.app, owner, {
      method: 'PATCH',
      url: `/api/team/members/${early.id}`,
      company: owner.id,
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await as(t.app, early, { url: '/api/inventory/items', company: owner.id })).statusCode).toBe(403);
    const earlySwitcher = await as(t.app, early, { url: '/api/team/companies' });
    expect(earlySwitcher.json().find((c: { company_id: string }) => c.company_id === owner.id)?.status).toBe(
      'suspended',
    );

    // The main database's mirror equals the dedicated database's memberships.
    const expected = {
      [owner.id]: 'owner/active',
      [early.id]: 'viewer/suspended',
      [joiner.id]: 'admin/active',
    };
    expect(await membershipsIn(dedicated.database, owner.id)).toEqual(expected);
    expect(await membershipsIn(main, owner.id)).toEqual(expected);
    // The mirror leaves no company rows (audit or other) in the shared database.
    expect(await rowsInDatabase(main, owner.id)).toBe(0);

    // Removal: gone in both databases, the company leaves the removed member's switcher.
    const removed = await as(t.app, owner, {
      method: 'DELETE',
      url: `/api/team/members/${early.id}`,
      company: owner.id,
    });
    expect(removed.statusCode).toBe(204);
    expect((await as(t.app, early, { url: '/api/inventory/items', company: owner.id })).statusCode).toBe(403);
    const afterRemoval = await as(t.app, early, { url: '/api/team/companies' });
    expect(afterRemoval.json().map((c: { company_id: string }) => c.company_id)).not.toContain(owner.id);
    expect(Object.keys(await membershipsIn(main, owner.id)).sort()).toEqual([owner.id, joiner.id].sort());

    // Moving back keeps the team as it is now, and the audit chain (with the team changes) verifies.
    const back = await moveCompany(main, owner.id, 'shared');
    expect(back.problems).toEqual([]);
    expect(await membershipsIn(main, owner.id)).toEqual({
      [owner.id]: 'owner/active',
      [joiner.id]: 'admin/active',
    });
    expect((await as(t.app, joiner, { url: '/api/inventory/items', company: owner.id })).statusCode).toBe(
      200,
    );
  }, 90_000);
});
