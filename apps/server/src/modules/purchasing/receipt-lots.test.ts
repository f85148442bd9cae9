import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient, stockBooks } from '../inventory/test-helpers.ts';

// A lot number (or a best-before date) on a receipt line of an item that is not lot-tracked was
// taken: the receipt printed "lot X-1" while inventory made no lot, so the receipt named a lot that
// traceability never finds. It is refused, naming the item, and nothing is posted or numbered.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

describe('goods receipt lots', () => {
  it('refuses a lot or an expiry on an item that is not lot-tracked, and posts nothing', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Staklo d.o.o.' });
    const shelf = await api.location('SK1');
    const glass = await api.item('FLOAT-4', { base_unit: 'm2' });
    const spacer = await api.item('DIST-16', { base_unit: 'm', lot_tracked: true });
    const draft = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [
        { item_id: glass.id, quantity: '10', unit_price: '10' },
        { item_id: spacer.id, quantity: '20', unit_price: '1' },
      ],
    });
    const order = await api.ok('POST', `/api/purchase-orders/${draft.id}/send`);
    const [glassLine, spacerLine] = order.lines;
    const receive = (glassExtra: Record<string, string>) =>
      api.call('POST', `/api/purchase-orders/${order.id}/receipts`, {
        location_id: shelf.id,
        received_on: order.ordered_on,
        lines: [
          { po_line_id: spacerLine.id, quantity: '20', lot_number: 'D-7' },
          { po_line_id: glassLine.id, quantity: '4', ...glassExtra },
        ],
      });

    const lot = await receive({ lot_number: 'X-1' });
    expect(lot.status).toBe(400);
    expect(lot.body.error.details).toEqual([
      { field: 'lines.1.lot_number', key: 'validation.lotNotTracked', params: { item: 'FLOAT-4' } },
    ]);
    const expiry = await receive({ expires_on: '2027-01-01' });
    expect(expiry.status).toBe(400);
    expect(expiry.body.error.details).toEqual([
      { field: 'lines.1.expires_on', key: 'validation.lotNotTracked', params: { item: 'FLOAT-4' } },
    ]);
    // Nothing posted, nothing received, no receipt and no number taken.
    expect(await stockBooks(t, user, glass.id)).toEqual({ ledger: '0', on_hand: '0', on_order: '10' });
    expect(await stockBooks(t, user, spacer.id)).toEqual({ ledger: '0', on_hand: '0', on_order: '20' });
    const after = await api.ok('GET', `/api/purchase-orders/${order.id}`);
    expect(after).toMatchObject({ status: 'sent', receipts: [] });

    // Without them the same receipt posts, and takes the first number.
    const ok = await receive({});
    expect(ok.status).toBe(201);
    expect(ok.body.number).toMatch(/-0001$/);
    expect(
      ok.body.lines.map((l: { sku: string; lot_number: string | null }) => [l.sku, l.lot_number]),
    ).toEqual([
      ['DIST-16', 'D-7'],
      ['FLOAT-4', null],
    ]);
    expect(await stockBooks(t, user, glass.id)).toEqual({ ledger: '4', on_hand: '4', on_order: '6' });
  });
});
