import { describe, expect, it } from 'vitest';
import { documentLineInputSchema } from '../documents/schemas.ts';
import { glassThicknessMm, glassWorkWarnings } from './glass-work.ts';
import {
  DEFAULT_PRICING_SETTINGS,
  measurePrice,
  pricingSettingsSchema,
  unitPriceText,
} from './measure-pricing.ts';

const BANDS = [
  { max_area_m2: '0.5', surcharge_pct: '20' },
  { max_area_m2: '1', surcharge_pct: '10' },
];
const S = { ...DEFAULT_PRICING_SETTINGS, area_bands: BANDS, hole_price: '3.5', cutout_price: '12' };
const float = { basis: 'area' as const, glassKind: 'float' as const, price: '25' };

describe('price bands by pane area', () => {
  it('a 1000×500 pane (0.5202 m²) is in the ≤ 1 m² band: 25 × 0.5202 × 1.10 = 14.3055', () => {
    const p = measurePrice(float, { widthMm: '1000', heightMm: '500' }, S);
    expect(p?.bandSurchargePct?.toFixed()).toBe('10');
    expect(unitPriceText(p?.unitPrice as never)).toBe('14.3055');
  });

  it('a pane billed at the float minimum 0.3 m² is in the ≤ 0.5 m² band: 25 × 0.3 × 1.20 = 9', () => {
    const p = measurePrice(float, { widthMm: '200', heightMm: '200' }, S);
    expect(p?.measure.toFixed()).toBe('0.3');
    expect(p?.bandSurchargePct?.toFixed()).toBe('20');
    expect(unitPriceText(p?.unitPrice as never)).toBe('9');
  });

  it('a pane exactly on a limit belongs to that band: 690×720 = 0.4968 m² → 20 %', () => {
    // 690 and 720 are multiples of 30: 0.4968 m² × 25 = 12.42 × 1.2 = 14.904
    const p = measurePrice(float, { widthMm: '690', heightMm: '720' }, S);
    expect(p?.bandSurchargePct?.toFixed()).toBe('20');
    expect(unitPriceText(p?.unitPrice as never)).toBe('14.904');
    // 1000 × 1000 → 1020 × 1020 = 1.0404 m², above the last band: 26.01, no surcharge
    const big = measurePrice(float, { widthMm: '1000', heightMm: '1000' }, S);
    expect(big?.bandSurchargePct).toBeNull();
    expect(unitPriceText(big?.unitPrice as never)).toBe('26.01');
  });

  it('a shaped small pane pays the band and the shape surcharge: 25 × 0.3 × 1.2 × 1.15 = 10.35', () => {
    const p = measurePrice(
      float,
      { widthMm: '200', heightMm: '200', shaped: true },
      { ...S, shape_surcharge_pct: '15' },
    );
    expect(unitPriceText(p?.unitPrice as never)).toBe('10.35');
  });

  it('bands do not touch prices per running metre', () => {
    const p = measurePrice({ basis: 'perimeter', price: '2' }, { widthMm: 200, heightMm: 100 }, S);
    expect(p?.bandSurchargePct).toBeNull();
    expect(unitPriceText(p?.unitPrice as never)).toBe('2.4');
  });
});

describe('holes and cut-outs priced per piece', () => {
  it('adds 4 holes × 3.50 + 1 cut-out × 12 = 26 to the pane price: 14.3055 + 26 = 40.3055', () => {
    const p = measurePrice(float, { widthMm: '1000', heightMm: '500', holeCount: 4, cutoutCount: 1 }, S);
    expect(p?.processing.toFixed()).toBe('26');
    expect(unitPriceText(p?.unitPrice as never)).toBe('40.3055');
  });

  it('the minimum charge counts the processing: 9 + 2 × 3.5 = 16 per pane, 1 pane under a 20.00 minimum → 20', () => {
    const p = measurePrice(
      { ...float, minCharge: '20' },
      { widthMm: '200', heightMm: '200', holeCount: 2, quantity: '1' },
      S,
    );
    expect(p?.minChargeApplied).toBe(true);
    expect(unitPriceText(p?.unitPrice as never)).toBe('20');
    const two = measurePrice(
      { ...float, minCharge: '20' },
      { widthMm: '200', heightMm: '200', holeCount: 2, quantity: '2' },
      S,
    );
    expect(two?.minChargeApplied).toBe(false);
    expect(unitPriceText(two?.unitPrice as never)).toBe('16');
  });
});

describe('hole warnings (diameter ≥ thickness, ≥ 2 × thickness from the edge)', () => {
  it('8 mm glass: a 6 mm hole 10 mm from the edge breaks both rules', () => {
    expect(glassWorkWarnings({ holeCount: 2, holeDiameterMm: '6', holeEdgeMm: '10' }, '8')).toEqual([
      { key: 'glassWork.holeDiameter', params: { diameter: '6', thickness: '8' } },
      { key: 'glassWork.holeEdge', params: { edge: '10', min: '16', thickness: '8' } },
    ]);
  });

  it('holes exactly on the limits are fine (8 mm hole, 16 mm from the edge of 8 mm glass)', () => {
    expect(glassWorkWarnings({ holeCount: 1, holeDiameterMm: '8', holeEdgeMm: '16' }, '8')).toEqual([]);
  });

  it('no warning without holes, without a thickness or without an edge distance', () => {
    expect(glassWorkWarnings({ holeCount: 0, holeDiameterMm: '4', holeEdgeMm: '1' }, '8')).toEqual([]);
    expect(glassWorkWarnings({ holeCount: 3, holeDiameterMm: '4', holeEdgeMm: '1' }, null)).toEqual([]);
    expect(glassWorkWarnings({ holeCount: 3, holeDiameterMm: '10', holeEdgeMm: null }, '8')).toEqual([]);
  });

  it('thickness: the item’s own, else the thickest pane of the make-up its SKU names', () => {
    expect(glassThicknessMm('10', '4-16Ar-4')?.toFixed()).toBe('10');
    expect(glassThicknessMm(null, '6-16Ar-4')?.toFixed()).toBe('6');
    expect(glassThicknessMm(null, '44.1')?.toFixed()).toBe('8.38');
    expect(glassThicknessMm(null, 'FLOAT4')).toBeNull();
  });
});

describe('settings and line validation', () => {
  const base = { ...DEFAULT_PRICING_SETTINGS };
  const issues = (input: unknown) => {
    const r = pricingSettingsSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts ascending bands (decimal comma too) and defaults to none', () => {
    const r = pricingSettingsSchema.parse({
      ...base,
      area_bands: [{ max_area_m2: '0,5', surcharge_pct: '20' }],
    });
    expect(r.area_bands).toEqual([{ max_area_m2: '0.5', surcharge_pct: '20' }]);
    const { area_bands: _, hole_price: __, cutout_price: ___, ...old } = base;
    expect(pricingSettingsSchema.parse(old).area_bands).toEqual([]);
  });

  it('refuses limits that do not rise, negative values and a zero limit, naming the field', () => {
    expect(
      issues({
        ...base,
        area_bands: [
          { max_area_m2: '1', surcharge_pct: '10' },
          { max_area_m2: '0.5', surcharge_pct: '20' },
        ],
      }),
    ).toEqual(['area_bands.1.max_area_m2:validation.bandsAscending']);
    expect(issues({ ...base, area_bands: [{ max_area_m2: '0.5', surcharge_pct: '-5' }] })).toEqual([
      'area_bands.0.surcharge_pct:validation.notNegative',
    ]);
    expect(issues({ ...base, area_bands: [{ max_area_m2: '0', surcharge_pct: '5' }] })).toEqual([
      'area_bands.0.max_area_m2:validation.positive',
    ]);
    expect(issues({ ...base, hole_price: '-1' })).toEqual(['hole_price:validation.notNegative']);
  });

  it('a line takes whole counts of holes and cut-outs only', () => {
    const line = { item_id: null, description: 'x', quantity: '1' };
    expect(documentLineInputSchema.parse(line)).toMatchObject({ hole_count: 0, cutout_count: 0 });
    const bad = documentLineInputSchema.safeParse({ ...line, hole_count: 1.5, cutout_count: -1 });
    expect(bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual([
      'hole_count:validation.countNotWhole',
      'cutout_count:validation.countNotWhole',
    ]);
  });
});
