import type pg from 'pg';

/**
 * What the posting benchmarks (profile.ts, ab-server.ts) post against: 1000 material items in the
 * unit `kom` and one location in the signed-up user's company, written as the table owner, then
 * `analyze` so that the planner has the statistics of a database in use (run.ts's seed does the same).
 */
export async function seedPostingCompany(
  admin: pg.Client,
  companyId: string,
): Promise<{ locationId: string; itemIds: string[] }> {
  await admin.query(
    `insert into units (company_id, code, name) values ($1, 'kom', 'komad') on conflict do nothing`,
    [companyId],
  );
  await admin.query(
    `insert into items (company_id, sku, name, kind, base_unit, purchase_price)
     select $1::uuid, 'P-' || g, 'Item ' || g, 'material', 'kom', 2 from generate_series(1, 1000) g`,
    [companyId],
  );
  const location = await admin.query(
    `insert into locations (company_id, code, name) values ($1, 'P', 'P') returning id`,
    [companyId],
  );
  await admin.query('analyze');
  const items = await admin.query('select id from items where company_id = $1', [companyId]);
  return { locationId: location.rows[0].id as string, itemIds: items.rows.map((r) => r.id as string) };
}
