import Decimal from 'decimal.js';

/**
 * Croatian number and date formats for printed documents: thousands with a dot, decimals with a
 * comma (1.234,56), dates as 15.01.2026. Values arrive as decimal strings and never pass through a
 * binary float.
 */
export function hrNumber(value: string | number, decimals?: number): string {
  const d = new Decimal(value);
  const fixed = decimals === undefined ? d.toFixed() : d.toFixed(decimals);
  const negative = fixed.startsWith('-');
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

export const hrMoney = (value: string | number) => hrNumber(value, 2);

/** Quantities keep their own decimals, without trailing zeros (2,5 not 2,5000). */
export function hrQuantity(value: string): string {
  return hrNumber(new Decimal(value).toFixed());
}

export function hrDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}.${m}.${y}.`;
}
