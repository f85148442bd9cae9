import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownerFolder, TABLE_OWNERS } from './db/table-owners.ts';
import { sourceFiles } from './test/source-files.ts';

// Table ownership (issue 20, deliverables 2 and 6), checked on the migrations and the source text:
// every table has one owner (db/table-owners.ts), only the owner writes it, and another module's
// tables are only read, inside repositories (a join for a list or a print; a use-case that needs
// another module's data calls that module's service). This generalises the stock-tables rule of
// dependency-rules.test.ts to every table.
const SRC = import.meta.dirname;
const MIGRATIONS = join(SRC, 'db/migrations');

/**
 * Code that writes other owners' tables by design: the company copies (move, backup, restore of
 * an archive), the key rotation (re-seals the encrypted fields of every table), and code only tests
 * and benchmarks run (fixtures, the flow tests, the sign-in timing harness).
 */
const WRITES_EVERY_TABLE: RegExp[] = [
  /^platform\//,
  /^modules\/export\/archive\.repo\.ts$/,
  /^security\/rotation\.repo\.ts$/,
  /^security\/login-timing\.ts$/,
  /^test\//,
  /^flows\//,
  /(^|\/)test-[^/]*\.ts$/,
  /\.test-support\.ts$/,
];

/** Tables the migrations leave in place: created, and not dropped by a later migration. */
function migratedTables(): string[] {
  const created = new Set<string>();
  for (const name of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(MIGRATIONS, name), 'utf8').replace(/--.*$/gm, '');
    for (const m of text.matchAll(/\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi))
      created.add((m[1] as string).toLowerCase());
    for (const m of text.matchAll(/\bdrop\s+table\s+(?:if\s+exists\s+)?"?(\w+)"?/gi))
      created.delete((m[1] as string).toLowerCase());
  }
  return [...created].sort();
}

/** drizzle table objects (`export const x = pgTable('name', ...)`) → table name. */
function drizzleTables(): Map<string, string> {
  const names = new Map<string, string>();
  const files = [join(SRC, 'db/schema.ts'), ...sourceFiles(join(SRC, 'db/schema'))];
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      names.set(m[1] as string, m[2] as string);
  return names;
}

/** Source text without comment lines (a sentence such as "update items ..." is not a write). */
const code = (file: string) =>
  readFileSync(join(SRC, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');

const SQL_WRITE =
  /\b(insert\s+into|update|delete\s+from|copy|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const BUILDER_WRITE = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;
const SQL_READ = /\b(from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a file writes, as `verb table` (SQL text and drizzle's query builder). */
function writesIn(file: string, builderTables: Map<string, string>): { verb: string; table: string }[] {
  const text = code(file);
  const found: { verb: string; table: string }[] = [];
  for (const m of text.matchAll(SQL_WRITE)) {
    const table = (m[2] as string).toLowerCase();
    if (table in TABLE_OWNERS)
      found.push({ verb: (m[1] as string).replace(/\s+/g, ' ').toLowerCase(), table });
  }
  for (const m of text.matchAll(BUILDER_WRITE)) {
    const table = builderTables.get(m[2] as string);
    if (table) found.push({ verb: m[1] as string, table });
  }
  return found;
}

const ownerOfFile = (file: string): string | null =>
  /^modules\/[^/]+\//.exec(file)?.[0] ?? /^(db|jobs|security|platform)\//.exec(file)?.[0] ?? null;

describe('every table has one owner', () => {
  const tables = migratedTables();

  it('each table a migration creates is in the ownership map', () => {
    expect(tables).toContain('stock_movements');
    expect(tables).not.toContain('document_idempotency'); // created in 0008, dropped in 0038
    expect(tables.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
  });

  it('the map names no table the migrations do not create, and only owners that exist', () => {
    expect(Object.keys(TABLE_OWNERS).filter((t) => !tables.includes(t))).toEqual([]);
    const folders = new Set(Object.values(TABLE_OWNERS).map(ownerFolder));
    const missing = [...folders].filter((folder) => sourceFiles(join(SRC, folder)).length === 0);
    expect(missing).toEqual([]);
  });
});

describe('only the owner writes a table', () => {
  const files = sourceFiles(SRC).map((f) => relative(SRC, f));
  const builderTables = drizzleTables();

  it('the scanner sees writes in SQL and in the query builder', () => {
    expect(builderTables.get('changelogEntries')).toBe('changelog_entries');
    const seen = (file: string) => writesIn(file, builderTables).map((w) => `${w.verb} ${w.table}`);
    expect(seen('modules/partners/partners.repo.ts')).toContain('insert into partners');
    expect(seen('modules/changelog/changelog.repo.ts')).toContain('delete changelog_entries');
    expect(seen('db/idempotency.ts')).toContain('insert into idempotency_keys');
  });

  it("no code writes another owner's table", () => {
    const wrong: string[] = [];
    for (const file of files) {
      if (WRITES_EVERY_TABLE.some((p) => p.test(file))) continue;
      for (const { verb, table } of writesIn(file, builderTables)) {
        const owner = TABLE_OWNERS[table];
        if (owner && ownerOfFile(file) !== ownerFolder(owner)) wrong.push(`${file}: ${verb} ${table}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it("another module's tables are read only in repositories (a join in a read query)", () => {
    // The policy allows the read; where it sits is the rule (a service calls the owner's service).
    const reads = new Set<string>();
    const outsideRepos: string[] = [];
    for (const file of files.filter((f) => f.startsWith('modules/'))) {
      for (const m of code(file).matchAll(SQL_READ)) {
        const owner = TABLE_OWNERS[(m[2] as string).toLowerCase()];
        if (!owner || ownerFolder(owner) === ownerOfFile(file)) continue;
        reads.add(`${ownerOfFile(file)} → ${ownerFolder(owner)}`);
        if (!file.endsWith('.repo.ts') && !WRITES_EVERY_TABLE.some((p) => p.test(file)))
          outsideRepos.push(`${file}: ${m[0]}`);
      }
    }
    expect(reads).toContain('modules/documents/ → modules/inventory/'); // the scanner sees joins
    expect(outsideRepos).toEqual([]);
  });
});
