import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_VAT_RATES,
  defaultLinePricing,
  documentTotals,
  LineAmountError,
  type LineAmountsInput,
  lineAmounts,
  normaliseVatRate,
  totalsToStrings,
} from './totals.ts';

describe('line amounts', () => {
  it('rounds each line half-up to cents after the discount', () => {
    // 2.5 × 10.333 = 25.8325 → gross 25.83; × 0.9 = 23.24925 → net 23.25
    const line = lineAmounts({ quantity: '2.5', unitPrice: '10.333', discountPct: '10', vatRate: '25' });
    expect(line.gross.toFixed(2)).toBe('25.83');
    expect(line.net.toFixed(2)).toBe('23.25');
    expect(line.discount.toFixed(2)).toBe('2.58');
    expect(lineAmounts({ quantity: '1', unitPrice: '0.005', vatRate: '25' }).net.toFixed(2)).toBe('0.01');
    expect(lineAmounts({ quantity: '1', unitPrice: '0.004999', vatRate: '25' }).net.toFixed(2)).toBe('0.00');
  });

  it('never uses binary floating point (0.1 + 0.2 style inputs stay exact)', () => {
    const line = lineAmounts({ quantity: '3', unitPrice: '0.1', vatRate: '25' });
    expect(line.net.toString()).toBe('0.3');
  });

  it('refuses negative prices and discounts outside 0..100', () => {
    expect(() => lineAmounts({ quantity: '1', unitPrice: '-1', vatRate: '25' })).toThrow(LineAmountError);
    expect(() => lineAmounts({ quantity: '1', unitPrice: '1', discountPct: '101', vatRate: '25' })).toThrow(
      LineAmountError,
    );
    expect(() => lineAmounts({ quantity: '1', unitPrice: '1', discountPct: '-1', vatRate: '25' })).toThrow(
      LineAmountError,
    );
  });
});

describe('document totals: hand-computed fixture', () => {
  const lines: LineAmountsInput[] = [
    { quantity: '3', unitPrice: '19.99', vatRate: '25' }, // 59.97
    { quantity: '2.5', unitPrice: '10.333', discountPct: '10', vatRate: '25' }, // 23.25
    { quantity: '1', unitPrice: '100', vatRate: '13' }, // 100.00
    { quantity: '4', unitPrice: '0.125', vatRate: '5' }, // 0.50
    { quantity: '1', unitPrice: '7.77', vatRate: '0' }, // 7.77
  ];

  it('sums per rate and rounds VAT once per rate', () => {
    const t = totalsToStrings(documentTotals(lines));
    expect(t.net).toBe('191.49');
    expect(t.discount).toBe('2.58');
    // 25 %: base 83.22 → 20.805 → 20.81 (per-line rounding would give 14.99 + 5.81 = 20.80)
    expect(t.breakdown).toEqual([
      { rate: '25', base: '83.22', vat: '20.81' },
      { rate: '13', base: '100.00', vat: '13.00' },
      { rate: '5', base: '0.50', vat: '0.03' },
      { rate: '0', base: '7.77', vat: '0.00' },
    ]);
    expect(t.vat).toBe('33.84');
    expect(t.total).toBe('225.33');
  });

  it('has no breakdown and zero totals without lines', () => {
    expect(totalsToStrings(documentTotals([]))).toEqual({
      net: '0.00',
      discount: '0.00',
      vat: '0.00',
      total: '0.00',
      breakdown: [],
    });
  });
});

const decimalArb = (maxInt: number, places: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** places - 1 }))
    .map(([i, f]) => `${i}.${String(f).padStart(places, '0')}`);

const lineArb: fc.Arbitrary<LineAmountsInput> = fc.record({
  quantity: decimalArb(10_000, 6),
  unitPrice: decimalArb(100_000, 4),
  discountPct: decimalArb(99, 2),
  vatRate: fc.constantFrom(...DOCUMENT_VAT_RATES),
});

describe('document totals: properties', () => {
  it('sum of line nets = document net, exactly', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 60 }), (lines) => {
        const t = documentTotals(lines);
        const sum = t.lines.reduce((a, l) => a.plus(l.net), new Decimal(0));
        expect(sum.eq(t.net)).toBe(true);
        expect(t.breakdown.reduce((a, b) => a.plus(b.base), new Decimal(0)).eq(t.net)).toBe(true);
      }),
    );
  });

  it('total = net + sum of per-rate VAT, every amount is whole cents', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 60 }), (lines) => {
        const t = documentTotals(lines);
        const vat = t.breakdown.reduce((a, b) => a.plus(b.vat), new Decimal(0));
        expect(vat.eq(t.vat)).toBe(true);
        expect(t.total.eq(t.net.plus(t.vat))).toBe(true);
        for (const amount of [t.net, t.vat, t.total, ...t.lines.map((l) => l.net)]) {
          expect(amount.decimalPlaces()).toBeLessThanOrEqual(2);
        }
      }),
    );
  });

  it('each per-rate VAT is within half a cent of the exact VAT', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), (lines) => {
        for (const b of documentTotals(lines).breakdown) {
          const exact = b.base.times(b.rate).div(100);
          expect(b.vat.minus(exact).abs().lte('0.005')).toBe(true);
        }
      }),
    );
  });

  it('line net is within half a cent of the exact discounted amount, and never above gross', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const a = lineAmounts(line);
        const exact = new Decimal(line.quantity)
          .times(line.unitPrice)
          .times(new Decimal(100).minus(line.discountPct ?? 0))
          .div(100);
        expect(a.net.minus(exact).abs().lte('0.005')).toBe(true);
        expect(a.net.lte(a.gross)).toBe(true);
        expect(a.discount.isNeg()).toBe(false);
      }),
    );
  });

  it('does not depend on line order', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const a = totalsToStrings(documentTotals(lines));
        const b = totalsToStrings(documentTotals([...lines].reverse()));
        expect(b).toEqual(a);
      }),
    );
  });
});

describe('price defaults', () => {
  it('takes price and VAT from the item and the discount from the client', () => {
    expect(
      defaultLinePricing({ item: { salesPrice: '12.5', vatRate: '13.00' }, client: { discountPct: '5.00' } }),
    ).toEqual({ unitPrice: '12.50', discountPct: '5', vatRate: '13' });
  });

  it('lets the line override, and falls back to 25 % and no discount', () => {
    expect(defaultLinePricing({})).toEqual({ unitPrice: '0.00', discountPct: '0', vatRate: '25' });
    expect(
      defaultLinePricing({
        item: { salesPrice: '10', vatRate: '25' },
        client: { discountPct: '10' },
        line: { unitPrice: '9.00', discountPct: '0', vatRate: '5' },
      }),
    ).toEqual({ unitPrice: '9.00', discountPct: '0', vatRate: '5' });
  });

  it('normalises VAT rates and refuses non-Croatian ones', () => {
    expect(normaliseVatRate('25.00')).toBe('25');
    expect(normaliseVatRate('0')).toBe('0');
    expect(normaliseVatRate('22')).toBeNull();
    expect(normaliseVatRate('abc')).toBeNull();
  });
});
