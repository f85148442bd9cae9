/**
 * One document priced on both sides (issue 17, "What the screen shows is what is saved"): the web
 * editor's live totals (apps/web/src/features/documents/line-editor.test.ts) and the totals the
 * server saves (apps/server/src/modules/documents/line-pricing.test.ts) are both checked against
 * the hand-computed figures below, so the editor's figure is the server's.
 *
 * A rush quote (rush surcharge 20 %) for a client with a 10 % default discount; lines as typed in
 * the grid, Croatian format; an empty price or discount is left to the defaults.
 *   1. SILIKON (12.34 per piece), 3 pieces, no price typed → item price, no discount → client 10 %:
 *      3 × 12.34 = 37.02 × 0.90 = 33.318 → 33.32
 *   2. FLOAT4 (25.00 per m²), 2 panes 1000 × 500, no price → measure rule: step 30 → 1020 × 510 =
 *      0.5202 m² × 25 = 13.005, rush +20 % = 15.606 per pane; 2 × 15.606 = 31.212 × 0.90 =
 *      28.0908 → 28.09
 *   3. "Montaža" 1 × 1.000,00, discount 0 typed (the client's does not apply) → 1000.00
 *   4. "Transport" 1 × 50,5 at 13 % VAT, no discount → client 10 %: 45.45
 *   Base 25 %: 33.32 + 28.09 + 1000.00 = 1061.41, VAT 265.3525 → 265.35
 *   Base 13 %: 45.45, VAT 5.9085 → 5.91
 *   Net 1106.86, VAT 271.26, total 1378.12. Without the client discount the same lines would show
 * net 1118.73 — the kind of mismatch the issue reported.
 */
export const CLIENT_DISCOUNT_DOCUMENT = {
  clientDiscountPct: '10',
  rush: true,
  rushSurchargePct: '20',
  items: {
    SILIKON: { basis: 'unit', salesPrice: '12.34', vatRate: '25', baseUnit: 'kom', glassKind: null },
    FLOAT4: { basis: 'area', salesPrice: '25.00', vatRate: '25', baseUnit: 'm2', glassKind: 'float' },
  },
  lines: [
    {
      sku: 'SILIKON',
      description: '',
      quantity: '3',
      width_mm: '',
      height_mm: '',
      unit_price: '',
      discount_pct: '',
      vat_rate: '25',
    },
    {
      sku: 'FLOAT4',
      description: '',
      quantity: '2',
      width_mm: '1000',
      height_mm: '500',
      unit_price: '',
      discount_pct: '',
      vat_rate: '25',
    },
    {
      sku: null,
      description: 'Montaža',
      quantity: '1',
      width_mm: '',
      height_mm: '',
      unit_price: '1.000,00',
      discount_pct: '0',
      vat_rate: '25',
    },
    {
      sku: null,
      description: 'Transport',
      quantity: '1',
      width_mm: '',
      height_mm: '',
      unit_price: '50,5',
      discount_pct: '',
      vat_rate: '13',
    },
  ],
  expected: {
    lineNets: ['33.32', '28.09', '1000.00', '45.45'],
    netWithoutClientDiscount: '1118.73',
    net: '1106.86',
    vat: '271.26',
    total: '1378.12',
    breakdown: [
      { rate: '25', base: '1061.41', vat: '265.35' },
      { rate: '13', base: '45.45', vat: '5.91' },
    ],
  },
} as const;
