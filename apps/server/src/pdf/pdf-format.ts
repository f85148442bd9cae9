import { BUSINESS_TIME_ZONE, formatDateAs } from '@erp/domain';
import Decimal from 'decimal.js';

/**
 * Croatian number and date formats for printed documents: thousands with a dot, decimals with a
 * comma (1.234,56), dates as on screen (15. 01. 2026.). Values arrive as decimal strings and never
 * pass through a binary float.
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

/**
 * Quantities as on screen (web formatQuantity): at most 4 decimals, the stored precision of stock,
 * rounded half up, without trailing zeros (2,5 not 2,5000; a planned 3.357218 m² prints 3,3572).
 */
export function hrQuantity(value: string): string {
  return hrNumber(new Decimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed());
}

/**
 * A date as the Croatian screens show it (domain `formatDateAs`, the web's `formatDate`):
 * "27. 11. 2026.". An ISO date prints as that day; a timestamp as its day in Zagreb (the business
 * calendar), not the server's zone. Documents issued before this rule keep their stored files,
 * which print "27.11.2026." (frozen-files.ts: an issued document's PDF is never made again).
 */
export function hrDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  return formatDateAs('date', value, 'hr', BUSINESS_TIME_ZONE);
}

/**
 * A unit price with the decimals it has (the database keeps up to 4), never fewer than 2:
 * 40,3055 · 12,50 · 100,00. Rounding it to cents for display would make the printed quantity ×
 * price differ from the printed line amount.
 */
export function hrPrice(value: string): string {
  const d = new Decimal(value);
  return hrNumber(value, Math.min(4, Math.max(2, d.decimalPlaces())));
}

/** The time of day in Zagreb as hh:mm (24 h), e.g. the time an invoice was issued. */
export function hrTime(at: Date | string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}
