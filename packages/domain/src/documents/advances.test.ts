import { describe, expect, it } from 'vitest';
import { Dec } from '../production/decimal.ts';
import {
  advanceInputSchema,
  advanceReferenceText,
  baseOfGross,
  deductibleAdvances,
  type RateAmount,
  splitAdvance,
} from './advances.ts';

const rate = (r: '25' | '13' | '5' | '0', base: string, vat: string): RateAmount => ({
  rate: r,
  base: new Dec(base),
  vat: new Dec(vat),
});
const plain = (rows: RateAmount[]) =>
  rows.map((r) => `${r.rate}: ${r.base.toFixed(2)} + ${r.vat.toFixed(2)}`);

describe('splitAdvance', () => {
  // An order of 800.00 at 25 % (VAT 200.00, gross 1000.00) and 100.00 at 13 % (13.00, 113.00).
  const order = [rate('25', '800', '200'), rate('13', '100', '13')];

  it('takes a percentage of each rate’s base', () => {
    // 30 %: 240.00 at 25 % (VAT 60.00) and 30.00 at 13 % (VAT 3.90).
    expect(plain(splitAdvance(order, { percent: '30' }))).toEqual(['25: 240.00 + 60.00', '13: 30.00 + 3.90']);
  });

  it('shares an amount over the rates by their gross and hits it to the cent', () => {
    // 500 of 1113: 25 % gets 500 × 1000 / 1113 = 449.2362 → 449.24, 13 % 500 × 113 / 1113 = 50.7637
    // → 50.76; 449.24 = 359.39 + 89.85 (359.392 → 359.39, VAT 89.8475 → 89.85), 50.76 = 44.92 +
    // 5.84 (44.9203 → 44.92, VAT 5.8396 → 5.84).
    const split = splitAdvance(order, { amount: '500' });
    expect(plain(split)).toEqual(['25: 359.39 + 89.85', '13: 44.92 + 5.84']);
    const gross = split.reduce((a, r) => a.plus(r.base).plus(r.vat), new Dec(0));
    expect(gross.toFixed(2)).toBe('500.00');
  });

  it('moves a base by a cent when a share’s gross cannot be reached at its rate', () => {
    // 100 of 710.60 (575.00 at 25 %, 135.60 at 13 %): shares 80.92 and 19.08. Neither is a gross at
    // its rate (64.73 → 80.91, 64.74 → 80.93; 16.88 → 19.07, 16.89 → 19.09), yet 80.93 + 19.07 is
    // 100.00.
    const order = [rate('25', '460', '115'), rate('13', '120', '15.6')];
    const split = splitAdvance(order, { amount: '100' });
    const gross = split.reduce((a, r) => a.plus(r.base).plus(r.vat), new Dec(0));
    expect(gross.toFixed(2)).toBe('100.00');
    // One 25 % rate alone cannot make 0.02: the nearest base is kept.
    expect(plain(splitAdvance([rate('25', '10', '2.5')], { amount: '0.02' }))).toEqual(['25: 0.02 + 0.01']);
  });

  it('gives the rounding rest to the largest rate', () => {
    // 100 over two equal 25 % … 13 %: shares 33.33 / 66.67 style rests end on the larger one.
    const even = [rate('25', '100', '25'), rate('13', '221.24', '28.76')];
    const split = splitAdvance(even, { amount: '100' });
    const gross = split.reduce((a, r) => a.plus(r.base).plus(r.vat), new Dec(0));
    expect(gross.toFixed(2)).toBe('100.00');
  });

  it('drops rates with nothing on them', () => {
    expect(plain(splitAdvance([rate('25', '0', '0'), rate('5', '20', '1')], { percent: '50' }))).toEqual([
      '5: 10.00 + 0.50',
    ]);
  });
});

describe('baseOfGross', () => {
  it('finds the base whose gross is the amount, or the nearest when none is', () => {
    expect(baseOfGross('125', '25').toFixed(2)).toBe('100.00');
    expect(baseOfGross('100.03', '25').toFixed(2)).toBe('80.02'); // 80.02 + 20.01 (20.005 → 20.01)
    // 0.02 at 25 % is no base's gross (0.01 → 0.01, 0.02 → 0.03): the nearest base, 0.02.
    expect(baseOfGross('0.02', '25').toFixed(2)).toBe('0.02');
  });
});

describe('deductibleAdvances', () => {
  it('deducts whole advances that fit per rate, oldest first', () => {
    const invoice = [
      { rate: '25' as const, base: '500' },
      { rate: '13' as const, base: '50' },
    ];
    const a = { id: 'a', rates: [rate('25', '300', '75')] };
    const b = { id: 'b', rates: [rate('25', '300', '75')] }; // 300 + 300 > 500: stays
    const c = { id: 'c', rates: [rate('25', '200', '50'), rate('13', '50', '6.5')] };
    const d = { id: 'd', rates: [rate('5', '1', '0.05')] }; // no 5 % on the invoice
    expect(deductibleAdvances(invoice, [a, b, c, d])).toEqual(['a', 'c']);
  });
});

describe('advanceInputSchema', () => {
  it('takes an amount or a percentage, not both and not neither', () => {
    expect(advanceInputSchema.safeParse({ amount: '100,50' }).data?.amount).toBe('100.50');
    expect(advanceInputSchema.safeParse({ percent: '30' }).success).toBe(true);
    expect(advanceInputSchema.safeParse({ percent: '101' }).success).toBe(false);
    expect(advanceInputSchema.safeParse({ amount: '0' }).success).toBe(false);
    expect(advanceInputSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'validation.advanceAmountOrPercent',
    );
    expect(advanceInputSchema.safeParse({ amount: '1', percent: '1' }).success).toBe(false);
  });

  it('refines an empty or non-numeric percentage to a translated code instead of throwing', () => {
    for (const percent of ['', '  ', 'abc', '1e5', '-3']) {
      const issues = advanceInputSchema.safeParse({ percent }).error?.issues ?? [];
      expect(issues.map((i) => i.message)).toEqual(['validation.numberInvalid']);
    }
    expect(advanceInputSchema.safeParse({ amount: '' }).error?.issues[0]?.message).toBe(
      'validation.numberInvalid',
    );
  });
});

describe('advanceReferenceText', () => {
  it('writes the HR-BT-3 wording of the HR CIUS example', () => {
    expect(advanceReferenceText('100-1-1', [rate('25', '100', '25')])).toBe(
      'Plaćeno po računu za predujam: (100-1-1)\nOsnovica 25%: 100.00 EUR\nPDV 25%: 25.00 EUR\nUkupno predujam: 125.00 EUR',
    );
  });
});
