import {
  companyDatabaseUrl,
  databaseOf,
  dedicatedDatabase,
  dedicatedDatabases,
} from '../db/company-router.ts';
import type { Database, Db, OwnerQuery } from '../db/database.ts';
import { copyPeople, overwriteProfileRow } from './company-data.ts';

/**
 * Team data of a company in a dedicated database (issue 10). Its own database holds the
 * authoritative memberships (access checks, member list, audit chain); the main database keeps a
 * mirror for what is read across companies: the company switcher (`my_companies()`) and the
 * membership notifications every instance listens to. Invitations live with the company's rows.
 */

function mainOf(db: Db): Database {
  const main = databaseOf(db);
  if (!main) throw new Error('No database registered for this connection');
  return main;
}

async function ownerTransaction<T>(database: Database, fn: (q: OwnerQuery) => Promise<T>): Promise<T> {
  return database.session(async (q) => {
    await q('begin');
    try {
      const result = await fn(q);
      await q('commit');
      return result;
    } catch (error) {
      await q('rollback');
      throw error;
    }
  });
}

/**
 * Makes the main database's memberships of a dedicated company equal to its own database's: rows
 * gone there are deleted, changed ones updated, new ones inserted (so the notification triggers
 * report only real changes, and a removed member's sockets close on every instance). No audit rows
 * are written in the main database (the company's chain is in its own). Serialised per company, and
 * the dedicated rows are read after the lock: the last mirror to run copies the newest state.
 * Does nothing for a company in the main database.
 */
export async function mirrorMemberships(db: Db, companyId: string): Promise<boolean> {
  const url = await companyDatabaseUrl(db, companyId);
  if (!url) return false;
  const dedicated = await dedicatedDatabase(db, url);
  await ownerTransaction(mainOf(db), async (q) => {
    await q('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`team-mirror:${companyId}`]);
    const rows = await ownerTransaction(dedicated, async (dq) => {
      await dq(`select set_config('app.company_id', $1, true)`, [companyId]);
      return dq(
        `select coalesce(jsonb_agg(to_jsonb(m)), '[]')::text as j from memberships m where company_id = $1`,
        [companyId],
      );
    });
    const json = String(rows[0]?.j ?? '[]');
    await q(`select set_config('app.company_id', $1, true), set_config('app.user_id', '', true)`, [
      companyId,
    ]);
    // Transactional: other transactions never see the trigger disabled; writers to memberships wait
    // for this short transaction, readers do not.
    await q('alter table memberships disable trigger memberships_audit', []);
    await q(
      `delete from memberships m where m.company_id = $1 and not exists (
         select 1 from jsonb_populate_recordset(null::memberships, $2::jsonb) s where s.user_id = m.user_id)`,
      [companyId, json],
    );
    await q(
      `insert into memberships (company_id, user_id, role, status, created_at, updated_at)
         select $1, s.user_id, s.role, s.status, s.created_at, s.updated_at
           from jsonb_populate_recordset(null::memberships, $2::jsonb) s
       on conflict (company_id, user_id) do update
         set role = excluded.role, status = excluded.status, updated_at = excluded.updated_at
         where (memberships.role, memberships.status) is distinct from (excluded.role, excluded.status)`,
      [companyId, json],
    );
    await q('alter table memberships enable trigger memberships_audit', []);
  });
  return true;
}

/**
 * After a profile row changed (a company's name, address or logo, or a person's own fields; the
 * row's id is the user's and their own company's): every other database holding a copy of it gets
 * the new values. The row lives in the company's dedicated database when it has one, else in the
 * main one; the main database's copy feeds every member's company switcher (`my_companies()`),
 * and dedicated databases of companies the person belongs to hold a copy for their member lists.
 * Serialised per row, read after the lock: the last mirror copies the newest values.
 */
export async function mirrorProfile(db: Db, id: string): Promise<void> {
  const dedicated = await dedicatedDatabases(db);
  if (dedicated.length === 0) return;
  const ownUrl = await companyDatabaseUrl(db, id);
  const main = mainOf(db);
  const source = ownUrl ? await dedicatedDatabase(db, ownUrl) : main;
  const targets = [
    ...(ownUrl ? [main] : []),
    ...dedicated.filter((d) => d.url !== ownUrl).map((d) => d.database),
  ];
  await ownerTransaction(main, async (q) => {
    await q('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`profile-mirror:${id}`]);
    const rows = await ownerTransaction(source, async (sq) => {
      await sq(`select set_config('app.company_id', $1, true), set_config('app.user_id', $1, true)`, [id]);
      return sq('select to_jsonb(t)::text as j from tenants t where id = $1', [id]);
    });
    const row = rows[0] ? String(rows[0].j) : null;
    if (!row) return;
    for (const target of targets)
      await ownerTransaction(target, async (tq) => {
        await tq(`select set_config('app.company_id', $1, true), set_config('app.user_id', $1, true)`, [id]);
        await overwriteProfileRow(tq, row, id);
      });
  });
}

/**
 * mirrorProfile after a committed profile change: a failure is logged (the next change or a move
 * repairs the copies), the request still succeeds.
 */
export async function mirrorProfileLogged(
  db: Db,
  id: string,
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  await mirrorProfile(db, id).catch((error: unknown) =>
    log.error({ err: error, id }, 'mirroring a profile row to the other databases failed'),
  );
}

/**
 * The database holding the invitation with this token hash: the main one, or a dedicated one (an
 * invitation of a company in a dedicated database is stored there). Null when none has it.
 */
export async function findInvitationDatabase(
  db: Db,
  tokenHash: string,
): Promise<{ db: Db; companyId: string } | null> {
  const candidates: Database[] = [mainOf(db), ...(await dedicatedDatabases(db)).map((d) => d.database)];
  for (const database of candidates) {
    const rows = await ownerTransaction(database, async (q) => {
      await q(`select set_config('app.invite_token_hash', $1, true)`, [tokenHash]);
      return q('select company_id from invitations where token_hash = $1', [tokenHash]);
    });
    if (rows[0]) return { db: database.db, companyId: String(rows[0].company_id) };
  }
  return null;
}

/**
 * Before someone joins a company in a dedicated database: the copies of their `users` row and
 * profile that database's foreign keys, member list and access checks need (as a move makes for
 * existing members). Kept if the joining then fails: copies without a membership are removed when
 * the company moves again.
 */
export async function copyJoiningUser(db: Db, companyId: string, userId: string): Promise<void> {
  const url = await companyDatabaseUrl(db, companyId);
  if (!url) return;
  const person = await ownerTransaction(mainOf(db), async (q) => {
    await q(`select set_config('app.user_id', $1, true)`, [userId]);
    const users = await q('select to_jsonb(u)::text as j from users u where id = $1', [userId]);
    const tenants = await q('select to_jsonb(t)::text as j from tenants t where id = $1', [userId]);
    return { users: users.map((r) => String(r.j)), tenants: tenants.map((r) => String(r.j)) };
  });
  const dedicated = await dedicatedDatabase(db, url);
  await ownerTransaction(dedicated, async (q) => {
    await q(`select set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)`, [
      companyId,
      userId,
    ]);
    await copyPeople(q, person.users, person.tenants);
  });
}
