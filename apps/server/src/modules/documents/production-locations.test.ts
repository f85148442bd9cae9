import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// Issue 17 (8): a work order converted from a quote (or created without locations) gets the
// company's default production locations, so it can be planned at once, without saving it again.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

const stockOf = async (itemId: string) =>
  ((await api.ok('GET', `/api/inventory/items/${itemId}`)) as Json).item;

async function acceptedQuote(): Promise<string> {
  const quote = await api.ok('POST', '/api/documents/quotes', {
    client_id: shop.client.id,
    lines: [
      { item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500' },
      { description: 'Montaža', quantity: '1', unit_price: '40' },
    ],
  });
  const id = quote.document.id as string;
  await api.ok('POST', `/api/documents/quotes/${id}/send`);
  await api.ok('POST', `/api/documents/quotes/${id}/accept`);
  return id;
}

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

describe('default production locations of work orders', () => {
  it('without settings and with several locations a work order gets none: planning asks for one, nothing is reserved', async () => {
    expect(await api.ok('GET', '/api/documents/production-locations')).toMatchObject({
      source_location_id: null,
      output_location_id: null,
    });
    // The shop has MAT and GOT (storage) and a production location: none of them is chosen for it.
    // (Before, the first storage location by code, GOT, was taken for both sides, though the
    // material lies in MAT.)
    await api.ok('POST', '/api/inventory/locations', {
      code: 'AA-PROIZ',
      name: 'Proizvodnja',
      type: 'production',
    });
    // The settings say what a new order gets now (the web's new work order form shows it).
    expect(await api.ok('GET', '/api/documents/production-locations')).toEqual({
      source_location_id: null,
      output_location_id: null,
      effective_source_location_id: null,
      effective_output_location_id: null,
    });
    const wo = await api.ok('POST', `/api/documents/quotes/${await acceptedQuote()}/convert`);
    expect(wo.document).toMatchObject({ source_location_id: null, output_location_id: null });
    const before = await stockOf(shop.glass.id);
    const refused = await api.call('POST', `/api/documents/work-orders/${wo.document.id}/plan`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'source_location_id', key: 'validation.materialLocationRequired' },
    ]);
    expect(refused.body.error.message).toBe('Odaberite lokaciju materijala');
    expect((await api.ok('GET', `/api/documents/${wo.document.id}`)).document.status).toBe('draft');
    expect(await stockOf(shop.glass.id)).toMatchObject({
      reserved: before.reserved,
      on_hand: before.on_hand,
    });
  });

  it('a company with one active location gets it on both sides (nothing else to choose)', async () => {
    const solo = documentsClient(t.app, await signUp(t.app));
    await solo
      .ok('POST', '/api/inventory/locations', { code: 'OLD', name: 'Staro' })
      .then((old: Json) => solo.ok('PATCH', `/api/inventory/locations/${old.id}`, { active: false }));
    const only = await solo.ok('POST', '/api/inventory/locations', { code: 'RAD', name: 'Radionica' });
    const item = await solo.ok('POST', '/api/inventory/items', {
      sku: 'X1',
      name: 'X1',
      kind: 'product',
      base_unit: 'kom',
    });
    const wo = await solo.ok('POST', '/api/documents/work-orders', {
      lines: [{ item_id: item.id, quantity: '1' }],
    });
    expect(wo.document).toMatchObject({ source_location_id: only.id, output_location_id: only.id });
  });

  it('refuses an inactive or unknown location with a translated key and changes nothing', async () => {
    const old = await api.ok('POST', '/api/inventory/locations', { code: 'STARO', name: 'Staro skladište' });
    await api.ok('PATCH', `/api/inventory/locations/${old.id}`, { active: false });
    const inactive = await api.call('PUT', '/api/documents/production-locations', {
      source_location_id: shop.materials.id,
      output_location_id: old.id,
    });
    expect(inactive.status).toBe(400);
    expect(inactive.body.error.details).toEqual([
      { field: 'output_location_id', key: 'validation.locationInactive' },
    ]);
    const unknown = await api.call('PUT', '/api/documents/production-locations', {
      source_location_id: '00000000-0000-4000-8000-000000000000',
      output_location_id: null,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      { field: 'source_location_id', key: 'validation.locationInactive' },
    ]);
    const notUuid = await api.call('PUT', '/api/documents/production-locations', {
      source_location_id: 'MAT',
    });
    expect(notUuid.status).toBe(400);
    expect(await api.ok('GET', '/api/documents/production-locations')).toMatchObject({
      source_location_id: null,
      output_location_id: null,
    });
  });

  it('a converted work order takes the defaults and is planned and cancelled without being saved again', async () => {
    const saved = await api.ok('PUT', '/api/documents/production-locations', {
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
    });
    expect(saved).toEqual({
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      effective_source_location_id: shop.materials.id,
      effective_output_location_id: shop.finished.id,
    });

    const wo = await api.ok('POST', `/api/documents/quotes/${await acceptedQuote()}/convert`);
    expect(wo.document).toMatchObject({
      kind: 'work_order',
      status: 'draft',
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
    });
    expect(wo.lines).toHaveLength(2);

    // Planning reserves the BOM's materials at the default source location (MAT holds the stock).
    const before = await stockOf(shop.glass.id);
    const planned = await api.ok('POST', `/api/documents/work-orders/${wo.document.id}/plan`);
    expect(planned.document.status).toBe('planned');
    const glassNeed = planned.materials.find((m: Json) => m.item_id === shop.glass.id);
    expect(glassNeed).toMatchObject({ planned_qty: '2', reservation_status: 'active' });
    expect(Number((await stockOf(shop.glass.id)).reserved)).toBe(Number(before.reserved) + 2);

    // Cancelling leaves no open reservation behind and the stock unchanged.
    await api.ok('POST', `/api/documents/work-orders/${wo.document.id}/cancel`);
    const after = await stockOf(shop.glass.id);
    expect(after.reserved).toBe(before.reserved);
    expect(after.on_hand).toBe(before.on_hand);
  });

  it('a new work order fills in only the locations it leaves out; an inactive default is not replaced, and completion asks for the output', async () => {
    const line = { item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '400', unit_price: '50' };
    const bare = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      lines: [line],
    });
    expect(bare.document).toMatchObject({
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
    });
    const own = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      output_location_id: shop.materials.id,
      lines: [line],
    });
    expect(own.document).toMatchObject({
      source_location_id: shop.materials.id,
      output_location_id: shop.materials.id,
    });

    // The output default is deactivated: with MAT and AA-PROIZ still active nothing takes its place
    // (the stored setting stays as it was); the order names its output or completion asks for it.
    await api.ok('PATCH', `/api/inventory/locations/${shop.finished.id}`, { active: false });
    const wo = await api.ok('POST', `/api/documents/quotes/${await acceptedQuote()}/convert`);
    expect(wo.document).toMatchObject({
      source_location_id: shop.materials.id,
      output_location_id: null,
    });
    expect(await api.ok('GET', '/api/documents/production-locations')).toEqual({
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      effective_source_location_id: shop.materials.id,
      effective_output_location_id: null,
    });

    // Completion without an output location is refused and posts nothing; it put the products
    // into the material location before.
    const id = wo.document.id as string;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    const ops = (await api.ok('GET', `/api/shop-floor/work-orders/${id}`)).operations as Json[];
    for (const op of ops) {
      await api.ok('POST', `/api/shop-floor/operations/${op.id}/start`);
      await api.ok('POST', `/api/shop-floor/operations/${op.id}/finish`, {
        good_qty: '2',
        check: { result: 'pass' },
      });
    }
    const glass = await stockOf(shop.glass.id);
    const product = await stockOf(shop.igu.id);
    const refused = await api.call('POST', `/api/documents/work-orders/${id}/complete`, { actual: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'output_location_id', key: 'validation.outputLocationRequired' },
    ]);
    expect(refused.body.error.message).toBe('Odaberite lokaciju gotovih proizvoda');
    expect((await api.ok('GET', `/api/documents/${id}`)).document.status).toBe('in_progress');
    expect(await stockOf(shop.glass.id)).toMatchObject({ on_hand: glass.on_hand, reserved: glass.reserved });
    expect((await stockOf(shop.igu.id)).on_hand).toBe(product.on_hand);
    // Named at completion, it is used.
    const done = await api.ok('POST', `/api/documents/work-orders/${id}/complete`, {
      actual: [],
      output_location_id: shop.materials.id,
    });
    expect(done.document).toMatchObject({ status: 'completed', output_location_id: shop.materials.id });
  });

  it('refuses a work order naming an unknown or foreign location before writing anything', async () => {
    const line = { item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '400', unit_price: '50' };
    const first = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      lines: [line],
    });
    // A location of another company is hidden by row-level security: the same as unknown.
    const other = documentsClient(t.app, await signUp(t.app));
    const foreign = await other.ok('POST', '/api/inventory/locations', {
      code: 'TUDJE',
      name: 'Tuđe skladište',
    });
    const cases: [string, string][] = [
      ['output_location_id', '00000000-0000-4000-8000-000000000000'],
      ['source_location_id', foreign.id as string],
    ];
    for (const [field, id] of cases) {
      const refused = await api.call('POST', '/api/documents/work-orders', {
        client_id: shop.client.id,
        [field]: id,
        lines: [line],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual([{ field, key: 'validation.locationInactive' }]);
      const edit = await api.call('PUT', `/api/documents/work-orders/${first.document.id}`, {
        client_id: shop.client.id,
        [field]: id,
        lines: [line],
      });
      expect(edit.status).toBe(400);
      expect(edit.body.error.details).toEqual([{ field, key: 'validation.locationInactive' }]);
    }
    // Nothing was written: the draft kept its locations and no number was used up.
    const kept = await api.ok('GET', `/api/documents/${first.document.id}`);
    expect(kept.document).toMatchObject({
      source_location_id: first.document.source_location_id,
      output_location_id: first.document.output_location_id,
    });
    const next = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      lines: [line],
    });
    const seq = (n: string) => Number(n.split('-').at(-1));
    expect(seq(next.document.number)).toBe(seq(first.document.number) + 1);
  });
});
