import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop } from '../documents/test-helpers.ts';

// Session 15's inventory fixes through their neighbours: glass bought in sheets from a low-stock
// draft (purchase unit), received in m², reserved by hand (only what is free), consumed by a work
// order (its own reservations), the manual reservation released, the material store kept active
// while it holds stock. At the end: stock = ledger for every item, nothing reserved, nothing on order.

type Json = Record<string, any>;
let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

const db = async <T>(query: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const r = await tx.execute(query);
    return (r as unknown as { rows: T[] }).rows;
  });

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
}, 120_000);
afterAll(async () => t?.close());

async function finishOperations(woId: string) {
  const wo = await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
  for (const op of wo.operations as Json[]) {
    const base = `/api/documents/work-orders/${woId}/operations/${op.id}`;
    await api.ok('POST', `${base}/start`);
    await api.ok('POST', `${base}/time`, { minutes: '30' });
    await api.ok('POST', `${base}/finish`);
    if (op.quality_check_required) await api.ok('POST', `${base}/checks`, { result: 'pass' });
  }
}

describe('receiving, reserving, a work order and purchasing together', () => {
  it('keeps stock = ledger, consumes each reservation once and leaves none open', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Float Trade d.o.o.' });
    // Float 4 mm: kept in m², bought in 3210 × 2250 sheets (7.2225 m²) at 20 €/m².
    await api.ok('PATCH', `/api/inventory/items/${shop.glass.id}`, {
      length_mm: '3210',
      width_mm: '2250',
      reorder_point: '10',
      reorder_qty: '10',
      default_supplier_id: supplier.id,
    });
    await api.ok('PUT', `/api/inventory/items/${shop.glass.id}/conversions`, {
      conversions: [{ unit: 'plo', factor: '7.2225', purchase: true }],
    });
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: shop.materials.id,
      lines: [{ item_id: shop.spacer.id, quantity: '50', unit_cost: '1' }],
    });

    // Purchasing: 10 m² → 2 sheets at 144.45 €; sent; received as 14.445 m² in lot L-PU.
    const made = await api.ok('POST', '/api/purchase-orders/from-low-stock', { item_ids: [shop.glass.id] });
    const po = await api.ok('GET', `/api/purchase-orders/${made.orders[0].id}`);
    expect(po.lines.map((l: Json) => [l.unit, l.quantity, l.unit_price])).toEqual([['plo', '2', '144.45']]);
    await api.ok('POST', `/api/purchase-orders/${po.id}/send`);
    const sent = await api.ok('GET', `/api/purchase-orders/${po.id}`);
    await api.ok('POST', `/api/purchase-orders/${po.id}/receipts`, {
      location_id: shop.materials.id,
      received_on: sent.ordered_on,
      lines: [{ po_line_id: sent.lines[0].id, quantity: '2', lot_number: 'L-PU' }],
    });

    // A manual reservation takes only what is free: 5 of 14.445, then 10 more is refused.
    const manual = await api.ok('POST', '/api/inventory/reservations', {
      item_id: shop.glass.id,
      location_id: shop.materials.id,
      quantity: '5',
    });
    const over = await api.call('POST', '/api/inventory/reservations', {
      item_id: shop.glass.id,
      location_id: shop.materials.id,
      quantity: '10',
    });
    expect(over.status).toBe(409);
    expect(over.body.error.details[0].params).toMatchObject({ available: '9.445', requested: '10' });

    // A work order: 2 IGUs 1000 × 500 need 2 m² glass and 6 m spacer, reserved by its plan and
    // consumed on completion.
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' }],
    });
    const woId = wo.document.id as string;
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
    await finishOperations(woId);
    await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {});
    // The sheet size cannot change now that sheets are counted.
    const resize = await api.call('PATCH', `/api/inventory/items/${shop.glass.id}`, { width_mm: '2000' });
    expect(resize.status).toBe(409);

    // The manual reservation is released; the store keeps its stock and stays active.
    await api.ok('POST', `/api/inventory/reservations/${manual.id}/release`);
    const deactivate = await api.call('PATCH', `/api/inventory/locations/${shop.materials.id}`, {
      active: false,
    });
    expect(deactivate.status).toBe(409);

    // Invariants: every item's on hand = its ledger = its balances; glass 14.445 − 2; nothing
    // reserved; nothing on order; each reservation ended once (completion posts the order's
    // consumption and releases its reservations, docs/documents.md; the manual one released).
    const mismatches = await db<{ item_id: string }>(
      sql`select s.item_id from item_stock s
          where s.on_hand <> coalesce((select sum(quantity) from stock_movements m where m.item_id = s.item_id), 0)
             or s.on_hand <> coalesce((select sum(quantity) from stock_balances b where b.item_id = s.item_id), 0)`,
    );
    expect(mismatches).toEqual([]);
    const [glass] = await db<{ on_hand: string; on_order: string }>(
      sql`select trim_scale(on_hand)::text as on_hand, trim_scale(on_order)::text as on_order
          from item_stock where item_id = ${shop.glass.id}`,
    );
    expect(glass).toEqual({ on_hand: '12.445', on_order: '0' });
    const [spacer] = await db<{ on_hand: string }>(
      sql`select trim_scale(on_hand)::text as on_hand from item_stock where item_id = ${shop.spacer.id}`,
    );
    expect(spacer?.on_hand).toBe('44');
    const reservations = await db<{ source_type: string | null; status: string; n: number }>(
      sql`select source_type, status, count(*)::int as n from reservations group by 1, 2 order by 1 nulls first, 2`,
    );
    expect(reservations).toEqual([
      { source_type: null, status: 'released', n: 1 },
      { source_type: 'work_order', status: 'released', n: 2 },
    ]);
  }, 120_000);
});
