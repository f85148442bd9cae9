import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/database.ts';

// SQL of the app's own auth work beside better-auth: the security counters (per-account back-off,
// per-address limits), password reset tokens, sessions, and the equal-work look-ups of sign-in.
// Counter keys are HMACs made by the caller, never emails or addresses.

/** Seconds until the counter's block ends (0: not blocked). */
export async function blockedSeconds(db: Db, key: string): Promise<number> {
  const [row] = rowsOf<{ wait: string | number | null }>(
    await db.execute(sql`select ceil(extract(epoch from (blocked_until - now())))::int as wait
      from security_counters where key = ${key} and blocked_until > now()`),
  );
  return row?.wait ? Number(row.wait) : 0;
}

/** One more failure on the counter; a counter idle longer than `forgetAfterSeconds` starts again at 1. */
export async function countFailure(db: Db, key: string, forgetAfterSeconds: number): Promise<number> {
  const [row] = rowsOf<{ failures: number }>(
    await db.execute(sql`insert into security_counters (key, failures) values (${key}, 1)
      on conflict (key) do update set
        failures = case when security_counters.updated_at < now() - make_interval(secs => ${forgetAfterSeconds}::double precision)
          then 1 else security_counters.failures + 1 end,
        updated_at = now()
      returning failures`),
  );
  return Number(row?.failures ?? 1);
}

export async function blockFor(db: Db, key: string, seconds: number): Promise<void> {
  await db.execute(sql`update security_counters set blocked_until = now() + make_interval(secs => ${seconds}::double precision)
    where key = ${key}`);
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from security_counters where key = ${key}`);
}

/** One more request in the counter's window of `windowSeconds` (a new window starts at 1). */
export async function countInWindow(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = rowsOf<{ failures: number }>(
    await db.execute(sql`insert into security_counters (key, failures) values (${key}, 1)
      on conflict (key) do update set
        failures = case when security_counters.window_start < now() - make_interval(secs => ${windowSeconds}::double precision)
          then 1 else security_counters.failures + 1 end,
        window_start = case when security_counters.window_start < now() - make_interval(secs => ${windowSeconds}::double precision)
          then now() else security_counters.window_start end,
        updated_at = now()
      returning failures`),
  );
  return Number(row?.failures ?? 1);
}

/** Whether a user has this e-mail (already trimmed and lower-cased). */
export async function userWithEmailExists(db: Db, email: string): Promise<boolean> {
  return (
    rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = ${email}`)).length > 0
  );
}

/** The accounts query better-auth runs for a known e-mail, run for nobody (equal work for unknown ones). */
export async function readAccountsOfNobody(db: Db): Promise<void> {
  await db.execute(sql`select * from accounts where user_id = '00000000-0000-0000-0000-000000000000'`);
}

export async function insertResetToken(
  db: Db,
  tokenHash: string,
  userId: string,
  expiresAt: string,
): Promise<void> {
  await db.execute(sql`insert into password_reset_tokens (token_hash, user_id, expires_at)
    values (${tokenHash}, ${userId}, ${expiresAt})`);
}

/** Spends an open, unexpired token: its user, or undefined. */
export async function spendResetToken(tx: Tx, tokenHash: string): Promise<string | undefined> {
  const [spent] = rowsOf<{ user_id: string }>(
    await tx.execute(sql`update password_reset_tokens set used_at = now()
      where token_hash = ${tokenHash} and used_at is null and expires_at > now()
      returning user_id`),
  );
  return spent?.user_id;
}

export async function setCredentialPassword(tx: Tx, userId: string, digest: string): Promise<void> {
  await tx.execute(sql`update accounts set password = ${digest}, updated_at = now()
    where user_id = ${userId} and provider_id = 'credential'`);
}

export async function dropOpenResetTokens(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`delete from password_reset_tokens where user_id = ${userId} and used_at is null`);
}

/** Deletes every session of the user; how many there were. */
export async function deleteSessions(db: Db | Tx, userId: string): Promise<number> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`delete from sessions where user_id = ${userId} returning id`),
  ).length;
}

/** Sets the platform-admin flag of the user with this e-mail (any case); false when there is none. */
export async function setPlatformAdmin(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  const updated = rowsOf<{ id: string }>(
    await db.execute(sql`update users set is_platform_admin = ${isAdmin}
      where lower(email) = ${email.trim().toLowerCase()} returning id`),
  );
  return updated.length > 0;
}
