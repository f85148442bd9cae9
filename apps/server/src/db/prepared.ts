import { createRequire } from 'node:module';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  type AheadStatement,
  committedWithLast,
  isCommitted,
  takeAhead,
  takeAllAhead,
} from './begin-with.ts';
import type { Tx } from './database.ts';

// Named (prepared) statements for the hot queries of the posting path (issue 21). An unnamed
// statement is parsed, rewritten (row-level security adds each table's policy) and planned on every
// call; measured with pg_stat_statements on the posting benchmark, planning the document read-back
// alone cost more than all of the posting's writes. A named statement is parsed once per pooled
// connection; PostgreSQL then keeps a generic plan when it is no worse than planning per call
// (plan_cache_mode auto; re-planned when the role or the schema changes). Not forced: a query over
// an id array (the item lock) gets a generic plan that scans every item of the company.
// Only for statements whose text does not depend on the input (parameters only): each distinct
// text takes a name for the life of the process. PGlite runs them as ordinary statements.
// Needs direct connections to PostgreSQL (as openPostgres makes) or a pooler in session mode: a
// pooler in transaction mode may send a later call of a name to a server connection without it.

type Query = { sql: string; params: unknown[] };
type TxInternals = {
  dialect: { sqlToQuery(q: SQL): Query };
  session: {
    client: unknown;
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

/** How many distinct texts get a name; beyond that (a caller with a variable text) they run unnamed. */
const MAX_NAMES = 100;
const names = new Map<string, string>();

function nameFor(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMES) return known;
  const name = `erp_prepared_${names.size + 1}`;
  names.set(text, name);
  return name;
}

// What drizzle's node-postgres driver hands over as text (time and date types and their arrays), so
// a statement sent here returns the same row values as through tx.execute.
const AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? asText : pg.types.getTypeParser(oid, format ?? 'text'),
};

// A named statement's rows, described once per connection. pg asks for the row description
// (Describe) on every execution and rebuilds the result's parsers and empty row from it; on the
// posting path that was about 7 % of the server thread's CPU (issue 21, session 12). A name keeps
// its text for the life of the connection, so its rows keep their columns and types (PostgreSQL
// refuses to run a prepared statement whose result type changed: "cached plan must not change
// result type"), and a later execution on that connection skips the Describe and reuses them.
// This leans on pg 8's Query and Result internals (prepare, _result, _parsers), pinned by the
// lockfile and covered by prepared.test.ts on PostgreSQL.

type Described = { fields: unknown[]; parsers: unknown[]; empty: Record<string, null> };
type ResultInternals = {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: Record<string, null>;
};
type Connection = {
  parsedStatements: Record<string, string>;
  parse(config: object): void;
  bind(config: object): void;
  describe(config: object): void;
  execute(config: object): void;
  sync(): void;
  close(config: object): void;
};
type QueryInternals = {
  name: string;
  types: unknown;
  callback: Callback;
  _results: unknown;
  values: unknown[];
  portal: string;
  binary: boolean;
  _result: ResultInternals;
  _accumulateRows: boolean;
  prepare(connection: Connection): void;
  handleRowDescription(message: unknown): void;
  handleError(error: unknown, connection: Connection): void;
};
/** One result, or one per statement when the statement was sent with its COMMIT. */
type Results = { rows: unknown[] } | { rows: unknown[] }[];
type Callback = (error: Error | null, result: Results) => void;
// Built from the text and the values, not from a config object: pg copies a config object with
// Object.getOwnPropertyDescriptors/defineProperties (about 2.5 µs per query, and the copy's
// dictionary-mode properties slow every later read of them), a text it does not copy.
const PgQuery = pg.Query as unknown as new (text: string, values: unknown[]) => QueryInternals;
const PgResult = (pg as unknown as { Result: new (rowMode: undefined, types: unknown) => ResultInternals })
  .Result;
/** pg's own conversion of a parameter to its wire text, as its Query's bind uses it. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

const describedByConnection = new WeakMap<object, Map<string, Described>>();

/** A pg Query with our type parsers (the same fields pg's constructor sets from a config object). */
function withTypes<Q extends QueryInternals>(query: Q, callback: Callback): Q {
  query.types = types;
  query._result = new PgResult(undefined, types);
  query._results = query._result;
  query.callback = callback;
  return query;
}

class NamedStatement extends PgQuery {
  constructor(
    private readonly described: Map<string, Described>,
    name: string,
    text: string,
    values: unknown[],
    callback: Callback,
    /** Followed by COMMIT in the same round trip (see `finish`). */
    private readonly thenCommit: boolean,
  ) {
    super(text, values);
    this.name = name;
    withTypes(this, callback);
  }

  // The statement's Execute, then (thenCommit) COMMIT as an unnamed statement, then one Sync: one
  // round trip. When the statement fails, PostgreSQL skips the COMMIT (it discards everything up to
  // the Sync) and the transaction is left aborted for the caller's ROLLBACK; when the COMMIT itself
  // fails (a deferred trigger, a serialisation failure) the transaction is rolled back and the
  // error is this query's. Either way nothing of the transaction stays.
  private finish(connection: Connection): void {
    connection.execute({ portal: this.portal });
    if (this.thenCommit) {
      connection.parse({ text: 'commit' });
      connection.bind({});
      connection.execute({});
    }
    connection.sync();
  }

  /** pg's prepare ends here (execute and sync); `rows` (a cursor) is never set on these queries. */
  _getRows(connection: Connection): void {
    this.finish(connection);
  }

  override prepare(connection: Connection): void {
    const known = this.described.get(this.name);
    if (!known || connection.parsedStatements[this.name] === undefined) {
      super.prepare(connection);
      return;
    }
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    // No Describe: the rows are parsed as the first execution's description said.
    this._result.fields = known.fields;
    this._result._parsers = known.parsers;
    this._result._prebuiltEmptyResultObject = known.empty;
    this._accumulateRows = true;
    this.finish(connection);
  }

  override handleRowDescription(message: unknown): void {
    super.handleRowDescription(message);
    const r = this._result;
    this.described.set(this.name, {
      fields: r.fields,
      parsers: r._parsers,
      empty: r._prebuiltEmptyResultObject,
    });
  }
}

/**
 * Runs a named statement on a pg connection, its rows described once per connection; with
 * `thenCommit`, COMMIT goes in the same round trip (its own result comes second and is dropped).
 */
function runNamed<T>(
  client: pg.Client,
  name: string,
  text: string,
  values: unknown[],
  thenCommit = false,
): Promise<T[]> {
  let described = describedByConnection.get(client);
  if (!described) {
    described = new Map();
    describedByConnection.set(client, described);
  }
  const known = described;
  return new Promise((resolve, reject) => {
    const query = new NamedStatement(
      known,
      name,
      text,
      values,
      (error, result) => (error ? reject(error) : resolve(rowsOfFirst(result) as T[])),
      thenCommit,
    );
    client.query(query as unknown as pg.Submittable);
  });
}

// A transaction opened with statements sent ahead (issue 21): BEGIN, the company's entry and the
// use-case's first statement in one round trip. Each is executed in order, the named ones parsed once
// per connection and described once (as runNamed does), and one Sync ends the round trip. When one
// fails, PostgreSQL skips every later message up to the Sync: nothing after a refused entry runs.

export type { AheadStatement } from './begin-with.ts';

/** A fixed-text statement as a named one (a name per distinct text, as `preparedRows`). */
export function namedStatement(text: string, values: unknown[]): AheadStatement {
  return { name: nameFor(text), text, values };
}

type Step = AheadStatement & { result: ResultInternals };
type ParseEvents = {
  on(e: 'parseComplete', f: () => void): void;
  off(e: 'parseComplete', f: () => void): void;
};
type RowDescription = { fields: unknown[] };

class Pipeline extends PgQuery {
  private step = 0;
  private unparsable: Error | undefined;
  /** The named statements parsed in this round trip, in order, each marked parsed when PostgreSQL says so. */
  private readonly parsing: AheadStatement[] = [];
  private events: (Connection & ParseEvents) | undefined;
  private readonly onParsed = () => {
    const statement = this.parsing.shift();
    if (statement?.name && this.events) this.events.parsedStatements[statement.name] = statement.text;
  };

  constructor(
    private readonly described: Map<string, Described>,
    private readonly steps: Step[],
    callback: Callback,
  ) {
    super((steps[0] as Step).text, []);
    withTypes(this, callback);
  }

  requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: Connection): void {
    this.events = connection as Connection & ParseEvents;
    this.events.on('parseComplete', this.onParsed);
    try {
      for (const step of this.steps) this.send(connection, step);
    } catch (error) {
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    connection.sync();
  }

  /** Parse (unless parsed on this connection), Bind, Describe (unless described), Execute. */
  private send(connection: Connection, step: Step): void {
    const known = step.name ? this.described.get(step.name) : undefined;
    const parsed = step.name !== undefined && connection.parsedStatements[step.name] !== undefined;
    if (!parsed) {
      connection.parse({ text: step.text, name: step.name ?? '' });
      this.parsing.push(step);
    }
    connection.bind({ statement: step.name ?? '', values: step.values, valueMapper: prepareValue });
    if (known && parsed) {
      step.result.fields = known.fields;
      step.result._parsers = known.parsers;
      step.result._prebuiltEmptyResultObject = known.empty;
    } else {
      connection.describe({ type: 'P', name: '' });
    }
    connection.execute({});
  }

  private stop(): void {
    this.events?.off('parseComplete', this.onParsed);
    this.events = undefined;
  }

  override handleRowDescription(message: unknown): void {
    const step = this.steps[this.step] as Step;
    step.result.fields = [];
    (step.result as unknown as { addFields(f: unknown[]): void }).addFields(
      (message as RowDescription).fields,
    );
    if (step.name)
      this.described.set(step.name, {
        fields: step.result.fields,
        parsers: step.result._parsers,
        empty: step.result._prebuiltEmptyResultObject,
      });
  }

  handleDataRow(message: { fields: unknown[] }): void {
    const result = (this.steps[this.step] as Step).result as unknown as {
      parseRow(f: unknown[]): unknown;
      addRow(r: unknown): void;
    };
    if (this.unparsable) return;
    try {
      result.addRow(result.parseRow(message.fields));
    } catch (error) {
      this.unparsable = error as Error; // reported once the round trip has ended, as pg's Query does
    }
  }

  handleCommandComplete(): void {
    this.step++;
  }

  override handleError(error: unknown, connection: Connection): void {
    this.stop();
    super.handleError(error, connection);
  }

  handleReadyForQuery(): void {
    this.stop();
    if (this.unparsable) return void this.callback(this.unparsable, []);
    this.callback(
      null,
      this.steps.map((s) => ({ rows: (s.result as unknown as { rows: unknown[] }).rows })),
    );
  }
}

/**
 * Sends `begin` (the transaction's opening, with its isolation level) and then `statements` in one
 * round trip on a pg connection; the rows of each statement, in order. The first error is thrown and
 * nothing after the failed statement ran.
 */
export function beginWithStatements(
  client: pg.PoolClient,
  begin: string,
  statements: AheadStatement[],
): Promise<unknown[][]> {
  let described = describedByConnection.get(client);
  if (!described) {
    described = new Map();
    describedByConnection.set(client, described);
  }
  const steps: Step[] = [{ name: undefined, text: begin, values: [] }, ...statements].map((s) => ({
    ...s,
    result: new PgResult(undefined, types),
  }));
  const known = described;
  return new Promise((resolve, reject) => {
    const query = new Pipeline(known, steps, (error, result) => {
      if (error) return reject(error);
      resolve((result as { rows: unknown[] }[]).slice(1).map((r) => r.rows));
    });
    client.query(query as unknown as pg.Submittable);
  });
}

/** A statement built by drizzle as one to send ahead; `named`: as a named statement (fixed text only). */
export function aheadOf(q: SQL, named = false): AheadStatement {
  const query = dialect.sqlToQuery(q);
  return { name: named ? nameFor(query.sql) : undefined, text: query.sql, values: query.params };
}

const rowsOfFirst = (result: Results) => (Array.isArray(result) ? (result[0]?.rows ?? []) : result.rows);

/** Runs an unnamed statement on a pg connection (parsed and planned by PostgreSQL on every call). */
function runUnnamed<T>(client: pg.Client, text: string, values: unknown[]): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const query = withTypes(new PgQuery(text, values), (error, result) =>
      error ? reject(error) : resolve(rowsOfFirst(result) as T[]),
    );
    client.query(query as unknown as pg.Submittable);
  });
}

// Several statements in one round trip: each parsed, bound and executed unnamed, then one Sync.
// PostgreSQL runs them in order and each takes its snapshot when it is bound, after the one before it
// has finished (so a statement after a lock sees what the lock waited for); the first that fails
// makes PostgreSQL skip the rest up to the Sync, and the transaction is left aborted.
class Statements extends PgQuery {
  constructor(
    private readonly statements: Query[],
    callback: Callback,
  ) {
    super((statements[0] as Query).sql, (statements[0] as Query).params);
    withTypes(this, callback);
  }

  requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: Connection): void {
    try {
      for (const statement of this.statements) {
        connection.parse({ text: statement.sql });
        connection.bind({ values: statement.params, valueMapper: prepareValue });
        connection.describe({ type: 'P', name: '' });
        connection.execute({});
      }
    } catch (error) {
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    connection.sync();
  }
}

/**
 * Runs statements one after another in the caller's transaction, in one round trip on PostgreSQL
 * (one by one on PGlite, where a round trip costs nothing); the rows of each, in order.
 */
export async function statementsRows(tx: Tx, statements: SQL[]): Promise<unknown[][]> {
  const { dialect, session } = tx as unknown as TxInternals;
  const queries = statements.map((q) => dialect.sqlToQuery(q));
  const client = session.client;
  if (isCommitted(tx)) throw new Error('A statement after its transaction committed with its last statement');
  const answered = takeAllAhead(
    tx,
    queries.map((q) => ({ text: q.sql, values: q.params })),
  );
  if (answered) return answered;
  if (!(client instanceof pg.Client)) {
    const all: unknown[][] = [];
    for (const q of queries) all.push(await send(tx, undefined, q.sql, q.params, false));
    return all;
  }
  return new Promise((resolve, reject) => {
    const query = new Statements(queries, (error, result) => {
      if (error) return reject(error);
      resolve((Array.isArray(result) ? result : [result]).map((r) => r.rows));
    });
    client.query(query as unknown as pg.Submittable);
  });
}

/**
 * Sends a statement of fixed text with its values in the caller's transaction. On PostgreSQL it goes
 * to the transaction's pooled connection in one `query` call (drizzle's prepared-query object is
 * built per call and copied by pg: measurable on the posting path), a named one through
 * `runNamed`; on PGlite through drizzle.
 */
function send<T>(
  tx: Tx,
  name: string | undefined,
  text: string,
  values: unknown[],
  thenCommit: boolean,
): Promise<T[]> {
  const { session } = tx as unknown as TxInternals;
  const client = session.client;
  if (isCommitted(tx))
    return Promise.reject(new Error('A statement after its transaction committed with its last statement'));
  const answered = takeAhead(tx, { text, values });
  if (answered && !thenCommit) return Promise.resolve(answered as T[]);
  if (client instanceof pg.Client) {
    if (!thenCommit)
      return name ? runNamed<T>(client, name, text, values) : runUnnamed<T>(client, text, values);
    // COMMIT with the statement (claimed by the caller: db/begin-with.ts), one round trip; an
    // unnamed statement (past MAX_NAMES) sends it after, in a second.
    const rows = name
      ? runNamed<T>(client, name, text, values, true)
      : runUnnamed<T>(client, text, values).then((r) => client.query('commit').then(() => r));
    return rows.then((r) => {
      committedWithLast(tx);
      return r;
    });
  }
  if (thenCommit) throw new Error('thenCommit on a transaction that is not node-postgres');
  return session
    .prepareQuery({ sql: text, params: values }, undefined, name, false)
    .execute()
    .then((result) => (result as { rows: T[] }).rows);
}

/**
 * Runs a fixed-text query as a named statement in the caller's transaction; its rows typed as T.
 * `thenCommit`: the transaction's last statement, sent with its COMMIT (only after `claimCommit`).
 */
export function preparedRows<T>(tx: Tx, q: SQL, thenCommit = false): Promise<T[]> {
  const query = (tx as unknown as TxInternals).dialect.sqlToQuery(q);
  return send<T>(tx, nameFor(query.sql), query.sql, query.params, thenCommit);
}

// Statement templates: the posting path's statements built by drizzle once per shape, not per call.
// The builder is called with the shape as given and an input whose every value is a marker; where a
// marker came out among the parameters, a call puts its own value. The builder may branch on the
// shape only (line counts, one id or several); it must pass the input's values as parameters as
// they are. A marker that ends up in the text or inside another value fails the first call.

const MARK = '\u0000value:';
const END = '\u0000';

/** The input with every value replaced by a marker naming its path ("movements.0.itemId"). */
function marked(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => marked(v, `${path}${i}.`));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, marked(v, `${path}${k}.`)]));
  return `${MARK}${path.slice(0, -1)}${END}`;
}

type Slot = (input: unknown) => unknown;
type TemplateText = { name: string | undefined; text: string; slots: Slot[] };
/** Runs the statement in a transaction; `statement` is the same statement to send ahead (AheadStatement). */
type Template<I, S> = (<T>(tx: Tx, input: I, shape: S, thenCommit?: boolean) => Promise<T[]>) & {
  statement(input: I, shape: S): AheadStatement;
};
/** drizzle's PostgreSQL dialect (no options: the databases' own dialects are built without any either). */
const dialect = new PgDialect();

function slotFor(param: unknown): Slot {
  if (typeof param !== 'string' || !param.includes(MARK)) return () => param; // a constant of the shape
  if (!param.startsWith(MARK) || !param.endsWith(END) || param.indexOf(END, MARK.length) !== param.length - 1)
    throw new Error('statementTemplate: an input value was changed before it became a parameter');
  const path = param.slice(MARK.length, -1).split('.');
  return (input) => {
    let v = input;
    for (const k of path) v = (v as Record<string, unknown>)[k];
    return v;
  };
}

/** How many shapes of one template are kept; a rarer shape beyond that is built for its call only. */
const MAX_SHAPES = 64;

/**
 * A statement whose text depends only on `shape` (flat: its values form the cache key), run as a
 * named statement. `build(input, shape)` is drizzle's SQL for that input.
 */
export function statementTemplate<I, S extends Record<string, string | number>>(
  build: (input: I, shape: S) => SQL,
): Template<I, S> {
  const byShape = new Map<string, TemplateText>();
  const statement = (input: I, shape: S): AheadStatement => {
    const key = Object.values(shape).join('/');
    let template = byShape.get(key);
    if (!template) {
      const q = dialect.sqlToQuery(build(marked(input, '') as I, shape));
      if (q.sql.includes(MARK)) throw new Error('statementTemplate: an input value went into the text');
      template = { name: nameFor(q.sql), text: q.sql, slots: q.params.map(slotFor) };
      if (byShape.size < MAX_SHAPES) byShape.set(key, template);
    }
    return { name: template.name, text: template.text, values: template.slots.map((slot) => slot(input)) };
  };
  const run = <T>(tx: Tx, input: I, shape: S, thenCommit = false) => {
    const s = statement(input, shape);
    return send<T>(tx, s.name, s.text, s.values, thenCommit);
  };
  return Object.assign(run, { statement });
}
