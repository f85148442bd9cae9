import { BUSINESS_TIME_ZONE, businessDay, type SearchWord, searchWords } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from './database.ts';

// The one set of SQL helpers for repositories (issue 20: there were four copies whose day() versions
// disagreed). The code's query recipe is typed SQL templates (drizzle's `sql` tag, run with
// `tx.execute`); rows come back as plain objects typed by the caller.

/** Runs a query in the caller's transaction and returns its rows typed as T. */
export async function rows<T>(tx: Tx, q: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(q));
}

/** The first row of a query, or undefined. */
export async function one<T>(tx: Tx, q: SQL): Promise<T | undefined> {
  return (await rows<T>(tx, q))[0];
}

/** The array literal of a uuid[] parameter; callers pass ids that zod validated as uuids, so it is safe. */
export const uuidArrayLiteral = (ids: readonly string[]): string => `{${ids.join(',')}}`;

/** A uuid[] parameter (see uuidArrayLiteral). */
export const uuids = (ids: readonly string[]): SQL => sql`${uuidArrayLiteral(ids)}::uuid[]`;

/** A timestamp as it leaves the server: ISO text for a Date, the driver's text otherwise. */
export const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

/**
 * A calendar day as `YYYY-MM-DD`. The decision (issue 20): a `date` column is a day without a time
 * zone, and both drivers hand it over as that text through drizzle, so it is taken as it is. A JS
 * Date is an instant, and its day is the business day: the date in Europe/Zagreb (`businessDay`),
 * never the UTC date and never the server's own time zone.
 */
export const day = (value: unknown): string | null =>
  value == null ? null : value instanceof Date ? businessDay(value) : String(value).slice(0, 10);

/** "5.00" → "5", "12.50" → "12.5": numeric text leaves as a short decimal string. */
export const normDecimal = (s: string): string => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);

/**
 * Today as the business day, read in the transaction: the date in Europe/Zagreb at the
 * transaction's `now()`, or the `app.as_of_date` the demo generator sets to backdate its documents
 * (no request path sets it). With the time there, for documents that print it.
 */
export async function businessToday(tx: Tx): Promise<{ date: string; year: number; time: string }> {
  const row = await one<{ date: string; time: string }>(
    tx,
    sql`select coalesce(nullif(current_setting('app.as_of_date', true), ''),
                 to_char(now() at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD')) as date,
               to_char(now() at time zone ${BUSINESS_TIME_ZONE}, 'HH24:MI:SS') as time`,
  );
  const date = row?.date ?? businessDay();
  return { date, year: Number(date.slice(0, 4)), time: row?.time ?? '00:00:00' };
}

/**
 * Search across columns: every word of the query must match one of the columns `matchOne` tests,
 * in any order ("lam 6" finds "Laminirano staklo 6 mm"). A query without any word matches nothing.
 */
export function allWordsMatch(q: string, matchOne: (word: SearchWord) => SQL): SQL {
  const words = searchWords(q);
  if (words.length === 0) return sql`false`;
  return sql`(${sql.join(
    words.map((w) => sql`(${matchOne(w)})`),
    sql` and `,
  )})`;
}

/**
 * A text column lower-cased and without the diacritics of the shop's languages, to compare with
 * a word's key ("cakic" finds "Čakić"); the other columns keep ILIKE.
 */
export const plainText = (column: SQL): SQL =>
  sql`translate(lower(${column}), 'čćđšžáàâäãåéèêëíìîïóòôöõúùûüýÿñß', 'ccdszaaaaaaeeeeiiiiooooouuuuyyns')`;
