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
      { unit: 'pak', factor: '100', purchase: false },
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

describe('the purchase unit', () => {
  it('is one conversion of an item, shown on the item', async () => {
    const item = await api.item('PU-KUT', { base_unit: 'kom' });
    const two = await api.call('PUT', `/api/inventory/items/${item.id}/conversions`, {
      conversions: [
        { unit: 'kut', factor: '50', purchase: true },
        { unit: 'pal', factor: '2000', purchase: true },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body.error.details).toEqual([
      { field: 'conversions', key: 'validation.purchaseUnitRepeated' },
    ]);
    await api.ok('PUT', `/api/inventory/items/${item.id}/conversions`, {
      conversions: [
        { unit: 'kut', factor: '50', purchase: true },
        { unit: 'pal', factor: '2000' },
      ],
    });
    expect((await api.ok('GET', `/api/inventory/items/${item.id}`)).conversions).toEqual([
      { unit: 'kut', factor: '50', purchase: true },
      { unit: 'pal', factor: '2000', purchase: false },
    ]);
  });

  it('a low-stock draft orders glass kept in m² in whole sheets at the sheet price; received, the ledger gets m²', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Staklo Float d.o.o.' });
    const loc = await api.location('PU-STAKLO');
    // A 3210 × 2250 sheet is 7.2225 m²; 10 €/m²; below 50 m² reorder 30 m².
    const glass = await api.item('PU-FLOAT4', {
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      purchase_price: '10',
      reorder_point: '50',
      reorder_qty: '30',
      default_supplier_id: supplier.id,
    });
    await api.ok('PUT', `/api/inventory/items/${glass.id}/conversions`, {
      conversions: [{ unit: 'plo', factor: '7.2225', purchase: true }],
    });
    const made = await api.ok('POST', '/api/purchase-orders/from-low-stock', { item_ids: [glass.id] });
    expect(made.orders).toHaveLength(1);
    const order = await api.ok('GET', `/api/purchase-orders/${made.orders[0].id}`);
    // 30 m² ÷ 7.2225 = 4.15… → 5 sheets; 10 €/m² × 7.2225 = 72.225 € a sheet; 5 × 72.225 = 361.13 €.
    expect(
      order.lines.map((l: { unit: string; quantity: string; unit_price: string }) => [
        l.unit,
        l.quantity,
        l.unit_price,
      ]),
    ).toEqual([['plo', '5', '72.225']]);
    expect(order.net_total).toBe('361.13');

    await api.ok('POST', `/api/purchase-orders/${order.id}/send`);
    // On order in m²: 5 × 7.2225 = 36.1125.
    expect(await stockBooks(t, user, glass.id)).toMatchObject({ on_order: '36.1125' });
    const sent = await api.ok('GET', `/api/purchase-orders/${order.id}`);
    await api.ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
      location_id: loc.id,
      received_on: sent.ordered_on,
      lines: [{ po_line_id: sent.lines[0].id, quantity: '5' }],
    });
    expect(await stockBooks(t, user, glass.id)).toMatchObject({
      ledger: '36.1125',
      on_hand: '36.1125',
      on_order: '0',
    });
    // The cost per m² is the sheet price back through the factor.
    expect((await api.balance(glass.id)).item.avg_cost).toMatch(/^10(\.0+)?$/);
  });

  it('without a purchase unit a low-stock draft stays in the base unit', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Vijci d.o.o.' });
    const screw = await api.item('PU-VIJAK-B', {
      purchase_price: '0.05',
      reorder_point: '100',
      reorder_qty: '250',
      default_supplier_id: supplier.id,
    });
    await api.ok('PUT', `/api/inventory/items/${screw.id}/conversions`, {
      conversions: [{ unit: 'kut', factor: '100' }],
    });
    const made = await api.ok('POST', '/api/purchase-orders/from-low-stock', { item_ids: [screw.id] });
    const order = await api.ok('GET', `/api/purchase-orders/${made.orders[0].id}`);
    expect(
      order.lines.map((l: { unit: string; quantity: string; unit_price: string }) => [
        l.unit,
        l.quantity,
        l.unit_price,
      ]),
    ).toEqual([['kom', '250', '0.05']]);
  });
});
