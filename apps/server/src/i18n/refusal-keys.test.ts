import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsClient, glassShop, type Json } from '../modules/documents/test-helpers.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The web shows the text of a refusal's detail key, not the server's literal message (see
 * apps/web/src/i18n-tests/app-error-keys.test.ts). These refusals used to name a key that said
 * something else ("Neispravna vrijednost" for an unknown client, "Polje je obavezno" for a missing
 * file, "Ova oznaka već postoji" for a unit given twice); each now names its own, and the refused
 * request changes nothing.
 */
const hr = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../web/public/locales/hr/common.json'), 'utf8'),
) as { validation: Record<string, string> };
const NOBODY = '00000000-0000-4000-8000-00000000abcd';

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Refusal Keys');
  api = documentsClient(t.app, owner);
}, 120_000);
afterAll(async () => t?.close());

/** The one detail of a 400 answer, with the Croatian text the screen shows for it. */
function refusal(res: { status: number; body: Json }) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const [detail, ...more] = res.body.error.details as { field: string; key: string }[];
  expect(more).toEqual([]);
  const text = hr.validation[(detail?.key ?? '').replace(/^validation\./, '')];
  expect(text, detail?.key).toBeDefined();
  // The words a user read before: true of nothing in particular.
  expect(text).not.toBe(hr.validation.invalid);
  expect(text).not.toBe(hr.validation.required);
  return { ...detail, text };
}

/** A multipart request whose form carries a field but no file. */
const withoutFile = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=B' },
    payload: '--B\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--B--\r\n',
  });

describe('refusals name their own problem', () => {
  it('an upload without its file asks for the file (four upload routes)', async () => {
    const item = await api.ok('POST', '/api/inventory/items', {
      sku: 'RK-1',
      kind: 'material',
      name: 'Artikl',
      base_unit: 'kom',
    });
    for (const url of [
      '/api/inventory/import?commit=false',
      '/api/clients/import',
      '/api/purchase-invoices/upload',
      `/api/inventory/items/${item.id}/image`,
    ]) {
      const res = await withoutFile(url);
      expect(refusal({ status: res.statusCode, body: res.json() }), url).toMatchObject({
        field: 'file',
        key: 'validation.fileRequired',
        text: 'Odaberite datoteku',
      });
    }
    expect((await api.ok('GET', `/api/inventory/items/${item.id}`)).image_file_id ?? null).toBeNull();
  });

  it('an unknown client, item or supplier is named as such, and nothing is created', async () => {
    const before = (await api.ok('GET', '/api/documents/quotes')).total;
    expect(before).toBeTypeOf('number');
    expect(refusal(await api.call('POST', '/api/documents/quotes', { client_id: NOBODY }))).toMatchObject({
      field: 'client_id',
      key: 'validation.clientUnknown',
      text: 'Klijent ne postoji',
    });
    const line = await api.call('POST', '/api/documents/quotes', {
      lines: [{ item_id: NOBODY, quantity: '1' }],
    });
    expect(refusal(line)).toMatchObject({ field: 'lines.0.item_id', key: 'validation.itemUnknown' });
    const blank = await api.call('POST', '/api/documents/quotes', {
      lines: [{ description: ' ', quantity: '1' }],
    });
    expect(refusal(blank)).toMatchObject({
      field: 'lines.0.description',
      key: 'validation.lineItemOrDescription',
      text: 'Unesite artikl ili opis stavke',
    });
    expect((await api.ok('GET', '/api/documents/quotes')).total).toBe(before);

    const order = await api.call('POST', '/api/purchase-orders', {
      supplier_id: NOBODY,
      lines: [{ item_id: NOBODY, quantity: '1', unit_price: '1' }],
    });
    expect(refusal(order)).toMatchObject({ field: 'supplier_id', key: 'validation.supplierUnknown' });
    expect((await api.ok('GET', '/api/purchase-orders')).total).toBe(0);

    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Dobavljač RK' });
    const items = await api.call('PUT', `/api/suppliers/${supplier.id}/items`, {
      items: [{ item_id: NOBODY }],
    });
    expect(refusal(items)).toMatchObject({ field: 'items', key: 'validation.itemUnknown' });
  });

  it('a delivery note from an unknown location names the location', async () => {
    const client = await api.ok('POST', '/api/clients', { name: 'Kupac RK' });
    const note = await api.call('POST', '/api/delivery-notes', {
      client_id: client.id,
      source_location_id: NOBODY,
      lines: [],
    });
    expect(refusal(note)).toMatchObject({
      field: 'source_location_id',
      key: 'validation.locationUnknown',
      text: 'Lokacija ne postoji',
    });
  });

  it('locations, units and counts: inside itself, a unit twice, nothing counted', async () => {
    const hall = await api.ok('POST', '/api/inventory/locations', {
      code: 'RK-H',
      name: 'Hala',
      type: 'storage',
    });
    const shelf = await api.ok('POST', '/api/inventory/locations', {
      code: 'RK-P',
      name: 'Polica',
      type: 'storage',
      parent_id: hall.id,
    });
    const loop = await api.call('PATCH', `/api/inventory/locations/${hall.id}`, { parent_id: shelf.id });
    expect(refusal(loop)).toMatchObject({ field: 'parent_id', key: 'validation.locationInsideItself' });
    expect((await api.ok('GET', `/api/inventory/locations/${hall.id}`)).parent_id ?? null).toBeNull();

    const item = await api.ok('POST', '/api/inventory/items', {
      sku: 'RK-2',
      kind: 'material',
      name: 'Ploča',
      base_unit: 'kom',
    });
    const twice = await api.call('PUT', `/api/inventory/items/${item.id}/conversions`, {
      conversions: [
        { unit: 'pak', factor: '10' },
        { unit: 'pak', factor: '12' },
      ],
    });
    expect(refusal(twice)).toMatchObject({ field: 'unit', key: 'validation.unitRepeated' });

    const count = await api.ok('POST', '/api/inventory/counts', { location_id: hall.id });
    const empty = await api.call('POST', `/api/inventory/counts/${count.id}/post`, {});
    expect(refusal(empty)).toMatchObject({ field: 'lines', key: 'validation.countNothingCounted' });
    expect((await api.ok('GET', `/api/inventory/counts/${count.id}`)).status).toBe('draft');
    const unknownItem = await api.call('POST', `/api/inventory/counts/${count.id}/lines`, {
      item_id: NOBODY,
    });
    expect(refusal(unknownItem)).toMatchObject({ field: 'item_id', key: 'validation.itemUnknown' });
  });

  it('a quote sent or an order planned without what it needs names what is missing', async () => {
    // A company of its own, with no location an order could take by default.
    const api = documentsClient(t.app, await signUp(t.app, 'Bez lokacija'));
    const line = { description: 'Brušenje rubova', quantity: '1', unit_price: '10' };
    const quote = await api.ok('POST', '/api/documents/quotes', { lines: [line] });
    const send = await api.call('POST', `/api/documents/quotes/${quote.document.id}/send`);
    expect(refusal(send)).toMatchObject({
      field: 'client_id',
      key: 'validation.clientRequired',
      text: 'Odaberite klijenta',
    });
    const order = await api.ok('POST', '/api/documents/work-orders', { lines: [line] });
    const plan = await api.call('POST', `/api/documents/work-orders/${order.document.id}/plan`);
    expect(refusal(plan)).toMatchObject({
      field: 'source_location_id',
      key: 'validation.materialLocationRequired',
    });
    // Each stays a draft.
    for (const id of [quote.document.id, order.document.id])
      expect((await api.ok('GET', `/api/documents/${id}`)).document.status).toBe('draft');
  });

  it('a failed quality check without a note asks for the defect, at the desk and on the shop floor', async () => {
    const shop = await glassShop(api, '-rk');
    const created = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '1000', height_mm: '500', unit_price: '100' }],
    });
    const id = created.document.id;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const started = await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    const cut = (started.operations as Json[]).find((o) => o.quality_check_required) as Json;
    const desk = await api.call('POST', `/api/documents/work-orders/${id}/operations/${cut.id}/checks`, {
      result: 'fail',
    });
    expect(refusal(desk)).toMatchObject({
      field: 'note',
      key: 'validation.defectNoteRequired',
      text: 'Opišite nedostatak',
    });
    await api.ok('POST', `/api/shop-floor/operations/${cut.id}/start`);
    const floor = await api.call('POST', `/api/shop-floor/operations/${cut.id}/finish`, {
      good_qty: '1',
      check: { result: 'fail' },
    });
    expect(refusal(floor)).toMatchObject({ field: 'check.note', key: 'validation.defectNoteRequired' });
    // Neither refusal recorded a check or finished the operation.
    const after = await api.ok('GET', `/api/documents/${id}`);
    const op = (after.operations as Json[]).find((o) => o.id === cut.id) as Json;
    expect(op.status).not.toBe('done');
    expect(op.last_check ?? null).toBeNull();
  });
  it('a number over its limit or a list over its length says so, not that a text is too long', async () => {
    const job = (pieces: Json[]) => ({
      name: 'Granice',
      kind: '1d',
      kerf: 4,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      min_remnant_length: 0,
      min_remnant_width: 0,
      pieces,
      stock: [{ ref: 'sipka', length: 6000, quantity: 5 }],
    });
    const piece = { ref: 'k', length: 1000, quantity: 1 };
    const tooLongPiece = await api.call('POST', '/api/cutting/jobs', job([{ ...piece, length: 100_001 }]));
    expect(refusal(tooLongPiece)).toMatchObject({
      field: 'pieces.0.length',
      key: 'validation.numberTooLarge',
      text: 'Broj je prevelik',
    });
    const many = Array.from({ length: 2001 }, (_, i) => ({ ...piece, ref: `k${i}` }));
    expect(refusal(await api.call('POST', '/api/cutting/jobs', job(many)))).toMatchObject({
      field: 'pieces',
      key: 'validation.tooManyItems',
      text: 'Previše stavki',
    });
    // Neither refused job was stored.
    const list = await api.ok('GET', '/api/cutting/jobs');
    expect(list.items.map((j: Json) => j.name)).not.toContain('Granice');
  });
});
