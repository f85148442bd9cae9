import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { refreshCompanyRoutes } from '../db/company-router.ts';
import { type Database, openPostgres } from '../db/database.ts';
import { withCompany } from '../db/tenant.ts';
import { buildApp } from '../http/app.ts';
import { enqueueJob, getJob, registerJobHandler } from '../jobs/jobs.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { inventoryClient } from '../modules/inventory/test-helpers.ts';
import {
  createTestDatabase,
  onPostgres,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../test/harness.ts';
import { moveCompany } from './move.ts';

const runs = new Map<string, number>();
registerJobHandler('platform.test.count', async (job) => {
  runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
  await new Promise((r) => setTimeout(r, 20));
  return { company: job.companyId };
});

type Message = { type: string; channel?: string; payload?: { ids?: unknown[] } };

async function listenOn(port: number, cookie: string, channel: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie } });
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await new Promise<void>((ok, fail) => {
    socket.once('open', () => ok());
    socket.once('error', fail);
  });
  // Generous for a busy machine: a message that arrives ends the wait at once.
  const waitFor = async (match: (m: Message) => boolean, ms = 15_000): Promise<Message> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no message within ${ms} ms: ${JSON.stringify(messages)}`);
  };
  socket.send(JSON.stringify({ type: 'subscribe', channel }));
  await waitFor((m) => m.type === 'subscribed');
  return { socket, messages, waitFor };
}

/** Two application instances (two app objects with their own pools and listeners) on one PostgreSQL. */
describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let one: TestApp;
  let twoDb: Database;
  let two: Awaited<ReturnType<typeof buildApp>>;
  let dedicated: TestDatabase;
  let portTwo: number;
  const limits = { authRateLimit: { window: 60, max: 4 } };

  beforeAll(async () => {
    process.env.JOBS = 'off';
    one = await startTestApp({ config: limits });
    twoDb = await openPostgres(one.testDb.url as string);
    two = await buildApp({ config: testConfig(limits), database: twoDb, adminToken: 'two' });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    portTwo = (two.app.server.address() as { port: number }).port;
    dedicated = await createTestDatabase();
  });
  afterAll(async () => {
    await two.app.close();
    await twoDb.close();
    await one.close();
    await dedicated.drop();
  });

  it('counts sign-in attempts from one address across both instances', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.77.0.1',
        payload: { email: `nobody-${i}@example.hr`, password: 'wrong-password' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('delivers a change made through one instance to a socket on the other, also after the company moved to a dedicated database', async () => {
    const user = await signUp(one.app);
    const api = inventoryClient(one.app, user);
    const loc = await api.location('RT-1');
    const item = await api.item('RT-ITEM');
    const client = await listenOn(portTwo, user.cookie, `company:${user.id}:stock`);
    await api.receive(loc.id, [{ item_id: item.id, quantity: '2' }]);
    const shared = await client.waitFor((m) => m.type === 'event');
    expect(shared.payload?.ids).toContain(item.id);

    await moveCompany(one.deps.database, user.id, dedicated.url as string);
    // Instance two learns the route from the registry notification; make sure it has before posting.
    await refreshCompanyRoutes(twoDb.db);
    client.messages.length = 0;
    await api.receive(loc.id, [{ item_id: item.id, quantity: '3' }]);
    const moved = await client.waitFor((m) => m.type === 'event');
    expect(moved.payload?.ids).toContain(item.id);
    expect((await api.balance(item.id)).item.on_hand).toBe('5');
    client.socket.close();
  }, 60_000);

  it('runs a job of a company in a dedicated database exactly once with a runner on each instance', async () => {
    const user = await signUp(one.app);
    await moveCompany(one.deps.database, user.id, dedicated.url as string);
    const ids = await withCompany(one.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 12; i++)
        out.push((await enqueueJob(tx, { companyId: user.id, kind: 'platform.test.count' })).id);
      return out;
    });
    // The jobs rows are in the dedicated database, not the main one.
    const inMain = await one.deps.database.session((q) =>
      q(`select count(*)::int as n from jobs where kind = 'platform.test.count'`, []),
    );
    expect(inMain[0]?.n).toBe(0);
    const r1 = createJobRunner(one.deps.database, { workerId: 'one', concurrency: 2, pollMs: 50 });
    const r2 = createJobRunner(twoDb, { workerId: 'two', concurrency: 2, pollMs: 50 });
    await Promise.all([r1.start(), r2.start()]);
    const until = Date.now() + 40_000;
    while (ids.some((id) => !runs.has(id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await Promise.all([r1.stop(), r2.stop()]);
    for (const id of ids) expect(runs.get(id)).toBe(1);
    const statuses = await withCompany(one.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      Promise.all(ids.map(async (id) => (await getJob(tx, id))?.status)),
    );
    expect(new Set(statuses)).toEqual(new Set(['done']));
  }, 90_000);
});
