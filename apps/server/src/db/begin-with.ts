import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Tx } from './database.ts';

// A PostgreSQL transaction whose BEGIN travels with its first statement (issue 21). drizzle's
// db.transaction sends BEGIN alone, one round trip before any work; a request transaction's first
// statement (app_enter_company) has no input but two ids, so both go as one simple-protocol script:
// `begin; select ...`. Same contract as db.transaction otherwise: commit when `fn` returns, roll back
// when it throws, the pooled connection released either way. PGlite (one in-process connection)
// keeps db.transaction; there a round trip costs nothing.

/** What drizzle's own NodePgSession.transaction takes from the database's session. */
type Internals = {
  session: {
    client: unknown;
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
};

/** The node-postgres pool behind a Db, or null (PGlite). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as Internals).session.client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Runs `fn` in a transaction opened by `begin[ isolation level ...]; <first>` in one round trip and
 * hands it the first statement's rows. `first` must be a complete statement without parameters
 * (its values already quoted by the caller). Returns null without doing anything when the
 * database is not node-postgres; the caller then uses db.transaction.
 */
export async function transactionBeginningWith<T>(
  db: Db,
  first: string,
  isolation: 'repeatable read' | undefined,
  fn: (tx: Tx, firstRows: Record<string, unknown>[]) => Promise<T>,
): Promise<T | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  const client = await pool.connect();
  const tx = transactionOn(db, client);
  let broken: Error | undefined;
  try {
    const results = (await client.query(
      `begin${isolation ? ` isolation level ${isolation}` : ''}; ${first}`,
    )) as unknown as pg.QueryResult[];
    const result = await fn(tx, results[1]?.rows ?? []);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is closed instead of going back to the pool.
    client.release(broken);
  }
}

// drizzle's transaction object holds nothing but its connection, dialect and schema (the
// relational query builders its constructor makes for every table): built once per pooled
// connection and database, not per request. Only the transaction that has the connection checked
// out uses it.
const transactions = new WeakMap<pg.PoolClient, WeakMap<Db, Tx>>();
function transactionOn(db: Db, client: pg.PoolClient): Tx {
  let byDb = transactions.get(client);
  if (!byDb) {
    byDb = new WeakMap();
    transactions.set(client, byDb);
  }
  let tx = byDb.get(db);
  if (!tx) {
    const { dialect, schema, options } = (db as unknown as Internals).session;
    tx = new NodePgTransaction(
      dialect,
      new NodePgSession(client, dialect, schema, options),
      schema,
    ) as unknown as Tx;
    byDb.set(db, tx);
  }
  return tx;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid as an SQL literal, or null when the text is not a uuid (the caller then binds it as
 * before). A text that passed UUID holds hex digits and hyphens only, so quoting it needs no
 * escaping (pg.escapeLiteral built it character by character on every request).
 */
export function uuidLiteral(value: string): string | null {
  return UUID.test(value) ? `'${value}'` : null;
}
