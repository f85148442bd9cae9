import { isValidOib } from '../identity/oib.ts';

/**
 * EU VAT identification numbers: a country prefix (EL for Greece) and 2 to 12 characters. Formats
 * per country are checked loosely (length and character class); Croatia's is HR + OIB and gets the
 * full check digit test because that is the one our users type most.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^[0-9A-Z+*]{8,9}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export function normalizeVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

export function isValidVatId(value: string): boolean {
  const v = normalizeVatId(value);
  const format = FORMATS[v.slice(0, 2)];
  if (!format || !format.test(v.slice(2))) return false;
  return v.startsWith('HR') ? isValidOib(v.slice(2)) : true;
}
