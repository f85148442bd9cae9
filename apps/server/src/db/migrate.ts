import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabaseUrl } from './company-router.ts';
import { type Database, openPostgres } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
/** Any constant works; it only has to be the same in every instance so that one migrates at a time. */
const MIGRATION_LOCK = 727_070_01;

export function migrationFiles(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}[a-z]?_[\w-]+\.sql$/.test(f)) // 0040b_…: a second file of the same number
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(MIGRATIONS_DIR, f), 'utf8') }));
}

/**
 * Applies pending migrations, each in its own transaction, holding a lock so parallel starts are
 * safe; then the same migrations on every dedicated company database in the registry (issue 10).
 * Returns the versions applied to this database.
 */
export async function migrate(database: Database): Promise<string[]> {
  const done = await migrateOne(database);
  for (const url of await dedicatedUrls(database)) {
    const dedicated = await openPostgres(url, 1);
    try {
      await migrateOne(dedicated);
    } finally {
      await dedicated.close();
    }
  }
  return done;
}

async function dedicatedUrls(database: Database): Promise<string[]> {
  return database.session(async (query) => {
    const [exists] = await query(`select to_regclass('public.company_registry') is not null as ok`, []);
    if (!exists?.ok) return [];
    const rows = await query(`select database_url from company_registry where mode = 'dedicated'`, []);
    // Encrypted (each value with its own IV): decrypted before the duplicates are dropped.
    return [...new Set(rows.map((r) => openDatabaseUrl(String(r.database_url)) as string))].sort();
  });
}

async function migrateOne(database: Database): Promise<string[]> {
  return database.session(async (query) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await query(
        'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
      );
      const applied = new Set(
        (await query('select version from schema_migrations')).map((r) => String(r.version)),
      );
      const done: string[] = [];
      for (const { version, sql } of migrationFiles()) {
        if (applied.has(version)) continue;
        await query('begin');
        try {
          await query(sql);
          await query('insert into schema_migrations (version) values ($1)', [version]);
          await query('commit');
        } catch (error) {
          await query('rollback');
          throw new Error(`Migration ${version} failed: ${(error as Error).message}`);
        }
        done.push(version);
      }
      return done;
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}
