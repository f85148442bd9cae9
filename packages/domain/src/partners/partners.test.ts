import { describe, expect, it } from 'vitest';
import { isValidIban } from '../identity/iban.ts';
import { isValidOib } from '../identity/oib.ts';
import { parseCsv } from '../imports/csv.ts';
import {
  compareDecimalText,
  partnerInputSchema,
  partnerPatchSchema,
  withPartnerDefaults,
} from './partner.schemas.ts';
import { previewPartnerImport } from './partner-import.ts';
import { partnerNameKey } from './partner-names.ts';
import { isValidVatId } from './vat-id.ts';

describe('identity numbers used on partners', () => {
  it('OIB: known valid numbers pass, a changed check digit or length fails', () => {
    // 69435151530 and 94577403194 are published OIBs of Croatian public bodies; check digits verified by hand.
    for (const oib of ['69435151530', '94577403194', '12345678903']) expect(isValidOib(oib)).toBe(true);
    for (const oib of ['69435151531', '9457740319', '945774031945', '1234567890X', ''])
      expect(isValidOib(oib)).toBe(false);
  });
  it('IBAN: a Croatian account passes, one changed digit fails', () => {
    expect(isValidIban('HR1723600001101234565')).toBe(true);
    expect(isValidIban('HR1723600001101234566')).toBe(false);
  });
  it('EU VAT id: HR needs a valid OIB, other countries their format', () => {
    expect(isValidVatId('HR69435151530')).toBe(true);
    expect(isValidVatId('hr 69435151530')).toBe(true);
    expect(isValidVatId('HR69435151531')).toBe(false);
    expect(isValidVatId('SI12345678')).toBe(true);
    expect(isValidVatId('ATU12345678')).toBe(true);
    expect(isValidVatId('AT12345678')).toBe(false);
    expect(isValidVatId('DE12345678')).toBe(false);
    expect(isValidVatId('US123456789')).toBe(false);
  });
});

describe('partner input', () => {
  it('fills defaults and normalises empty strings, VAT ids and decimal commas', () => {
    const parsed = partnerInputSchema.parse({
      name: ' Staklo d.o.o. ',
      email: '',
      vat_id: 'hr69435151530',
      default_discount: '5,5',
    });
    const input = withPartnerDefaults(parsed);
    expect(input).toMatchObject({
      name: 'Staklo d.o.o.',
      kind: 'company',
      email: null,
      vat_id: 'HR69435151530',
      default_discount: '5.5',
      payment_terms_days: 15,
      active: true,
      contacts: [],
    });
  });
  it('calls a negative or too long payment term out of range, and text not a number', () => {
    const keys = (payment_terms_days: unknown) => {
      const r = partnerInputSchema.safeParse({ name: 'Staklo', payment_terms_days });
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(keys('-3')).toEqual([['payment_terms_days', 'validation.outOfRange']]);
    expect(keys(-3)).toEqual([['payment_terms_days', 'validation.outOfRange']]);
    expect(keys('366')).toEqual([['payment_terms_days', 'validation.outOfRange']]);
    expect(keys('30 dana')).toEqual([['payment_terms_days', 'validation.numberInvalid']]);
    expect(keys('2,5')).toEqual([['payment_terms_days', 'validation.numberInvalid']]);
    expect(keys(' 45 ')).toEqual([]);
  });
  it('names each bad field with its i18n key', () => {
    const result = partnerInputSchema.safeParse({
      name: 'A',
      oib: '12345678904',
      email: 'x@y',
      default_discount: '101',
      payment_terms_days: -1,
      contacts: [{ name: '' }],
    });
    expect(result.success).toBe(false);
    const keys = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(keys).toEqual({
      name: 'validation.nameMin',
      oib: 'validation.oibInvalid',
      email: 'validation.emailInvalid',
      default_discount: 'validation.outOfRange',
      payment_terms_days: 'validation.outOfRange',
      'contacts.0.name': 'validation.required',
    });
  });
  it('a patch accepts any subset and refuses unknown fields', () => {
    expect(partnerPatchSchema.parse({ phone: '01 2345 678' })).toEqual({ phone: '01 2345 678' });
    expect(partnerPatchSchema.safeParse({ company_id: 'x' }).success).toBe(false);
  });
  it('takes a phone written with digits, spaces, a leading +, - / . ( ), 6 to 17 digits', () => {
    const issues = (patch: Record<string, unknown>) =>
      (partnerPatchSchema.safeParse(patch).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    for (const phone of [
      '+385 1 2345 678',
      '01/2345-678',
      '(091) 111 2222',
      '021.345.678',
      '0038512345678901',
      '',
    ])
      expect(issues({ phone, contacts: [{ name: 'Ana', phone }] }), phone).toEqual([]);
    for (const phone of ['zovi Ivana', '091 abc', '+', '385+1 234 567', '01 234 567 ext 2'])
      expect(issues({ phone, contacts: [{ name: 'Ana', phone }] }), phone).toEqual([
        ['phone', 'validation.phoneInvalid'],
        ['contacts.0.phone', 'validation.phoneInvalid'],
      ]);
    for (const phone of ['099', '01 234', '+385 1 2345 6789 0123 45'])
      expect(issues({ phone, contacts: [{ name: 'Ana', phone }] }), phone).toEqual([
        ['phone', 'validation.phoneDigits'],
        ['contacts.0.phone', 'validation.phoneDigits'],
      ]);
    expect(partnerInputSchema.safeParse({ name: 'Staklo', phone: '1' }).error?.issues[0]?.message).toBe(
      'validation.phoneDigits',
    );
  });
  it('compares decimal strings without floats', () => {
    expect(compareDecimalText('100', '100.00')).toBe(0);
    expect(compareDecimalText('99.99', '100')).toBe(-1);
    expect(compareDecimalText('100.01', '100')).toBe(1);
    expect(compareDecimalText('0012.5', '12.49')).toBe(1);
  });
});

describe('duplicate name keys', () => {
  it('ignores case, diacritics, punctuation and legal forms', () => {
    expect(partnerNameKey('Staklo Horvat d.o.o.')).toBe('staklo horvat');
    expect(partnerNameKey('STAKLO-HORVAT DOO')).toBe('staklo horvat');
    expect(partnerNameKey('Đurđa Čačić, obrt')).toBe('durda cacic');
    expect(partnerNameKey('Drvo j.d.o.o.')).toBe('drvo');
    expect(partnerNameKey('Drvoprom')).toBe('drvoprom');
  });
});

describe('CSV', () => {
  it('reads ; separated files with quotes, doubled quotes, CRLF and a BOM', () => {
    const text = '\uFEFFnaziv;oib;napomena\r\n"Staklo; d.o.o.";69435151530;"rekao je ""da"""\r\n\r\nDrvo;;\n';
    expect(parseCsv(text)).toEqual([
      ['naziv', 'oib', 'napomena'],
      ['Staklo; d.o.o.', '69435151530', 'rekao je "da"'],
      ['Drvo', '', ''],
    ]);
  });
  it('reads comma separated files with a newline inside quotes', () => {
    expect(parseCsv('name,notes\nA,"two\nlines"')).toEqual([
      ['name', 'notes'],
      ['A', 'two\nlines'],
    ]);
  });
});

describe('partner import preview', () => {
  it('maps Croatian headers and reports every problem with its line', () => {
    const preview = previewPartnerImport([
      ['Naziv', 'OIB', 'Grad', 'Vrsta', 'Rabat', 'Nepoznato'],
      ['Staklo Horvat d.o.o.', '69435151530', 'Zagreb', 'tvrtka', '5', 'x'],
      ['X', '12345678904', '', 'firma', '', ''],
      ['Drvo d.o.o.', '69435151530', 'Split', '', 'abc', ''],
    ]);
    expect(preview.valid).toBe(false);
    expect(preview.columns.map((c) => c.field)).toEqual([
      'name',
      'oib',
      'city',
      'kind',
      'default_discount',
      null,
    ]);
    expect(preview.rows[0]).toMatchObject({ line: 2, errors: [] });
    expect(preview.rows[0]?.input).toMatchObject({
      name: 'Staklo Horvat d.o.o.',
      default_discount: '5',
      billing_address: { city: 'Zagreb', country: 'HR' },
    });
    expect(preview.rows[1]?.errors.map((e) => e.field).sort()).toEqual(['kind', 'name', 'oib']);
    expect(preview.rows[2]?.errors).toEqual(
      expect.arrayContaining([
        { field: 'default_discount', key: 'validation.decimalInvalid' },
        { field: 'oib', key: 'validation.oibDuplicateInFile', params: { line: 2 } },
      ]),
    );
  });
  it('refuses a file without a name column', () => {
    const preview = previewPartnerImport([['oib'], ['69435151530']]);
    expect(preview.valid).toBe(false);
    expect(preview.rows[0]?.errors[0]?.key).toBe('validation.importNoNameColumn');
  });
});
