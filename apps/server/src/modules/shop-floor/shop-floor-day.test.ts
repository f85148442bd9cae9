import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';

// "Danas završeno" on the shop floor is the business day in Europe/Zagreb, like every other "today":
// an operation finished at 00:30 in Zagreb is today's, one finished at 23:30 the evening before is
// not. The list cut the day at midnight UTC (01:00 or 02:00 in Zagreb), so an evening's work
// stayed on the next morning's screen, or a night shift's first hour fell off it.

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
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-1' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

/** A planned order whose cutting (REZ) is finished on the shop floor; returns that operation's id. */
async function finishedCut(): Promise<string> {
  const created = await api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '400' }],
  });
  await api.ok('POST', `/api/documents/work-orders/${created.document.id}/plan`);
  const card = await api.ok('GET', `/api/shop-floor/work-orders/${created.document.id}`);
  const cut = (card.operations as Json[]).find((o) => o.code === 'REZ') as Json;
  await api.ok('POST', `/api/shop-floor/operations/${cut.id}/start`);
  await api.ok('POST', `/api/shop-floor/operations/${cut.id}/finish`, {
    good_qty: '1',
    check: { result: 'pass' },
  });
  return cut.id as string;
}

/** Dates the operation's finish at Zagreb's midnight today plus the given minutes (negative: yesterday). */
const finishedAt = (opId: string, minutes: number) =>
  t.deps.database.session((q) =>
    q(
      `update work_order_operations
          set updated_at = (date_trunc('day', now() at time zone 'Europe/Zagreb') at time zone 'Europe/Zagreb')
                           + make_interval(mins => $2)
        where id = $1`,
      [opId, minutes],
    ),
  );

describe("shop floor: today's finished operations", () => {
  it('counts the day in Europe/Zagreb', async () => {
    const afterMidnight = await finishedCut();
    const lastEvening = await finishedCut();
    await finishedAt(afterMidnight, 30);
    await finishedAt(lastEvening, -30);
    const today = await api.ok('GET', '/api/shop-floor/today');
    const ids = (today.work_centres as Json[]).flatMap((c) => (c.operations as Json[]).map((o) => o.id));
    expect(ids).toContain(afterMidnight);
    expect(ids).not.toContain(lastEvening);
  });
});
