import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { inventoryClient } from '../modules/inventory/test-helpers.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../test/harness.ts';

type Message = { type: string; channel?: string; payload?: { state?: string } };

/** Generous: the machine running the suite may be busy; a message that arrives ends the wait at once. */
const WAIT_MS = 15_000;

async function listen(port: number, cookie: string, channel: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie } });
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await new Promise<void>((ok, fail) => {
    socket.once('open', () => ok());
    socket.once('error', fail);
  });
  socket.send(JSON.stringify({ type: 'subscribe', channel }));
  /** The n-th hosting event (1-based), waiting for it if it has not come yet. */
  const state = async (n: number): Promise<string | undefined> => {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const events = messages.filter((m) => m.type === 'event' && m.channel === channel);
      if (events.length >= n) return events[n - 1]?.payload?.state;
      if (Date.now() > until)
        throw new Error(`no event ${n} within ${WAIT_MS} ms: ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { socket, state };
}

/** Issue 10: a company made read-only (move, restore, operator) tells its users live and refuses writes. */
describe('read-only company: operator switch and live notice', () => {
  let t: TestApp;
  let owner: SignedIn;
  let port: number;
  const admin = { authorization: 'Bearer test-admin-token' };
  const setReadOnly = (id: string, readOnly: boolean, headers: Record<string, string> = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${id}/read-only`,
      headers,
      payload: { read_only: readOnly },
    });

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    owner = await signUp(t.app, 'Samo Čitanje');
  });
  afterAll(() => t.close());

  it('pushes read_only and normal on the hosting channel, refuses writes meanwhile, and starts a new subscriber with the current state', async () => {
    const api = inventoryClient(t.app, owner);
    const loc = await api.location('RO-LIVE');
    const channel = `company:${owner.id}:hosting`;
    const first = await listen(port, owner.cookie, channel);
    expect(await first.state(1)).toBe('normal');

    expect((await setReadOnly(owner.id, true)).statusCode).toBe(200);
    expect(await first.state(2)).toBe('read_only');
    const refused = await api.call('POST', '/api/inventory/locations', { code: 'RO-2', name: 'RO-2' });
    expect(refused.status).toBe(423);
    expect(refused.body.error.code).toBe('COMPANY_READ_ONLY');
    expect((await api.call('GET', '/api/inventory/locations')).status).toBe(200);
    const late = await listen(port, owner.cookie, channel);
    expect(await late.state(1)).toBe('read_only');

    expect((await setReadOnly(owner.id, false)).statusCode).toBe(200);
    expect(await first.state(3)).toBe('normal');
    expect(await late.state(2)).toBe('normal');
    await api.receive(loc.id, [{ item_id: (await api.item('RO-LIVE-ITEM')).id, quantity: '1' }]);
    first.socket.close();
    late.socket.close();
  }, 60_000);

  it('is for platform operators only, and names an unknown company', async () => {
    const other = await signUp(t.app);
    expect((await setReadOnly(owner.id, true, {})).statusCode).toBe(401);
    expect((await setReadOnly(owner.id, true, { cookie: owner.cookie })).statusCode).toBe(403);
    expect((await setReadOnly(owner.id, true, { cookie: other.cookie })).statusCode).toBe(403);
    const unknown = await setReadOnly('00000000-0000-4000-8000-000000000001', true);
    expect(unknown.statusCode).toBe(404);
    // Nothing changed: the owner still writes.
    expect(
      (
        await inventoryClient(t.app, owner).call('POST', '/api/inventory/locations', {
          code: 'RO-3',
          name: 'RO-3',
        })
      ).status,
    ).toBe(201);
  });
});
