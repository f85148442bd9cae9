import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../production/decimal.ts';
import {
  DEFAULT_PRICING_SETTINGS,
  MeasureError,
  measurePrice,
  pricingSettingsSchema,
  roundUpToStep,
  unitPriceText,
} from './measure-pricing.ts';

const S = DEFAULT_PRICING_SETTINGS;

describe('area pricing (per m² of pane)', () => {
  it('rounds each dimension up to the 30 mm step: 1000×500 float at 25.00 → 1020×510 = 0.5202 m² → 13.005', () => {
    const p = measurePrice(
      { basis: 'area', glassKind: 'float', price: '25.00' },
      { widthMm: '1000', heightMm: '500' },
      S,
    );
    expect(p?.billedWidthMm.toFixed()).toBe('1020');
    expect(p?.billedHeightMm.toFixed()).toBe('510');
    expect(p?.measure.toFixed()).toBe('0.5202');
    expect(p?.unit).toBe('m2');
    expect(p?.minimumAreaApplied).toBe(false);
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('13.005');
  });

  it('bills a small tempered pane at its minimum area: 200×200 → 210×210 = 0.0441 m² → 0.50 m²', () => {
    const p = measurePrice(
      { basis: 'area', glassKind: 'tempered', price: '40' },
      { widthMm: 200, heightMm: 200 },
      S,
    );
    expect(p?.billedWidthMm.toFixed()).toBe('210');
    expect(p?.measure.toFixed()).toBe('0.5');
    expect(p?.minimumAreaApplied).toBe(true);
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('20');
  });

  it('uses the minimum of each glass kind and none without a kind', () => {
    const small = { widthMm: '300', heightMm: '300' }; // 300×300 = 0.09 m² (already on the step)
    const at = (glassKind: 'float' | 'laminated' | 'insulating' | 'tempered' | null) =>
      measurePrice({ basis: 'area', glassKind, price: '10' }, small, S)?.measure.toFixed();
    expect(at('float')).toBe('0.3');
    expect(at('laminated')).toBe('0.3');
    expect(at('insulating')).toBe('0.4');
    expect(at('tempered')).toBe('0.5');
    expect(at(null)).toBe('0.09');
  });

  it('leaves a dimension already on the step alone and honours another step', () => {
    expect(roundUpToStep('990', '30').toFixed()).toBe('990');
    expect(roundUpToStep('990.5', '30').toFixed()).toBe('1020');
    expect(roundUpToStep('1001', '10').toFixed()).toBe('1010');
    const p = measurePrice(
      { basis: 'area', glassKind: null, price: '25' },
      { widthMm: '1001', heightMm: '1001' },
      { ...S, dimension_step_mm: '10' },
    );
    expect(p?.measure.toFixed()).toBe('1.0201');
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('25.5025');
  });

  it('adds the shape surcharge to a shaped pane billed on its rectangle', () => {
    const p = measurePrice(
      { basis: 'area', glassKind: 'float', price: '25' },
      { widthMm: '1000', heightMm: '500', shaped: true },
      { ...S, shape_surcharge_pct: '20' },
    );
    // 13.005 × 1.2 = 15.606
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('15.606');
  });

  it('rounds the price per piece half-up to 4 decimals', () => {
    // 1020 × 510 → 0.5202 m² × 12.345 = 6.421869 → 6.4219
    const p = measurePrice(
      { basis: 'area', glassKind: null, price: '12.345' },
      { widthMm: '1000', heightMm: '500' },
      S,
    );
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('6.4219');
  });
});

describe('perimeter pricing (per running metre of edge)', () => {
  it('bills 2 × (W + H) without rounding: 1000×500 at 2.50 €/m → 3 m → 7.50', () => {
    const p = measurePrice({ basis: 'perimeter', price: '2.50' }, { widthMm: '1000', heightMm: '500' }, S);
    expect(p?.unit).toBe('m');
    expect(p?.measure.toFixed()).toBe('3');
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('7.5');
  });

  it('bills each edge at least the minimum edge length: 200×100 → 2 × (300 + 300) = 1.2 m', () => {
    const p = measurePrice({ basis: 'perimeter', price: '2.50' }, { widthMm: '200', heightMm: '100' }, S);
    expect(p?.billedWidthMm.toFixed()).toBe('300');
    expect(p?.billedHeightMm.toFixed()).toBe('300');
    expect(p?.measure.toFixed()).toBe('1.2');
    expect(unitPriceText(p?.unitPrice as Dec)).toBe('3');
    // Only the short edge is raised: 1000×100 → 2 × (1000 + 300) = 2.6 m
    const q = measurePrice({ basis: 'perimeter', price: '1' }, { widthMm: '1000', heightMm: '100' }, S);
    expect(q?.measure.toFixed()).toBe('2.6');
  });

  it('raises the line to the minimum charge: one 3.00 pane with a 5.00 minimum → 5.00; three panes of 7.50 stay as they are', () => {
    const item = { basis: 'perimeter' as const, price: '2.50', minCharge: '5.00' };
    const one = measurePrice(item, { widthMm: '200', heightMm: '100', quantity: '1' }, S);
    expect(one?.minChargeApplied).toBe(true);
    expect(unitPriceText(one?.unitPrice as Dec)).toBe('5');
    // at 1.00 €/m: 3 pieces × 1.20 = 3.60 < 5.00 → 5/3 rounded up = 1.6667 (3 × 1.6667 = 5.0001 → 5.00)
    const three = measurePrice(
      { ...item, price: '1' },
      { widthMm: '200', heightMm: '100', quantity: '3' },
      S,
    );
    expect(three?.minChargeApplied).toBe(true);
    expect(unitPriceText(three?.unitPrice as Dec)).toBe('1.6667');
    const big = measurePrice(item, { widthMm: '1000', heightMm: '500', quantity: '3' }, S);
    expect(big?.minChargeApplied).toBe(false);
    expect(unitPriceText(big?.unitPrice as Dec)).toBe('7.5');
  });
});

describe('measure pricing: errors and settings', () => {
  it('is null for items priced per unit', () => {
    expect(measurePrice({ basis: 'unit', price: '5' }, { widthMm: null, heightMm: null }, S)).toBeNull();
  });

  it('names the missing dimension', () => {
    const item = { basis: 'area' as const, glassKind: 'float' as const, price: '25' };
    const field = (line: Parameters<typeof measurePrice>[1]) => {
      try {
        measurePrice(item, line, S);
      } catch (e) {
        return e instanceof MeasureError ? e.field : 'other';
      }
      return 'none';
    };
    expect(field({ widthMm: null, heightMm: '500' })).toBe('width_mm');
    expect(field({ widthMm: '1000', heightMm: '' })).toBe('height_mm');
    expect(field({ widthMm: '0', heightMm: '500' })).toBe('width_mm');
    expect(field({ widthMm: 'abc', heightMm: '500' })).toBe('width_mm');
  });

  it('validates the company settings with translated keys', () => {
    expect(pricingSettingsSchema.safeParse(S).success).toBe(true);
    expect(pricingSettingsSchema.parse({ ...S, min_area_float_m2: '0,35' }).min_area_float_m2).toBe('0.35');
    const bad = pricingSettingsSchema.safeParse({
      ...S,
      dimension_step_mm: '0',
      min_edge_mm: '-1',
      shape_surcharge_pct: '5000',
    });
    expect(bad.success).toBe(false);
    const keys = Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(keys).toEqual({
      dimension_step_mm: 'validation.positive',
      min_edge_mm: 'validation.notNegative', // a negative number is named as such
      shape_surcharge_pct: 'validation.outOfRange',
    });
  });
});

describe('measure pricing: properties', () => {
  const mm = fc.integer({ min: 1, max: 6000 });
  const step = fc.constantFrom('1', '10', '30', '50');
  const cents = fc.integer({ min: 0, max: 50_000 }).map((c) => new Dec(c).div(100).toFixed(2));

  it('billed dimensions are the least multiples of the step that hold the pane', () => {
    fc.assert(
      fc.property(mm, mm, step, (w, h, s) => {
        const p = measurePrice(
          { basis: 'area', price: '1' },
          { widthMm: w, heightMm: h },
          { ...S, dimension_step_mm: s },
        );
        for (const [given, billed] of [
          [w, p?.billedWidthMm],
          [h, p?.billedHeightMm],
        ] as const) {
          expect(billed?.gte(given)).toBe(true);
          expect(billed?.minus(s).lt(given)).toBe(true);
          expect(billed?.mod(s).isZero()).toBe(true);
        }
      }),
    );
  });

  it('the billed area is at least the minimum of the kind and at least the real area; the price is price × measure', () => {
    fc.assert(
      fc.property(
        mm,
        mm,
        cents,
        fc.constantFrom('float', 'laminated', 'insulating', 'tempered'),
        (w, h, price, kind) => {
          const p = measurePrice({ basis: 'area', glassKind: kind, price }, { widthMm: w, heightMm: h }, S);
          if (!p) throw new Error('no price');
          expect(p.measure.gte(S[`min_area_${kind}_m2`])).toBe(true);
          expect(p.measure.gte(new Dec(w).times(h).div(1e6))).toBe(true);
          expect(p.unitPrice.eq(new Dec(price).times(p.measure).toDecimalPlaces(4, Dec.ROUND_HALF_UP))).toBe(
            true,
          );
        },
      ),
    );
  });

  it('a larger pane never costs less (area and edge)', () => {
    fc.assert(
      fc.property(
        mm,
        mm,
        fc.integer({ min: 0, max: 500 }),
        cents,
        fc.constantFrom('area', 'perimeter'),
        (w, h, grow, price, basis) => {
          const item = { basis, glassKind: 'float' as const, price } as const;
          const a = measurePrice(item, { widthMm: w, heightMm: h }, S);
          const b = measurePrice(item, { widthMm: w + grow, heightMm: h }, S);
          expect(b?.unitPrice.gte(a?.unitPrice ?? 0)).toBe(true);
        },
      ),
    );
  });

  it('with a minimum charge the line (quantity × price in cents) is never under it', () => {
    fc.assert(
      fc.property(mm, mm, fc.integer({ min: 1, max: 40 }), cents, cents, (w, h, qty, price, min) => {
        const p = measurePrice(
          { basis: 'perimeter', price, minCharge: min },
          { widthMm: w, heightMm: h, quantity: qty },
          S,
        );
        const line = new Dec(qty).times(p?.unitPrice ?? 0).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
        expect(line.gte(min)).toBe(true);
        if (p?.minChargeApplied) expect(line.toFixed(2)).toBe(new Dec(min).toFixed(2));
      }),
    );
  });
});
