import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// A work order with two product lines links each consumed glass lot only to the output lot of the
// line whose BOM needed it (not every consumed lot to every produced lot).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  // FEFO takes L-A (expires first) before L-B. L-A holds exactly what line 1 needs.
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '2', unit_cost: '20', lot_number: 'L-A', expires_on: '2030-01-01' },
      { item_id: shop.glass.id, quantity: '5', unit_cost: '20', lot_number: 'L-B', expires_on: '2031-01-01' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('work-order lot links', () => {
  it('attributes consumed lots to the product line that required them', async () => {
    const created = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [
        // glass 2·1000·1000/1e6 = 2 m²
        { item_id: shop.igu.id, quantity: '1', width_mm: '1000', height_mm: '1000', unit_price: '100' },
        // glass 2·500·1000/1e6 = 1 m²
        { item_id: shop.igu.id, quantity: '1', width_mm: '500', height_mm: '1000', unit_price: '80' },
      ],
    });
    const id = created.document.id;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const started = await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    for (const op of started.operations as Json[]) {
      const base = `/api/documents/work-orders/${id}/operations/${op.id}`;
      await api.ok('POST', `${base}/start`);
      await api.ok('POST', `${base}/finish`);
      if (op.quality_check_required) await api.ok('POST', `${base}/checks`, { result: 'pass' });
    }
    const done = await api.ok('POST', `/api/documents/work-orders/${id}/complete`, {});
    expect(done.document.status).toBe('completed');
    const number = done.document.number as string;
    const links = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<{ consumed: string; produced: string; quantity: string }>(
        await tx.execute(sql`select c.lot_number as consumed, p.lot_number as produced, trim_scale(k.quantity)::text as quantity
          from lot_links k join lots c on c.id = k.consumed_lot_id join lots p on p.id = k.produced_lot_id
          where k.source_id = ${id} order by 1, 2`),
      ),
    );
    expect(links).toEqual([
      { consumed: 'L-A', produced: `${number}-1`, quantity: '2' },
      { consumed: 'L-B', produced: `${number}-2`, quantity: '1' },
    ]);
  });
});
