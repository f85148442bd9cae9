import { AppError } from '../errors.ts';

/**
 * Document numbering (PRODUCT.md "Documents", "Croatian documents").
 *
 * Every number is taken from a counter keyed by (company, series, year), allocated inside the
 * transaction that creates or issues the document, so numbers are gapless and never repeat. These
 * functions are the pure half: the format and what the next number is.
 */
export const NUMBERED_TYPES = ['quote', 'work_order', 'delivery_note', 'invoice'] as const;
export type NumberedType = (typeof NUMBERED_TYPES)[number];

/** Prefixes a company starts with; each is a setting. */
export const DEFAULT_PREFIXES: Record<Exclude<NumberedType, 'invoice'>, string> = {
  quote: 'P-',
  work_order: 'RN-',
  delivery_note: 'OT-',
};

/** Width of the zero-padded sequence (`P-2026-0001`); longer numbers simply grow. */
export const SEQUENCE_PAD = 4;

const PREFIX = /^[A-Za-z0-9ČĆŽŠĐčćžšđ/_.-]{0,12}$/;

export function isValidPrefix(prefix: string): boolean {
  return PREFIX.test(prefix);
}

function assertSequence(seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Invalid sequence ${seq}`);
}

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Invalid year ${year}`);
}

/** `P-` + 2026 + 1 → `P-2026-0001`. */
export function formatDocumentNumber(prefix: string, year: number, seq: number): string {
  assertSequence(seq);
  assertYear(year);
  return `${prefix}${year}-${String(seq).padStart(SEQUENCE_PAD, '0')}`;
}

/** The inverse of formatDocumentNumber for one prefix; null when the text is not such a number. */
export function parseDocumentNumber(prefix: string, text: string): { year: number; seq: number } | null {
  if (!text.startsWith(prefix)) return null;
  const match = /^(\d{4})-(\d+)$/.exec(text.slice(prefix.length));
  if (!match) return null;
  const digits = match[2] ?? '';
  const seq = Number(digits);
  if (seq < 1 || !Number.isSafeInteger(seq)) return null;
  if (digits.length !== Math.max(SEQUENCE_PAD, String(seq).length)) return null;
  return { year: Number(match[1]), seq };
}

/**
 * Croatian invoice number: sequence / business premises code / device code (`1-POS1-1`).
 * The Fiscalisation Act's formats: premises code letters and digits (1-20), device code digits
 * (1-20, no leading zero), sequence digits without leading zeros. The separator is `-` or `/`.
 */
export const INVOICE_SEPARATORS = ['-', '/'] as const;
export type InvoiceSeparator = (typeof INVOICE_SEPARATORS)[number];

export function isValidPremisesCode(code: string): boolean {
  return /^[0-9A-Za-z]{1,20}$/.test(code);
}

export function isValidDeviceCode(code: string): boolean {
  return /^[1-9][0-9]{0,19}$/.test(code);
}

export type InvoiceNumberParts = { seq: number; premises: string; device: string };

export function formatInvoiceNumber(parts: InvoiceNumberParts, separator: InvoiceSeparator = '-'): string {
  assertSequence(parts.seq);
  if (!isValidPremisesCode(parts.premises)) throw new RangeError(`Invalid premises code ${parts.premises}`);
  if (!isValidDeviceCode(parts.device)) throw new RangeError(`Invalid device code ${parts.device}`);
  return [String(parts.seq), parts.premises, parts.device].join(separator);
}

export function parseInvoiceNumber(text: string): InvoiceNumberParts | null {
  const match = /^([1-9][0-9]*)([-/])([0-9A-Za-z]{1,20})\2([1-9][0-9]{0,19})$/.exec(text);
  if (!match) return null;
  const seq = Number(match[1]);
  if (!Number.isSafeInteger(seq)) return null;
  return { seq, premises: match[3] ?? '', device: match[4] ?? '' };
}

/**
 * The counter series a document draws from. Quotes, work orders and delivery notes count per
 * type; invoices and credit notes share one series per business premises and device, as the
 * Fiscalisation Act numbers every invoice issued at a device in one unbroken sequence.
 */
export function counterSeries(type: NumberedType, invoice?: { premises: string; device: string }): string {
  if (type !== 'invoice') return type;
  if (!invoice) throw new RangeError('Invoice series needs premises and device');
  return `invoice:${invoice.premises}:${invoice.device}`;
}

/** What the counter holds after allocating: a new year starts at 1, otherwise the next number. */
export function nextSequence(counter: { year: number; last: number } | null, year: number): number {
  assertYear(year);
  if (!counter || counter.year !== year) return 1;
  return counter.last + 1;
}

/** True when the numbers are exactly 1..n in some order (no gap, no repeat). */
export function isGapless(seqs: readonly number[]): boolean {
  const sorted = [...seqs].sort((a, b) => a - b);
  return sorted.every((s, i) => s === i + 1);
}

/** Settings that shape numbers, as stored per company. */
export type NumberingSettings = {
  prefixes: Record<Exclude<NumberedType, 'invoice'>, string>;
  premises: string;
  device: string;
  separator: InvoiceSeparator;
};

export const DEFAULT_NUMBERING: NumberingSettings = {
  prefixes: { ...DEFAULT_PREFIXES },
  premises: 'POS1',
  device: '1',
  separator: '-',
};

export function validateNumberingSettings(settings: NumberingSettings): void {
  const bad = Object.entries(settings.prefixes).filter(([, p]) => !isValidPrefix(p));
  if (bad.length > 0 || !isValidPremisesCode(settings.premises) || !isValidDeviceCode(settings.device)) {
    throw new AppError('VALIDATION', 'Neispravne postavke numeriranja', [
      ...bad.map(([type]) => ({ field: `prefixes.${type}`, key: 'validation.invalid' })),
      ...(isValidPremisesCode(settings.premises) ? [] : [{ field: 'premises', key: 'validation.invalid' }]),
      ...(isValidDeviceCode(settings.device) ? [] : [{ field: 'device', key: 'validation.invalid' }]),
    ]);
  }
}
