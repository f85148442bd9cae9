import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';

// A finish reports what an operation made: good and scrap together are at most what is still
// open (the order line's quantity less what earlier finishes reported) where the operation's lines
// are in one unit. The dialog took any number: 40 good of 4 ordered was stored, and the card said
// 40 of 4 done.

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
      { item_id: shop.glass.id, quantity: '20', unit_cost: '20', lot_number: 'L-1' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

/** A planned order of 4 IGUs (kom); its assembly operation (SAS, no quality check). */
async function assemblyOfFour() {
  const created = await api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '4', width_mm: '500', height_mm: '400' }],
  });
  const id = created.document.id as string;
  await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
  const ops = (await api.ok('GET', `/api/shop-floor/work-orders/${id}`)).operations as Json[];
  return { id, sas: ops.find((o) => o.code === 'SAS') as Json };
}

const events = async (opId: string) =>
  (await t.deps.database.session((q) =>
    q(
      `select event, good_qty::text as good, scrap_qty::text as scrap from shop_floor_events
        where operation_id = $1 and event = 'finish' order by created_at`,
      [opId],
    ),
  )) as { event: string; good: string; scrap: string }[];

describe('shop floor: finished quantities', () => {
  it('refuses more than is open, good and scrap together, and stores nothing', async () => {
    const { id, sas } = await assemblyOfFour();
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/start`);

    for (const body of [{ good_qty: '40' }, { good_qty: '4', scrap_qty: '1' }]) {
      const r = await api.call('POST', `/api/shop-floor/operations/${sas.id}/finish`, body);
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([
        {
          field: 'good_qty',
          key: 'validation.finishOverQuantity',
          params: {
            remaining: '4',
            requested: String(Number(body.good_qty) + Number(body.scrap_qty ?? 0)),
            unit: 'kom',
          },
        },
      ]);
    }
    expect(sas).toMatchObject({ quantity: '4', unit: 'kom' });
    // Nothing happened: still running, nothing reported, no time logged, the order not touched.
    const card = await api.ok('GET', `/api/shop-floor/work-orders/${id}`);
    expect(card.operations.find((o: Json) => o.id === sas.id)).toMatchObject({
      status: 'in_progress',
      good_qty: '0',
      scrap_qty: '0',
      logged_minutes: '0',
    });
    expect(await events(sas.id)).toEqual([]);

    // 3 good and 1 scrap is all of it; reopened, only 0 more fits.
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/finish`, { good_qty: '3', scrap_qty: '1' });
    await api.ok('POST', `/api/documents/work-orders/${id}/operations/${sas.id}/reopen`);
    const again = await api.call('POST', `/api/shop-floor/operations/${sas.id}/finish`, { good_qty: '1' });
    expect(again.status).toBe(400);
    expect(again.body.error.details[0]).toMatchObject({
      key: 'validation.finishOverQuantity',
      params: { remaining: '0', requested: '1', unit: 'kom' },
    });
    const done = await api.ok('POST', `/api/shop-floor/operations/${sas.id}/finish`, { good_qty: '0' });
    expect(done).toMatchObject({ status: 'done', good_qty: '3', scrap_qty: '1' });
    expect(await events(sas.id)).toEqual([
      { event: 'finish', good: '3.0000', scrap: '1.0000' },
      { event: 'finish', good: '0.0000', scrap: '0.0000' },
    ]);
  });

  it('refuses a negative quantity or one with more than 4 decimals', async () => {
    const { sas } = await assemblyOfFour();
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/start`);
    for (const [body, key] of [
      [{ good_qty: '-1' }, 'validation.positive'],
      [{ good_qty: '1', scrap_qty: '-1' }, 'validation.positive'],
      [{ good_qty: '0.00001' }, 'validation.quantityDecimals'],
    ] as const) {
      const r = await api.call('POST', `/api/shop-floor/operations/${sas.id}/finish`, body);
      expect(r.status).toBe(400);
      expect(r.body.error.details.map((d: Json) => d.key)).toContain(key);
    }
    expect(await events(sas.id)).toEqual([]);
  });
});
