import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { sealCompanyNow } from '../modules/audit/audit-sealer.ts';
import { inventoryClient } from '../modules/inventory/test-helpers.ts';
import type { SignedIn } from '../test/harness.ts';
import { companyTables, quoteIdent } from './company-data.ts';
import { inTransaction } from './move.ts';

/** Gives a company some inventory history: two locations, three items, receipts and an issue. */
export async function seedCompany(app: FastifyInstance, user: SignedIn, tag: string): Promise<string[]> {
  const api = inventoryClient(app, user);
  const main = await api.location(`${tag}-A`);
  const side = await api.location(`${tag}-B`);
  const items: string[] = [];
  for (const n of [1, 2, 3]) items.push((await api.item(`${tag}-${n}`)).id);
  await api.receive(
    main.id,
    items.map((id, i) => ({ item_id: id, quantity: `${10 + i}.5`, unit_cost: '2.25' })),
  );
  await api.receive(side.id, [{ item_id: items[0], quantity: '4', unit_cost: '3' }]);
  await api.ok('POST', '/api/inventory/issues', {
    reason: 'production',
    location_id: main.id,
    lines: [{ item_id: items[1], quantity: '1.25' }],
  });
  return items;
}

/** What the company's users see through the API (items with balances, movements). */
export async function apiView(app: FastifyInstance, user: SignedIn, items: string[]): Promise<unknown> {
  const api = inventoryClient(app, user);
  return {
    items: await api.ok('GET', '/api/inventory/items?limit=100'),
    details: await Promise.all(items.map((id) => api.ok('GET', `/api/inventory/items/${id}`))),
    movements: await api.ok('GET', '/api/inventory/movements?limit=100'),
    locations: await api.ok('GET', '/api/inventory/locations'),
  };
}

/** Rows of the company in each company table of a database, plus its audit rows (0 = no trace). */
export async function rowsInDatabase(database: Database, companyId: string): Promise<number> {
  // Since the seal left the commit (0050) a company's chain head exists only after its first seal,
  // which the server's sealer makes within a second: a company with audit rows is sealed first, so
  // the count does not depend on whether the sealer has run yet (a seal would give a company
  // without rows a head, so none is made for it).
  const audited = await inTransaction(database, 'begin', (q) =>
    q('select 1 from audit_log where company_id = $1 limit 1', [companyId]),
  );
  if (audited.length > 0) await sealCompanyNow(database.db, companyId);
  return inTransaction(database, 'begin', async (q) => {
    await q(`select set_config('app.company_id', $1, true)`, [companyId]);
    let total = 0;
    for (const table of await companyTables(q)) {
      const [r] = await q(`select count(*)::int as n from ${quoteIdent(table)} where company_id = $1`, [
        companyId,
      ]);
      total += Number(r?.n);
    }
    const [audit] = await q(
      `select (select count(*) from audit_log where company_id = $1)
            + (select count(*) from audit_links where company_id = $1)
            + (select count(*) from audit_heads where company_id = $1) as n`,
      [companyId],
    );
    return total + Number(audit?.n);
  });
}
