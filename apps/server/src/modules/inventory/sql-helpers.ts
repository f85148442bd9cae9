import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/** Runs a query and returns its rows typed as T. */
export async function query<T>(tx: Tx, q: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(q));
}

/** A uuid[] parameter (uuids are validated before they get here, so the literal is safe). */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Timestamps leave the server as ISO strings; both drivers hand us Date objects. */
export const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));
/** A date column as YYYY-MM-DD. */
export const day = (value: unknown): string | null =>
  value == null
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);
