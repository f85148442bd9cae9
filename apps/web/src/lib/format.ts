import {
  type DecimalSeparator,
  formatDateAs,
  languageLocale,
  parseDecimalInput,
  unitCodeOf as unitCodeIn,
  unitSymbol,
} from '@erp/domain';
import i18n from 'i18next';

/** The language given, else the interface's. */
const languageOr = (lng?: string): string => lng ?? i18n.resolvedLanguage ?? i18n.language ?? 'hr';

/** Intl locale of the language (domain `languageLocale`: hr-HR, en-GB, sl-SI, de-DE, it-IT, cs-CZ). */
export function localeOf(lng?: string): string {
  return languageLocale(languageOr(lng));
}

/*
 * Dates on screens: one rule per kind in the language's conventions, the domain's `formatDateAs`
 * (printed documents use the same), called only here (a rule test in date-rules.test.ts fails on a
 * screen that formats a date its own way). A timestamp is shown in the browser's zone.
 */

/** A calendar date ("27. 11. 2026."); `value` is an ISO date or a timestamp. */
export function formatDate(value: string | Date, lng?: string): string {
  return formatDateAs('date', value, languageOr(lng));
}

/** A moment: the date with hours and minutes ("27. 11. 2026. 14:05"). */
export function formatDateTime(value: string | Date, lng?: string): string {
  return formatDateAs('dateTime', value, languageOr(lng));
}

/** A month of a chart or a monthly table; `month` is "2026-11". */
export function formatMonth(month: string, lng?: string): string {
  return formatDateAs('month', `${month.slice(0, 7)}-01`, languageOr(lng));
}

/** Numbers and money arrive as decimal strings; Intl formats the string itself, so no float rounding. */
export function formatNumber(value: string | number, lng?: string, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(localeOf(lng), options).format(value as Intl.StringNumericLiteral);
}

/** Stock, reservations and the ledger keep 4 decimals; a screen never shows more. */
export const QUANTITY_DECIMALS = 4;

/**
 * A quantity as the screen shows it: at most 4 decimals (the stored precision of stock and of what
 * a work order consumes; a planned 16.792272 m² reads 16,7923), no trailing zeros ("2.5000" → 2,5),
 * rounded half away from zero on the decimal string itself.
 */
export function formatQuantity(value: string | number, lng?: string): string {
  return formatNumber(value, lng, { maximumFractionDigits: QUANTITY_DECIMALS });
}

/**
 * A decimal string divided by 100, exactly, by moving the point ("66.7" → "0.667", "-5" → "-0.05"):
 * Intl's percent style multiplies by 100 again. No decimal library, so the first signed-in screen
 * (dashboard tiles) does not download one.
 */
export function hundredth(value: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = whole.padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}${fraction}`;
}

/**
 * A percent from the API (0..100, docs/api.md "Percentages": "66.7" = 66,7 %) in the language's
 * percent format ("66,7 %" in Croatian and German, "66.7%" in English and Italian). Every percent a
 * screen shows goes through here (percent-rules.test.ts): a sign appended by hand put "25 %" on an
 * English screen and broke the line between the number and its sign. One decimal at most unless
 * `digits` says otherwise; `signDisplay: 'always'` for a change (+12,5 %).
 */
export function formatPercent(
  value: string,
  lng?: string,
  digits: { minimumFractionDigits?: number; maximumFractionDigits?: number; signDisplay?: 'always' } = {},
) {
  return formatNumber(hundredth(value), lng, {
    style: 'percent',
    maximumFractionDigits: 1,
    ...digits,
  });
}

export function formatCurrency(value: string, currency = 'EUR', lng?: string) {
  return formatNumber(value, lng, { style: 'currency', currency });
}

/**
 * A unit price as money with the decimals it has, 2 to 4 (prices are stored with 4), as the PDFs
 * print it: 72,225 € per sheet, not 72,23 € (ten sheets at 72,23 € would not make 722,25 €).
 */
export function formatUnitPrice(value: string, lng?: string) {
  return formatNumber(value, lng, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
}

/** The decimal separator of the interface language ("," in hr, sl, de, it, cs; "." in en). */
export function decimalSeparatorOf(lng?: string): DecimalSeparator {
  const part = new Intl.NumberFormat(localeOf(lng)).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === '.' ? '.' : ',';
}

/**
 * The one reading of a typed amount or quantity (domain `parseDecimalInput`): the format the
 * screen shows ("1.000,00", "0,5", "1 000,5") or the plain one ("1000.5"); a plain decimal string,
 * or null when the text is not a number.
 */
export function parseNumberInput(text: string, lng?: string): string | null {
  return parseDecimalInput(text, decimalSeparatorOf(lng));
}

/** A typed number on its way to the API: plain when readable, else as typed (the server refuses it). */
export function numberInputToApi(text: string, lng?: string): string {
  return parseNumberInput(text, lng) ?? text.trim();
}

/** An optional typed number: empty = null. */
export function optionalNumberInputToApi(text: string | undefined, lng?: string): string | null {
  return text?.trim() ? numberInputToApi(text, lng) : null;
}

/**
 * A stored decimal put back into an input in the language's format ("88.56" → "88,56",
 * "1234.5" → "1.234,5"), so what is typed and what is shown after saving look the same.
 * `minFractionDigits` pads money to cents. Empty and null stay empty.
 */
export function formatNumberInput(
  value: string | null | undefined,
  lng?: string,
  minFractionDigits = 0,
): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  if (parseDecimalInput(value, '.') === null) return value;
  return formatNumber(value, lng, { minimumFractionDigits: minFractionDigits, maximumFractionDigits: 6 });
}

/**
 * A unit code as people read it in the interface language: m2 → m², m3 → m³, kom → pcs (en), Stk.
 * (de), kos (sl), pz (it), ks (cs); other codes (m, kg, l, h) as they are.
 */
export function formatUnit(code: string | null | undefined, lng?: string): string {
  return unitSymbol(code, languageOr(lng));
}

/** A unit as typed or shown back to its code (m² → m2, "pcs" on an English screen → kom). */
export function unitCodeOf(text: string, lng?: string): string {
  return unitCodeIn(text, languageOr(lng));
}
