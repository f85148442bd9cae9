/**
 * Croatian payment reference (poziv na broj), models HR00 and HR01, per FINA's "Jedinstveni pregled
 * osnovnih modela poziva na broj": up to three parts P1-P2-P3 of digits joined by hyphens, at most
 * 12 digits per part and 22 characters in all (hyphens included, model excluded).
 *  - HR00: no check digit.
 *  - HR01: (P1-P2-P3)K: one MOD 11 INI check digit over all the digits of P1, P2 and P3 taken
 *    together, written as the last digit of the last part.
 */
export const REFERENCE_MODELS = ['HR00', 'HR01'] as const;
export type ReferenceModel = (typeof REFERENCE_MODELS)[number];

export const REFERENCE_MAX_LENGTH = 22;
export const REFERENCE_PART_MAX_DIGITS = 12;

/**
 * MOD 11 INI: weights 2, 3, 4, ... from the rightmost digit leftwards, sum, remainder mod 11;
 * remainder 0 or 1 gives 0, otherwise 11 − remainder.
 */
export function mod11ini(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('MOD 11 INI needs digits');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 2);
  const remainder = sum % 11;
  return remainder <= 1 ? 0 : 11 - remainder;
}

export class PaymentReferenceError extends Error {
  readonly reason: 'parts' | 'digits' | 'length' | 'check';
  constructor(reason: PaymentReferenceError['reason']) {
    super(`Invalid payment reference: ${reason}`);
    this.name = 'PaymentReferenceError';
    this.reason = reason;
  }
}

function checkParts(parts: readonly string[], lastExtra: number): void {
  if (parts.length < 1 || parts.length > 3) throw new PaymentReferenceError('parts');
  parts.forEach((part, i) => {
    if (!/^\d+$/.test(part)) throw new PaymentReferenceError('digits');
    const max = REFERENCE_PART_MAX_DIGITS - (i === parts.length - 1 ? lastExtra : 0);
    if (part.length > max) throw new PaymentReferenceError('length');
  });
}

/** Builds the reference text (without the model) from its data parts. */
export function buildReference(model: ReferenceModel, parts: readonly string[]): string {
  const check = model === 'HR01' ? 1 : 0;
  checkParts(parts, check);
  const out = [...parts];
  if (model === 'HR01') out[out.length - 1] += String(mod11ini(parts.join('')));
  const text = out.join('-');
  if (text.length > REFERENCE_MAX_LENGTH) throw new PaymentReferenceError('length');
  return text;
}

/** Checks a reference as a bank would: format, lengths and (HR01) the check digit. */
export function isValidReference(model: ReferenceModel, reference: string): boolean {
  if (reference.length === 0 || reference.length > REFERENCE_MAX_LENGTH) return false;
  const parts = reference.split('-');
  try {
    checkParts(parts, 0);
  } catch {
    return false;
  }
  if (model === 'HR00') return true;
  const digits = parts.join('');
  if (digits.length < 2) return false;
  return mod11ini(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * The reference this application puts on an invoice: P1 = invoice sequence, P2 = year,
 * P3 = the client's number (optional). With HR01 the bank can tell a mistyped reference.
 */
export function invoiceReference(
  model: ReferenceModel,
  input: { seq: number; year: number; clientNo?: number | null },
): string {
  const parts = [String(input.seq), String(input.year)];
  if (input.clientNo) parts.push(String(input.clientNo));
  return buildReference(model, parts);
}
