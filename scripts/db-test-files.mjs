#!/usr/bin/env node
// Prints the server test files that reach a database (issue 20, deliverable 7: the suite's time).
// The PostgreSQL pass of scripts/test.sh runs only these: a test that never opens a database (pure
// rules, writers, the optimiser, source scans) gives the same answer on both passes, so it runs
// once, in the PGlite pass. A file counts as reaching a database when it, or any file it imports
// through relative paths, is the test harness or the database module or imports a database driver
// (type-only imports included, to err on the side of running a test twice), unless it is named in
// OWN_PGLITE below.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/server/src');
const DATABASE_FILES = new Set([join(SRC, 'test/harness.ts'), join(SRC, 'db/database.ts')]);
const DRIVERS = /^(pg|@electric-sql\/pglite)(\/|$)/;
// Tests whose database lives in a child process started with DATABASE_URL '' (its own embedded
// PGlite) whatever TEST_DATABASE_URL says: the same run on both passes, so only the PGlite pass has it.
const OWN_PGLITE = new Set([join(SRC, 'cli/admin.test.ts')]);
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The relative imports of a file, resolved; null when the file imports a database driver. */
function importsOf(file) {
  if (!existsSync(file)) return [];
  const out = [];
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = m[1] ?? m[2];
    if (DRIVERS.test(target)) return null;
    if (target.startsWith('.')) out.push(resolve(dirname(file), target));
  }
  return out;
}

/** Breadth-first over the file's import graph (each test with a fresh visited set: no shortcuts). */
function reachesDatabase(test) {
  const seen = new Set([test]);
  const queue = [test];
  while (queue.length > 0) {
    const file = queue.shift();
    if (DATABASE_FILES.has(file)) return true;
    const next = importsOf(file);
    if (next === null) return true;
    for (const n of next) {
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return false;
}

const tests = walk(SRC)
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
const selected = tests.filter((f) => !OWN_PGLITE.has(f) && reachesDatabase(f));
if (process.argv.includes('--others')) {
  for (const f of tests.filter((t) => !selected.includes(t))) console.log(relative(ROOT, f));
} else {
  for (const f of selected) console.log(relative(ROOT, f));
}
