import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from './i18n-tests/source-scan.ts';

// Issue 20: a screen calls its area's `*-api.ts` (hooks and plain named functions), never the HTTP
// helper, fetch or the documents area's transport (`callDocument(path, body)`) itself, so each
// endpoint is called, and its path built, in one place.
const CALL = /(?<![\w$.])(?:api|fetch|callDocument)\s*(?:<[^>()]*(?:\([^)]*\)[^>()]*)*>)?\(/;
const API_IMPORT = /import\s*\{[^}]*\bapi\b[^}]*\}\s*from\s*'[^']*lib\/api\.ts'/;

const lineCalls = (text: string) =>
  text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), at: i + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && CALL.test(line));

describe('API calls live in the areas’ *-api.ts', () => {
  const screens = sourceFiles(SRC_DIR, /\.tsx$/).map((f) => ({
    path: relative(SRC_DIR, f),
    text: readFileSync(f, 'utf8'),
  }));

  it('recognises a call', () => {
    expect(CALL.test("api<Item>('/api/inventory/items')")).toBe(true);
    expect(CALL.test('await fetch(url, init)')).toBe(true);
    expect(CALL.test('api<{ items: Item[]; total: number }>(`/x`)')).toBe(true);
    expect(CALL.test('void materials.refetch();')).toBe(false);
    expect(CALL.test('const api = useApi();')).toBe(false);
    expect(CALL.test("callDocument('/api/invoices/a1/issue')")).toBe(true);
    expect(CALL.test('callDocument<MailSent>(path, body)')).toBe(true);
    expect(CALL.test('saveDocument(docKind, doc?.id, body)')).toBe(false);
  });

  it('no .tsx file calls api(), fetch() or callDocument() or imports the HTTP helper', () => {
    expect(screens.length).toBeGreaterThan(100);
    const wrong = screens.flatMap((s) => [
      ...lineCalls(s.text).map(({ line, at }) => `${s.path}:${at}: ${line}`),
      ...(API_IMPORT.test(s.text) ? [`${s.path}: imports api from lib/api.ts`] : []),
    ]);
    expect(wrong).toEqual([]);
  });
});
