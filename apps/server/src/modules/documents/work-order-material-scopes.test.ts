import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// Issue 22: the work order's material table mixed scopes ("Raspoloživo" company-wide, minus the
// order's own reservation, above "Na lokaciji" at the production location). Each figure now has
// one scope: on hand at the source location, free for this order there, free in the whole company.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [{ item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-MAT' }],
  });
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.finished.id,
    lines: [{ item_id: shop.glass.id, quantity: '5', unit_cost: '20', lot_number: 'L-GOT' }],
  });
  // Other demand: 3 m² held at the production location, 1 m² at the other one.
  await api.ok('POST', '/api/inventory/reservations', {
    item_id: shop.glass.id,
    location_id: shop.materials.id,
    quantity: '3',
  });
  await api.ok('POST', '/api/inventory/reservations', {
    item_id: shop.glass.id,
    location_id: shop.finished.id,
    quantity: '1',
  });
}, 120_000);
afterAll(async () => t?.close());

describe('work order materials: one scope per figure', () => {
  it('on hand and free at the source location, free in the company, the order’s own reservation not subtracted', async () => {
    const created = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500' }],
    });
    const id = created.document.id as string;
    const planned = await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const glass = (planned.materials as Json[]).find((m) => m.item_id === shop.glass.id);
    expect(glass).toBeDefined();
    // 2 pieces × 2 panes × 1.0 × 0.5 m² = 2 m², reserved by the plan.
    expect(glass?.planned_qty).toBe('2');
    expect(glass?.reservation_status).toBe('active');

    expect(glass?.on_hand_at_location).toBe('10');
    // 10 at MAT − 3 reserved there by others (the order's own 2 are for this order).
    expect(glass?.available_at_location).toBe('7');
    // 15 in the company − 4 reserved by others.
    expect(glass?.available).toBe('11');

    // The company-wide figure agrees with the inventory's availability plus the order's own hold.
    const item = ((await api.ok('GET', `/api/inventory/items/${shop.glass.id}`)) as Json).item;
    expect(new Decimal(item.available).plus(glass?.planned_qty).toString()).toBe(glass?.available);
    // Free at the location never exceeds what is on hand there.
    expect(new Decimal(glass?.available_at_location).lte(glass?.on_hand_at_location)).toBe(true);
  });
});
