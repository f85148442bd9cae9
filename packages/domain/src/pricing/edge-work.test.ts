import { describe, expect, it } from 'vitest';
import { documentLineInputSchema } from '../documents/schemas.ts';
import { glassWorkOf } from './glass-work.ts';
import {
  DEFAULT_PRICING_SETTINGS,
  isOversize,
  measurePrice,
  pricingSettingsSchema,
  unitPriceText,
} from './measure-pricing.ts';

// Edge work by edge type and the oversize surcharge (PRODUCT.md "Glass processing"). Every
// expected price is worked out by hand in the comment next to it.
const S = {
  ...DEFAULT_PRICING_SETTINGS,
  edge_price_kgs: '2',
  edge_price_kmg: '3.2',
  edge_price_kgn: '4.5',
  edge_price_kpo: '6',
  edge_min_charge: '5',
  oversize_surcharge_pct: '15',
  oversize_max_side_mm: '3000',
  oversize_max_area_m2: '5',
  oversize_max_aspect: '8',
};
const float = { basis: 'area' as const, glassKind: 'float' as const, price: '25' };
const price = (w: string, h: string, edgeType?: 'rezano' | 'kgs' | 'kmg' | 'kgn' | 'kpo', settings = S) =>
  measurePrice(float, { widthMm: w, heightMm: h, edgeType }, settings);

describe('edge work per running metre of worked perimeter', () => {
  it('1000×500 polished KPO: glass 1020×510 = 0.5202 m² × 25 = 13.005 + 2×(1000+500) = 3 m × 6 = 18', () => {
    const p = price('1000', '500', 'kpo');
    expect(p?.edgeMeasure?.toFixed()).toBe('3');
    expect(p?.edgeWork.toFixed()).toBe('18');
    expect(unitPriceText(p?.unitPrice as never)).toBe('31.005');
  });

  it('each edge type has its own price: KGN 3 m × 4.5 = 13.5 → 26.505; KMG 3 × 3.2 = 9.6 → 22.605', () => {
    expect(unitPriceText(price('1000', '500', 'kgn')?.unitPrice as never)).toBe('26.505');
    expect(unitPriceText(price('1000', '500', 'kmg')?.unitPrice as never)).toBe('22.605');
  });

  it('rezano (and no edge type) is cut: no edge work', () => {
    for (const e of ['rezano', undefined] as const) {
      const p = price('1000', '500', e);
      expect(p?.edgeWork.toFixed()).toBe('0');
      expect(p?.edgeMeasure).toBeNull();
      expect(unitPriceText(p?.unitPrice as never)).toBe('13.005');
    }
  });

  it('short edges count at least the minimum edge length and the pane pays at least the minimum charge', () => {
    // 200×100 KGS: glass billed at the float minimum 0.3 m² × 25 = 7.5; edges 2 × (300 + 300)
    // = 1.2 m × 2 = 2.40, under the minimum charge 5 → 5; 7.5 + 5 = 12.5
    const p = price('200', '100', 'kgs');
    expect(p?.edgeMeasure?.toFixed()).toBe('1.2');
    expect(p?.edgeWork.toFixed()).toBe('5');
    expect(unitPriceText(p?.unitPrice as never)).toBe('12.5');
    // Without a minimum charge: 7.5 + 2.4 = 9.9
    expect(
      unitPriceText(price('200', '100', 'kgs', { ...S, edge_min_charge: '0' })?.unitPrice as never),
    ).toBe('9.9');
  });

  it('the line field defaults to rezano, refuses an unknown type and travels with copies', () => {
    const base = { item_id: null, description: 'Staklo', quantity: '1' };
    expect(documentLineInputSchema.parse(base).edge_type).toBe('rezano');
    expect(documentLineInputSchema.parse({ ...base, edge_type: 'kpo' }).edge_type).toBe('kpo');
    const bad = documentLineInputSchema.safeParse({ ...base, edge_type: 'brušeno' });
    expect(bad.error?.issues[0]?.message).toBe('validation.invalid');
    expect(glassWorkOf({ edge_type: 'kgn' }).edge_type).toBe('kgn');
    expect(glassWorkOf({}).edge_type).toBe('rezano');
  });
});

describe('oversize / extreme aspect ratio surcharge (automatic)', () => {
  it('longer side above the limit: 3100×1000 → 3120×1020 = 3.1824 m² × 25 = 79.56 × 1.15 = 91.494', () => {
    const p = price('3100', '1000');
    expect(p?.oversizePct?.toFixed()).toBe('15');
    expect(unitPriceText(p?.unitPrice as never)).toBe('91.494');
  });

  it('area above the limit: 2400×2200 = 5.28 m² > 5 → 2400×2220 = 5.328 × 25 = 133.2 × 1.15 = 153.18', () => {
    expect(unitPriceText(price('2400', '2200')?.unitPrice as never)).toBe('153.18');
  });

  it('aspect ratio above the limit: 2000×240 (8.33 > 8) → 2010×240 = 0.4824 × 25 = 12.06 × 1.15 = 13.869', () => {
    expect(unitPriceText(price('2000', '240')?.unitPrice as never)).toBe('13.869');
  });

  it('on the limits no surcharge: 2000×250 (ratio 8) → 2010×270 = 0.5427 × 25 = 13.5675; 3000×1000 → 76.5', () => {
    const p = price('2000', '250');
    expect(p?.oversizePct).toBeNull();
    expect(unitPriceText(p?.unitPrice as never)).toBe('13.5675');
    // 3000 × 1020 = 3.06 m² × 25 = 76.5
    expect(unitPriceText(price('3000', '1000')?.unitPrice as never)).toBe('76.5');
    expect(isOversize('3000', '1000', S)).toBe(false);
    expect(isOversize('1000', '3001', S)).toBe(true);
  });

  it('the edge work is not surcharged: 3100×1000 KPO = 91.494 + 2 × 4.1 m × 6 = 49.2 → 140.694', () => {
    expect(unitPriceText(price('3100', '1000', 'kpo')?.unitPrice as never)).toBe('140.694');
  });

  it('a surcharge of 0 % (the default) changes nothing', () => {
    // 3100×1000 at defaults: 79.56
    expect(
      unitPriceText(price('3100', '1000', undefined, DEFAULT_PRICING_SETTINGS)?.unitPrice as never),
    ).toBe('79.56');
  });
});

describe('coating edge deletion and rush order', () => {
  const C = { ...S, coating_removal_price: '1.5', rush_surcharge_pct: '20' };
  it('coating removal: 1000×500 → 13.005 + 3 m × 1.5 = 4.5 → 17.505; without the flag 13.005', () => {
    const p = measurePrice(float, { widthMm: '1000', heightMm: '500', coatingRemoval: true }, C);
    expect(p?.coatingRemoval.toFixed()).toBe('4.5');
    expect(unitPriceText(p?.unitPrice as never)).toBe('17.505');
    expect(
      unitPriceText(measurePrice(float, { widthMm: '1000', heightMm: '500' }, C)?.unitPrice as never),
    ).toBe('13.005');
  });

  it('rush +20 % on the whole pane: (13.005 + KPO 18) × 1.2 = 37.206', () => {
    const p = measurePrice(float, { widthMm: '1000', heightMm: '500', edgeType: 'kpo', rush: true }, C);
    expect(p?.rushPct?.toFixed()).toBe('20');
    expect(unitPriceText(p?.unitPrice as never)).toBe('37.206');
  });

  it('rush on a running-metre item: 2 × 1.5 m × 2.5 = 7.5 × 1.2 = 9; the minimum charge stays a minimum', () => {
    const edge = { basis: 'perimeter' as const, price: '2.5', minCharge: '5' };
    expect(
      unitPriceText(
        measurePrice(edge, { widthMm: '1000', heightMm: '500', rush: true }, C)?.unitPrice as never,
      ),
    ).toBe('9');
    // 200×100: 1.2 m × 2.5 = 3 × 1.2 = 3.6 < 5 → 5
    const small = measurePrice(edge, { widthMm: '200', heightMm: '100', rush: true }, C);
    expect(small?.minChargeApplied).toBe(true);
    expect(unitPriceText(small?.unitPrice as never)).toBe('5');
  });
});

describe('settings validation', () => {
  const base = {
    dimension_step_mm: '30',
    min_area_float_m2: '0.3',
    min_area_laminated_m2: '0.3',
    min_area_insulating_m2: '0.4',
    min_area_tempered_m2: '0.5',
    min_edge_mm: '300',
    shape_surcharge_pct: '0',
  };
  it('omitted fields get their defaults', () => {
    const s = pricingSettingsSchema.parse(base);
    expect([s.edge_price_kpo, s.edge_min_charge, s.oversize_surcharge_pct]).toEqual(['0', '0', '0']);
    expect([s.oversize_max_side_mm, s.oversize_max_area_m2, s.oversize_max_aspect]).toEqual([
      '3210',
      '6',
      '10',
    ]);
  });
  it('amounts are not negative and limits are above 0', () => {
    const r = pricingSettingsSchema.safeParse({
      ...base,
      edge_price_kgs: '-1',
      edge_min_charge: '-0,5',
      oversize_max_side_mm: '0',
      oversize_max_aspect: '0',
    });
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      edge_price_kgs: 'validation.notNegative',
      edge_min_charge: 'validation.notNegative',
      oversize_max_side_mm: 'validation.positive',
      oversize_max_aspect: 'validation.positive',
    });
  });
});
