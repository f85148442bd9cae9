import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HUB3_HEADER,
  Hub3Error,
  hub3Amount,
  hub3Payload,
  latin2Bytes,
  latin2Safe,
  parseHub3Payload,
} from './hub3.ts';
import { buildReference } from './payment-reference.ts';

const IBAN = 'HR1210010051863000160';
const input = {
  amount: '1234.50',
  payer: { name: 'Staklo Horvat d.o.o.', street: 'Ilica 1', city: '10000 Zagreb' },
  payee: {
    name: 'Prozori Čakovec d.o.o.',
    street: 'Zrinsko-Frankopanska 2',
    city: '40000 Čakovec',
    iban: IBAN,
  },
  model: 'HR01' as const,
  reference: buildReference('HR01', ['1', '2026']),
  description: 'Račun 1-POS1-1',
};

describe('HUB-3 payload', () => {
  it('has the 14 fields in the order of the recommendation', () => {
    const lines = hub3Payload(input).split('\n');
    expect(lines).toEqual([
      'HRVHUB30',
      'EUR',
      '000000000123450',
      'Staklo Horvat d.o.o.',
      'Ilica 1',
      '10000 Zagreb',
      'Prozori Čakovec d.o.o.',
      'Zrinsko-Frankopanska 2',
      '40000 Čakovec',
      IBAN,
      'HR01',
      input.reference,
      'GDSV',
      'Račun 1-POS1-1',
    ]);
  });

  it('writes amounts as 15-digit cents and refuses what a bank would', () => {
    expect(hub3Amount('0.01')).toBe('000000000000001');
    expect(hub3Amount('12')).toBe('000000000001200');
    expect(hub3Amount('9999999999999.99')).toBe('999999999999999');
    expect(() => hub3Amount('0')).toThrow(Hub3Error);
    expect(() => hub3Amount('-5')).toThrow(Hub3Error);
    expect(() => hub3Amount('1.005')).toThrow(Hub3Error);
    expect(() => hub3Amount('10000000000000')).toThrow(Hub3Error);
  });

  it('refuses a bad IBAN, a reference failing its model, a bad purpose code', () => {
    // 1-2026 + check digit 0 (3·2... = 34, remainder 1 → 0) is valid; 1-20261 is not
    expect(input.reference).toBe('1-20260');
    expect(() => hub3Payload({ ...input, payee: { ...input.payee, iban: 'HR1210010051863000161' } })).toThrow(
      /iban/,
    );
    expect(() => hub3Payload({ ...input, reference: '1-20261' })).toThrow(/reference/);
    expect(() => hub3Payload({ ...input, purpose: 'gdsv' })).toThrow(/purpose/);
  });

  it('cuts free text to the field limits and never lets text break the line structure', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (name, description) => {
        const payload = hub3Payload({ ...input, payer: { name }, description });
        const parsed = parseHub3Payload(payload);
        expect(parsed).not.toBeNull();
        expect(parsed?.payer.name?.length).toBeLessThanOrEqual(30);
        expect(parsed?.description?.length).toBeLessThanOrEqual(35);
        expect(parsed?.amount).toBe('1234.50');
        expect(parsed?.payee.iban).toBe(IBAN);
      }),
    );
  });

  it('parses back what it writes', () => {
    expect(parseHub3Payload(hub3Payload(input))?.payee.name).toBe('Prozori Čakovec d.o.o.');
    expect(parseHub3Payload(`${HUB3_HEADER}\nEUR`)).toBeNull();
  });
});

describe('ISO-8859-2', () => {
  it('maps Croatian letters to their Latin-2 bytes', () => {
    expect([...latin2Bytes('ČčĆćŽžŠšĐđ')]).toEqual([
      0xc8, 0xe8, 0xc6, 0xe6, 0xae, 0xbe, 0xa9, 0xb9, 0xd0, 0xf0,
    ]);
    expect([...latin2Bytes('A z')]).toEqual([0x41, 0x20, 0x7a]);
  });
  it('replaces what Latin-2 cannot carry', () => {
    expect(latin2Safe('Cijena 5 € — ok\nnovi red')).toBe('Cijena 5 ? ? ok novi red');
    expect(latin2Safe('Ärger über Größe')).toBe('Ärger über Größe');
  });
});
