import type { ViewCreate, ViewPatch, ViewRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { iso, one, rows } from '../../db/sql.ts';

const mapRow = (r: ViewRow): ViewRow => ({
  ...r,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

// users is a platform table: creators' names come from team_members() (members of this company).
// Row-level security already hides other members' personal views; the filter says the same in words.
const SELECT = sql`select v.id, v.list_key, v.name, v.query, v.columns, v.shared, v.created_by, m.name as creator_name,
  v.created_at, v.updated_at from saved_views v left join team_members() m on m.user_id = v.created_by`;

export async function listViews(tx: Tx, userId: string, listKey: string): Promise<ViewRow[]> {
  const list = await rows<ViewRow>(
    tx,
    sql`${SELECT} where v.list_key = ${listKey} and (v.shared or v.created_by = ${userId})
        order by (v.created_by = ${userId}) desc, lower(v.name), v.created_at`,
  );
  return list.map(mapRow);
}

export async function getView(tx: Tx, id: string): Promise<ViewRow | undefined> {
  const row = await one<ViewRow>(tx, sql`${SELECT} where v.id = ${id}`);
  return row && mapRow(row);
}

export async function insertView(tx: Tx, companyId: string, userId: string, v: ViewCreate): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into saved_views (company_id, list_key, name, query, columns, shared, created_by)
        values (${companyId}, ${v.list_key}, ${v.name}, ${v.query}, ${JSON.stringify(v.columns)}::jsonb, ${v.shared}, ${userId})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateView(tx: Tx, id: string, p: ViewPatch): Promise<void> {
  await tx.execute(
    sql`update saved_views set
          name = coalesce(${p.name ?? null}::text, name),
          query = coalesce(${p.query ?? null}::text, query),
          columns = coalesce(${p.columns ? JSON.stringify(p.columns) : null}::jsonb, columns),
          shared = coalesce(${p.shared ?? null}::boolean, shared),
          updated_at = now()
        where id = ${id}`,
  );
}

export async function deleteView(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from saved_views where id = ${id}`);
}
