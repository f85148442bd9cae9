/**
 * A phone number as people write it: an optional leading +, then digits with spaces, dashes,
 * slashes, dots and brackets between them ("+385 1 2345 678", "01/2345-678", "(091) 111 2222").
 * Letters are not a phone number ("zovi Ivana" was saved on the profile).
 */
const PHONE_PATTERN = /^\+?[0-9 ()./-]*[0-9][0-9 ()./-]*$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/**
 * How many digits a client's or supplier's phone number has: at least 6 (a local number without
 * its area code), at most 17 (the 15 of an international number, ITU-T E.164, after a 00 prefix).
 */
export const PHONE_DIGITS = { min: 6, max: 17 } as const;

export function hasPhoneDigits(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}
