import { describe, expect, it } from 'vitest';
import { decimalInputToApi, parseDecimalInput } from './number-input.ts';

describe('parseDecimalInput (one rule for typed amounts and quantities)', () => {
  it.each([
    ['1.000,00', '1000.00'],
    ['0,5', '0.5'],
    ['1 000,5', '1000.5'],
    ['1\u00a0000,5', '1000.5'],
    ['1\u202f234\u202f567,891', '1234567.891'],
    ['1000.5', '1000.5'],
    ['88.56', '88.56'],
    ['144,929', '144.929'],
    ['1.234.567', '1234567'],
    ['1.234.567,5', '1234567.5'],
    ['1,000.50', '1000.50'],
    ['  42 ', '42'],
    ['007', '7'],
    [',5', '0.5'],
    ['-12,5', '-12.5'],
    ['\u221212,5', '-12.5'],
    ['2.351,76', '2351.76'],
  ])('reads %j as %j', (text, expected) => {
    expect(parseDecimalInput(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12a',
    '1.00,5',
    '1,2,3.4',
    '1.000,00,0',
    '1,5.000,0',
    '1.2.3',
    '--5',
    '5-',
    '1e3',
    '.',
    ',',
    '12,',
  ])('refuses %j', (text) => {
    expect(parseDecimalInput(text)).toBeNull();
  });

  it("on a screen, reads the language's thousands separator before three digits as it is shown", () => {
    // Croatian shows one thousand as "1.000", English as "1,000".
    expect(parseDecimalInput('1.000', ',')).toBe('1000');
    expect(parseDecimalInput('-12.500', ',')).toBe('-12500');
    expect(parseDecimalInput('1,000', '.')).toBe('1000');
    // Decimals stay decimals: the decimal separator itself, a zero group, other digit counts.
    expect(parseDecimalInput('1,000', ',')).toBe('1.000');
    expect(parseDecimalInput('0.125', ',')).toBe('0.125');
    expect(parseDecimalInput('1.5', ',')).toBe('1.5');
    expect(parseDecimalInput('1000.5', ',')).toBe('1000.5');
    expect(parseDecimalInput('1,5', '.')).toBe('1.5');
    expect(parseDecimalInput('1.000,5', '.')).toBe('1000.5');
  });

  it('in API bodies (no language), a single separator is always the decimal one', () => {
    expect(parseDecimalInput('1.000')).toBe('1.000');
    expect(parseDecimalInput('2,500')).toBe('2.500');
  });

  it('passes unreadable text through to the API untouched (the server names the field)', () => {
    expect(decimalInputToApi('1.000,00')).toBe('1000.00');
    expect(decimalInputToApi(' 12x ')).toBe('12x');
  });
});
