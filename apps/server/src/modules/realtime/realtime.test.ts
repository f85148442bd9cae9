import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  installKeyring,
  keyringFromFile,
  newKeyFile,
  readKeyFile,
  writeKeyFile,
} from '../../security/keyring.ts';
import { onPostgres, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { setAccountStatusByEmail } from '../admin/admin.service.ts';

type Message = { type: string; channel?: string; code?: string; payload?: Record<string, unknown> };

/** A WebSocket client that records every message, with a helper to wait for one. */
async function connect(port: number, cookie: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie } });
  const messages: Message[] = [];
  const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Message;
    messages.push(message);
    for (const w of waiters.splice(0)) w.match(message) ? w.resolve(message) : waiters.push(w);
  });
  const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)));
  await new Promise<void>((ok, fail) => {
    socket.once('open', () => ok());
    socket.once('error', fail);
  });
  return {
    socket,
    messages,
    closed,
    send: (m: unknown) => socket.send(JSON.stringify(m)),
    next(match: (m: Message) => boolean, timeoutMs = 2000): Promise<Message> {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolveMessage, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolveMessage(m);
          },
        });
      });
    },
  };
}

describe('realtime account status', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('delivers blocking and unblocking to the subscribed user within a second', async () => {
    const user = await signUp(t.app);
    const client = await connect(port, user.cookie);
    client.send({ type: 'subscribe', channel: `account-status:${user.id}` });
    await client.next((m) => m.type === 'subscribed');
    const started = Date.now();
    await setAccountStatusByEmail(t.deps.db, user.email, 'blocked');
    const blocked = await client.next(
      (m) => m.type === 'event' && m.payload?.account_status === 'blocked',
      1000,
    );
    expect(blocked.channel).toBe(`account-status:${user.id}`);
    expect(Date.now() - started).toBeLessThan(1000);
    await setAccountStatusByEmail(t.deps.db, user.email, 'active');
    await client.next((m) => m.type === 'event' && m.payload?.account_status === 'active', 1000);
    client.socket.close();
  });

  it("refuses a subscription to another user's status", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const client = await connect(port, user.cookie);
    client.send({ type: 'subscribe', channel: `account-status:${other.id}` });
    const answer = await client.next((m) => m.type === 'error');
    expect(answer).toEqual({ type: 'error', code: 'FORBIDDEN', channel: `account-status:${other.id}` });
    await setAccountStatusByEmail(t.deps.db, other.email, 'blocked');
    await new Promise((r) => setTimeout(r, 300));
    expect(client.messages.filter((m) => m.type === 'event')).toEqual([]);
    client.socket.close();
  });

  it('closes the socket of a signed-out session and says why', async () => {
    const user = await signUp(t.app);
    const client = await connect(port, user.cookie);
    client.send({ type: 'subscribe', channel: `account-status:${user.id}` });
    await client.next((m) => m.type === 'subscribed');
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    const event = await client.next((m) => m.channel === 'auth');
    expect(event.payload).toEqual({ event: 'SIGNED_OUT' });
    expect(await client.closed).toBe(4401);
  });

  it('rejects a connection without a session', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`);
    const code = await new Promise<number>((r) => socket.on('close', (c) => r(c)));
    expect(code).toBe(4401);
  });
});

describe.runIf(onPostgres)('realtime across server processes on one PostgreSQL', () => {
  let t: TestApp;
  let child: ChildProcess;
  const port = 31_000 + Math.floor(Math.random() * 2000);
  beforeAll(async () => {
    t = await startTestApp();
    const root = resolve(import.meta.dirname, '../../../../..');
    // Both processes must read each other's encrypted fields: one key file for both.
    const keyFile = join(mkdtempSync(join(tmpdir(), 'erp-keys-')), 'keys.json');
    writeKeyFile(keyFile, newKeyFile());
    installKeyring(keyringFromFile(readKeyFile(keyFile), { kind: 'file', path: keyFile }));
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: t.testDb.url ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTH_SECRET: t.deps.config.authSecret,
        ENCRYPTION_KEY_FILE: keyFile,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'erp-second-')),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('second server process did not start');
  }, 60_000);
  afterAll(async () => {
    child?.kill('SIGTERM');
    await t.close();
  });

  it('delivers a block made through one instance to a client of another process', async () => {
    const user = await signUp(t.app);
    const client = await connect(port, user.cookie);
    client.send({ type: 'subscribe', channel: `account-status:${user.id}` });
    await client.next((m) => m.type === 'subscribed');
    await setAccountStatusByEmail(t.deps.db, user.email, 'blocked');
    const event = await client.next((m) => m.type === 'event', 1000);
    expect(event.payload).toEqual({ account_status: 'blocked' });
    client.socket.close();
  });
});

describe('realtime company events', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('delivers committed company events to members only, with ids and nothing else', async () => {
    const member = await signUp(t.app);
    const outsider = await signUp(t.app);
    const channel = `company:${member.id}:stock`;
    const mine = await connect(port, member.cookie);
    mine.send({ type: 'subscribe', channel });
    await mine.next((m) => m.type === 'subscribed');
    const theirs = await connect(port, outsider.cookie);
    theirs.send({ type: 'subscribe', channel });
    expect(await theirs.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'FORBIDDEN',
      channel,
    });

    // A rolled-back transaction announces nothing; a committed one does.
    await t.deps.database.session(async (q) => {
      await q('begin');
      await q(
        `select pg_notify('company_event', json_build_object('company_id', $1::text, 'topic', 'stock', 'ids', json_build_array('rolled-back'))::text)`,
        [member.id],
      );
      await q('rollback');
      await q(
        `select pg_notify('company_event', json_build_object('company_id', $1::text, 'topic', 'stock', 'ids', json_build_array('a1', 'b2'))::text)`,
        [member.id],
      );
      return [];
    });
    const event = await mine.next((m) => m.type === 'event');
    expect(event).toEqual({ type: 'event', channel, payload: { ids: ['a1', 'b2'] } });
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.messages.filter((m) => m.type === 'event')).toHaveLength(1);
    expect(theirs.messages.filter((m) => m.type === 'event')).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });
});
