import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { as, inviteAndJoin } from './team.test-support.ts';

type Message = { type: string; channel?: string; code?: string; payload?: Record<string, unknown> };

/** A WebSocket client that records messages and its close code. */
async function connect(port: number, cookie: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie } });
  const messages: Message[] = [];
  const listeners: (() => void)[] = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as Message);
    for (const l of listeners.splice(0)) l();
  });
  const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)));
  await new Promise<void>((ok, fail) => {
    socket.once('open', () => ok());
    socket.once('error', fail);
  });
  const next = async (match: (m: Message) => boolean, timeoutMs = 2000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((r) => {
        listeners.push(r);
        setTimeout(r, 50);
      });
    }
  };
  const subscribe = async (channel: string) => {
    socket.send(JSON.stringify({ type: 'subscribe', channel }));
    return next((m) => m.channel === channel && (m.type === 'subscribed' || m.type === 'error'));
  };
  return { socket, messages, closed, next, subscribe };
}

describe('one user in two companies', () => {
  let t: TestApp;
  let ownerA: SignedIn;
  let ownerB: SignedIn;
  let both: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    ownerA = await signUp(t.app, 'Ana Staklo');
    ownerB = await signUp(t.app, 'Branko Drvo');
    await as(t.app, ownerA, {
      method: 'PATCH',
      url: '/api/company',
      payload: { company_name: 'Staklo A d.o.o.' },
    });
    await as(t.app, ownerB, {
      method: 'PATCH',
      url: '/api/company',
      payload: { company_name: 'Drvo B d.o.o.' },
    });
    both = await inviteAndJoin(t.app, ownerA, 'admin', 'Dvostruki Član');
    // The same user joins B through an invitation to the same address.
    const inv = await as(t.app, ownerB, {
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: both.email, role: 'viewer' },
    });
    const token = inv.json().link.split('#')[1];
    expect(
      (await as(t.app, both, { method: 'POST', url: '/api/invitations/accept', payload: { token } }))
        .statusCode,
    ).toBe(200);
    await as(t.app, ownerA, {
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: 'samo-a@example.hr', role: 'planner' },
    });
    await as(t.app, ownerB, {
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: 'samo-b@example.hr', role: 'planner' },
    });
  });
  afterAll(() => t.close());

  it('lists both companies for the switcher', async () => {
    const res = await as(t.app, both, { url: '/api/team/companies' });
    expect(res.json().map((c: { company_name: string; role: string }) => [c.company_name, c.role])).toEqual([
      ['Dvostruki Član', 'owner'],
      ['Staklo A d.o.o.', 'admin'],
      ['Drvo B d.o.o.', 'viewer'],
    ]);
  });

  it('switching the header switches every answer, and nothing of one company shows in the other', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await as(t.app, both, { url: '/api/company', company: ownerA.id });
      const b = await as(t.app, both, { url: '/api/company', company: ownerB.id });
      expect(a.json()).toMatchObject({ id: ownerA.id, company_name: 'Staklo A d.o.o.' });
      expect(b.json()).toMatchObject({ id: ownerB.id, company_name: 'Drvo B d.o.o.' });
      const membersA = (await as(t.app, both, { url: '/api/team/members', company: ownerA.id })).json();
      const membersB = (await as(t.app, both, { url: '/api/team/members', company: ownerB.id })).json();
      expect(membersA.map((m: { user_id: string }) => m.user_id).sort()).toEqual([ownerA.id, both.id].sort());
      expect(membersB.map((m: { user_id: string }) => m.user_id).sort()).toEqual([ownerB.id, both.id].sort());
      expect(membersA.find((m: { user_id: string }) => m.user_id === both.id).role).toBe('admin');
      expect(membersB.find((m: { user_id: string }) => m.user_id === both.id).role).toBe('viewer');
    }
    const invitationsA = (await as(t.app, both, { url: '/api/team/invitations', company: ownerA.id })).json();
    expect(invitationsA.map((i: { email: string }) => i.email)).toContain('samo-a@example.hr');
    expect(JSON.stringify(invitationsA)).not.toContain('samo-b@example.hr');
    // Admin in A, viewer in B: the role follows the chosen company.
    expect((await as(t.app, both, { url: '/api/team/invitations', company: ownerB.id })).statusCode).toBe(
      403,
    );
    const activityA = JSON.stringify(
      (await as(t.app, both, { url: '/api/team/activity?limit=100', company: ownerA.id })).json(),
    );
    const activityB = JSON.stringify(
      (await as(t.app, both, { url: '/api/team/activity?limit=100', company: ownerB.id })).json(),
    );
    expect(activityA).toContain(ownerA.id);
    expect(activityA).not.toContain(ownerB.id);
    expect(activityB).not.toContain(ownerA.id);
  });

  it('a write in one company leaves the other untouched', async () => {
    const res = await as(t.app, both, {
      method: 'PATCH',
      url: '/api/company',
      company: ownerA.id,
      payload: { company_phone: '+385 1 111 0000' },
    });
    expect(res.statusCode).toBe(200);
    const denied = await as(t.app, both, {
      method: 'PATCH',
      url: '/api/company',
      company: ownerB.id,
      payload: { company_phone: '+385 1 111 0000' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await as(t.app, ownerB, { url: '/api/company' })).json().company_phone).toBeNull();
    expect((await as(t.app, both, { url: '/api/tenants/me' })).json().company_phone).toBeNull();
  });

  it('a company the user does not belong to is refused, and a malformed header is a validation error', async () => {
    const outsider = await signUp(t.app, 'Vanjski');
    expect((await as(t.app, both, { url: '/api/company', company: outsider.id })).statusCode).toBe(403);
    const bad = await as(t.app, both, { url: '/api/company', company: 'nije-uuid' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a removed or suspended member loses access at once, open WebSocket included', () => {
  let t: TestApp;
  let port: number;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    owner = await signUp(t.app, 'Vlasnik Uživo');
  });
  afterAll(() => t.close());

  it('removal: the member is told, their company sockets close, re-subscribing and HTTP are refused', async () => {
    const member = await inviteAndJoin(t.app, owner, 'planner', 'Uklonjeni Član');
    const ownerSocket = await connect(port, owner.cookie);
    expect((await ownerSocket.subscribe(`company:${owner.id}:members`)).type).toBe('subscribed');
    const ws = await connect(port, member.cookie);
    expect((await ws.subscribe(`account-status:${member.id}`)).type).toBe('subscribed');
    expect((await ws.subscribe(`company:${owner.id}:members`)).type).toBe('subscribed');

    const started = Date.now();
    const removed = await as(t.app, owner, { method: 'DELETE', url: `/api/team/members/${member.id}` });
    expect(removed.statusCode).toBe(204);
    const notice = await ws.next(
      (m) => m.type === 'event' && m.channel === `account-status:${member.id}`,
      1000,
    );
    expect(notice.payload).toEqual({ membership: { company_id: owner.id, change: 'removed' } });
    expect(await ws.closed).toBe(4403);
    expect(Date.now() - started).toBeLessThan(1000);
    // The rest of the company hears that its members changed.
    const event = await ownerSocket.next(
      (m) => m.type === 'event' && m.channel === `company:${owner.id}:members`,
    );
    expect(event.payload).toEqual({ ids: [member.id] });
    ownerSocket.socket.close();

    const again = await connect(port, member.cookie);
    expect(await again.subscribe(`company:${owner.id}:members`)).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
    });
    again.socket.close();
    expect((await as(t.app, member, { url: '/api/team/members', company: owner.id })).statusCode).toBe(403);
  });

  it('suspension: the member is told and their sockets on that company close; reinstating is announced too', async () => {
    const member = await inviteAndJoin(t.app, owner, 'warehouse', 'Obustavljeni Član');
    const ws = await connect(port, member.cookie);
    await ws.subscribe(`account-status:${member.id}`);
    await ws.subscribe(`company:${owner.id}:inventory`);
    const other = await connect(port, member.cookie);
    await other.subscribe(`account-status:${member.id}`);
    await as(t.app, owner, {
      method: 'PATCH',
      url: `/api/team/members/${member.id}`,
      payload: { status: 'suspended' },
    });
    const notice = await ws.next(
      (m) => m.type === 'event' && m.channel === `account-status:${member.id}`,
      1000,
    );
    expect(notice.payload).toEqual({ membership: { company_id: owner.id, change: 'suspended' } });
    expect(await ws.closed).toBe(4403);
    // A socket that listened to nothing of that company stays open and hears reinstatement.
    await as(t.app, owner, {
      method: 'PATCH',
      url: `/api/team/members/${member.id}`,
      payload: { status: 'active' },
    });
    const back = await other.next(
      (m) =>
        m.type === 'event' &&
        (m.payload?.membership as { change?: string } | undefined)?.change === 'reinstated',
      1000,
    );
    expect(back.channel).toBe(`account-status:${member.id}`);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });
});
