import type { SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from './database.ts';

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
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
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

/** Runs a fixed-text query as a named statement in the caller's transaction; its rows typed as T. */
export async function preparedRows<T>(tx: Tx, q: SQL): Promise<T[]> {
  const { dialect, session } = tx as unknown as TxInternals;
  const query = dialect.sqlToQuery(q);
  const name = nameFor(query.sql);
  if (!name) return rowsOf<T>(await tx.execute(q));
  return rowsOf<T>(await session.prepareQuery(query, undefined, name, false).execute());
}
