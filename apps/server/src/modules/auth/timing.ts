import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.ts';

/**
 * better-auth already hashes a password for an unknown email, but a known one costs it one more
 * query (the user's accounts). That query's time told unknown from known emails (measured: about
 * 10 ms on PGlite). We look the email up ourselves and, for an unknown one, run the same accounts
 * query, so both paths do the same work: a hash and the same number of queries.
 */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = ${email.trim().toLowerCase()}`),
  );
  return rows.length > 0;
}

export async function accountsQueryForUnknownEmail(db: Db): Promise<void> {
  await db.execute(sql`select * from accounts where user_id = '00000000-0000-0000-0000-000000000000'`);
}
