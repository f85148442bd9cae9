import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

const admin = { authorization: 'Bearer test-admin-token' };

describe('changelog', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  async function create(entry: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: admin,
      payload: entry,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; published_at: string | null };
  }

  it('lists published entries newest first, hides drafts, and tracks what each user has seen', async () => {
    const older = await create({
      title: 'Starije',
      version: '1.0.0',
      type: 'feature',
      items: ['a'],
      is_published: true,
      published_at: '2026-01-01T10:00:00Z',
    });
    const newer = await create({
      title: 'Novije',
      version: '1.1.0',
      type: 'bugfix',
      items: [],
      is_published: true,
      published_at: '2026-02-01T10:00:00Z',
    });
    await create({ title: 'Skica', version: '2.0.0', type: 'breaking', is_published: false });

    t.deps.changelog.clearCache();
    const list = await t.app.inject({ url: '/api/changelog', headers: { cookie: user.cookie } });
    expect(list.json().map((e: { title: string }) => e.title)).toEqual(['Novije', 'Starije']);

    const unseen = await t.app.inject({ url: '/api/changelog/unseen', headers: { cookie: user.cookie } });
    expect(unseen.json().map((e: { id: string }) => e.id)).toEqual([newer.id, older.id]);

    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/changelog/${newer.id}/view`,
      headers: { cookie: user.cookie },
    });
    expect(mark.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/changelog/unseen', headers: { cookie: user.cookie } });
    expect(after.json().map((e: { id: string }) => e.id)).toEqual([older.id]);

    const other = await signUp(t.app);
    const otherUnseen = await t.app.inject({
      url: '/api/changelog/unseen',
      headers: { cookie: other.cookie },
    });
    expect(otherUnseen.json()).toHaveLength(2);
  });

  it('serves the cached list for 5 minutes and drops the cache on every write', async () => {
    const first = await t.deps.changelog.listPublished();
    // A row written with triggers off (so no notification) is not seen while the cache is fresh...
    await t.deps.database.session((q) =>
      q(`set session_replication_role = replica;
         insert into changelog_entries (title, version, type, is_published, published_at) values ('Tiho', '9', 'feature', true, now());
         set session_replication_role = origin;`),
    );
    await new Promise((r) => setTimeout(r, 200));
    const cached = await t.deps.changelog.listPublished(Date.now());
    expect(cached.map((e) => e.title)).not.toContain('Tiho');
    // ...but is after 5 minutes,
    const expired = await t.deps.changelog.listPublished(Date.now() + 5 * 60 * 1000 + 1);
    expect(expired.map((e) => e.title)).toContain('Tiho');
    expect(expired.length).toBe(first.length + 1);
    // ...and at once after any write to the table, whichever instance made it (the trigger notifies all).
    await t.deps.changelog.listPublished();
    await t.deps.database.session((q) =>
      q(`update changelog_entries set title = 'Glasno' where title = 'Tiho'`),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.deps.changelog.listPublished()).map((e) => e.title)).toContain('Glasno');
    // ...and after a write through the API.
    await create({ title: 'Odmah', version: '3', type: 'security', is_published: true });
    const fresh = await t.app.inject({ url: '/api/changelog', headers: { cookie: user.cookie } });
    expect(fresh.json()[0].title).toBe('Odmah');
  });

  it('sets published_at when publishing, and lets admins update and delete', async () => {
    const draft = await create({ title: 'Za objavu', version: '4', type: 'improvement' });
    expect(draft.published_at).toBeNull();
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/changelog/${draft.id}/publish`,
      headers: admin,
    });
    expect(published.json().is_published).toBe(true);
    expect(Date.parse(published.json().published_at)).toBeGreaterThan(Date.now() - 60_000);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/changelog/${draft.id}`,
      headers: admin,
      payload: { title: 'Objavljeno' },
    });
    expect(updated.json().title).toBe('Objavljeno');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/changelog/${draft.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/changelog/${draft.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('keeps writes to platform admins', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      headers: { cookie: user.cookie },
      payload: { title: 'x', version: '1', type: 'feature' },
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/changelog',
      payload: { title: 'x', version: '1', type: 'feature' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses to mark an unknown or unpublished entry', async () => {
    const draft = await create({ title: 'Neobjavljeno', version: '5', type: 'feature' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/changelog/${draft.id}/view`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
