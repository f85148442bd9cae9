import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files.ts';

// SQL lives in repositories (issue 20, deliverable 2). Outside a `*.repo.ts`, the database layer
// (`db/`, migrations included), the company copies of `platform/` and test code, no file builds or
// runs SQL: no `sql` template, no `sql.raw`/`sql.join`, no `.execute(`/`.query(`, no query builder
// over the table definitions of `db/schema.ts`. A service calls its own repository's named functions.
const SRC = import.meta.dirname;

/** Where SQL belongs: repositories, the database layer, company copies, and code only tests run. */
const SQL_HOME = [
  /\.repo\.ts$/,
  /^db\//,
  /^platform\//,
  /^test\//,
  /^flows\//, // the cross-area flow tests and their invariant checks
  /(^|\/)test-[^/]*\.ts$/, // test fixtures beside a module (test-dates.ts, test-helpers.ts, ...)
  /\.test-support\.ts$/,
];

/** better-auth's drizzle adapter is handed the table definitions and runs their SQL itself. */
const ADAPTER_WIRING = new Set(['modules/auth/auth.ts']);

const RUNS_SQL: [string, RegExp][] = [
  ['sql template', /\bsql`/],
  ['sql.raw/sql.join', /\bsql\.(raw|join)\(/],
  ['.execute(', /\.execute\(/],
  ['.query(', /\.query\(/],
  ['query builder over db/schema.ts', /from '[./]*db\/schema\.ts'/],
];

/** The kinds of SQL a file builds or runs (empty when it holds the rule). */
function sqlIn(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return RUNS_SQL.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
}

describe('SQL lives in repositories', () => {
  const files = sourceFiles(SRC).map((f) => relative(SRC, f));
  const outside = files.filter((f) => !SQL_HOME.some((home) => home.test(f)) && !ADAPTER_WIRING.has(f));

  it('the scanner sees SQL where it is, and none where it is not', () => {
    expect(sqlIn('db/sql.ts')).toContain('sql template');
    expect(sqlIn('modules/partners/partners.repo.ts')).toContain('sql template');
    expect(sqlIn('modules/auth/auth.ts')).toEqual(['query builder over db/schema.ts']);
    expect(sqlIn('modules/partners/partners.routes.ts')).toEqual([]);
    expect(outside.length).toBeGreaterThan(100);
  });

  it('no file outside a repository runs SQL', () => {
    const wrong = outside.flatMap((f) => sqlIn(f).map((kind) => `${f}: ${kind}`));
    expect(wrong).toEqual([]);
  });
});
