import { sql } from 'drizzle-orm';
import { decryptField, encryptField } from '../security/field-crypto.ts';
import { type Database, type Db, openPostgres, rowsOf } from './database.ts';

/**
 * Registry database URLs carry their password: stored encrypted with the field encryption
 * (AES-256-GCM, key id in the value, re-encrypted by `npm run admin -- keys rotate`). A plain value
 * (written before this) still reads, and is encrypted by the start-up pass.
 */
export const REGISTRY_URL_CONTEXT = 'company_registry.database_url';
export const sealDatabaseUrl = (url: string | null): string | null => encryptField(url, REGISTRY_URL_CONTEXT);
export const openDatabaseUrl = (stored: string | null): string | null =>
  decryptField(stored, REGISTRY_URL_CONTEXT);

/**
 * Which database holds a company's rows. The registry (`company_registry`, main database) lists
 * companies in dedicated mode; every other company lives in the main database. Each main database
 * has one router: a small cache of the registry and one pool per dedicated database URL.
 *
 * The cache may be stale for a moment after a move (another process moved the company): every
 * company transaction checks `app_company_hosting()` in the database it landed in, and a company
 * that has left that database makes the caller refresh the routes and try again.
 */
type Router = {
  main: Database | null;
  routes: Map<string, string>;
  loadedAt: number;
  loading: Promise<void> | null;
  pools: Map<string, Promise<Database>>;
  /** Channels to LISTEN on in every database (realtime); added to new databases as they appear. */
  listeners: { channel: string; handler: (payload: string) => void }[];
  listening: Set<string>;
};

/** Routes are re-read at least this often even without a notification. */
const ROUTES_TTL_MS = 30_000;
/** A dedicated database serves one company or a few: a small pool per instance is enough. */
const DEDICATED_POOL_SIZE = 5;

const databaseOfDb = new WeakMap<Db, Database>();
const routers = new WeakMap<Db, Router>();

/** Called by openPglite/openPostgres so that code holding only a `Db` can find its router. */
export function registerDatabase(database: Database): void {
  databaseOfDb.set(database.db, database);
}

/** The Database a `Db` belongs to (opened through openPglite/openPostgres), or null. */
export function databaseOf(db: Db): Database | null {
  return databaseOfDb.get(db) ?? null;
}

function routerOf(db: Db): Router {
  let router = routers.get(db);
  if (!router) {
    router = {
      main: databaseOfDb.get(db) ?? null,
      routes: new Map(),
      loadedAt: 0,
      loading: null,
      pools: new Map(),
      listeners: [],
      listening: new Set(),
    };
    routers.set(db, router);
  }
  return router;
}

/** Are the cached routes older than their time to live (or never loaded)? */
const stale = (router: Router): boolean => Date.now() - router.loadedAt > ROUTES_TTL_MS;

async function loadRoutes(db: Db, router: Router): Promise<void> {
  const rows = rowsOf<{ company_id: string; database_url: string }>(
    await db.execute(sql`select company_id, database_url from company_registry where mode = 'dedicated'`),
  );
  router.routes = new Map(rows.map((r) => [r.company_id, openDatabaseUrl(r.database_url) as string]));
  router.loadedAt = Date.now();
  // Awaited, so that a refresh after a move returns with the new database already listened to.
  for (const url of new Set(router.routes.values())) await attachListeners(router, url);
}

/** Re-reads the registry (after a notification, or when a company was not where the cache said). */
export async function refreshCompanyRoutes(db: Db): Promise<void> {
  const router = routerOf(db);
  router.loading ??= loadRoutes(db, router).finally(() => {
    router.loading = null;
  });
  await router.loading;
}

/** The URL of the company's dedicated database, or null when it lives in the main database. */
export async function companyDatabaseUrl(db: Db, companyId: string): Promise<string | null> {
  const router = routerOf(db);
  if (stale(router)) await refreshCompanyRoutes(db);
  return router.routes.get(companyId) ?? null;
}

/** The pool of a dedicated database (opened once per URL and main database). */
export function dedicatedDatabase(db: Db, url: string): Promise<Database> {
  const router = routerOf(db);
  let pool = router.pools.get(url);
  if (!pool) {
    pool = openPostgres(url, DEDICATED_POOL_SIZE);
    // A failed open is not cached: the next request tries again.
    pool.catch(() => router.pools.delete(url));
    router.pools.set(url, pool);
  }
  return pool;
}

/**
 * The main database itself when the cached routes are fresh and do not send the company elsewhere,
 * else null (the caller then awaits companyDb). The common case of a request needs no promise here.
 */
export function mainDbIfCurrent(db: Db, companyId: string): Db | null {
  const router = routers.get(db);
  if (!router || stale(router) || router.routes.has(companyId)) return null;
  return db;
}

/**
 * The database holding a company's rows: the main one (the `db` passed in) or its dedicated one.
 * Every company-scoped path (withCompany, jobs, CLI, realtime) resolves through here.
 */
export async function companyDb(db: Db, companyId: string): Promise<Db> {
  const url = await companyDatabaseUrl(db, companyId);
  return url ? (await dedicatedDatabase(db, url)).db : db;
}

/** Every dedicated database currently registered (for work that walks all databases: jobs, status). */
export async function dedicatedDatabases(db: Db): Promise<{ url: string; database: Database }[]> {
  if (stale(routerOf(db))) await refreshCompanyRoutes(db);
  const urls = [...new Set(routerOf(db).routes.values())];
  return Promise.all(urls.map(async (url) => ({ url, database: await dedicatedDatabase(db, url) })));
}

async function attachListeners(router: Router, url: string): Promise<void> {
  if (router.listeners.length === 0 || router.listening.has(url) || !router.main) return;
  router.listening.add(url);
  try {
    const database = await dedicatedDatabase(router.main.db, url);
    for (const { channel, handler } of router.listeners) await database.listen(channel, handler);
  } catch {
    router.listening.delete(url); // retried on the next refresh
  }
}

/**
 * LISTEN on `channel` in the main database and in every dedicated database, now and as new ones
 * are registered (the realtime fan-out of company events).
 */
export async function listenInEveryDatabase(
  main: Database,
  channel: string,
  handler: (payload: string) => void,
): Promise<void> {
  const router = routerOf(main.db);
  router.main ??= main;
  router.listeners.push({ channel, handler });
  await main.listen(channel, handler);
  const known = [...router.listening];
  router.listening.clear();
  await refreshCompanyRoutes(main.db);
  for (const url of known) await attachListeners(router, url);
}

/** Closes the pools of dedicated databases opened through this main database. */
export async function closeCompanyDatabases(db: Db): Promise<void> {
  const router = routers.get(db);
  if (!router) return;
  routers.delete(db);
  const pools = [...router.pools.values()];
  router.pools.clear();
  for (const pool of pools) await (await pool.catch(() => null))?.close();
}
