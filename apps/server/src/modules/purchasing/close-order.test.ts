import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient, stockBooks } from '../inventory/test-helpers.ts';

// A supplier delivers part of an order and nothing more will come: the planner closes the order.
// The rest leaves "on order", so the low-stock list sees the shortfall again. Figures by hand:
// 10 boxes of 50 screws ordered = 500 pcs, 6 boxes received = 300 pcs, 200 pcs still open.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

const books = (itemId: string) => stockBooks(t, user, itemId);

const lowStockSkus = async () =>
  ((await api.ok('GET', '/api/inventory/low-stock')) as { sku: string }[]).map((i) => i.sku).sort();

describe('closing a partially received purchase order', () => {
  it('takes the rest off order, refuses further receipts, and a cancelled receipt opens it again', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Vijci d.o.o.' });
    const shelf = await api.location('CL-SK');
    const screws = await api.item('CL-SCREW', {
      reorder_point: '400',
      reorder_qty: '500',
      default_supplier_id: supplier.id,
    });
    await api.ok('PUT', `/api/inventory/items/${screws.id}/conversions`, {
      conversions: [{ unit: 'kut', factor: '50' }],
    });
    const glass = await api.item('CL-GLASS', { base_unit: 'm2' });
    const draft = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [
        { item_id: screws.id, quantity: '10', unit: 'kut', unit_price: '2' },
        { item_id: glass.id, quantity: '20', unit_price: '9' },
      ],
    });
    const order = await api.ok('POST', `/api/purchase-orders/${draft.id}/send`);
    const [screwLine, glassLine] = order.lines;

    // Nothing received yet: closing is not the way out (cancel is).
    const early = await api.call('POST', `/api/purchase-orders/${order.id}/close`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('INVALID_TRANSITION');

    const receipt = await api.ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
      location_id: shelf.id,
      received_on: order.ordered_on,
      lines: [
        { po_line_id: screwLine.id, quantity: '6' },
        { po_line_id: glassLine.id, quantity: '20' },
      ],
    });
    const partial = await api.ok('GET', `/api/purchase-orders/${order.id}`);
    expect(partial).toMatchObject({ status: 'partially_received' });
    expect(partial.actions.sort()).toEqual(['close', 'receive']);
    expect(await books(screws.id)).toEqual({ ledger: '300', on_hand: '300', on_order: '200' });
    // 300 on hand + 200 on order = 500, not below the reorder point of 400.
    expect(await lowStockSkus()).not.toContain('CL-SCREW');

    const closed = await api.ok('POST', `/api/purchase-orders/${order.id}/close`);
    expect(closed).toMatchObject({ status: 'received', actions: [] });
    expect(
      closed.lines.map((l: { received_qty: string; open_qty: string }) => [l.received_qty, l.open_qty]),
    ).toEqual([
      ['6', '0'],
      ['20', '0'],
    ]);
    expect(await books(screws.id)).toEqual({ ledger: '300', on_hand: '300', on_order: '0' });
    expect(await books(glass.id)).toEqual({ ledger: '20', on_hand: '20', on_order: '0' });
    // 300 + 0 < 400: the shortfall shows again.
    expect(await lowStockSkus()).toContain('CL-SCREW');

    const again = await api.call('POST', `/api/purchase-orders/${order.id}/close`);
    expect(again.status).toBe(409);
    const late = await api.call('POST', `/api/purchase-orders/${order.id}/receipts`, {
      location_id: shelf.id,
      received_on: order.ordered_on,
      lines: [{ po_line_id: screwLine.id, quantity: '4' }],
    });
    expect(late.status).toBe(409);
    expect(await books(screws.id)).toEqual({ ledger: '300', on_hand: '300', on_order: '0' });

    // The receipt was wrong after all: cancelling it opens the order again with everything open.
    await api.ok('POST', `/api/goods-receipts/${receipt.id}/cancel`);
    const reopened = await api.ok('GET', `/api/purchase-orders/${order.id}`);
    expect(reopened).toMatchObject({ status: 'sent' });
    expect(reopened.lines.map((l: { open_qty: string }) => l.open_qty)).toEqual(['10', '20']);
    expect(await books(screws.id)).toEqual({ ledger: '0', on_hand: '0', on_order: '500' });
    expect(await books(glass.id)).toEqual({ ledger: '0', on_hand: '0', on_order: '20' });

    // Received in full this time: on order back to zero, stock = ledger.
    await api.ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
      location_id: shelf.id,
      received_on: order.ordered_on,
      lines: [
        { po_line_id: screwLine.id, quantity: '10' },
        { po_line_id: glassLine.id, quantity: '20' },
      ],
    });
    expect((await api.ok('GET', `/api/purchase-orders/${order.id}`)).status).toBe('received');
    expect(await books(screws.id)).toEqual({ ledger: '500', on_hand: '500', on_order: '0' });
    expect(await books(glass.id)).toEqual({ ledger: '20', on_hand: '20', on_order: '0' });
  });
});
