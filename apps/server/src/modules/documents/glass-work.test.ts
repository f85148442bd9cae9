import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createFloat8, documentsClient, GLASS_PRICING_SETTINGS, type Json } from './test-helpers.ts';

// Glass work over HTTP: price bands by pane area, holes and cut-outs priced per piece, and the hole
// warnings (diameter ≥ thickness, ≥ 2 × thickness from the edge). Expected numbers by hand below.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let float8: Json;

const SETTINGS = GLASS_PRICING_SETTINGS;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  float8 = await createFloat8(api);
}, 120_000);
afterAll(async () => t?.close());

describe('glass work', () => {
  it('refuses bands whose limits do not rise and negative prices, changing nothing', async () => {
    const bad = await api.call('PUT', '/api/documents/pricing-settings', {
      ...SETTINGS,
      hole_price: '-1',
      cutout_price: '12',
      area_bands: [
        { max_area_m2: '1', surcharge_pct: '10' },
        { max_area_m2: '0,5', surcharge_pct: '20' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries((bad.body.error.details as Json[]).map((d) => [d.field, d.key]))).toEqual({
      hole_price: 'validation.notNegative',
      'area_bands.1.max_area_m2': 'validation.bandsAscending',
    });
    const now = await api.ok('GET', '/api/documents/pricing-settings');
    expect(now).toMatchObject({ hole_price: '0', cutout_price: '0', area_bands: [] });
  });

  it('prices bands, holes and cut-outs, returns the hole warnings and prints them on the work order', async () => {
    const saved = await api.ok('PUT', '/api/documents/pricing-settings', {
      ...SETTINGS,
      hole_price: '3,50',
      cutout_price: '12',
      area_bands: [
        { max_area_m2: '0,5', surcharge_pct: '20' },
        { max_area_m2: '1', surcharge_pct: '10' },
      ],
    });
    expect(saved).toMatchObject({
      hole_price: '3.5',
      cutout_price: '12',
      area_bands: [
        { max_area_m2: '0.5', surcharge_pct: '20' },
        { max_area_m2: '1', surcharge_pct: '10' },
      ],
    });
    const lines = [
      // 1020 × 510 = 0.5202 m² (≤ 1 m² band, +10 %): 25 × 0.5202 × 1.1 = 14.3055; + 4 × 3.50 + 1 × 12
      // = 40.3055 per pane; × 2 = 80.611 → 80.61. Holes Ø 6 < 8 mm glass, 10 mm < 2 × 8 from the edge.
      {
        item_id: float8.id,
        quantity: '2',
        width_mm: '1000',
        height_mm: '500',
        hole_count: 4,
        hole_diameter_mm: '6',
        hole_edge_mm: '10',
        cutout_count: 1,
      },
      // 210 × 210 → float minimum 0.3 m² (≤ 0.5 m² band, +20 %): 25 × 0.3 × 1.2 = 9; + 3.50 = 12.50
      {
        item_id: float8.id,
        quantity: '1',
        width_mm: '200',
        height_mm: '200',
        hole_count: 1,
        hole_diameter_mm: '10',
        hole_edge_mm: '20',
      },
    ];
    const quote = await api.ok('POST', '/api/documents/quotes', { lines });
    const out = quote.lines as Json[];
    expect(
      out.map((l) => [
        l.unit_price,
        l.net_amount,
        l.hole_count,
        l.hole_diameter_mm,
        l.hole_edge_mm,
        l.cutout_count,
      ]),
    ).toEqual([
      ['40.3055', '80.61', 4, '6', '10', 1],
      ['12.5', '12.50', 1, '10', '20', 0],
    ]);
    // net 80.61 + 12.50 = 93.11; VAT 25 % = 23.2775 → 23.28; total 116.39
    expect(quote.document).toMatchObject({ net_total: '93.11', vat_total: '23.28', total: '116.39' });
    expect(out[0]?.warnings).toEqual([
      { key: 'glassWork.holeDiameter', params: { diameter: '6', thickness: '8' } },
      { key: 'glassWork.holeEdge', params: { edge: '10', min: '16', thickness: '8' } },
    ]);
    expect(out[1]?.warnings).toEqual([]);

    // A copy keeps the glass work and its price.
    const copy = await api.ok('POST', `/api/documents/${quote.document.id}/duplicate`);
    expect((copy.lines as Json[])[0]).toMatchObject({
      hole_count: 4,
      cutout_count: 1,
      unit_price: '40.3055',
    });

    const wo = await api.ok('POST', '/api/documents/work-orders', { lines: [lines[0]] });
    const res = await api.call('GET', `/api/documents/${wo.document.id}/pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('rupe 4 × Ø 6 mm (od ruba 10 mm), izrezi 1');
    expect(flat).toContain('UPOZORENJE: promjer rupe 6 mm manji je od debljine stakla 8 mm');
    expect(flat).toContain('UPOZORENJE: rupa 10 mm od ruba, najmanje 16 mm');
  });

  it('refuses holes without a diameter, naming the line', async () => {
    const res = await api.call('POST', '/api/documents/quotes', {
      lines: [{ item_id: float8.id, quantity: '1', width_mm: '500', height_mm: '500', hole_count: 2 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'lines.0.hole_diameter_mm', key: 'validation.holeDiameterRequired', params: { line: 1 } },
    ]);
  });
});
