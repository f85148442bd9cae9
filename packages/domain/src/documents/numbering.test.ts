import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  counterSeries,
  DEFAULT_NUMBERING,
  formatDocumentNumber,
  formatInvoiceNumber,
  isGapless,
  isValidDeviceCode,
  isValidPremisesCode,
  nextSequence,
  parseDocumentNumber,
  parseInvoiceNumber,
  validateNumberingSettings,
} from './numbering.ts';

describe('document numbers', () => {
  it('formats the defaults of PRODUCT.md', () => {
    expect(formatDocumentNumber('P-', 2026, 1)).toBe('P-2026-0001');
    expect(formatDocumentNumber('RN-', 2026, 42)).toBe('RN-2026-0042');
    expect(formatDocumentNumber('OT-', 2027, 9999)).toBe('OT-2027-9999');
    expect(formatDocumentNumber('OT-', 2027, 12345)).toBe('OT-2027-12345');
  });

  it('refuses sequence 0, negatives, fractions and impossible years', () => {
    expect(() => formatDocumentNumber('P-', 2026, 0)).toThrow(RangeError);
    expect(() => formatDocumentNumber('P-', 2026, -1)).toThrow(RangeError);
    expect(() => formatDocumentNumber('P-', 2026, 1.5)).toThrow(RangeError);
    expect(() => formatDocumentNumber('P-', 199, 1)).toThrow(RangeError);
  });

  it('parses what it formats, for any prefix, year and sequence', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('P-', 'RN-', 'OT-', 'PON/', ''),
        fc.integer({ min: 2000, max: 9999 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (prefix, year, seq) => {
          expect(parseDocumentNumber(prefix, formatDocumentNumber(prefix, year, seq))).toEqual({ year, seq });
        },
      ),
    );
  });

  it('does not parse foreign or malformed numbers', () => {
    expect(parseDocumentNumber('P-', 'RN-2026-0001')).toBeNull();
    expect(parseDocumentNumber('P-', 'P-2026-1')).toBeNull();
    expect(parseDocumentNumber('P-', 'P-2026-0000')).toBeNull();
    expect(parseDocumentNumber('P-', 'P-26-0001')).toBeNull();
    expect(parseDocumentNumber('P-', 'P-2026-00012')).toBeNull();
  });

  it('keeps numbers in the order of their sequence within a year (string order = number order)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9998 }), (seq) => {
        expect(formatDocumentNumber('P-', 2026, seq) < formatDocumentNumber('P-', 2026, seq + 1)).toBe(true);
      }),
    );
  });
});

describe('Croatian invoice numbers', () => {
  it('joins sequence, premises and device', () => {
    expect(formatInvoiceNumber({ seq: 1, premises: 'POS1', device: '1' })).toBe('1-POS1-1');
    expect(formatInvoiceNumber({ seq: 123, premises: 'SKL2', device: '12' }, '/')).toBe('123/SKL2/12');
  });

  it('refuses codes the Fiscalisation Act does not allow', () => {
    expect(isValidPremisesCode('POS1')).toBe(true);
    expect(isValidPremisesCode('POS-1')).toBe(false);
    expect(isValidPremisesCode('')).toBe(false);
    expect(isValidPremisesCode('A'.repeat(21))).toBe(false);
    expect(isValidDeviceCode('1')).toBe(true);
    expect(isValidDeviceCode('01')).toBe(false);
    expect(isValidDeviceCode('A1')).toBe(false);
    expect(() => formatInvoiceNumber({ seq: 1, premises: 'P 1', device: '1' })).toThrow(RangeError);
    expect(() => formatInvoiceNumber({ seq: 1, premises: 'P1', device: '0' })).toThrow(RangeError);
  });

  it('round-trips through the parser and rejects mixed separators or leading zeros', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.stringMatching(/^[0-9A-Za-z]{1,20}$/),
        fc.stringMatching(/^[1-9][0-9]{0,5}$/),
        fc.constantFrom('-' as const, '/' as const),
        (seq, premises, device, sep) => {
          expect(parseInvoiceNumber(formatInvoiceNumber({ seq, premises, device }, sep))).toEqual({
            seq,
            premises,
            device,
          });
        },
      ),
    );
    expect(parseInvoiceNumber('1-POS1/1')).toBeNull();
    expect(parseInvoiceNumber('01-POS1-1')).toBeNull();
    expect(parseInvoiceNumber('1-POS1-01')).toBeNull();
  });
});

describe('counters', () => {
  it('starts each year at 1 and otherwise continues', () => {
    expect(nextSequence(null, 2026)).toBe(1);
    expect(nextSequence({ year: 2026, last: 7 }, 2026)).toBe(8);
    expect(nextSequence({ year: 2025, last: 812 }, 2026)).toBe(1);
  });

  it('gives 1..n for n allocations in a row (gapless, no repeats)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (n) => {
        let counter: { year: number; last: number } | null = null;
        const got: number[] = [];
        for (let i = 0; i < n; i++) {
          const seq = nextSequence(counter, 2026);
          got.push(seq);
          counter = { year: 2026, last: seq };
        }
        expect(isGapless(got)).toBe(true);
        expect(got.at(-1)).toBe(n);
      }),
    );
  });

  it('detects gaps and repeats', () => {
    expect(isGapless([3, 1, 2])).toBe(true);
    expect(isGapless([1, 3])).toBe(false);
    expect(isGapless([1, 1, 2])).toBe(false);
    expect(isGapless([])).toBe(true);
  });

  it('keeps invoice series per premises and device, other types per type', () => {
    expect(counterSeries('quote')).toBe('quote');
    expect(counterSeries('invoice', { premises: 'POS1', device: '1' })).toBe('invoice:POS1:1');
    expect(counterSeries('invoice', { premises: 'POS1', device: '2' })).not.toBe(
      counterSeries('invoice', { premises: 'POS1', device: '1' }),
    );
    expect(() => counterSeries('invoice')).toThrow(RangeError);
  });

  it('validates numbering settings', () => {
    expect(() => validateNumberingSettings(DEFAULT_NUMBERING)).not.toThrow();
    expect(() => validateNumberingSettings({ ...DEFAULT_NUMBERING, device: '0' })).toThrow(/numeriranja/);
    expect(() =>
      validateNumberingSettings({
        ...DEFAULT_NUMBERING,
        prefixes: { ...DEFAULT_NUMBERING.prefixes, quote: 'P <' },
      }),
    ).toThrow(/numeriranja/);
  });
});
