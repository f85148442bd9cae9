import type Decimal from 'decimal.js';
import { isValidIban } from '../identity/iban.ts';
import { Dec } from '../production/decimal.ts';
import { isValidReference, type ReferenceModel } from './payment-reference.ts';

/**
 * HUB-3 payment barcode payload (HUB's "Jedinstvene preporuke za 2D bar kod na uplatnicama"):
 * 14 fields separated by LF, encoded as ISO-8859-2 and drawn as PDF417. Mobile banking apps
 * read it to fill in a payment. Free-text fields are cut to their maximum length; a wrong amount,
 * IBAN, model or reference is refused rather than printed on a slip that would fail at the bank.
 */
export const HUB3_HEADER = 'HRVHUB30';

export const HUB3_LIMITS = {
  payerName: 30,
  payerStreet: 27,
  payerCity: 27,
  payeeName: 25,
  payeeStreet: 25,
  payeeCity: 27,
  description: 35,
} as const;

export type Hub3Input = {
  currency?: 'EUR';
  amount: Decimal.Value;
  payer: { name: string; street?: string | null; city?: string | null };
  payee: { name: string; street?: string | null; city?: string | null; iban: string };
  model: ReferenceModel;
  reference: string;
  /** ISO 20022 purpose code, 4 capital letters (GDSV = purchase of goods and services). */
  purpose?: string;
  description: string;
};

export class Hub3Error extends Error {
  readonly field: 'amount' | 'iban' | 'reference' | 'purpose';
  constructor(field: Hub3Error['field']) {
    super(`Invalid HUB-3 ${field}`);
    this.name = 'Hub3Error';
    this.field = field;
  }
}

// The upper half (0xA0-0xFF) of ISO-8859-2, in byte order.
const LATIN2_HIGH =
  '\u00a0Ą˘Ł¤ĽŚ§¨ŠŞŤŹ\u00adŽŻ°ą˛ł´ľśˇ¸šşťź˝žżŔÁÂĂÄĹĆÇČÉĘËĚÍÎĎĐŃŇÓÔŐÖ×ŘŮÚŰÜÝŢßŕáâăäĺćçčéęëěíîďđńňóôőö÷řůúűüýţ˙';
const LATIN2_BYTE = new Map<string, number>([...LATIN2_HIGH].map((ch, i) => [ch, 0xa0 + i]));

/** Characters ISO-8859-2 cannot carry become `?`; line breaks inside a field become spaces. */
export function latin2Safe(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = ch.codePointAt(0) as number;
    out += (code >= 0x20 && code <= 0x7e) || LATIN2_BYTE.has(ch) ? ch : '?';
  }
  return out;
}

/** The payload as ISO-8859-2 bytes, for a barcode writer that takes bytes. */
export function latin2Bytes(text: string): Uint8Array {
  const chars = [...text];
  const bytes = new Uint8Array(chars.length);
  chars.forEach((ch, i) => {
    const code = ch.codePointAt(0) as number;
    bytes[i] = code < 0x80 ? code : (LATIN2_BYTE.get(ch) ?? 0x3f);
  });
  return bytes;
}

const field = (value: string | null | undefined, max: number) =>
  latin2Safe((value ?? '').trim()).slice(0, max);

/** Amount in cents, 15 digits, zero-padded, no separator: 1234.5 → `000000000123450`. */
export function hub3Amount(amount: Decimal.Value): string {
  const value = new Dec(amount);
  if (!value.isFinite() || value.lte(0) || value.decimalPlaces() > 2) throw new Hub3Error('amount');
  const cents = value.times(100).toFixed(0);
  if (cents.length > 15) throw new Hub3Error('amount');
  return cents.padStart(15, '0');
}

export function hub3Payload(input: Hub3Input): string {
  const iban = input.payee.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidIban(iban)) throw new Hub3Error('iban');
  if (!isValidReference(input.model, input.reference)) throw new Hub3Error('reference');
  const purpose = input.purpose ?? 'GDSV';
  if (!/^[A-Z]{4}$/.test(purpose)) throw new Hub3Error('purpose');
  return [
    HUB3_HEADER,
    input.currency ?? 'EUR',
    hub3Amount(input.amount),
    field(input.payer.name, HUB3_LIMITS.payerName),
    field(input.payer.street, HUB3_LIMITS.payerStreet),
    field(input.payer.city, HUB3_LIMITS.payerCity),
    field(input.payee.name, HUB3_LIMITS.payeeName),
    field(input.payee.street, HUB3_LIMITS.payeeStreet),
    field(input.payee.city, HUB3_LIMITS.payeeCity),
    iban,
    input.model,
    input.reference,
    purpose,
    field(input.description, HUB3_LIMITS.description),
  ].join('\n');
}

/** Splits a payload back into named fields (for tests and for checking a printed slip). */
export function parseHub3Payload(payload: string) {
  const f = payload.split('\n');
  if (f.length !== 14 || f[0] !== HUB3_HEADER || !/^\d{15}$/.test(f[2] ?? '')) return null;
  return {
    currency: f[1],
    amount: new Dec(f[2] ?? '').div(100).toFixed(2),
    payer: { name: f[3], street: f[4], city: f[5] },
    payee: { name: f[6], street: f[7], city: f[8], iban: f[9] },
    model: f[10],
    reference: f[11],
    purpose: f[12],
    description: f[13],
  };
}
