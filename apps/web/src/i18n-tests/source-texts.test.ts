import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { flatten, readLocale } from './locale-files.ts';
import { findLiteralStrings, isWord, parse, SRC_DIR, sourceFiles, translationCalls } from './source-scan.ts';

/** Texts that are the same in every language (product and format names). Keep this list short. */
const ALLOWED = new Set<string>(['IBAN', 'OIB', 'PNG', 'JPEG', 'WebP']);

describe('the scanner', () => {
  it('finds JSX text, literal children and user-facing attributes, but not expressions', () => {
    const source = ts.createSourceFile(
      'x.tsx',
      `const A = () => <div title="Naslov" className="p-4" aria-label={t('a')}>Dobar dan {name}{'Bok svima'} · 2 <img alt="Slika" /></div>;`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    expect(findLiteralStrings(source).map((f) => f.text)).toEqual([
      'Naslov',
      'Dobar dan',
      'Bok svima',
      'Slika',
    ]);
  });

  it('treats symbols, digits and single letters as non-words', () => {
    expect(isWord('· 2 ×')).toBe(false);
    expect(isWord('€')).toBe(false);
    expect(isWord('Spremi')).toBe(true);
  });
});

describe('components', () => {
  const files = sourceFiles(SRC_DIR, /\.tsx$/);

  it('are scanned', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('render no literal user-facing strings (everything goes through t())', () => {
    const findings = files.flatMap((f) => findLiteralStrings(parse(f), ALLOWED));
    expect(findings.map((f) => `${f.file}:${f.line} "${f.text}"`)).toEqual([]);
  });

  it('use only translation keys that exist in Croatian', () => {
    const cache = new Map<string, Map<string, string>>();
    const keysOf = (ns: string) => {
      if (!cache.has(ns)) cache.set(ns, flatten(readLocale('hr', ns)));
      return cache.get(ns) as Map<string, string>;
    };
    const missing: string[] = [];
    for (const file of sourceFiles(SRC_DIR, /\.tsx?$/)) {
      const { namespaces, keys } = translationCalls(parse(file));
      for (const { key, line } of keys) {
        const [ns, k] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [null, key];
        // A key without a namespace prefix resolves in the file's namespaces, then the fallback `common`.
        const candidates = ns ? [ns] : [...namespaces, 'common'];
        const found = candidates.some((n) => {
          const texts = keysOf(n);
          return texts.has(k) || texts.has(`${k}_one`) || texts.has(`${k}_other`);
        });
        if (!found) missing.push(`${relative(SRC_DIR, file)}:${line} ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
