import { businessDay } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';
import { backdateOrder, daysBefore } from './test-dates.ts';

// Issue 17, deliverable 9: receipt dates are checked and carried into the ledger, lots and the
// supplier's lead time; the low-stock list knows what is already on a draft order.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Datumi Primki');
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

const plusDays = (day: string, n: number) => daysBefore(day, -n);

describe('receipt dates', () => {
  it('refuses a receipt before the order was sent or in the future; a valid date reaches ledger, lot and lead time', async () => {
    const today = businessDay();
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Profili d.o.o.' });
    const loc = await api.location('PRM');
    const item = await api.item('PRM-PROF', { base_unit: 'm', lot_tracked: true });
    const po = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: item.id, quantity: '100', unit_price: '3' }],
    });
    await api.ok('POST', `/api/purchase-orders/${po.id}/send`);
    // Sent 10 days ago (hand-set), so the dates around it can be tried.
    const orderedOn = daysBefore(today, 10);
    await backdateOrder(t, user, po.id, orderedOn);
    const order = await api.ok('GET', `/api/purchase-orders/${po.id}`);
    expect(order.ordered_on).toBe(orderedOn);
    const receipt = (received_on: string, lot: string) =>
      api.call('POST', `/api/purchase-orders/${po.id}/receipts`, {
        location_id: loc.id,
        received_on,
        lines: [{ po_line_id: order.lines[0].id, quantity: '10', lot_number: lot }],
      });

    const early = await receipt(daysBefore(orderedOn, 1), 'L-EARLY');
    expect(early.status).toBe(400);
    expect(early.body.error.details).toEqual([
      { field: 'received_on', key: 'validation.receiptBeforeOrder', params: { ordered_on: orderedOn } },
    ]);
    const future = await receipt(plusDays(today, 1), 'L-FUTURE');
    expect(future.status).toBe(400);
    expect(future.body.error.details).toEqual([
      { field: 'received_on', key: 'validation.receiptInFuture', params: { today } },
    ]);
    // Nothing was posted or numbered.
    expect((await api.balance(item.id)).item.on_hand).toBe('0');
    expect((await api.ok('GET', `/api/purchase-orders/${po.id}`)).receipts).toEqual([]);

    // Received on the very day the order was sent: allowed (lead time 0).
    expect((await receipt(orderedOn, 'L-SAME')).status).toBe(201);
    // Received 4 days after the order: the stock document, the movement and the lot carry that day.
    const receivedOn = plusDays(orderedOn, 4);
    const ok = await receipt(receivedOn, 'L-OK');
    expect(ok.status).toBe(201);
    const doc = await api.ok('GET', `/api/inventory/documents/${ok.body.stock_document_id}`);
    expect(doc.document_date).toBe(receivedOn);
    expect(doc.lines[0].document_date).toBe(receivedOn);
    const lots = await api.ok('GET', `/api/inventory/lots?item_id=${item.id}`);
    expect(lots.find((l: { lot_number: string }) => l.lot_number === 'L-OK')).toMatchObject({
      received_on: receivedOn,
    });
    // The movement list filters by that business day.
    const onDay = await api.ok(
      'GET',
      `/api/inventory/movements?item_id=${item.id}&from=${receivedOn}&to=${receivedOn}`,
    );
    expect(onDay).toHaveLength(1);
    // The movements export carries the document date.
    const csv = (
      await t.app.inject({
        method: 'GET',
        url: '/api/export/sections/movements?format=csv',
        headers: { cookie: user.cookie },
      })
    ).body;
    const row = csv.split('\n').find((l) => l.includes('L-OK')) ?? '';
    expect(row).toContain(receivedOn);
    // Numbers follow the dates: a receipt dated before the latest one of the year is refused.
    const backwards = await receipt(plusDays(orderedOn, 2), 'L-BACK');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toEqual([
      { field: 'received_on', key: 'validation.receiptBeforeLatest', params: { latest: receivedOn } },
    ]);

    // Lead times 4 and 0 days → average 2.0
    const perf = await api.ok(
      'GET',
      `/api/suppliers/${supplier.id}/performance?from=${orderedOn}&to=${today}`,
    );
    expect(perf).toMatchObject({ receipts: 2, avg_lead_time_days: '2.0' });
  });
});

describe('low stock and draft orders', () => {
  it('shows what is already on a draft and from-low-stock skips those items instead of a second draft line', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Okovi d.o.o.' });
    const loc = await api.location('LOW');
    const hinge = await api.item('LOW-SARKA', {
      reorder_point: '20',
      reorder_qty: '50',
      default_supplier_id: supplier.id,
    });
    const handle = await api.item('LOW-KVAKA', {
      reorder_point: '10',
      reorder_qty: '30',
      default_supplier_id: supplier.id,
    });
    await api.receive(loc.id, [
      { item_id: hinge.id, quantity: '5' },
      { item_id: handle.id, quantity: '2' },
    ]);
    const first = await api.ok('POST', '/api/purchase-orders/from-low-stock', { item_ids: [hinge.id] });
    expect(first.orders).toHaveLength(1);
    expect(first.on_draft).toEqual([]);
    const draftId = first.orders[0].id;

    const low = await api.ok('GET', '/api/inventory/low-stock');
    const row = (id: string) => low.find((i: { id: string }) => i.id === id);
    // The draft is not on order yet (5 + 0 < 20), but the list shows its 50.
    expect(row(hinge.id)).toMatchObject({ on_draft: '50', draft_order_id: draftId, on_order: '0' });
    expect(row(handle.id)).toMatchObject({ on_draft: '0', draft_order_id: null });

    const second = await api.ok('POST', '/api/purchase-orders/from-low-stock', {});
    expect(second.on_draft).toEqual([{ item_id: hinge.id, sku: 'LOW-SARKA', order_id: draftId }]);
    expect(second.orders).toHaveLength(1);
    const made = await api.ok('GET', `/api/purchase-orders/${second.orders[0].id}`);
    expect(made.lines.map((l: { sku: string; quantity: string }) => [l.sku, l.quantity])).toEqual([
      ['LOW-KVAKA', '30'],
    ]);
    // The first draft was not touched: still one line of 50.
    const kept = await api.ok('GET', `/api/purchase-orders/${draftId}`);
    expect(kept.lines.map((l: { sku: string; quantity: string }) => [l.sku, l.quantity])).toEqual([
      ['LOW-SARKA', '50'],
    ]);
  });
});
