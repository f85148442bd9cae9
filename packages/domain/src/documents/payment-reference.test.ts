import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildReference,
  invoiceReference,
  isValidReference,
  mod11ini,
  PaymentReferenceError,
} from './payment-reference.ts';

describe('MOD 11 INI', () => {
  it('matches hand computations', () => {
    // 3·2 + 2·3 + 1·4 = 16; 16 mod 11 = 5; 11 − 5 = 6
    expect(mod11ini('123')).toBe(6);
    // 5·2 + 4·3 + 3·4 + 2·5 + 1·6 = 50; 50 mod 11 = 6; 11 − 6 = 5
    expect(mod11ini('12345')).toBe(5);
    // 6·2 = 12; remainder 1 → 0
    expect(mod11ini('6')).toBe(0);
    // remainder 0 → 0
    expect(mod11ini('0')).toBe(0);
    // 1·2 = 2; 11 − 2 = 9
    expect(mod11ini('0001')).toBe(9);
  });
  it('refuses non-digits', () => {
    expect(() => mod11ini('12a')).toThrow(RangeError);
    expect(() => mod11ini('')).toThrow(RangeError);
  });
});

describe('HR00 and HR01 references', () => {
  it('HR00 joins the parts as they are', () => {
    expect(buildReference('HR00', ['2026', '15', '7'])).toBe('2026-15-7');
    expect(isValidReference('HR00', '2026-15-7')).toBe(true);
  });
  it('HR01 appends the check digit over all parts to the last part', () => {
    // digits 1, 2, 3 → check 6 (above)
    expect(buildReference('HR01', ['1', '2', '3'])).toBe('1-2-36');
    expect(buildReference('HR01', ['12345'])).toBe('123455');
    expect(isValidReference('HR01', '1-2-36')).toBe(true);
    expect(isValidReference('HR01', '1-2-37')).toBe(false);
  });
  it('enforces 22 characters, 12 digits per part, at most three parts', () => {
    expect(() => buildReference('HR00', ['1234567890123'])).toThrow(PaymentReferenceError);
    expect(() => buildReference('HR01', ['123456789012'])).toThrow(PaymentReferenceError);
    expect(() => buildReference('HR00', ['1', '2', '3', '4'])).toThrow(PaymentReferenceError);
    expect(() => buildReference('HR00', ['12345678901', '12345678901'])).toThrow(PaymentReferenceError);
    expect(() => buildReference('HR00', ['12a'])).toThrow(PaymentReferenceError);
    expect(isValidReference('HR00', '')).toBe(false);
    expect(isValidReference('HR00', '1--2')).toBe(false);
  });
  it('any HR01 reference it builds validates, and single digit errors are caught', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^\d{1,6}$/), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (parts, pos, delta) => {
          const ref = buildReference('HR01', parts);
          expect(isValidReference('HR01', ref)).toBe(true);
          const digitPositions = [...ref].flatMap((c, i) => (c === '-' ? [] : [i]));
          const at = digitPositions[pos % digitPositions.length] as number;
          const changed = ref.slice(0, at) + String((Number(ref[at]) + delta) % 10) + ref.slice(at + 1);
          // A data digit of weight w changes the sum by w·delta, never 0 mod 11 unless w = 11. The
          // remainder then changes; MOD 11 INI maps remainders 0 and 1 both to 0, so the change is
          // certain to show only when the original check digit is not 0.
          const weight = digitPositions.length - digitPositions.indexOf(at);
          const original = Number(ref.at(-1));
          if (weight > 1 && weight % 11 !== 0 && original !== 0) {
            expect(isValidReference('HR01', changed)).toBe(false);
          }
        },
      ),
    );
  });
  it('builds invoice references from sequence, year and client', () => {
    expect(invoiceReference('HR00', { seq: 15, year: 2026 })).toBe('15-2026');
    expect(invoiceReference('HR01', { seq: 1, year: 2026, clientNo: 7 })).toBe(
      `1-2026-7${mod11ini('120267')}`,
    );
  });
});
