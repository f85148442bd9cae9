import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { prerenderedPage, prerenderLanguage } from './prerendered.ts';

describe('prerendered public pages: which page and language', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('maps the three public paths, the sign-up mode to its own page, and nothing else', () => {
    expect(prerenderedPage('/landing', q(''))).toBe('landing');
    expect(prerenderedPage('/contact', q('lng=en'))).toBe('contact');
    expect(prerenderedPage('/auth', q(''))).toBe('auth');
    expect(prerenderedPage('/auth', q('mode=signup'))).toBe('auth-signup');
    expect(prerenderedPage('/auth', q('mode=other'))).toBe('auth');
    for (const path of ['/', '/inventory', '/landing/x', '/invite', '/forgot-password'])
      expect(prerenderedPage(path, q(''))).toBeNull();
  });

  it('takes ?lng first, then the i18next cookie, then the best supported Accept-Language, else hr', () => {
    expect(prerenderLanguage(q('lng=de'), { i18next: 'en' }, 'it')).toBe('de');
    expect(prerenderLanguage(q('lng=xx'), { i18next: 'en' }, 'it')).toBe('en');
    expect(prerenderLanguage(q(''), { i18next: 'sl' }, 'it')).toBe('sl');
    expect(prerenderLanguage(q(''), {}, 'fr-FR,cs;q=0.5,en;q=0.9')).toBe('en');
    expect(prerenderLanguage(q(''), {}, 'fr, de-AT;q=0')).toBe('hr');
    expect(prerenderLanguage(q(''), {}, undefined)).toBe('hr');
    expect(prerenderLanguage(q(''), { i18next: 'en-GB' }, undefined)).toBe('en');
  });
});

describe('prerendered public pages: served by the app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'erp-web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<html>app</html>');
    mkdirSync(join(dist, 'prerendered'));
    for (const page of ['landing', 'auth', 'auth-signup'])
      for (const lng of ['hr', 'en'])
        writeFileSync(join(dist, 'prerendered', `${page}.${lng}.html`), `${page} ${lng}`);
    t = await startTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers /landing and /auth with the page in the chosen language, not cached', async () => {
    const landing = await get('/landing', { 'accept-language': 'en-US,en;q=0.9' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe('landing en');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(String(landing.headers.vary)).toContain('Cookie');
    expect((await get('/landing?lng=hr', { 'accept-language': 'en' })).body).toBe('landing hr');
    expect((await get('/auth?mode=signup', { cookie: 'i18next=en' })).body).toBe('auth-signup en');
    expect((await get('/auth?lng=en&mode=signin')).body).toBe('auth en');
  });

  it('falls back to the app when the build has no such page or language', async () => {
    // No contact page in this build, and no German files.
    expect((await get('/contact')).body).toBe('<html>app</html>');
    expect((await get('/landing?lng=de')).body).toBe('<html>app</html>');
    expect((await get('/inventory/items')).body).toBe('<html>app</html>');
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });
});
