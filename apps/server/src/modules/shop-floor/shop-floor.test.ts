import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
let wo: Json;
const year = new Date().getFullYear();

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
  const created = await api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500' }],
  });
  wo = (await api.ok('POST', `/api/documents/work-orders/${created.document.id}/plan`)).document;
}, 120_000);
afterAll(async () => t?.close());

describe('shop floor', () => {
  const opOf = async (code: string) => {
    const today = await api.ok('GET', '/api/shop-floor/today');
    const centre = today.work_centres.find((c: Json) => c.code === code);
    return centre?.operations[0] as Json;
  };

  it("lists today's operations per work centre with the order's quantity", async () => {
    const today = await api.ok('GET', '/api/shop-floor/today');
    expect(today.work_centres.map((c: Json) => c.code)).toEqual(['REZ', 'SAS']);
    expect(today.work_centres[0].operations[0]).toMatchObject({
      work_order_number: `RN-${year}-0001`,
      work_order_status: 'planned',
      status: 'pending',
      quality_check_required: true,
      quantity: '2',
      good_qty: '0',
    });
  });

  it('finds a work order, item, lot and location by the scanned code', async () => {
    const scan = async (code: string) =>
      (await api.ok('GET', `/api/shop-floor/scan?code=${encodeURIComponent(code)}`)).hits as Json[];
    expect(await scan(`rn-${year}-0001`)).toEqual([
      { kind: 'work_order', id: wo.id, label: `RN-${year}-0001` },
    ]);
    expect((await scan('IZO'))[0]).toMatchObject({ kind: 'item', id: shop.igu.id });
    expect((await scan('L-100'))[0]).toMatchObject({ kind: 'lot', item_id: shop.glass.id });
    expect((await scan('MAT'))[0]).toMatchObject({ kind: 'location', id: shop.materials.id });
    expect((await scan('LOC:MAT'))[0]).toMatchObject({ kind: 'location' });
    expect(await scan('NEPOSTOJI-123')).toEqual([]);
  });

  it('one tap starts a planned order with its first operation; pause and restart', async () => {
    const op = await opOf('REZ');
    const started = await api.ok('POST', `/api/shop-floor/operations/${op.id}/start`);
    expect(started).toMatchObject({ status: 'in_progress', work_order_status: 'in_progress' });
    expect(started.started_at).not.toBeNull();
    expect((await api.ok('POST', `/api/shop-floor/operations/${op.id}/pause`)).status).toBe('paused');
    // A second pause is refused by the operation's state machine.
    expect((await api.call('POST', `/api/shop-floor/operations/${op.id}/pause`)).status).toBe(409);
    expect((await api.ok('POST', `/api/shop-floor/operations/${op.id}/start`)).status).toBe('in_progress');
  });

  it('finishing needs the required quality check, records good and scrap', async () => {
    const op = await opOf('REZ');
    const missing = await api.call('POST', `/api/shop-floor/operations/${op.id}/finish`, { good_qty: '2' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION');
    expect(missing.body.error.details[0]).toMatchObject({
      key: 'validation.qualityCheckMissing',
      params: { operation: 'REZ' },
    });
    const bad = await api.call('POST', `/api/shop-floor/operations/${op.id}/finish`, { good_qty: '-1' });
    expect(bad.status).toBe(400);
    // 1 good and 1 scrap of the 2 ordered (good and scrap together at most what is open).
    const done = await api.ok('POST', `/api/shop-floor/operations/${op.id}/finish`, {
      good_qty: '1',
      scrap_qty: '1',
      check: { result: 'pass' },
    });
    expect(done).toMatchObject({ status: 'done', good_qty: '1', scrap_qty: '1', last_check: 'pass' });
    const detail = await api.ok('GET', `/api/documents/${wo.id}`);
    expect(detail.operations.find((o: Json) => o.code === 'REZ')).toMatchObject({
      status: 'done',
      last_check: 'pass',
    });
  });

  it("shows one order's card with its operations", async () => {
    const card = await api.ok('GET', `/api/shop-floor/work-orders/${wo.id}`);
    expect(card.work_order).toMatchObject({ number: `RN-${year}-0001`, status: 'in_progress' });
    expect(card.operations.map((o: Json) => [o.code, o.status])).toEqual([
      ['REZ', 'done'],
      ['SAS', 'pending'],
    ]);
    expect(card.cutting_jobs).toEqual([]);
  });

  it("puts today's open operations before finished ones and names the piece (issue 22)", async () => {
    const second = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '3', width_mm: '800', height_mm: '600' }],
    });
    const planned = (await api.ok('POST', `/api/documents/work-orders/${second.document.id}/plan`)).document;
    const today = await api.ok('GET', '/api/shop-floor/today');
    const rez = today.work_centres.find((c: Json) => c.code === 'REZ').operations as Json[];
    // RN-0001's cutting was finished above; RN-0002's is waiting and comes first although its number is later.
    expect(rez.map((o) => [o.work_order_number, o.status])).toEqual([
      [planned.number, 'pending'],
      [`RN-${year}-0001`, 'done'],
    ]);
    const statuses = today.work_centres.flatMap((c: Json) => c.operations.map((o: Json) => o.status));
    for (const c of today.work_centres as Json[]) {
      const done = (c.operations as Json[]).map((o) => o.status === 'done');
      // no open operation after a finished one in any centre
      expect(done.indexOf(true) === -1 || done.slice(done.indexOf(true)).every(Boolean)).toBe(true);
    }
    expect(statuses).toContain('pending');
    // The card says which piece: the order line, its item, W × H and the quantity.
    expect(rez[0]).toMatchObject({
      line_position: 1,
      width_mm: '800',
      height_mm: '600',
      quantity: '3',
    });
    expect(rez[0]?.line_label).toContain('IZO');
  });

  it('cancelling an order cancels its running and paused operations, logs the running time and releases its reservations', async () => {
    const created = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '400' }],
    });
    const id = created.document.id as string;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const ops = (await api.ok('GET', `/api/shop-floor/work-orders/${id}`)).operations as Json[];
    const [rez, sas] = ops as [Json, Json];
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/start`);
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/pause`);
    await api.ok('POST', `/api/shop-floor/operations/${rez.id}/start`);
    // The cutting has been running for 30 minutes when the customer cancels.
    await t.deps.database.session((q) =>
      q(`update work_order_operations set started_at = now() - interval '30 minutes' where id = $1`, [
        rez.id,
      ]),
    );
    const reserved = async () =>
      ((await api.ok('GET', '/api/inventory/reservations?status=active')) as Json[]).filter(
        (r) => r.source_id === id,
      );
    expect((await reserved()).length).toBeGreaterThan(0);

    const cancelled = await api.ok('POST', `/api/documents/work-orders/${id}/cancel`);
    expect(cancelled.document.status).toBe('cancelled');
    expect(cancelled.operations.map((o: Json) => [o.code, o.status])).toEqual([
      ['REZ', 'cancelled'],
      ['SAS', 'cancelled'],
    ]);
    // The running stretch went onto the operation's logged time, as a pause would have put it.
    const logged = Number(cancelled.operations[0].logged_minutes);
    expect(logged).toBeGreaterThanOrEqual(30);
    expect(logged).toBeLessThan(35);
    expect(await reserved()).toEqual([]);
    const card = await api.ok('GET', `/api/shop-floor/work-orders/${id}`);
    expect(card.operations.map((o: Json) => [o.status, o.started_at])).toEqual([
      ['cancelled', null],
      ['cancelled', null],
    ]);
    // Gone from today's list, and no tap brings a cancelled operation back.
    const today = await api.ok('GET', '/api/shop-floor/today');
    const listed = today.work_centres.flatMap((c: Json) => c.operations.map((o: Json) => o.id));
    expect(listed).not.toContain(rez.id);
    expect((await api.call('POST', `/api/shop-floor/operations/${rez.id}/start`)).status).toBe(409);
    expect(
      (await api.call('POST', `/api/shop-floor/operations/${sas.id}/finish`, { good_qty: '1' })).status,
    ).toBe(409);
  });

  it('prints item, lot and location labels with their codes', async () => {
    const lots = await api.ok('GET', `/api/inventory/lots?item_id=${shop.glass.id}`);
    const lot = (lots.items ?? lots)[0];
    const cases: [string, string, string][] = [
      ['item', `${shop.glass.id},${shop.spacer.id}`, 'FLOAT4'],
      ['lot', lot.id, 'L-100'],
      ['location', shop.materials.id, 'MAT'],
    ];
    for (const [kind, ids, code] of cases) {
      const res = await api.call('GET', `/api/inventory/labels/${kind}?ids=${ids}`);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.raw.headers['content-type']).toBe('application/pdf');
      const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain(code);
    }
    const missing = await api.call('GET', `/api/inventory/labels/item?ids=${shop.client.id}`);
    expect(missing.status).toBe(404);
  });
});
