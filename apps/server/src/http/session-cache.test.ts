import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The session lookup is cached per cookie (http/session-cache.ts). What must not change: a
 * revoked session is refused on the next request, on this instance and on another one sharing
 * the database; a role or status change applies at once.
 */
describe('session cache', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    // A second instance on the same database (another server process in production).
    b = await startTestApp({ testDb: a.testDb });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  const me = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/tenants/me', headers: { cookie } });

  /** Retries a request until it answers `status` (a notification travels between instances). */
  async function eventually(request: () => Promise<{ statusCode: number }>, status: number): Promise<number> {
    let last = 0;
    for (let i = 0; i < 40; i++) {
      last = (await request()).statusCode;
      if (last === status) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    return last;
  }

  it('refuses a session at once after its sign-out, although it was just cached', async () => {
    const user = await signUp(a.app);
    expect((await me(a, user.cookie)).statusCode).toBe(200);
    expect((await me(a, user.cookie)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a, user.cookie)).statusCode).toBe(401);
  });

  it('refuses a session on every instance once it is deleted anywhere', async () => {
    const user = await signUp(a.app);
    expect((await me(a, user.cookie)).statusCode).toBe(200);
    expect((await me(b, user.cookie)).statusCode).toBe(200);
    // Signed out through instance b (as a password reset or "sign out everywhere" deletes rows).
    await b.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    expect((await me(b, user.cookie)).statusCode).toBe(401);
    expect(await eventually(() => me(a, user.cookie), 401)).toBe(401);
  });

  it('refuses a session deleted straight in the database on the next requests', async () => {
    const user = await signUp(a.app);
    expect((await me(a, user.cookie)).statusCode).toBe(200);
    await a.deps.database.session((q) => q('delete from sessions where user_id = $1', [user.id]));
    expect(await eventually(() => me(a, user.cookie), 401)).toBe(401);
  });

  it('applies a member suspension to the next request of a cached session', async () => {
    const owner = await signUp(a.app);
    expect((await me(a, owner.cookie)).statusCode).toBe(200);
    await a.deps.database.session((q) =>
      q(`update tenants set account_status = 'blocked' where id = $1`, [owner.id]),
    );
    const write = await a.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: owner.cookie },
      payload: { phone: '01 234' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('ACCOUNT_BLOCKED');
  });
});
