/** IBAN lengths of the countries our users deal with most; other countries get the generic checks. */
const IBAN_LENGTH: Record<string, number> = {
  HR: 21,
  SI: 19,
  DE: 22,
  IT: 27,
  CZ: 24,
  AT: 20,
  BA: 20,
  RS: 22,
  HU: 28,
  SK: 24,
  PL: 28,
  FR: 27,
  ES: 24,
  NL: 18,
  BE: 16,
  CH: 21,
  ME: 22,
  MK: 19,
  GB: 22,
  IE: 22,
  LU: 20,
  PT: 25,
  SE: 24,
  DK: 18,
};

export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: country code, two check digits, BBAN; the rearranged number modulo 97 equals 1. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTH[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
