import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from './test-helpers.ts';

// Measure pricing over HTTP: glass priced per m² and edge work per running metre get their unit
// price from W × H and the company's settings; expected numbers are computed by hand below.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
const items: Record<string, Json> = {};

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  const item = async (sku: string, extra: Json) =>
    (items[sku] = await api.ok('POST', '/api/inventory/items', {
      sku,
      name: sku,
      kind: 'service',
      base_unit: 'm2',
      vat_rate: '25',
      ...extra,
    }));
  await item('FLOAT4', {
    name: 'Float 4 mm',
    price_basis: 'area',
    glass_kind: 'float',
    sales_price: '25.00',
  });
  await item('KALJ6', {
    name: 'Kaljeno 6 mm',
    price_basis: 'area',
    glass_kind: 'tempered',
    sales_price: '40',
  });
  await item('KGS', {
    name: 'Brušenje KGS',
    base_unit: 'm',
    price_basis: 'perimeter',
    sales_price: '2.50',
    min_charge: '5,00',
  });
}, 120_000);
afterAll(async () => t?.close());

describe('measure pricing', () => {
  it('stores the item pricing fields and refuses unknown ones with translated keys', async () => {
    expect(items.FLOAT4).toMatchObject({ price_basis: 'area', glass_kind: 'float', min_charge: null });
    expect(items.KGS).toMatchObject({ price_basis: 'perimeter', glass_kind: null, min_charge: '5' });
    const bad = await api.call('POST', '/api/inventory/items', {
      sku: 'X1',
      name: 'X',
      kind: 'material',
      base_unit: 'kom',
      price_basis: 'volume',
      glass_kind: 'plexi',
      min_charge: '-1',
    });
    expect(bad.status).toBe(400);
    const keys = Object.fromEntries((bad.body.error.details as Json[]).map((d) => [d.field, d.key]));
    expect(keys).toMatchObject({
      price_basis: 'validation.invalid',
      glass_kind: 'validation.invalid',
      min_charge: 'validation.positive',
    });
  });

  it('prices a quote from W × H: area with step and minimum area, edge with minimum edge and minimum charge', async () => {
    const settings = await api.ok('GET', '/api/documents/pricing-settings');
    expect(settings).toEqual({
      dimension_step_mm: '30',
      min_area_float_m2: '0.3',
      min_area_laminated_m2: '0.3',
      min_area_insulating_m2: '0.4',
      min_area_tempered_m2: '0.5',
      min_edge_mm: '300',
      shape_surcharge_pct: '0',
      hole_price: '0',
      cutout_price: '0',
      edge_price_kgs: '0',
      edge_price_kmg: '0',
      edge_price_kgn: '0',
      edge_price_kpo: '0',
      edge_min_charge: '0',
      coating_removal_price: '0',
      rush_surcharge_pct: '0',
      oversize_surcharge_pct: '0',
      oversize_max_side_mm: '3210',
      oversize_max_area_m2: '6',
      oversize_max_aspect: '10',
      area_bands: [],
    });
    const quote = await api.ok('POST', '/api/documents/quotes', {
      lines: [
        // 1020 × 510 = 0.5202 m² × 25.00 = 13.005 per pane; × 2 = 26.01
        { item_id: items.FLOAT4?.id, quantity: '2', width_mm: '1000', height_mm: '500' },
        // 210 × 210 = 0.0441 m² < 0.50 m² tempered minimum → 0.5 × 40 = 20.00
        { item_id: items.KALJ6?.id, quantity: '1', width_mm: '200', height_mm: '200' },
        // 2 × (1000 + 500) = 3 m × 2.50 = 7.50 per pane; × 2 = 15.00
        { item_id: items.KGS?.id, quantity: '2', width_mm: '1000', height_mm: '500' },
        // 2 × (300 + 300) = 1.2 m × 2.50 = 3.00 < minimum charge 5.00 → 5.00
        { item_id: items.KGS?.id, quantity: '1', width_mm: '200', height_mm: '100' },
        // a typed price wins and has no billed measure
        { item_id: items.FLOAT4?.id, quantity: '1', width_mm: '1000', height_mm: '500', unit_price: '10' },
      ],
    });
    const lines = quote.lines as Json[];
    expect(lines.map((l) => [l.unit, l.unit_price, l.billed_measure, l.billed_unit, l.net_amount])).toEqual([
      ['kom', '13.005', '0.5202', 'm2', '26.01'],
      ['kom', '20', '0.5', 'm2', '20.00'],
      ['kom', '7.5', '3', 'm', '15.00'],
      ['kom', '5', '1.2', 'm', '5.00'],
      ['kom', '10', null, null, '10.00'],
    ]);
    // net 26.01 + 20 + 15 + 5 + 10 = 76.01; VAT 25 % = 19.0025 → 19.00; total 95.01
    expect(quote.document).toMatchObject({ net_total: '76.01', vat_total: '19.00', total: '95.01' });

    const res = await api.call('GET', `/api/documents/${quote.document.id}/pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('obračunska površina 0,5202 m²');
    expect(text).toContain('obračunska duljina 1,2 m');
  });

  it('refuses a line of an area-priced item without W or H, naming the line', async () => {
    const res = await api.call('POST', '/api/documents/quotes', {
      lines: [
        { description: 'Dostava', quantity: '1', unit_price: '15' },
        { item_id: items.FLOAT4?.id, quantity: '1', height_mm: '500' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'lines.1.width_mm', key: 'validation.lineAreaNeedsSize', params: { line: 2, item: 'FLOAT4' } },
    ]);
  });

  it('uses the company settings: another step and minimum, validated', async () => {
    const bad = await api.call('PUT', '/api/documents/pricing-settings', {
      dimension_step_mm: '0',
      min_area_float_m2: 'x',
      min_area_laminated_m2: '0.3',
      min_area_insulating_m2: '0.4',
      min_area_tempered_m2: '0.5',
      min_edge_mm: '300',
      shape_surcharge_pct: '0',
    });
    expect(bad.status).toBe(400);
    const keys = Object.fromEntries((bad.body.error.details as Json[]).map((d) => [d.field, d.key]));
    expect(keys).toEqual({
      dimension_step_mm: 'validation.positive',
      min_area_float_m2: 'validation.numberInvalid',
    });

    const saved = await api.ok('PUT', '/api/documents/pricing-settings', {
      dimension_step_mm: '10',
      min_area_float_m2: '0,6',
      min_area_laminated_m2: '0.3',
      min_area_insulating_m2: '0.4',
      min_area_tempered_m2: '0.5',
      min_edge_mm: '300',
      shape_surcharge_pct: '15',
    });
    expect(saved).toMatchObject({
      dimension_step_mm: '10',
      min_area_float_m2: '0.6',
      shape_surcharge_pct: '15',
    });
    const quote = await api.ok('POST', '/api/documents/quotes', {
      lines: [
        // step 10: 1001 × 1001 → 1010 × 1010 = 1.0201 m² × 25 = 25.5025
        { item_id: items.FLOAT4?.id, quantity: '1', width_mm: '1001', height_mm: '1001' },
        // 500 × 500 = 0.25 m² < new float minimum 0.6 → 0.6 × 25 = 15.00
        { item_id: items.FLOAT4?.id, quantity: '1', width_mm: '500', height_mm: '500' },
        // shaped, on its rectangle: 25.5025 × 1.15 = 29.327875 → 29.3279
        { item_id: items.FLOAT4?.id, quantity: '1', width_mm: '1001', height_mm: '1001', shaped: true },
      ],
    });
    expect((quote.lines as Json[]).map((l) => [l.unit_price, l.billed_measure])).toEqual([
      ['25.5025', '1.0201'],
      ['15', '0.6'],
      ['29.3279', '1.0201'],
    ]);
    expect((quote.lines as Json[]).map((l) => l.shaped)).toEqual([false, false, true]);
    // A copy keeps the shaped flag, the rule's price and its billed measure.
    const copy = await api.ok('POST', `/api/documents/${quote.document.id}/duplicate`);
    expect((copy.lines as Json[])[2]).toMatchObject({
      shaped: true,
      unit_price: '29.3279',
      billed_measure: '1.0201',
    });
  });
});
