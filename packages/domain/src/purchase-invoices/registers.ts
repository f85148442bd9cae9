import { Dec } from '../production/decimal.ts';
import type { ReceivedTaxSubtotal } from './contracts.ts';

/**
 * The VAT columns of the registers (IRA / URA) and of the VAT summary. Bases and VAT per
 * Croatian rate; 0 % (category Z, or S at 0); exempt and outside the scope (E, O, G, K and the
 * like); reverse charge (AE: the buyer accounts for the VAT). Any other rate (a foreign one) goes
 * to `other`.
 */
export const VAT_BUCKETS = ['25', '13', '5', '0', 'exempt', 'reverse_charge', 'other'] as const;
export type VatBucket = (typeof VAT_BUCKETS)[number];

export function bucketOf(sub: Pick<ReceivedTaxSubtotal, 'category' | 'percent'>): VatBucket {
  const cat = sub.category.trim().toUpperCase();
  const pct = new Dec(sub.percent || '0');
  if (cat === 'AE') return 'reverse_charge';
  if (cat === 'Z' || (cat === 'S' && pct.isZero())) return '0';
  if (cat === 'S') {
    for (const r of ['25', '13', '5'] as const) if (pct.eq(r)) return r;
    return 'other';
  }
  return 'exempt';
}

export type BucketAmounts = Record<VatBucket, { base: string; vat: string }>;

/** Bases and VAT per bucket of one document, times `sign` (−1 for credit notes), in cents. */
export function bucketAmounts(subtotals: ReceivedTaxSubtotal[], sign: 1 | -1 = 1): BucketAmounts {
  const sums = new Map<VatBucket, { base: Dec; vat: Dec }>(
    VAT_BUCKETS.map((b) => [b, { base: new Dec(0), vat: new Dec(0) }]),
  );
  for (const sub of subtotals) {
    const slot = sums.get(bucketOf(sub)) as { base: Dec; vat: Dec };
    slot.base = slot.base.plus(new Dec(sub.taxable).times(sign));
    slot.vat = slot.vat.plus(new Dec(sub.tax).times(sign));
  }
  return Object.fromEntries(
    [...sums].map(([b, v]) => [b, { base: v.base.toFixed(2), vat: v.vat.toFixed(2) }]),
  ) as BucketAmounts;
}

/** Adds bucket amounts (register totals, VAT summary). */
export function addBuckets(list: BucketAmounts[]): BucketAmounts {
  const out = Object.fromEntries(
    VAT_BUCKETS.map((b) => [b, { base: new Dec(0), vat: new Dec(0) }]),
  ) as Record<VatBucket, { base: Dec; vat: Dec }>;
  for (const amounts of list) {
    for (const b of VAT_BUCKETS) {
      out[b].base = out[b].base.plus(amounts[b].base);
      out[b].vat = out[b].vat.plus(amounts[b].vat);
    }
  }
  return Object.fromEntries(
    VAT_BUCKETS.map((b) => [b, { base: out[b].base.toFixed(2), vat: out[b].vat.toFixed(2) }]),
  ) as BucketAmounts;
}

/** A decimal string for Croatian Excel: decimal comma, no thousands separator ("-1234,50"). */
export const decimalComma = (value: string): string => value.replace('.', ',');

/** An ISO date as dd.mm.yyyy. */
export const hrDay = (iso: string | null): string =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';

const csvField = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** CSV for Croatian Excel: ";" between fields, CRLF lines, a UTF-8 byte-order mark in front. */
export function toCsv(header: string[], rows: string[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvField).join(';')).join('\r\n')}\r\n`;
}
