import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIban } from './iban.ts';
import { isValidOib, oibCheckDigit } from './oib.ts';

describe('OIB (ISO 7064 MOD 11,10)', () => {
  // Check digits below were worked out by hand with the ISO 7064 MOD 11,10 procedure.
  it('accepts numbers with a correct check digit', () => {
    expect(isValidOib('12345678903')).toBe(true);
    expect(isValidOib('00000000001')).toBe(true);
    expect(isValidOib('11111111119')).toBe(true);
    expect(isValidOib('11111111118')).toBe(false);
  });
  it('rejects wrong length, letters and a wrong check digit', () => {
    expect(isValidOib('1234567890')).toBe(false);
    expect(isValidOib('123456789012')).toBe(false);
    expect(isValidOib('1234567890a')).toBe(false);
    expect(isValidOib('12345678904')).toBe(false);
  });
  it('every single-digit change of a valid OIB is detected', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (ten, pos, delta) => {
          const valid = ten + String(oibCheckDigit(ten));
          const digits = valid.split('');
          digits[pos] = String((Number(digits[pos]) + delta) % 10);
          expect(isValidOib(valid)).toBe(true);
          expect(isValidOib(digits.join(''))).toBe(false);
        },
      ),
    );
  });
});

describe('IBAN (ISO 13616 mod 97)', () => {
  it('accepts published example IBANs, with or without spaces', () => {
    expect(isValidIban('HR1210010051863000160')).toBe(true);
    expect(isValidIban('hr12 1001 0051 8630 0016 0')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('SI56263300012039086')).toBe(true);
  });
  it('rejects a changed digit, a wrong length and garbage', () => {
    expect(isValidIban('HR1210010051863000161')).toBe(false);
    expect(isValidIban('HR121001005186300016')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});
