import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from './i18n-tests/source-scan.ts';

// ARCHITECTURE.md: the web talks to the server over HTTP only (shapes come from the domain), and
// the shared primitives (components/, lib/) know no feature.
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map(
    (m) => m[1] as string,
  );

describe('web dependency rules', () => {
  const files = sourceFiles();

  it('never imports server code', () => {
    const wrong = files.flatMap((f) =>
      importsOf(f)
        .filter(
          (t) => t.includes('apps/server') || t.startsWith('@erp/server') || /(\.\.\/){3,}server\//.test(t),
        )
        .map((t) => `${relative(SRC_DIR, f)} → ${t}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('components and lib import no feature', () => {
    const shared = files.filter((f) => /^(components|lib)\//.test(relative(SRC_DIR, f)));
    const wrong = shared.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.includes('features/'))
        .map((t) => `${relative(SRC_DIR, f)} → ${t}`),
    );
    expect(shared.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
