import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient, stockBooks } from '../inventory/test-helpers.ts';

// Purchase units: a line counted in one of the item's conversion units (1 unit = factor × base
// unit) reaches the ledger in base units with 4 decimals.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Jedinice Nabave');
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

const conversions = (itemId: string) =>
  api.call('PUT', `/api/inventory/items/${itemId}/conversions`, {
    conversions: [{ unit: 'kut', factor: '0.00001' }],
  });

/** A conversion stored before the factor had a lower bound (written straight to the table). */
async function legacyConversion(itemId: string, unit: string, factor: string) {
  await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    await tx.execute(sql`insert into units (company_id, code, name) values (${user.id}, ${unit}, ${unit})
      on conflict do nothing`);
    await tx.execute(sql`insert into item_unit_conversions (company_id, item_id, unit, factor)
      values (${user.id}, ${itemId}, ${unit}, ${factor})`);
  });
}

describe('a conversion factor below the ledger step', () => {
  it('is refused on entry with a translated key and replaces nothing', async () => {
    const item = await api.item('PU-VIJAK');
    await api.ok('PUT', `/api/inventory/items/${item.id}/conversions`, {
      conversions: [{ unit: 'pak', factor: '100' }],
    });
    const refused = await conversions(item.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'conversions.0.factor', key: 'validation.conversionFactorTooSmall' },
    ]);
    expect((await api.ok('GET', `/api/inventory/items/${item.id}`)).conversions).toEqual([
      { unit: 'pak', factor: '100' },
    ]);
    // The ledger's step itself is a valid factor (1 g = 0.001 kg is a common one).
    const step = await api.call('PUT', `/api/inventory/items/${item.id}/conversions`, {
      conversions: [{ unit: 'kut', factor: '0.0001' }],
    });
    expect(step.status).toBe(200);
  });

  it('stored earlier, it gives a translated refusal on the order line and the receipt, never a 500', async () => {
    const loc = await api.location('PU-MAT');
    const item = await api.item('PU-SITNO');
    await legacyConversion(item.id, 'mrv', '0.00001');
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Sitni dijelovi d.o.o.' });

    // 1 mrv = 0.00001 kom: books as zero, refused on the line.
    const line = await api.call('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: item.id, quantity: '1', unit: 'mrv', unit_price: '10' }],
    });
    expect(line.status).toBe(400);
    expect(line.body.error.details).toEqual([
      {
        field: 'lines.0.quantity',
        key: 'validation.baseQuantityZero',
        params: { quantity: '1', unit: 'mrv' },
      },
    ]);

    // 20 000 mrv = 0.2 kom is a bookable line; receiving 1 mrv of it is refused, 10 000 books 0.1 kom.
    const po = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: item.id, quantity: '20000', unit: 'mrv', unit_price: '0.001' }],
    });
    await api.ok('POST', `/api/purchase-orders/${po.id}/send`);
    const order = await api.ok('GET', `/api/purchase-orders/${po.id}`);
    const receipt = (quantity: string) =>
      api.call('POST', `/api/purchase-orders/${po.id}/receipts`, {
        location_id: loc.id,
        received_on: order.ordered_on,
        lines: [{ po_line_id: order.lines[0].id, quantity }],
      });
    const tiny = await receipt('1');
    expect(tiny.status).toBe(400);
    expect(tiny.body.error.details).toEqual([
      {
        field: 'lines.0.quantity',
        key: 'validation.baseQuantityZero',
        params: { quantity: '1', unit: 'mrv' },
      },
    ]);
    expect(await stockBooks(t, user, item.id)).toMatchObject({ ledger: '0', on_hand: '0', on_order: '0.2' });
    expect((await receipt('10000')).status).toBe(201);
    expect(await stockBooks(t, user, item.id)).toMatchObject({
      ledger: '0.1',
      on_hand: '0.1',
      on_order: '0.1',
    });
  });
});
