import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { setAccountStatusByEmail } from '../admin/admin.service.ts';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { authRateLimit: { window: 60, max: 5 } } });
  });
  afterAll(() => t.close());

  it('rejects sign-up with the seed validation messages and creates nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'A', email: 'not-an-email', password: '123' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.details).toEqual([
      { field: 'name', key: 'validation.nameMin' },
      { field: 'email', key: 'validation.emailInvalid' },
      { field: 'password', key: 'validation.passwordMin' },
    ]);
    expect(body.error.message).toBe(
      'Ime mora imati najmanje 2 znaka; Email format nije valjan; Lozinka mora imati najmanje 6 znakova',
    );
    const users = await t.deps.database.session((q) => q('select count(*)::int as n from users'));
    expect(users[0]?.n).toBe(0);
  });

  it('requires email and password on sign-in with the seed messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Email je obavezan; Lozinka je obavezna');
  });

  it('signs up (profile with the full name and an owner membership), and the session works', async () => {
    const user = await signUp(t.app, 'Marko Marić');
    const profile = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: user.cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      id: user.id,
      full_name: 'Marko Marić',
      account_status: 'active',
      company_name: null,
    });
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.json().user).toEqual({ id: user.id, email: user.email, name: 'Marko Marić' });
    expect(session.json().session).toEqual({ expiresAt: expect.any(String) });
    expect(session.body).not.toContain('token');
    const roles = await t.deps.database.session((q) =>
      q('select role from memberships where user_id = $1', [user.id]),
    );
    expect(roles).toEqual([{ role: 'owner' }]);
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const user = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.hr', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a taken email with EMAIL_TAKEN', async () => {
    const user = await signUp(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Drugi', email: user.email, password: 'tajna-lozinka' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('makes the session unusable at once after sign-out', async () => {
    const user = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a blocked user on business endpoints but still lets them read their status', async () => {
    const user = await signUp(t.app);
    await setAccountStatusByEmail(t.deps.db, user.email, 'blocked');
    const write = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: { phone: '01 234' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('ACCOUNT_BLOCKED');
    const read = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: user.cookie } });
    expect(read.json()).toMatchObject({ account_status: 'blocked', phone: null });
  });

  it('refuses a cross-site write (CSRF) even with a valid session', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { phone: '099' },
    });
    expect(response.statusCode).toBe(403);
    const profile = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: user.cookie } });
    expect(profile.json().phone).toBeNull();
  });

  it('rate-limits sign-in attempts from one address before hashing', async () => {
    const attempts = [];
    for (let i = 0; i < 7; i++) {
      attempts.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: '10.9.8.7',
            payload: { email: 'x@example.hr', password: 'wrong-password' },
          })
        ).statusCode,
      );
    }
    expect(attempts.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attempts.slice(5)).toEqual([429, 429]);
    // Another address is not limited (another email: this one is now in its per-account back-off).
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.9.8.8',
      payload: { email: 'y@example.hr', password: 'wrong-password' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('sets an HttpOnly, SameSite session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '10.1.1.1',
      payload: { name: 'Iva Ivić', email: 'iva@example.hr', password: 'tajna-lozinka' },
    });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.includes('session_token'));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(cookieFrom(cookies)).toContain('session_token=');
  });
});
