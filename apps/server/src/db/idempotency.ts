import { createHash } from 'node:crypto';
import { AppError } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { claimCommit } from './begin-with.ts';
import type { Tx } from './database.ts';
import { preparedRows, statementsRows } from './prepared.ts';

/** What makes two requests "the same": the route (method, path with its ids) and the body. */
export type Idempotency = { key: string; scope: string; body: unknown };

/** A usable `Idempotency-Key` header: printable ASCII, 1–200 characters; anything else is ignored. */
export function idempotencyKey(raw: unknown): string | undefined {
  return typeof raw === 'string' && /^[\x21-\x7e]{1,200}$/.test(raw) ? raw : undefined;
}

const hashOf = (idem: Idempotency) =>
  createHash('sha256')
    .update(`${idem.scope}\n${JSON.stringify(idem.body ?? null)}`)
    .digest('hex');

/** The key's advisory lock and its look-up: `once`'s first two statements. */
export function keyLookup(companyId: string, key: string): SQL[] {
  return [
    sql`select pg_advisory_xact_lock(hashtextextended(${`${companyId}:${key}`}, 0))`,
    sql`select request_hash, response from idempotency_keys where key = ${key}`,
  ];
}

/**
 * Runs a use-case once per Idempotency-Key, inside the use-case's own transaction. The key is
 * locked first (a transaction-scoped advisory lock), so a twin request waits here and then finds
 * the stored answer: there is exactly one replay check per request and no second lock on the
 * business rows. A replay with the same request returns the stored answer and does nothing; the
 * same key with another request is a conflict. The key is stored with the posting, so a rolled-back
 * posting leaves no key behind. JSON answers only (every posting endpoint answers JSON).
 */
export async function once<T>(
  tx: Tx,
  companyId: string,
  idem: Idempotency,
  run: () => Promise<T>,
): Promise<T> {
  // The lock, then the look-up in a statement of its own (its snapshot taken once the lock is held,
  // so a twin that waited sees the first one's key): two statements, one round trip (on PostgreSQL
  // inCompany sends them with the company's entry: keyLookup).
  const [, found] = await statementsRows(tx, keyLookup(companyId, idem.key));
  const hash = hashOf(idem);
  const stored = (found as { request_hash: string; response: { value: T } }[] | undefined)?.[0];
  if (stored) {
    if (stored.request_hash !== hash)
      throw new AppError('CONFLICT', 'Ključ idempotentnosti već je upotrijebljen za drugi zahtjev');
    return stored.response.value;
  }
  // The key's row follows the use-case: when the transaction may commit with its last statement
  // (db/begin-with.ts), that statement is this insert, not the use-case's own last one.
  const last = claimCommit(tx);
  const value = await run();
  // A file answer (a PDF made on request) is not a posting: it is made again on a replay.
  if (value instanceof Uint8Array) return value;
  // The answer goes through JSON exactly as the client would receive it (dates become strings).
  await preparedRows(
    tx,
    sql`insert into idempotency_keys (company_id, key, request_hash, response)
        values (${companyId}, ${idem.key}, ${hash}, ${JSON.stringify({ value: value ?? null })}::jsonb)`,
    last,
  );
  return value;
}
