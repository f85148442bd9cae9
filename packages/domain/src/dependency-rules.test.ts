import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md: the domain package is pure rules. It imports only its own files and a short
// list of pure libraries; no I/O (node built-ins, database, HTTP) and never the apps.
const SRC = import.meta.dirname;
const PURE_LIBRARIES = new Set(['decimal.js', 'zod', 'jsep']);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !/\.fixture\.ts$/.test(name)) out.push(path);
  }
  return out.sort();
}

describe('the domain imports no I/O', () => {
  it('only its own files and pure libraries', () => {
    const files = sources(SRC);
    const wrong: string[] = [];
    for (const file of files)
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)) {
        const target = m[1] as string;
        if (target.startsWith('.') && !target.includes('apps/')) continue;
        if (!PURE_LIBRARIES.has(target)) wrong.push(`${relative(SRC, file)} → ${target}`);
      }
    expect(files.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});
