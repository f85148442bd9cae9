import { describe, expect, it } from 'vitest';
import { lineToApi, newLine, pickIntoLine } from './line-model.ts';

// An item picked into a quote line takes the client's default discount (API text, "2.125") and
// the item's price ("72.225"); both go into inputs, so both must be in the language's format.
const screw = {
  id: '00000000-0000-4000-8000-000000000002',
  sku: 'VIJ',
  name: 'Vijak',
  base_unit: 'kom',
  sales_price: '72.225',
  purchase_price: null,
  vat_rate: '25',
  kind: 'material' as const,
  price_basis: 'unit' as const,
  glass_kind: null,
  min_charge: null,
};

describe("a picked item's line: the client's discount and the item's price in the inputs", () => {
  it('shows them in Croatian format and sends them as stored (not a 2 125 % discount)', () => {
    const line = pickIntoLine(newLine(), screw, '2.125', 'hr');
    expect([line.unit_price, line.discount_pct]).toEqual(['72,225', '2,125']);
    expect(lineToApi(line)).toMatchObject({ unit_price: '72.225', discount_pct: '2.125' });
  });

  it('keeps a discount already typed on the line', () => {
    expect(pickIntoLine({ ...newLine(), discount_pct: '5' }, screw, '2.125', 'hr').discount_pct).toBe('5');
  });

  it('keeps the English "." decimal', () => {
    const line = pickIntoLine(newLine(), screw, '2.125', 'en');
    expect([line.unit_price, line.discount_pct]).toEqual(['72.225', '2.125']);
  });
});
