import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../http/app.ts';
import {
  createTestDatabase,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../test/harness.ts';

const WEB_ROOT = join(import.meta.dirname, '../../../web');

describe('HTTP hardening', () => {
  let t: TestApp;
  let tls: TestApp;
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestApp({ testDb: db });
    tls = await startTestApp({
      testDb: db,
      config: { baseUrl: 'https://erp.example.hr', secureCookies: true },
    });
  });
  afterAll(async () => {
    await t.close();
    await tls.close();
    await db.drop();
  });

  it('sends a strict CSP: scripts only from our origin, no inline script, no framing, no plugins', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ships an index.html whose scripts are all external files (the CSP forbids inline ones)', () => {
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
  });

  it('sends HSTS and upgrade-insecure-requests only when served over TLS', async () => {
    const plain = await t.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await tls.app.inject({ url: '/api/health' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('names the session cookie __Secure- and marks it Secure, HttpOnly and SameSite behind TLS', async () => {
    const response = await tls.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '10.42.0.1',
      headers: { origin: 'https://erp.example.hr' },
      payload: { name: 'Sigurna Ana', email: 'sigurna@example.hr', password: 'tajna-lozinka' },
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.includes('session_token'));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });

  it('refuses a body over 1 MiB with PAYLOAD_TOO_LARGE and a wrong content type with UNSUPPORTED_MEDIA_TYPE', async () => {
    const user = await signUp(t.app);
    const big = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ full_name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{"full_name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('VALIDATION');
    expect(broken.body).not.toMatch(/Unexpected|JSON\.parse|at /);
  });

  it('turns an unexpected error into 500 INTERNAL without a stack trace or SQL, and reports it', async () => {
    const reported: unknown[] = [];
    const { app } = await buildApp({
      config: testConfig(),
      database: db.database,
      report: (e) => reported.push(e),
    });
    app.get('/api/test-crash', { config: { access: 'public' } }, async () => {
      const error = new Error('insert into tenants (tax_number) values ($1) failed: duplicate key');
      (error as Error & { code: string }).code = 'XX000'; // internal_error: not caused by input
      throw error;
    });
    app.get('/api/test-app-error', { config: { access: 'public' } }, async () => {
      throw new AppError('CONFLICT', 'Zapis već postoji');
    });
    await app.ready();
    const crash = await app.inject({ url: '/api/test-crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Došlo je do greške na poslužitelju' },
    });
    expect(crash.body).not.toMatch(/insert|tenants|stack|\.ts:/i);
    expect(reported).toHaveLength(1);
    const conflict = await app.inject({ url: '/api/test-app-error' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('CONFLICT');
    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    await app.close();
  });
});
