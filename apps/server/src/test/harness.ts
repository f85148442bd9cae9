import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
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

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_PG_URL) {
    const database = await openPglite(null);
    await migrate(database);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `erp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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
