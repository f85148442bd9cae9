import type Decimal from 'decimal.js';
import { Dec } from '../production/decimal.ts';

/**
 * Lines and totals in exact decimals.
 *
 * Rounding rule (the one printed on every document and exported to the e-invoice):
 *   1. line net = quantity × unit price × (1 − discount % / 100), rounded half-up to cents;
 *   2. document net = sum of line nets (no further rounding: they are already cents);
 *   3. per VAT rate: base = sum of the line nets at that rate, VAT = base × rate / 100 rounded
 *      half-up to cents (EN 16931 BR-CO-17 computes VAT per rate, not per line);
 *   4. document VAT = sum of the per-rate VAT; document gross = net + VAT.
 * So the sum of the line nets is the net total exactly, and the total is exactly net + VAT.
 */
export const DOCUMENT_VAT_RATES = ['25', '13', '5', '0'] as const;
export type VatRate = (typeof DOCUMENT_VAT_RATES)[number];

export type LineAmountsInput = {
  quantity: Decimal.Value;
  unitPrice: Decimal.Value;
  /** Percent, 0..100. */
  discountPct?: Decimal.Value | null;
  vatRate: VatRate;
};

export type LineAmounts = {
  /** quantity × unit price, rounded to cents (before discount). */
  gross: Decimal;
  /** The discount in money: gross − net. */
  discount: Decimal;
  /** What the line contributes to the taxable base, in cents. */
  net: Decimal;
  vatRate: VatRate;
};

export type VatBreakdown = { rate: VatRate; base: Decimal; vat: Decimal };

export type DocumentTotals = {
  lines: LineAmounts[];
  net: Decimal;
  discount: Decimal;
  vat: Decimal;
  total: Decimal;
  /** One entry per rate used, highest rate first. */
  breakdown: VatBreakdown[];
};

const cents = (value: Decimal): Decimal => value.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

export class LineAmountError extends Error {
  readonly field: 'quantity' | 'unitPrice' | 'discountPct';
  constructor(field: LineAmountError['field']) {
    super(`Invalid ${field}`);
    this.name = 'LineAmountError';
    this.field = field;
  }
}

export function lineAmounts(line: LineAmountsInput): LineAmounts {
  const quantity = new Dec(line.quantity);
  const price = new Dec(line.unitPrice);
  const pct = new Dec(line.discountPct ?? 0);
  if (!quantity.isFinite()) throw new LineAmountError('quantity');
  if (!price.isFinite() || price.isNeg()) throw new LineAmountError('unitPrice');
  if (!pct.isFinite() || pct.isNeg() || pct.gt(100)) throw new LineAmountError('discountPct');
  const exact = quantity.times(price);
  const net = cents(exact.times(new Dec(100).minus(pct)).div(100));
  const gross = cents(exact);
  return { gross, discount: gross.minus(net), net, vatRate: line.vatRate };
}

export function vatOf(base: Decimal.Value, rate: VatRate): Decimal {
  return cents(new Dec(base).times(rate).div(100));
}

export function documentTotals(lines: readonly LineAmountsInput[]): DocumentTotals {
  const amounts = lines.map(lineAmounts);
  const bases = new Map<VatRate, Decimal>();
  for (const line of amounts) bases.set(line.vatRate, (bases.get(line.vatRate) ?? new Dec(0)).plus(line.net));
  const breakdown = DOCUMENT_VAT_RATES.filter((rate) => bases.has(rate)).map((rate) => {
    const base = bases.get(rate) as Decimal;
    return { rate, base, vat: vatOf(base, rate) };
  });
  const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), new Dec(0));
  const net = sum(amounts.map((l) => l.net));
  const vat = sum(breakdown.map((b) => b.vat));
  return {
    lines: amounts,
    net,
    discount: sum(amounts.map((l) => l.discount)),
    vat,
    total: net.plus(vat),
    breakdown,
  };
}

/** Money on the wire and in the database: exactly two decimals. */
export const money = (value: Decimal.Value): string => new Dec(value).toFixed(2);

/** Totals as decimal strings, the shape the API returns. */
export function totalsToStrings(totals: DocumentTotals) {
  return {
    net: money(totals.net),
    discount: money(totals.discount),
    vat: money(totals.vat),
    total: money(totals.total),
    breakdown: totals.breakdown.map((b) => ({ rate: b.rate, base: money(b.base), vat: money(b.vat) })),
  };
}

/**
 * Price defaults for a new line (UX: "don't make users type twice"): the item's sales price and
 * VAT rate, the client's default discount. An explicit value on the line always wins.
 */
export function defaultLinePricing(input: {
  item?: { salesPrice?: string | null; vatRate?: string | null } | null;
  client?: { discountPct?: string | null } | null;
  line?: { unitPrice?: string | null; discountPct?: string | null; vatRate?: VatRate | null };
  companyVatRate?: VatRate;
}): { unitPrice: string; discountPct: string; vatRate: VatRate } {
  const itemRate = input.item?.vatRate ? normaliseVatRate(input.item.vatRate) : null;
  return {
    unitPrice: input.line?.unitPrice ?? money(input.item?.salesPrice ?? 0),
    discountPct: input.line?.discountPct ?? new Dec(input.client?.discountPct ?? 0).toFixed(),
    vatRate: input.line?.vatRate ?? itemRate ?? input.companyVatRate ?? '25',
  };
}

/** "25.00" or "25" → "25"; anything that is not a Croatian rate → null. */
export function normaliseVatRate(value: string): VatRate | null {
  let normal: string;
  try {
    normal = new Dec(value).toFixed();
  } catch {
    return null;
  }
  return (DOCUMENT_VAT_RATES as readonly string[]).includes(normal) ? (normal as VatRate) : null;
}
