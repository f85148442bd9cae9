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
 * Opens the transaction itself: sends `begin` (BEGIN with its isolation level) and the first
 * statement in one round trip, and answers with the first statement's rows (db/prepared.ts,
 * beginWithStatements). When it throws, the transaction is rolled back.
 */
export type Opening = (client: pg.PoolClient, begin: string) => Promise<Record<string, unknown>[]>;

/**
 * Runs `fn` in a transaction opened by `begin[ isolation level ...]; <first>` in one round trip and
 * hands it the first statement's rows. `first` is a complete statement without parameters (its
 * values already quoted by the caller), or an `Opening` that sends the round trip itself. Returns
 * null without doing anything when the database is not node-postgres; the caller then uses
 * db.transaction.
 */
export async function transactionBeginningWith<T>(
  db: Db,
  first: string | Opening,
  isolation: 'repeatable read' | undefined,
  fn: (tx: Tx, firstRows: Record<string, unknown>[]) => Promise<T>,
  /** `fn`'s last statement is the transaction's last: it may carry the COMMIT (`claimCommit`). */
  lastStatementCommits = false,
): Promise<T | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  const client = await pool.connect();
  const tx = transactionOn(db, client);
  const ending: Ending = { client, mayCommit: lastStatementCommits, committed: false };
  endings.set(tx, ending);
  let broken: Error | undefined;
  try {
    const begin = `begin${isolation ? ` isolation level ${isolation}` : ''}`;
    const firstRows =
      typeof first === 'string'
        ? (((await client.query(`${begin}; ${first}`)) as unknown as pg.QueryResult[])[1]?.rows ?? [])
        : await first(client, begin);
    const result = await fn(tx, firstRows);
    if (!ending.committed) await client.query('commit');
    return result;
  } catch (error) {
    reopen(ending);
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw error;
  } finally {
    reopen(ending);
    endings.delete(tx);
    // A connection that could not even roll back is closed instead of going back to the pool.
    client.release(broken);
  }
}

// The last statement and COMMIT in one round trip (issue 21). A use-case whose last statement is
// also the transaction's (nothing it or its caller runs afterwards touches the database) can send
// COMMIT with it (db/prepared.ts, `thenCommit`). Only the code that owns the end of the transaction
// knows that nothing follows, so it is said twice: the transaction is opened with
// `lastStatementCommits` (inCompany, for the routes whose use-case ends with its write), and the
// code that sends the last statement claims the COMMIT with `claimCommit` right before sending it
// (once per transaction). After that COMMIT the connection refuses every statement until the
// transaction helper has finished: a statement sent after it would otherwise run outside the
// transaction, as the table owner without row-level security. An error thrown after that COMMIT
// cannot undo the committed writes, so nothing that can fail may follow a claimed COMMIT.

type Ending = { client: pg.PoolClient; mayCommit: boolean; committed: boolean };
const endings = new WeakMap<Tx, Ending>();
/** pg's own switch: a client that is not queryable fails every query (a pg 8 internal). */
type Queryable = { _queryable: boolean; connection: { stream: { destroyed: boolean } } };

/**
 * True once per transaction when its last statement may carry the COMMIT: the caller must then send
 * that statement with `thenCommit` and run no statement after it. False on PGlite, in transactions
 * not opened with `lastStatementCommits`, and for every later call.
 */
export function claimCommit(tx: Tx): boolean {
  const ending = endings.get(tx);
  if (!ending?.mayCommit) return false;
  ending.mayCommit = false;
  return true;
}

/** The claimed COMMIT went through: the helper sends none, and the connection takes no statement. */
export function committedWithLast(tx: Tx): void {
  const ending = endings.get(tx);
  if (!ending) throw new Error('committedWithLast: not a transaction of transactionBeginningWith');
  ending.committed = true;
  (ending.client as unknown as Queryable)._queryable = false;
}

/** Whether the transaction has committed with its last statement (no statement may follow). */
export function isCommitted(tx: Tx): boolean {
  return endings.get(tx)?.committed === true;
}

/** Takes statements again (a connection whose socket died meanwhile stays refused: the pool drops it). */
function reopen(ending: Ending): void {
  const client = ending.client as unknown as Queryable;
  if (ending.committed && !client.connection.stream.destroyed) client._queryable = true;
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
