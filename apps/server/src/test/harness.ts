import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { migrate, migrationFiles } from '../db/migrate.ts';
import { buildApp } from '../http/app.ts';
import type { Deps } from '../http/context.ts';

/**
 * Server tests run against PGlite by default and against a real PostgreSQL server when
 * TEST_DATABASE_URL points at one (scripts/test.sh starts it); each test app gets a fresh database.
 */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? null;
export const onPostgres = TEST_PG_URL !== null;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/erp-test-unused',
    databaseUrl: null,
    production: false,
    authSecret: 'test-secret-test-secret-test-secret-123',
    baseUrl: 'http://localhost:3000',
    secureCookies: false,
    authRateLimit: { window: 60, max: 1000 },
    webDist: null,
    contact: { email: 'info@example.hr', phone: '+385 1 234 5678', city: 'Zagreb, Hrvatska' },
    sentry: null,
    ...overrides,
  };
}

export type TestDatabase = { database: Database; url: string | null; drop(): Promise<void> };

/**
 * Every test database starts as a copy of one migrated template, made once per set of migration
 * files: a PGlite data-directory dump in the temp directory, or a template database on the
 * PostgreSQL server. A fresh PGlite with initdb and every migration costs seconds; a copy, well
 * under one. `migrate` still runs on the copy (it finds nothing to do unless the files changed).
 */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const m of migrationFiles()) hash.update(m.version).update('\0').update(m.sql).update('\0');
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `erp-pglite-template-${templateKey()}-1db.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openPglite(null);
  try {
    // PGlite serves only the database "postgres"; initdb's template0 and template1 (CREATE DATABASE
    // copies them, which nothing does on PGlite) are 600 of the dump's 1 500 files, and loading
    // the dump takes about a quarter less CPU without them.
    await database.session(async (query) => {
      await query(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
      await query('drop database template0');
      await query('drop database template1');
    });
    await migrate(database);
    const dump = await (database.dumpDataDir as () => Promise<Blob>)();
    // Written under a name of its own and renamed: a parallel test process never reads half a file.
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

async function postgresTemplate(admin: pg.Client): Promise<string> {
  const name = `erp_template_${templateKey()}`;
  // One process creates it; the others wait on the lock and then find it.
  await admin.query('select pg_advisory_lock(727070)');
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${name}`);
      const url = new URL(TEST_PG_URL as string);
      url.pathname = `/${name}`;
      const database = await openPostgres(url.toString(), 1);
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727070)');
  }
  return name;
}

/**
 * A PGlite data directory at `dir` (which must not hold one yet) that starts as a copy of the
 * migrated template: for tests that hand the database to another process (the server, the admin
 * CLI, a worker), which would otherwise run initdb and every migration on its first start.
 */
export async function pgliteDataDirFromTemplate(dir: string): Promise<void> {
  const database = await openPglite(dir, { loadDataDir: await pgliteTemplate() });
  await database.close();
}

/** A new PostgreSQL database copied from the migrated template: its URL, and how to drop it. */
export async function postgresDatabaseFromTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const server = TEST_PG_URL;
  const name = `erp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await postgresTemplate(admin)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_PG_URL) {
    const database = await openPglite(null, { loadDataDir: await pgliteTemplate() });
    await migrate(database);
    return { database, url: null, drop: () => database.close() };
  }
  const copy = await postgresDatabaseFromTemplate();
  const database = await openPostgres(copy.url);
  await migrate(database);
  return {
    database,
    url: copy.url,
    drop: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  testDb: TestDatabase;
  close(): Promise<void>;
};

export async function startTestApp(
  opts: { config?: Partial<Config>; testDb?: TestDatabase } = {},
): Promise<TestApp> {
  const testDb = opts.testDb ?? (await createTestDatabase());
  const { app, deps } = await buildApp({
    config: testConfig(opts.config),
    database: testDb.database,
    adminToken: 'test-admin-token',
  });
  await app.ready();
  return {
    app,
    deps,
    testDb,
    close: async () => {
      await app.close();
      if (!opts.testDb) await testDb.drop();
    },
  };
}

export type SignedIn = { id: string; email: string; cookie: string };

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  name = 'Ana Horvat',
  email = `${randomUUID()}@example.hr`,
  password = 'tajna-lozinka',
): Promise<SignedIn> {
  // Each test user signs up from an address of its own, so the per-address limit stays out of the way.
  const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    payload: { name, email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { id: response.json().user.id, email, cookie: cookieFrom(response.headers['set-cookie']) };
}
