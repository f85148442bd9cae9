/**
 * A phone number as people write it: an optional leading +, then digits with spaces, dashes,
 * slashes, dots and brackets between them ("+385 1 2345 678", "01/2345-678", "(091) 111 2222").
 * Letters are not a phone number ("zovi Ivana" was saved on the profile).
 */
const PHONE_PATTERN = /^\+?[0-9 ()./-]*[0-9][0-9 ()./-]*$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}
