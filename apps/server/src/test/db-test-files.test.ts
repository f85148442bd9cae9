import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// scripts/db-test-files.mjs picks the server tests the PostgreSQL pass runs again (issue 20,
// deliverable 7). A database test left out would never run on PostgreSQL: check the choice.
const ROOT = resolve(import.meta.dirname, '../../../..');
const ADMIN_CLI_TEST = 'apps/server/src/cli/admin.test.ts';
const list = (...args: string[]) =>
  execFileSync(process.execPath, ['scripts/db-test-files.mjs', ...args], { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean);

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('the PostgreSQL pass runs every server test that opens a database', () => {
  const database = list();
  const others = list('--others');
  const all = testFiles(resolve(ROOT, 'apps/server/src'));

  it('splits the server tests into two lists without losing one', () => {
    expect([...database, ...others].sort()).toEqual([...all].sort());
    expect(database.filter((f) => others.includes(f))).toEqual([]);
  });

  it('keeps every test that names the harness or a driver', () => {
    const direct = all.filter(
      (f) =>
        !f.endsWith('db-test-files.test.ts') &&
        f !== ADMIN_CLI_TEST &&
        /test\/harness\.ts'|from '\.\/harness\.ts'|from 'pg'|@electric-sql\/pglite/.test(
          readFileSync(resolve(ROOT, f), 'utf8'),
        ),
    );
    expect(direct.length).toBeGreaterThan(50);
    expect(direct.filter((f) => !database.includes(f))).toEqual([]);
    expect(database).toContain('apps/server/src/flows/order-flow.property.test.ts');
  });

  it('leaves out the admin CLI test: its CLI runs on an embedded PGlite on both passes', () => {
    expect(others).toContain(ADMIN_CLI_TEST);
    expect(readFileSync(resolve(ROOT, ADMIN_CLI_TEST), 'utf8')).toContain("DATABASE_URL: ''");
  });

  it('leaves out the tests that never open one', () => {
    expect(others).toContain('apps/server/src/dependency-rules.test.ts');
    expect(others).toContain('apps/server/src/security/field-crypto.test.ts');
  });
});
