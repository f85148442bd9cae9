import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inviteAndJoin } from '../team/team.test-support.ts';

type View = { id: string; name: string; query: string; shared: boolean; mine: boolean; can_edit: boolean };

describe('saved views', () => {
  let t: TestApp;
  let owner: SignedIn;
  let planner: SignedIn;
  let viewer: SignedIn;
  let stranger: SignedIn;
  const call = (
    user: SignedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, 'x-company-id': owner.id },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const list = async (user: SignedIn, key = 'quotes'): Promise<View[]> =>
    (await call(user, 'GET', `/api/views?list=${key}`)).json();

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app, 'Pogledi Vlasnik');
    planner = await inviteAndJoin(t.app, owner, 'planner', 'Planer');
    viewer = await inviteAndJoin(t.app, owner, 'viewer', 'Gledatelj');
    stranger = await signUp(t.app, 'Tuđa Tvrtka');
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps a personal view for its creator only, and shows a shared one to every member', async () => {
    const personal = await call(planner, 'POST', '/api/views', {
      list_key: 'quotes',
      name: 'Moje poslane',
      query: 'status=sent',
      columns: ['number', 'client'],
    });
    expect(personal.statusCode).toBe(201);
    expect(personal.json()).toMatchObject({
      shared: false,
      mine: true,
      can_edit: true,
      columns: ['number', 'client'],
    });
    const shared = await call(planner, 'POST', '/api/views', {
      list_key: 'quotes',
      name: 'Prihvaćene',
      query: 'status=accepted&sort=-total',
      shared: true,
    });
    expect(shared.statusCode).toBe(201);

    expect((await list(planner)).map((v) => v.name)).toEqual(['Moje poslane', 'Prihvaćene']);
    const seenByViewer = await list(viewer);
    expect(seenByViewer).toEqual([
      expect.objectContaining({
        name: 'Prihvaćene',
        query: 'status=accepted&sort=-total',
        mine: false,
        can_edit: false,
      }),
    ]);
    expect(await list(planner, 'invoices')).toEqual([]);
  });

  it('lets only the creator (and owners/admins for shared views) change or delete a view', async () => {
    const [personal, shared] = await list(planner);
    if (!personal || !shared) throw new Error('views missing');
    expect((await call(viewer, 'PATCH', `/api/views/${shared.id}`, { name: 'Moje' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/views/${shared.id}`)).statusCode).toBe(403);
    // Somebody else's personal view does not exist for the owner (row-level security hides it).
    expect((await call(owner, 'DELETE', `/api/views/${personal.id}`)).statusCode).toBe(404);
    const renamed = await call(owner, 'PATCH', `/api/views/${shared.id}`, { name: 'Prihvaćene ponude' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Prihvaćene ponude', mine: false, can_edit: true });
    expect((await call(owner, 'PATCH', `/api/views/${shared.id}`, { shared: false })).statusCode).toBe(403);
    expect((await call(planner, 'DELETE', `/api/views/${personal.id}`)).statusCode).toBe(204);
    expect((await list(planner)).map((v) => v.name)).toEqual(['Prihvaćene ponude']);
  });

  it('keeps companies apart and validates the input', async () => {
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/views?list=quotes',
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.json()).toEqual([]);
    const bad = await call(planner, 'POST', '/api/views', { list_key: 'Quotes!', name: '' });
    expect(bad.statusCode).toBe(400);
  });
});
