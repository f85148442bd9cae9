import type { Db } from '../../db/database.ts';
import { blindIndex } from '../../security/field-crypto.ts';
import * as repo from './auth.repo.ts';

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
export function accountWaitSeconds(db: Db, email: string): Promise<number> {
  return repo.blockedSeconds(db, accountKey(email));
}

export async function recordLoginFailure(db: Db, email: string): Promise<number> {
  const key = accountKey(email);
  const failures = await repo.countFailure(db, key, BACKOFF.forgetAfterSeconds);
  const wait = backoffSeconds(failures);
  if (wait > 0) await repo.blockFor(db, key, wait);
  return failures;
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await repo.deleteCounter(db, accountKey(email));
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
  return (await repo.countInWindow(db, addressKey(route, ip), limit.window)) > limit.max;
}
