import type Decimal from 'decimal.js';
import { z } from 'zod';
import { decimalInputToApi } from '../number-input.ts';
import { Dec } from '../production/decimal.ts';
import { DOCUMENT_VAT_RATES, money, type VatRate, vatOf } from './totals.ts';

// Advance invoices (račun za predujam, UBL 386) and their deduction on the final invoice. Pure
// rules: how an advance is split over the order's VAT rates, and which advances a final invoice
// can deduct. Money is exact (decimal.js), rounded half-up to cents with the one VAT rule of
// totals.ts (VAT = base × rate per rate).

const decimalText = z
  .string({ error: 'validation.required' })
  .trim()
  .transform((s) => decimalInputToApi(s))
  .refine((s) => /^\d{1,12}(\.\d{1,2})?$/.test(s), { message: 'validation.numberInvalid', abort: true })
  .refine((s) => /[1-9]/.test(s), 'validation.positive');

/** POST …/advance-invoices: an amount (gross, with VAT) or a percentage of the order's total. */
export const advanceInputSchema = z
  .object({
    amount: decimalText.optional(),
    percent: decimalText.refine((s) => new Dec(s).lte(100), 'validation.percentTooLarge').optional(),
    note: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
        z.string().trim().max(4000, 'validation.tooLong').nullable().default(null),
      )
      .optional(),
  })
  .strict()
  .refine((v) => (v.amount === undefined) !== (v.percent === undefined), {
    message: 'validation.advanceAmountOrPercent',
    path: ['amount'],
  });
export type AdvanceInput = z.input<typeof advanceInputSchema>;

/** One VAT rate of an order or an advance: base (net) and VAT, in cents. */
export type RateAmount = { rate: VatRate; base: Decimal; vat: Decimal };

const cents = (v: Decimal) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const gross = (r: { base: Decimal; vat: Decimal }) => r.base.plus(r.vat);

/**
 * The base whose gross (base + VAT rounded) is the given gross; the nearest cent's base when no
 * base reaches it exactly (at 25 % some gross cents are between two bases).
 */
export function baseOfGross(grossAmount: Decimal.Value, rate: VatRate): Decimal {
  const target = new Dec(grossAmount);
  const first = cents(target.times(100).div(new Dec(100).plus(rate)));
  for (const base of [first, first.minus('0.01'), first.plus('0.01')])
    if (base.plus(vatOf(base, rate)).eq(target)) return base;
  return first;
}

const grossAt = (b: { rate: VatRate; base: Decimal }) => b.base.plus(vatOf(b.base, b.rate));

/**
 * Moves a rate's base by a cent while that brings the advance's gross closer to the amount asked
 * (a share's gross is not always reachable at 25 %; another rate usually absorbs the cent).
 */
function hitAmount(bases: { rate: VatRate; base: Decimal }[], amount: Decimal) {
  const total = () => bases.reduce((a, b) => a.plus(grossAt(b)), new Dec(0));
  for (let step = 0; step < 4; step++) {
    const diff = amount.minus(total());
    if (diff.isZero()) return;
    const cent = new Dec(diff.isPos() ? '0.01' : '-0.01');
    const better = bases.find((b) => {
      const moved = { rate: b.rate, base: b.base.plus(cent) };
      return (
        moved.base.gt(0) &&
        diff
          .minus(grossAt(moved).minus(grossAt(b)))
          .abs()
          .lt(diff.abs())
      );
    });
    if (!better) return;
    better.base = better.base.plus(cent);
  }
}

/**
 * The advance per VAT rate of the order. A percentage takes that share of each rate's base. An
 * amount (gross) is shared over the rates in proportion to their gross, in cents, the rest of
 * the rounding going to the rate with the largest gross; each share is then split into base and
 * VAT, a base moved by a cent where that makes the gross the amount asked. Rates with nothing
 * on them are dropped.
 */
export function splitAdvance(
  order: readonly RateAmount[],
  request: { amount?: string; percent?: string },
): RateAmount[] {
  const rates = order.filter((r) => !gross(r).isZero());
  let bases: { rate: VatRate; base: Decimal }[];
  if (request.percent !== undefined) {
    const pct = new Dec(request.percent);
    bases = rates.map((r) => ({ rate: r.rate, base: cents(r.base.times(pct).div(100)) }));
  } else {
    const amount = new Dec(request.amount ?? 0);
    const total = rates.reduce((a, r) => a.plus(gross(r)), new Dec(0));
    const shares = rates.map((r) => cents(amount.times(gross(r)).div(total)));
    const rest = amount.minus(shares.reduce((a, s) => a.plus(s), new Dec(0)));
    const largest = rates.reduce(
      (best, r, i) => (gross(r).gt(gross(rates[best] as RateAmount)) ? i : best),
      0,
    );
    shares[largest] = (shares[largest] as Decimal).plus(rest);
    bases = rates.map((r, i) => ({ rate: r.rate, base: baseOfGross(shares[i] as Decimal, r.rate) }));
    hitAmount(bases, amount);
  }
  return bases
    .filter((b) => b.base.gt(0))
    .map((b) => ({ rate: b.rate, base: b.base, vat: vatOf(b.base, b.rate) }))
    .sort((a, b) => DOCUMENT_VAT_RATES.indexOf(a.rate) - DOCUMENT_VAT_RATES.indexOf(b.rate));
}

export type AdvanceCandidate = { id: string; rates: readonly RateAmount[] };

/**
 * Which advances a final invoice deducts, in the given order (oldest first): an advance is
 * deducted whole, and only when every one of its rates' base fits in what is left of the
 * invoice's base at that rate; one that does not fit stays for a later invoice of the order.
 */
export function deductibleAdvances(
  invoice: readonly { rate: VatRate; base: Decimal.Value }[],
  advances: readonly AdvanceCandidate[],
): string[] {
  const left = new Map<VatRate, Decimal>(invoice.map((r) => [r.rate, new Dec(r.base)]));
  const taken: string[] = [];
  for (const advance of advances) {
    const fits = advance.rates.every((r) => (left.get(r.rate) ?? new Dec(0)).gte(r.base));
    if (!fits) continue;
    for (const r of advance.rates) left.set(r.rate, (left.get(r.rate) as Decimal).minus(r.base));
    taken.push(advance.id);
  }
  return taken;
}

/**
 * HR-BT-3, the description of a deducted advance in the final invoice's billing reference, in the
 * wording of the HR CIUS example: the advance's number, base and VAT per rate and its total.
 */
export function advanceReferenceText(number: string, rates: readonly RateAmount[]): string {
  const lines = [`Plaćeno po računu za predujam: (${number})`];
  for (const r of rates) {
    const pct = new Dec(r.rate).toFixed();
    lines.push(`Osnovica ${pct}%: ${money(r.base)} EUR`, `PDV ${pct}%: ${money(r.vat)} EUR`);
  }
  const total = rates.reduce((a, r) => a.plus(gross(r)), new Dec(0));
  lines.push(`Ukupno predujam: ${money(total)} EUR`);
  return lines.join('\n');
}
