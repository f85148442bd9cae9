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
    aheadAnswers.delete(tx); // the transaction object is the connection's next one's too
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
    const session = new NodePgSession(client, dialect, schema, options);
    const made = new NodePgTransaction(dialect, session, schema) as unknown as Tx;
    // A statement sent through drizzle (tx.execute, the query builders: all prepare through the
    // session) differs from any statement sent ahead, so it drops their answers.
    const prepareQuery = session.prepareQuery.bind(session);
    session.prepareQuery = ((...args: Parameters<typeof prepareQuery>) => {
      aheadAnswers.delete(made);
      return prepareQuery(...args);
    }) as typeof session.prepareQuery;
    tx = made;
    byDb.set(db, tx);
  }
  return tx;
}

// Statements sent ahead (issue 21, session 15): a transaction's opening round trip may carry its
// use-case's first statements (db/prepared.ts, beginWithStatements). Their answers wait for the
// use-case: its first statements, when they are those statements with the same values in the same
// order, take the answers instead of being sent (`send` and `statementsRows` in db/prepared.ts).
// The first statement that differs drops the rest (a statement in between may have changed what
// they would read), and the end of the transaction drops what is left.

/** A statement of fixed text with its values; `name` when it runs as a named statement. */
export type AheadStatement = { name: string | undefined; text: string; values: unknown[] };
type Answered = { statement: AheadStatement; rows: unknown[] };
const aheadAnswers = new WeakMap<Tx, Answered[]>();

/** The rows `statements` answered in the round trip that opened `tx` (a transaction of this helper). */
export function answeredAhead(tx: Tx, statements: AheadStatement[], rows: unknown[][]): void {
  if (!endings.has(tx)) throw new Error('answeredAhead: not a transaction of transactionBeginningWith');
  aheadAnswers.set(
    tx,
    statements.map((statement, i) => ({ statement, rows: rows[i] ?? [] })),
  );
}

type Sent = { text: string; values: unknown[] };
const same = (s: AheadStatement, q: Sent) =>
  s.text === q.text && s.values.length === q.values.length && s.values.every((v, i) => v === q.values[i]);

/** The next answer sent ahead, when this statement is the one it answers; otherwise all are dropped. */
export function takeAhead(tx: Tx, sent: Sent): unknown[] | undefined {
  const queue = aheadAnswers.get(tx);
  const next = queue?.[0];
  if (!queue || !next) return undefined;
  if (!same(next.statement, sent)) {
    aheadAnswers.delete(tx);
    return undefined;
  }
  queue.shift();
  return next.rows;
}

/** The answers of these statements sent ahead, all of them or none (then none is left). */
export function takeAllAhead(tx: Tx, sent: Sent[]): unknown[][] | undefined {
  const queue = aheadAnswers.get(tx);
  if (!queue) return undefined;
  if (!sent.every((q, i) => queue[i] !== undefined && same((queue[i] as Answered).statement, q))) {
    aheadAnswers.delete(tx);
    return undefined;
  }
  return queue.splice(0, sent.length).map((a) => a.rows);
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
