import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { flushCompanyEvents } from './company-events.ts';
import { closeCompanyDatabases, registerDatabase } from './company-router.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories take one so that a use-case commits or fails as a whole. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';
export type OwnerQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /**
   * Runs `fn` on one owner connection (migrations, admin tasks; never request code). The query
   * function takes a script of several statements when called without parameters.
   */
  session<T>(fn: (query: OwnerQuery) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; the callback gets the payload. Returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (see `openPglite`'s `loadDataDir`). */
  dumpDataDir?: () => Promise<Blob | File>;
  close(): Promise<void>;
};

/**
 * `loadDataDir` starts from a dump of another PGlite's data directory (tests start from a migrated
 * template instead of running initdb and every migration again).
 */
export async function openPglite(
  dataDir: string | null,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  // pg_trgm backs the fast item search (migration 0002).
  const client = new PGlite({
    dataDir: dataDir ?? undefined,
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'pglite',
    db,
    session: (fn) =>
      fn(async (sql, params) => {
        if (params) return (await client.query<Record<string, unknown>>(sql, params)).rows;
        const results = await client.exec(sql);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await flushCompanyEvents(db); // committed changes still announced
      await closeCompanyDatabases(db);
      await client.close();
    },
  };
  registerDatabase(database);
  return database;
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', () => {});
  // Fail fast on a wrong URL instead of on the first request.
  await pool.query('select 1');
  // One listening connection, connected once even when several LISTENs start at the same time;
  // close() waits for a connect still in flight, so no connection outlives the database.
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {
        listener = null;
      });
      client.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      await client.connect();
      return client;
    })();
    const pending = listener;
    pending.catch(() => {
      if (listener === pending) listener = null;
    });
    return pending;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'postgres',
    db,
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(async (sql, params) => {
          const result = await client.query(sql, params);
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    close: async () => {
      await flushCompanyEvents(db); // committed changes still announced
      await closeCompanyDatabases(db);
      const client = await listener?.catch(() => null);
      listener = null;
      await client?.end();
      await pool.end();
    },
  };
  registerDatabase(database);
  return database;
}

export function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** Rows of a raw `execute` result: both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
