import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type PoLineAmounts = { quantity: string; unit_price: string; vat_rate: string };
export type VatGroup = { rate: string; base: string; vat: string };
export type PoTotals = {
  lines: { net: string }[];
  vat: VatGroup[];
  net: string;
  vat_total: string;
  total: string;
};

/**
 * Line net = quantity × unit price rounded to cents; VAT is computed once per rate on the sum of the
 * line nets of that rate (as on Croatian documents), rounded half up to cents.
 */
export function poTotals(lines: PoLineAmounts[]): PoTotals {
  const nets = lines.map((l) => new D(l.quantity).times(l.unit_price).toDecimalPlaces(2));
  const byRate = new Map<string, Decimal>();
  lines.forEach((l, i) => {
    const rate = new D(l.vat_rate).toFixed(2);
    byRate.set(rate, (byRate.get(rate) ?? new D(0)).plus(nets[i] as Decimal));
  });
  const vat = [...byRate.entries()]
    .sort((a, b) => new D(b[0]).cmp(a[0]))
    .map(([rate, base]) => ({
      rate,
      base: base.toFixed(2),
      vat: base.times(rate).div(100).toDecimalPlaces(2).toFixed(2),
    }));
  const net = nets.reduce((s, n) => s.plus(n), new D(0));
  const vatTotal = vat.reduce((s, g) => s.plus(g.vat), new D(0));
  return {
    lines: nets.map((n) => ({ net: n.toFixed(2) })),
    vat,
    net: net.toFixed(2),
    vat_total: vatTotal.toFixed(2),
    total: net.plus(vatTotal).toFixed(2),
  };
}

/** `NB-` + 2026 + 1 → `NB-2026-0001` (prefix as typed, year, a four-digit or longer sequence). */
export function formatPurchasingNumber(prefix: string, year: number, seq: number): string {
  return `${prefix}${year}-${String(seq).padStart(4, '0')}`;
}

export const DEFAULT_PO_PREFIX = 'NB-';
export const DEFAULT_RECEIPT_PREFIX = 'PR-';

/**
 * Remaining quantity of a line and whether a receipt of `quantity` would exceed the order.
 * Quantities are decimal strings.
 */
export function receiptCheck(line: { ordered: string; received: string }, quantity: string) {
  const remaining = D.max(new D(line.ordered).minus(line.received), 0);
  const over = new D(quantity).gt(remaining);
  return {
    remaining: remaining.toFixed(),
    over,
    excess: over ? new D(quantity).minus(remaining).toFixed() : '0',
  };
}

/** Quantity still on order for a line (never negative: over-receipt does not make a line "owe" stock). */
export function openQuantity(ordered: string, received: string): string {
  return D.max(new D(ordered).minus(received), 0).toFixed();
}
