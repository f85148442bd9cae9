import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/** Runs a query and returns its rows typed as T. */
export async function rows<T>(tx: Tx, q: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(q));
}

export async function one<T>(tx: Tx, q: SQL): Promise<T | undefined> {
  return (await rows<T>(tx, q))[0];
}

/** A uuid[] parameter; callers pass ids that zod validated as uuids. */
export const uuids = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Timestamps leave the server as ISO strings; both drivers hand us Date objects. */
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
/** A date column as YYYY-MM-DD (PGlite and pg may return Date or text). */
export const day = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? localDay(v) : String(v).slice(0, 10);

function localDay(d: Date): string {
  // Date columns come back as local midnight from node-postgres; read them back in local time.
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Announces committed changes to the company's open screens (ids only; clients re-fetch). */
export async function notifyCompany(tx: Tx, companyId: string, topic: string, ids: readonly string[]) {
  await tx.execute(
    sql`select pg_notify('company_event', json_build_object('company_id', ${companyId}::uuid, 'topic', ${topic}::text,
          'ids', ${JSON.stringify(ids)}::json)::text)`,
  );
}
