import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';
import { backdateOrder } from './test-dates.ts';

// The purchase order list as a buyer uses it: sorted by supplier in the Croatian alphabet, by the
// day an order was sent, and found by an item on it. Before, sort took only number, expected
// delivery, total and creation (the screen offered no sorting at all) and the search only the
// order's number and supplier.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;
const numbers: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
  const glass = await api.item('FLOAT-4', { name: 'Float staklo 4 mm', base_unit: 'm2' });
  const screws = await api.item('VIJAK-6', { name: 'Vijak 6 mm' });
  // Sent in this order, then dated: Staklo on 3 March, Čelik on 1 March, Cink on 2 March.
  const orders = [
    ['Staklo d.o.o.', glass.id, '2026-03-03'],
    ['Čelik d.o.o.', screws.id, '2026-03-01'],
    ['Cink d.o.o.', screws.id, '2026-03-02'],
  ] as const;
  for (const [name, itemId, day] of orders) {
    const supplier = await api.ok('POST', '/api/suppliers', { name });
    const draft = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: itemId, quantity: '1', unit_price: '1' }],
    });
    const sent = await api.ok('POST', `/api/purchase-orders/${draft.id}/send`);
    await backdateOrder(t, user, sent.id, day);
    numbers[name] = sent.number;
  }
}, 120_000);
afterAll(async () => t?.close());

const suppliers = async (query: string) =>
  ((await api.ok('GET', `/api/purchase-orders?${query}`)).rows as { supplier_name: string }[]).map(
    (r) => r.supplier_name,
  );

describe('purchase order list', () => {
  it('sorts by supplier in the Croatian alphabet and by the day the order was sent', async () => {
    expect(await suppliers('sort=supplier&dir=asc')).toEqual([
      'Cink d.o.o.',
      'Čelik d.o.o.',
      'Staklo d.o.o.',
    ]);
    expect(await suppliers('sort=supplier&dir=desc')).toEqual([
      'Staklo d.o.o.',
      'Čelik d.o.o.',
      'Cink d.o.o.',
    ]);
    expect(await suppliers('sort=ordered_on&dir=asc')).toEqual([
      'Čelik d.o.o.',
      'Cink d.o.o.',
      'Staklo d.o.o.',
    ]);
  });

  it("finds orders by an item's SKU or name", async () => {
    expect(await suppliers('q=float-4')).toEqual(['Staklo d.o.o.']);
    expect(await suppliers('q=vijak&sort=supplier&dir=asc')).toEqual(['Cink d.o.o.', 'Čelik d.o.o.']);
    // The number and the supplier are still found.
    expect(await suppliers(`q=${numbers['Cink d.o.o.']}`)).toEqual(['Cink d.o.o.']);
    expect(await suppliers('q=staklo')).toEqual(['Staklo d.o.o.']);
  });
});
