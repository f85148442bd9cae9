import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { memoryMailer, setAuthMailer } from './auth.mailer.ts';

describe('password reset texts agree with the server (issue 22)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('tells the forgot-password page whether a link can be mailed at all', async () => {
    setAuthMailer(t.deps, null);
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/forgot-password' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ mail: false });
    setAuthMailer(t.deps, memoryMailer());
    const some = await t.app.inject({ method: 'GET', url: '/api/auth/forgot-password' });
    expect(some.json()).toEqual({ mail: true });
  });

  it('refuses a 5-character new password with the minimum it enforces, not the sign-in one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'a'.repeat(43), password: 'abcde' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('validation.passwordMinSignUp');
    expect(JSON.stringify(res.json())).not.toContain('validation.passwordMin"');
  });
});
