import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/database.ts';

// The demo generator's own queries: whether a company is empty, whose company the operator's
// `npm run demo` fills, and the backdating of the documents it generates.

/** Items, partners, documents and locations of the company, together. */
export async function companyRecordCount(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select ((select count(*) from items) + (select count(*) from partners)
      + (select count(*) from documents) + (select count(*) from locations))::int as n`),
  );
  return row?.n ?? 0;
}

type Target = { user_id: string; company_id: string };

/** The own company of the user with this email (owner connection). */
export async function ownCompanyOfEmail(db: Db, email: string): Promise<Target | undefined> {
  return rowsOf<Target>(
    await db.execute(sql`select m.user_id, m.company_id from users u
      join memberships m on m.user_id = u.id and m.company_id = u.id
      where lower(u.email) = lower(${email})`),
  )[0];
}

/** The first owner of a company (owner connection). */
export async function ownerOfCompany(db: Db, companyId: string | null): Promise<Target | undefined> {
  return rowsOf<Target>(
    await db.execute(sql`select user_id, company_id from memberships
      where company_id = ${companyId}::uuid and role = 'owner' order by created_at limit 1`),
  )[0];
}

/** Backdates what the transaction creates to `date` (see businessToday); null ends it. */
export async function setAsOfDate(tx: Tx, date: string | null): Promise<void> {
  await tx.execute(sql`select set_config('app.as_of_date', ${date ?? ''}, true)`);
}

/** Today in Europe/Zagreb at the transaction's time. */
export async function zagrebToday(tx: Tx): Promise<string | undefined> {
  return rowsOf<{ d: string }>(
    await tx.execute(sql`select to_char(now() at time zone 'Europe/Zagreb', 'YYYY-MM-DD') as d`),
  )[0]?.d;
}

/** Whether a job of this kind is queued or running in the company. */
export async function jobActive(tx: Tx, kind: string): Promise<boolean> {
  const [running] = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from jobs where kind = ${kind} and status in ('queued', 'running') limit 1`,
    ),
  );
  return running !== undefined;
}
