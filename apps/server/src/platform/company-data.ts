import type { OwnerQuery } from '../db/database.ts';

/**
 * One company's rows as a set of tables, read and written by the table owner (platform work: move,
 * backup, restore). Rows travel as PostgreSQL's own JSON text of each row (`to_jsonb(row)::text`),
 * never parsed into JavaScript numbers, so numerics, timestamps and bytea come back exactly.
 *
 * The table walk is driven by the catalog: every table of the public schema with a `company_id`
 * column is company data, except the platform tables listed here. Tables added by later migrations
 * are included without changes to this file.
 */
const PLATFORM_TABLES = new Set([
  'memberships',
  'company_registry',
  'company_hosting',
  'company_operations',
  'audit_log',
  'audit_links',
  'audit_heads',
]);
const INSERT_BATCH = 500;

export type CompanySnapshot = {
  companyId: string;
  /** Row JSON texts per company table. */
  tables: Record<string, string[]>;
  /** The company's audit rows (without the database-local `id` and writer `tx`), in chain order. */
  audit: string[];
  head: string | null;
  /** Platform rows a dedicated database needs for foreign keys and policies (copies). */
  mirror: { users: string[]; tenants: string[]; memberships: string[] };
};

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Company tables of this database, by name. */
export async function companyTables(q: OwnerQuery): Promise<string[]> {
  const rows = await q(
    `select c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
     where c.relkind in ('r', 'p') order by 1`,
    [],
  );
  return rows.map((r) => String(r.name)).filter((t) => !PLATFORM_TABLES.has(t));
}

async function insertableColumns(q: OwnerQuery, table: string): Promise<string[]> {
  const rows = await q(
    `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0
       and not attisdropped and attgenerated = '' order by attnum`,
    [table],
  );
  return rows.map((r) => String(r.attname));
}

/** Sets the company for row-level security and defers foreign keys (rows go in any order). */
export async function scopeTransaction(q: OwnerQuery, companyId: string): Promise<void> {
  await q(`select set_config('app.company_id', $1, true), set_config('app.user_id', '', true)`, [companyId]);
  await q('set constraints all deferred');
}

async function jsonRows(q: OwnerQuery, query: string, params: unknown[]): Promise<string[]> {
  return (await q(query, params)).map((r) => String(r.j));
}

/**
 * Reads every row of the company. Call inside a REPEATABLE READ transaction after
 * scopeTransaction, so all tables come from one snapshot.
 */
export async function readCompany(q: OwnerQuery, companyId: string): Promise<CompanySnapshot> {
  const tables: Record<string, string[]> = {};
  for (const table of await companyTables(q)) {
    tables[table] = await jsonRows(
      q,
      `select to_jsonb(t)::text as j from ${quoteIdent(table)} t where company_id = $1`,
      [companyId],
    );
  }
  // Each row with its link (seq, prev_hash, hash; migration 0051's audit_trail), in chain order.
  const audit = await jsonRows(
    q,
    `select (to_jsonb(a) - 'id' - 'tx')::text as j from audit_trail a where company_id = $1 order by seq`,
    [companyId],
  );
  const head =
    (
      await jsonRows(q, `select to_jsonb(h)::text as j from audit_heads h where company_id = $1`, [companyId])
    )[0] ?? null;
  const memberships = await jsonRows(
    q,
    `select to_jsonb(m)::text as j from memberships m where company_id = $1`,
    [companyId],
  );
  const userIds = await referencedUsers(q, companyId, Object.keys(tables));
  const tenants = await jsonRows(
    q,
    `select to_jsonb(t)::text as j from tenants t where id = $1 or id = any($2::uuid[])`,
    [companyId, userIds],
  );
  const users = await jsonRows(q, `select to_jsonb(u)::text as j from users u where id = any($1::uuid[])`, [
    userIds,
  ]);
  return { companyId, tables, audit, head, mirror: { users, tenants, memberships } };
}

/** Users the company's rows point at (members, creators, inviters): a dedicated database needs them for its foreign keys. */
async function referencedUsers(q: OwnerQuery, companyId: string, tables: string[]): Promise<string[]> {
  const fks = await q(
    `select c.conrelid::regclass::text as tbl, a.attname as col
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'users'::regclass and cardinality(c.conkey) = 1`,
    [],
  );
  const wanted = new Set([...tables, 'memberships']);
  const ids = new Set<string>([companyId]);
  for (const fk of fks) {
    const table = String(fk.tbl).replace(/^"|"$/g, '');
    if (!wanted.has(table)) continue;
    const rows = await q(
      `select distinct ${quoteIdent(String(fk.col))}::text as id from ${quoteIdent(table)}
        where company_id = $1 and ${quoteIdent(String(fk.col))} is not null`,
      [companyId],
    );
    for (const r of rows) ids.add(String(r.id));
  }
  return [...ids];
}

async function insertRows(
  q: OwnerQuery,
  table: string,
  rows: string[],
  onConflict = '',
  except: string[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = (await insertableColumns(q, table))
    .filter((c) => !except.includes(c))
    .map(quoteIdent)
    .join(', ');
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await q(
      `insert into ${quoteIdent(table)} (${columns}) overriding system value
         select ${columns} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb) ${onConflict}`,
      [`[${rows.slice(i, i + INSERT_BATCH).join(',')}]`],
    );
  }
}

/**
 * Row triggers (audit, stock ledger guards, notifications) are switched off for the copy: the
 * rows are history already written, not new changes. ALTER TABLE is owner-only and transactional:
 * a failure rolls the switch back with everything else.
 */
async function withoutTriggers(q: OwnerQuery, tables: string[], run: () => Promise<void>): Promise<void> {
  // Owner copies of tenants rows (company and member profiles) have no policy of their own: forced
  // row-level security is lifted on tenants for this transaction and restored below.
  const all = [...new Set(tables)];
  for (const t of all) await q(`alter table ${quoteIdent(t)} disable trigger user`, []);
  if (all.includes('tenants')) await q('alter table tenants no force row level security', []);
  await run();
  // Deferred foreign keys are checked here; ALTER TABLE refuses to run with checks pending.
  await q('set constraints all immediate', []);
  for (const t of all) await q(`alter table ${quoteIdent(t)} enable trigger user`, []);
  if (all.includes('tenants')) await q('alter table tenants force row level security', []);
  await q('set constraints all deferred', []);
}

/** The table locks of a copy were not all granted within its budget: start the transaction again. */
export class LockBudgetError extends Error {
  override name = 'LockBudgetError';
}

/**
 * Every table lock a copy into a live database needs, taken first, in one statement per mode, before
 * the copy writes anything: SHARE ROW EXCLUSIVE (what switching triggers off takes: readers go on,
 * writers of these tables wait for the copy) on `tables`, ACCESS EXCLUSIVE on `exclusive` (lifting
 * forced row-level security). Taken one ALTER TABLE at a time through the copy, while other
 * companies kept writing, they formed cycles with those companies' requests: holding the tables
 * done so far, waiting for a request that held the next one and then needed one of those (issue
 * 21). Each statement may wait a quarter of the server's deadlock_timeout at most, so a request
 * waiting for a lock taken here has not waited deadlock_timeout when the copy stops waiting, and
 * PostgreSQL never picks it as a deadlock victim. Past the budget: LockBudgetError (the
 * transaction is aborted; the caller starts it again, see inCopyTransaction in move.ts).
 */
export async function lockForCopy(q: OwnerQuery, tables: string[], exclusive: string[] = []): Promise<void> {
  const [row] = await q(
    `select setting::int as deadlock_ms, current_setting('statement_timeout') as statement_timeout
       from pg_settings where name = 'deadlock_timeout'`,
    [],
  );
  const budget = Math.max(10, Math.floor(Number(row?.deadlock_ms ?? 1000) / 4));
  // A table this database lacks is left to writeCompany, which names it.
  const present = (
    await q('select t from unnest($1::text[]) t where to_regclass(quote_ident(t)) is not null', [tables])
  ).map((r) => String(r.t));
  const shared = [...new Set(present)].filter((t) => !exclusive.includes(t)).sort();
  const steps = [
    { list: shared, mode: 'share row exclusive' },
    { list: [...new Set(exclusive)].sort(), mode: 'access exclusive' },
  ].filter((step) => step.list.length > 0);
  await q(`select set_config('statement_timeout', $1, true)`, [`${budget}ms`]);
  try {
    for (const { list, mode } of steps)
      await q(`lock table ${list.map(quoteIdent).join(', ')} in ${mode} mode`, []);
  } catch (error) {
    // 57014: cancelled by the statement timeout set above.
    if ((error as { code?: string }).code === '57014')
      throw new LockBudgetError(`table locks for the copy not granted within ${budget} ms`);
    throw error;
  }
  await q(`select set_config('statement_timeout', $1, true)`, [String(row?.statement_timeout ?? '0')]);
}

/**
 * The locks of a transaction that writes `snap` and switches triggers on `extra` tables too
 * (`users`, `tenants`, `memberships`: the mirror copies, replaceMemberships, the profile row), for
 * lockForCopy: `tenants` exclusively when it is among them (its forced row-level security is lifted).
 */
export function copyLocks(snap: CompanySnapshot, extra: string[]): [string[], string[]] {
  const tables = [...Object.keys(snap.tables), ...extra];
  return [tables, tables.includes('tenants') ? ['tenants'] : []];
}

/**
 * Fresh planner statistics for the tables a copy filled (run after it commits, before verifying).
 * Without them PostgreSQL still believes the company has next to no rows there and plans the
 * verification's joins as nested loops: checking the chain of a company moved back into a busy
 * shared database (4 266 audit rows) took 6 s instead of a fraction of one. ANALYZE samples, reads
 * no whole table, and blocks no reader or writer.
 */
export async function analyzeCopied(q: OwnerQuery, snap: CompanySnapshot): Promise<void> {
  const filled = Object.entries(snap.tables)
    .filter(([, rows]) => rows.length > 0)
    .map(([table]) => table);
  const tables = [...filled, ...(snap.audit.length > 0 ? ['audit_log', 'audit_links'] : [])];
  if (tables.length > 0) await q(`analyze ${tables.map(quoteIdent).join(', ')}`, []);
}

/** Writes a snapshot into this database (inside the caller's transaction, after scopeTransaction). */
export async function writeCompany(
  q: OwnerQuery,
  snap: CompanySnapshot,
  opts: { mirror: boolean },
): Promise<void> {
  const here = new Set(await companyTables(q));
  const missing = Object.keys(snap.tables).filter((t) => !here.has(t));
  if (missing.length > 0)
    throw new Error(`Target database lacks tables ${missing.join(', ')} (older migrations?)`);
  const tables = Object.keys(snap.tables);
  const mirrorTables = opts.mirror ? ['users', 'tenants', 'memberships'] : [];
  await withoutTriggers(q, [...tables, ...mirrorTables], async () => {
    if (opts.mirror) {
      await insertRows(q, 'users', snap.mirror.users, 'on conflict (id) do nothing');
      await insertRows(q, 'tenants', snap.mirror.tenants, 'on conflict (id) do nothing');
      await insertRows(q, 'memberships', snap.mirror.memberships, 'on conflict do nothing');
    }
    for (const table of tables) await insertRows(q, table, snap.tables[table] ?? []);
    // The audit row id is local to each database (an identity); the chain is (company, seq): each
    // row gets a new id and its link (migration 0051).
    for (let i = 0; i < snap.audit.length; i += INSERT_BATCH)
      await q('select audit_restore_rows($1::jsonb)', [
        `[${snap.audit.slice(i, i + INSERT_BATCH).join(',')}]`,
      ]);
    if (snap.head) await insertRows(q, 'audit_heads', [snap.head]);
  });
}

/**
 * What an in-place restore leaves as it is now: who may enter the company. Members (memberships,
 * a platform table, never in the walk) and invitations stay current, so a restore neither brings
 * back a removed member or a revoked invitation link nor locks out someone who joined since.
 */
export const RESTORE_KEEPS: readonly string[] = ['invitations'];

/** The company fields of the company's profile row (its own `tenants` row); personal fields are the founder's. */
const PROFILE_COLUMNS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'tax_number',
  'tax_number_bidx',
  'company_logo',
  'bank_accounts',
];

/**
 * Sets the company fields of the profile row (name, address, OIB, bank accounts, logo) to the
 * snapshot's, without new audit rows (the restored chain already holds their history). Encrypted
 * values are copied as stored. Returns false when the snapshot holds no profile row.
 */
export async function restoreCompanyProfile(q: OwnerQuery, snap: CompanySnapshot): Promise<boolean> {
  const row = snap.mirror.tenants.find((r) => (JSON.parse(r) as { id?: string }).id === snap.companyId);
  if (!row) return false;
  return overwriteProfileRow(q, row, snap.companyId, PROFILE_COLUMNS);
}

/**
 * Sets the columns of the profile row `id` (all but the id, or only `only`) to those of a stored
 * row (`to_jsonb` text; encrypted values copied as stored), without audit rows. Columns the stored
 * row lacks are left alone. Returns false when there is nothing to copy.
 */
export async function overwriteProfileRow(
  q: OwnerQuery,
  row: string,
  id: string,
  only?: readonly string[],
): Promise<boolean> {
  const stored = JSON.parse(row) as Record<string, unknown>;
  const here = (await insertableColumns(q, 'tenants')).filter((c) => c !== 'id');
  const columns = here.filter((c) => c in stored && (!only || only.includes(c))).map(quoteIdent);
  if (columns.length === 0) return false;
  await withoutTriggers(q, ['tenants'], async () => {
    await q(
      `update tenants set (${columns.join(', ')}) =
         (select ${columns.join(', ')} from jsonb_populate_record(null::tenants, $1::jsonb)) where id = $2`,
      [row, id],
    );
  });
  return true;
}

/**
 * Copies of people a dedicated database needs for a new member (their `users` row and profile, for
 * the member list and access checks), like the copies a move makes; rows already there stay.
 */
export async function copyPeople(q: OwnerQuery, users: string[], tenants: string[]): Promise<void> {
  await withoutTriggers(q, ['users', 'tenants'], async () => {
    await insertRows(q, 'users', users, 'on conflict (id) do nothing');
    await insertRows(q, 'tenants', tenants, 'on conflict (id) do nothing');
  });
}

/**
 * The controlled purge of a company's rows from one database (after a move, before a restore): the
 * same owner-only, single-transaction path for every table. No ALTER TABLE on the company tables:
 * the main database keeps serving other companies while a moved company is purged, and a table
 * lock taken there would queue their writes and could deadlock with them (issue 21). Instead the
 * transaction sets `app.purge_company` (migration 0044): for that company, and only for the table
 * owner without SET ROLE, the audit trigger records nothing and the append-only guards of the
 * audit trail and the stock ledger let the rows go. Only row locks of the purged company are
 * taken, and no other company's transaction touches those rows. Operators record every purge in
 * company_operations (main database).
 */
export async function purgeCompany(
  q: OwnerQuery,
  companyId: string,
  opts: { mirror: boolean; keep?: readonly string[] },
): Promise<void> {
  const tables = (await companyTables(q)).filter((t) => !opts.keep?.includes(t));
  await q(`select set_config('app.purge_company', $1, true)`, [companyId]);
  for (const table of tables) await q(`delete from ${quoteIdent(table)} where company_id = $1`, [companyId]);
  await q('delete from audit_links where company_id = $1', [companyId]);
  await q('delete from audit_log where company_id = $1', [companyId]);
  await q('delete from audit_heads where company_id = $1', [companyId]);
  await q(`select set_config('app.purge_company', '', true)`, []);
  // The deferred foreign-key checks of the deletes run now: a restore's ALTER TABLE (writeCompany)
  // refuses to run with trigger events pending.
  await q('set constraints all immediate', []);
  await q('set constraints all deferred', []);
  if (!opts.mirror) return;
  // A dedicated database's copies of members and their profiles (its own company or a few): the
  // profile rows belong to other chains (each person's own), so these go with triggers off.
  await withoutTriggers(q, ['tenants', 'memberships', 'users'], async () => {
    await q('delete from memberships where company_id = $1', [companyId]);
    // Copies of people who belong to no other company in this database go too.
    await q(
      `delete from tenants t where (t.id = $1 or not exists (select 1 from memberships m where m.user_id = t.id))
         and not exists (select 1 from memberships m where m.company_id = t.id)`,
      [companyId],
    );
    await q(
      `delete from users u where not exists (select 1 from memberships m where m.user_id = u.id)
         and not exists (select 1 from tenants t where t.id = u.id)`,
      [],
    );
  });
}

/** Rows per table of one company in this database (verification). */
export async function countCompany(q: OwnerQuery, companyId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await companyTables(q)) {
    const [row] = await q(`select count(*)::int as n from ${quoteIdent(table)} where company_id = $1`, [
      companyId,
    ]);
    counts[table] = Number(row?.n ?? 0);
  }
  const [audit] = await q('select count(*)::int as n from audit_log where company_id = $1', [companyId]);
  counts.audit_log = Number(audit?.n ?? 0);
  return counts;
}

export function snapshotCounts(snap: CompanySnapshot): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [table, rows] of Object.entries(snap.tables)) counts[table] = rows.length;
  counts.audit_log = snap.audit.length;
  return counts;
}

export type StockCheck = { balanceMismatches: number; itemMismatches: number; negative: number };

/**
 * Stock invariants of one company: each balance equals the sum of its ledger, each item's on-hand
 * equals the sum of its balances, and nothing is below zero.
 */
export async function checkStock(q: OwnerQuery, companyId: string): Promise<StockCheck> {
  const [row] = await q(
    `with ledger as (
       select item_id, location_id, lot_id, sum(quantity) as qty from stock_movements
        where company_id = $1 group by item_id, location_id, lot_id),
     bal as (select item_id, location_id, lot_id, quantity from stock_balances where company_id = $1)
     select
       (select count(*) from ledger l full join bal b on b.item_id = l.item_id and b.location_id = l.location_id
          and b.lot_id is not distinct from l.lot_id
        where coalesce(l.qty, 0) <> coalesce(b.quantity, 0))::int as balance_mismatches,
       (select count(*) from item_stock s where s.company_id = $1 and s.on_hand <>
          (select coalesce(sum(b.quantity), 0) from stock_balances b where b.company_id = $1 and b.item_id = s.item_id))::int
          as item_mismatches,
       (select count(*) from stock_balances where company_id = $1 and quantity < 0)::int as negative`,
    [companyId],
  );
  return {
    balanceMismatches: Number(row?.balance_mismatches ?? -1),
    itemMismatches: Number(row?.item_mismatches ?? -1),
    negative: Number(row?.negative ?? -1),
  };
}

/**
 * Memberships and the company's profile row are platform data kept in the main database; while a
 * company was dedicated, its team and profile changes went to its own copies. Moving back makes
 * those copies the main database's again (member profiles are their users' own and stay as they are).
 */
export async function replaceMemberships(q: OwnerQuery, snap: CompanySnapshot): Promise<void> {
  const companyRow = snap.mirror.tenants.find((row) => row.includes(`"id": "${snap.companyId}"`));
  await withoutTriggers(q, ['memberships'], async () => {
    await q('delete from memberships where company_id = $1', [snap.companyId]);
    await insertRows(q, 'memberships', snap.mirror.memberships);
  });
  if (companyRow) await overwriteProfileRow(q, companyRow, snap.companyId);
}
