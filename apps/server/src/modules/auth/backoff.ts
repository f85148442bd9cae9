import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.ts';
import { blindIndex } from '../../security/field-crypto.ts';

/**
 * Per-account back-off: the first failures are free, then each failure doubles the wait before the
 * next attempt for that email, up to 15 minutes. Counted per email whether or not it has an account,
 * so the back-off itself tells nothing about which emails exist. Keys are HMACs, never emails.
 */
export const BACKOFF = {
  freeFailures: 5,
  baseSeconds: 30,
  maxSeconds: 900,
  forgetAfterSeconds: 900,
} as const;

const accountKey = (email: string) => `acct:${blindIndex('login-email', email.trim().toLowerCase())}`;
const addressKey = (route: string, ip: string) => `addr:${route}:${blindIndex('client-address', ip)}`;

export function backoffSeconds(failures: number): number {
  if (failures < BACKOFF.freeFailures) return 0;
  return Math.min(BACKOFF.maxSeconds, BACKOFF.baseSeconds * 2 ** (failures - BACKOFF.freeFailures));
}

/** Seconds until the account may try again (0: now). */
export async function accountWaitSeconds(db: Db, email: string): Promise<number> {
  const [row] = rowsOf<{ wait: string | number | null }>(
    await db.execute(sql`select ceil(extract(epoch from (blocked_until - now())))::int as wait
      from security_counters where key = ${accountKey(email)} and blocked_until > now()`),
  );
  return row?.wait ? Number(row.wait) : 0;
}

export async function recordLoginFailure(db: Db, email: string): Promise<number> {
  const [row] = rowsOf<{ failures: number }>(
    await db.execute(sql`insert into security_counters (key, failures) values (${accountKey(email)}, 1)
      on conflict (key) do update set
        failures = case when security_counters.updated_at < now() - make_interval(secs => ${BACKOFF.forgetAfterSeconds}::double precision)
          then 1 else security_counters.failures + 1 end,
        updated_at = now()
      returning failures`),
  );
  const failures = Number(row?.failures ?? 1);
  const wait = backoffSeconds(failures);
  if (wait > 0)
    await db.execute(sql`update security_counters set blocked_until = now() + make_interval(secs => ${wait}::double precision)
      where key = ${accountKey(email)}`);
  return failures;
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from security_counters where key = ${accountKey(email)}`);
}

/**
 * Per-address limit for our own auth endpoints (better-auth limits sign-in and sign-up itself):
 * at most `max` requests per `window` seconds; returns true when this request is over the limit.
 */
export async function overAddressLimit(
  db: Db,
  route: string,
  ip: string,
  limit: { window: number; max: number },
): Promise<boolean> {
  const [row] = rowsOf<{ failures: number }>(
    await db.execute(sql`insert into security_counters (key, failures) values (${addressKey(route, ip)}, 1)
      on conflict (key) do update set
        failures = case when security_counters.window_start < now() - make_interval(secs => ${limit.window}::double precision)
          then 1 else security_counters.failures + 1 end,
        window_start = case when security_counters.window_start < now() - make_interval(secs => ${limit.window}::double precision)
          then now() else security_counters.window_start end,
        updated_at = now()
      returning failures`),
  );
  return Number(row?.failures ?? 1) > limit.max;
}
