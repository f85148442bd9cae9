import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createFloat8, documentsClient, GLASS_PRICING_SETTINGS, type Json } from './test-helpers.ts';

// Edge work by edge type, the oversize surcharge, coating edge deletion and the rush order over
// HTTP (PRODUCT.md "Glass processing"). Expected numbers worked out by hand next to each line.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let float8: Json;
let client: Json;

const SETTINGS = GLASS_PRICING_SETTINGS;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  float8 = await createFloat8(api);
  client = await api.ok('POST', '/api/clients', { kind: 'person', name: 'Ivana Babić' });
}, 120_000);
afterAll(async () => t?.close());

describe('edge work and surcharges', () => {
  it('refuses negative amounts and limits of 0, changing nothing', async () => {
    const bad = await api.call('PUT', '/api/documents/pricing-settings', {
      ...SETTINGS,
      edge_price_kpo: '-6',
      rush_surcharge_pct: '-1',
      oversize_max_area_m2: '0',
    });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries((bad.body.error.details as Json[]).map((d) => [d.field, d.key]))).toEqual({
      edge_price_kpo: 'validation.notNegative',
      rush_surcharge_pct: 'validation.notNegative',
      oversize_max_area_m2: 'validation.positive',
    });
    const now = await api.ok('GET', '/api/documents/pricing-settings');
    expect(now).toMatchObject({ edge_price_kpo: '0', rush_surcharge_pct: '0', oversize_max_area_m2: '6' });
  });

  it('prices edge work, oversize, coating removal and rush on a quote; copies and prints them', async () => {
    const saved = await api.ok('PUT', '/api/documents/pricing-settings', {
      ...SETTINGS,
      edge_price_kgs: '2',
      edge_price_kpo: '6,00',
      edge_min_charge: '5',
      coating_removal_price: '1.5',
      rush_surcharge_pct: '20',
      oversize_surcharge_pct: '15',
      oversize_max_side_mm: '3000',
      oversize_max_area_m2: '5',
      oversize_max_aspect: '8',
    });
    expect(saved).toMatchObject({ edge_price_kpo: '6', edge_min_charge: '5', oversize_max_side_mm: '3000' });
    const lines = [
      // 1020 × 510 = 0.5202 m² × 25 = 13.005; KPO 2 × (1000 + 500) = 3 m × 6 = 18; coating 3 m × 1.5
      // = 4.5 → 35.505 per pane; × 2 = 71.01
      {
        item_id: float8.id,
        quantity: '2',
        width_mm: '1000',
        height_mm: '500',
        edge_type: 'kpo',
        coating_removal: true,
      },
      // float minimum 0.3 m² × 25 = 7.5; KGS 2 × (300 + 300) = 1.2 m × 2 = 2.4 < minimum 5 → 12.5
      { item_id: float8.id, quantity: '1', width_mm: '200', height_mm: '100', edge_type: 'kgs' },
      // 3100 > 3000 mm: 3120 × 1020 = 3.1824 m² × 25 = 79.56 × 1.15 = 91.494 → 91.49
      { item_id: float8.id, quantity: '1', width_mm: '3100', height_mm: '1000' },
    ];
    const quote = await api.ok('POST', '/api/documents/quotes', { lines });
    const out = quote.lines as Json[];
    expect(out.map((l) => [l.unit_price, l.net_amount, l.edge_type, l.coating_removal])).toEqual([
      ['35.505', '71.01', 'kpo', true],
      ['12.5', '12.50', 'kgs', false],
      ['91.494', '91.49', 'rezano', false],
    ]);
    // net 71.01 + 12.50 + 91.49 = 175.00; VAT 25 % = 43.75; total 218.75
    expect(quote.document).toMatchObject({
      rush: false,
      net_total: '175.00',
      vat_total: '43.75',
      total: '218.75',
    });

    // Rush +20 % on every pane: 35.505 × 1.2 = 42.606 × 2 = 85.212 → 85.21; 12.5 × 1.2 = 15;
    // 91.494 × 1.2 = 109.7928 → 109.79; net 210.00, VAT 52.50, total 262.50
    const rush = await api.ok('POST', '/api/documents/quotes', { client_id: client.id, rush: true, lines });
    expect((rush.lines as Json[]).map((l) => l.unit_price)).toEqual(['42.606', '15', '109.7928']);
    expect(rush.document).toMatchObject({
      rush: true,
      net_total: '210.00',
      vat_total: '52.50',
      total: '262.50',
    });

    // A copy keeps the flag, the edge type and the price.
    const copy = await api.ok('POST', `/api/documents/${rush.document.id}/duplicate`);
    expect(copy.document.rush).toBe(true);
    expect((copy.lines as Json[])[0]).toMatchObject({
      edge_type: 'kpo',
      coating_removal: true,
      unit_price: '42.606',
    });
    // Quote → work order keeps the flag and the lines as priced.
    await api.ok('POST', `/api/documents/quotes/${rush.document.id}/send`);
    await api.ok('POST', `/api/documents/quotes/${rush.document.id}/accept`);
    const converted = await api.ok('POST', `/api/documents/quotes/${rush.document.id}/convert`);
    expect(converted.document).toMatchObject({ kind: 'work_order', rush: true, net_total: '210.00' });
    expect((converted.lines as Json[]).map((l) => [l.edge_type, l.unit_price])).toEqual([
      ['kpo', '42.606'],
      ['kgs', '15'],
      ['rezano', '109.7928'],
    ]);

    const wo = await api.ok('POST', '/api/documents/work-orders', { rush: true, lines: [lines[0]] });
    const res = await api.call('GET', `/api/documents/${wo.document.id}/pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('rub polirano KPO, skidanje premaza po rubu');
    expect(flat).toContain('Hitna narudžba');
  });

  it('refuses an unknown edge type, naming the field', async () => {
    const bad = await api.call('POST', '/api/documents/quotes', {
      lines: [{ item_id: float8.id, quantity: '1', width_mm: '1000', height_mm: '500', edge_type: 'KPO' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      expect.objectContaining({ field: 'lines.0.edge_type', key: 'validation.invalid' }),
    ]);
  });
});
