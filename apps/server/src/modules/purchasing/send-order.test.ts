import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';

// An order sent without a delivery date is expected after the supplier's lead time, so the
// supplier's on-time rate has something to measure (it stayed "no data" for such orders).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

/** The ISO day `days` calendar days after `day` (written here, not taken from the code). */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe('sending a purchase order', () => {
  it("expects it after the supplier's lead time unless a date was typed", async () => {
    const quick = await api.ok('POST', '/api/suppliers', { name: 'Brzi dobavljač', lead_time_days: 5 });
    const vague = await api.ok('POST', '/api/suppliers', { name: 'Spori dobavljač' });
    const item = await api.item('SO-1');
    const loc = await api.location('SO-SK');
    const send = async (supplier_id: string, expected_on: string | null) => {
      const draft = await api.ok('POST', '/api/purchase-orders', {
        supplier_id,
        expected_on,
        lines: [{ item_id: item.id, quantity: '4', unit_price: '1' }],
      });
      return api.ok('POST', `/api/purchase-orders/${draft.id}/send`);
    };

    // A line at a rate Croatia does not have is refused before anything is written.
    const foreignRate = await api.call('POST', '/api/purchase-orders', {
      supplier_id: quick.id,
      lines: [{ item_id: item.id, quantity: '4', unit_price: '1', vat_rate: '22' }],
    });
    expect(foreignRate.status).toBe(400);
    expect(foreignRate.body.error.details).toEqual([
      { field: 'lines.0.vat_rate', key: 'validation.vatRateInvalid' },
    ]);
    expect((await api.ok('GET', '/api/purchase-orders')).total).toBe(0);

    const byLeadTime = await send(quick.id, null);
    expect(byLeadTime.expected_on).toBe(plusDays(byLeadTime.ordered_on, 5));
    const typed = plusDays(byLeadTime.ordered_on, 30);
    expect((await send(quick.id, typed)).expected_on).toBe(typed);
    expect((await send(vague.id, null)).expected_on).toBeNull();

    // Received on the day it was sent: on time against the lead-time date.
    await api.ok('POST', `/api/purchase-orders/${byLeadTime.id}/receipts`, {
      location_id: loc.id,
      received_on: byLeadTime.ordered_on,
      lines: [{ po_line_id: byLeadTime.lines[0].id, quantity: '4' }],
    });
    const year = byLeadTime.ordered_on.slice(0, 4);
    const perf = await api.ok(
      'GET',
      `/api/suppliers/${quick.id}/performance?from=${year}-01-01&to=${year}-12-31`,
    );
    expect(perf).toMatchObject({ receipts: 1, on_time_rate: '100.0' });
  });
});
