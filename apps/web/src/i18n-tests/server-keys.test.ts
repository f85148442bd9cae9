import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, LANGS, readLocale } from './locale-files.ts';
import { SRC_DIR, sourceFiles } from './source-scan.ts';

/**
 * The server answers a bad request with `{ field, key }` per problem, the key an i18n key of the
 * `common` namespace (ARCHITECTURE.md "A request, end to end"). The web's own source scan cannot see
 * the keys written only in the domain's schemas or the server's services, so this reads them: every
 * literal `validation.*` key there must have a text in each of the six languages.
 */
const ROOT = join(SRC_DIR, '../../..');
const KEY = /['"`](validation\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['"`]/g;

function keysUsedBy(dir: string): Map<string, string> {
  const where = new Map<string, string>();
  for (const file of sourceFiles(join(ROOT, dir), /\.ts$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(KEY)) {
      const key = match[1] as string;
      if (!where.has(key)) where.set(key, file.slice(ROOT.length + 1));
    }
  }
  return where;
}

const used = new Map([...keysUsedBy('packages/domain/src'), ...keysUsedBy('apps/server/src')]);

describe('validation keys the server sends', () => {
  it('are found (the scan reads the sources)', () => {
    expect(used.has('validation.emailRequired')).toBe(true);
    expect(used.size).toBeGreaterThan(50);
  });

  for (const lng of LANGS) {
    it(`are translated in ${lng}/common.json`, () => {
      const common = flatten(readLocale(lng, 'common'));
      const missing = [...used].filter(([key]) => !common.has(key));
      expect(missing).toEqual([]);
    });
  }
});
