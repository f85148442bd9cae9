import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../test/harness.ts';
import { sourceFiles } from '../test/source-files.ts';
import { croatianMessage, croatianText, hasCroatianText } from './validation-messages.ts';

/**
 * The server's `400 VALIDATION` message is the Croatian text of each detail's key, read from the
 * web's hr/common.json (the one place the texts are kept). Here the file is read from disk on its
 * own, and every key the domain and the server send is looked up.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const HR_COMMON = join(ROOT, 'apps/web/public/locales/hr/common.json');
const KEY = /['"`]((?:validation|auth\.errors)\.[A-Za-z0-9_]+)['"`]/g;

function keysSent(): Map<string, string> {
  const where = new Map<string, string>();
  for (const dir of ['packages/domain/src', 'apps/server/src']) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(KEY)) {
        const key = m[1] as string;
        if (!where.has(key)) where.set(key, relative(ROOT, file));
      }
    }
  }
  return where;
}

const hr = JSON.parse(readFileSync(HR_COMMON, 'utf8')) as {
  validation: Record<string, string>;
  auth: { errors: Record<string, string> };
};
const onDisk = (key: string): string | undefined =>
  key.startsWith('auth.errors.')
    ? hr.auth.errors[key.slice('auth.errors.'.length)]
    : hr.validation[key.slice('validation.'.length)];
const FALLBACK = hr.validation.invalid as string;
const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);

describe('Croatian validation messages', () => {
  const sent = keysSent();

  it('the scan finds the keys the code sends', () => {
    expect(sent.get('validation.emailRequired')).toBeDefined();
    expect(sent.get('auth.errors.passwordMismatch')).toBeDefined();
    expect(sent.get('validation.periodOrder')).toBe('packages/domain/src/purchase-invoices/types.ts');
    expect(sent.size).toBeGreaterThan(150);
  });

  it('every key sent has its own text, the one of hr/common.json, not the fallback', () => {
    const missing = [...sent].filter(([key]) => !hasCroatianText(key)).map(([k, file]) => `${k} (${file})`);
    expect(missing).toEqual([]);
    const wrong: string[] = [];
    for (const key of sent.keys()) {
      const text = onDisk(key) as string;
      if (placeholdersOf(text).length) continue;
      const got = croatianText({ key });
      if (got !== text || (key !== 'validation.invalid' && got === FALLBACK)) wrong.push(`${key}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('fills every placeholder of a parameterised text from the params', () => {
    const parameterised = [...sent.keys()].filter((key) => placeholdersOf(onDisk(key) ?? '').length > 0);
    expect(parameterised.length).toBeGreaterThan(30);
    for (const key of parameterised) {
      const names = placeholdersOf(onDisk(key) as string);
      const params = Object.fromEntries(names.map((name, i) => [name, `«${name}-${i}»`]));
      const got = croatianText({ key, params });
      expect(got, key).not.toContain('{{');
      for (const value of Object.values(params)) expect(got, key).toContain(value);
      // The words around the placeholders stay as written.
      for (const part of (onDisk(key) as string).split(/\{\{\w+\}\}/)) expect(got, key).toContain(part);
    }
  });

  it('writes numbers, leaves a placeholder without a value, and joins several issues', () => {
    expect(
      croatianText({ key: 'validation.glassMakeupInvalid', params: { token: '16Ne', position: 2 } }),
    ).toBe('Sastav stakla nije ispravan: „16Ne” (2. dio)');
    expect(croatianText({ key: 'validation.importMissingColumn' })).toBe('Datoteka nema stupac {{column}}');
    expect(
      croatianMessage([
        { field: 'a', key: 'validation.importTooManyRows', params: { max: 5000 } },
        { field: 'b', key: 'auth.errors.passwordMismatch' },
      ]),
    ).toBe('Datoteka ima više od 5000 redaka; podijelite je; Lozinke se ne podudaraju');
  });

  it('answers an unknown key with the fallback text', () => {
    expect(hasCroatianText('validation.noSuchKey')).toBe(false);
    expect(croatianText({ key: 'validation.noSuchKey' })).toBe('Neispravna vrijednost');
  });
});

describe('a 400 answer carries the Croatian text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the problem of a route schema in words (a key the old hand-kept list lacked)', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject({
      url: '/api/registers/ira?from=2026-03-01&to=2026-02-01',
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Kraj razdoblja ne smije biti prije početka',
      details: [{ field: 'to', key: 'validation.periodOrder' }],
    });
  });
});
