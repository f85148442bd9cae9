import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  formatNumberInput,
  formatPercent,
  formatQuantity,
  formatUnit,
  hundredth,
  localeOf,
  numberInputToApi,
  optionalNumberInputToApi,
  parseNumberInput,
  unitCodeOf,
} from './format.ts';

describe('formatting per language', () => {
  it('maps interface languages to locales, unknown ones to Croatian', () => {
    expect(localeOf('de')).toBe('de-DE');
    expect(localeOf('en-US')).toBe('en-GB');
    expect(localeOf('xx')).toBe('hr-HR');
  });

  it('writes a calendar date the same way in each language, Croatian "27. 11. 2026."', () => {
    const expected = {
      hr: '27. 11. 2026.',
      en: '27/11/2026',
      sl: '27. 11. 2026',
      de: '27.11.2026',
      it: '27/11/2026',
      cs: '27. 11. 2026',
    };
    for (const [lng, text] of Object.entries(expected)) {
      expect(formatDate('2026-11-27', lng)).toBe(text);
      // A date-only value is a calendar date: no shift by the time zone.
      expect(formatDate('2026-01-01', lng)).toContain('2026');
    }
    // Day and month padded in Croatian (CLDR "dd. MM. y."), not in Slovenian, German or Czech.
    expect(formatDate('2025-03-02', 'hr')).toBe('02. 03. 2025.');
    expect(formatDate('2025-03-02', 'sl')).toBe('2. 3. 2025');
    expect(formatDate('2025-03-02', 'de')).toBe('2.3.2025');
  });

  it('writes a moment as the date with hours and minutes, no seconds', () => {
    const at = new Date(2026, 10, 27, 14, 5, 9); // local time, as the screen shows it
    const expected = {
      hr: '27. 11. 2026. 14:05',
      en: '27/11/2026, 14:05',
      sl: '27. 11. 2026, 14:05',
      de: '27.11.2026, 14:05',
      it: '27/11/2026, 14:05',
      cs: '27. 11. 2026 14:05',
    };
    for (const [lng, text] of Object.entries(expected)) expect(formatDateTime(at, lng)).toBe(text);
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7), 'hr')).toBe('05. 01. 2026. 09:07');
  });

  it('writes a chart month short, with a two-digit year', () => {
    // Czech numbers the month: its CLDR month-and-year pattern spells the name out ("listopad 26",
    // "červenec 26"), wider than a dashboard chart's column.
    const expected = {
      hr: 'stu 26.',
      en: 'Nov 26',
      sl: 'nov. 26',
      de: 'Nov. 26',
      it: 'nov 26',
      cs: '11/26',
    };
    for (const [lng, text] of Object.entries(expected)) expect(formatMonth('2026-11', lng)).toBe(text);
    expect(formatMonth('2026-01', 'hr')).toBe('sij 26.');
  });

  it('shows a quantity with at most 4 decimals and no trailing zeros, in each language', () => {
    // The work order's planned 16.792272 m² (6 decimals from the BOM explosion) next to stock's 4.
    expect(formatQuantity('16.792272', 'hr')).toBe('16,7923');
    expect(formatQuantity('16.792272', 'en')).toBe('16.7923');
    expect(formatQuantity('16.79225', 'hr')).toBe('16,7923'); // half away from zero, on the string
    expect(formatQuantity('2.5000', 'hr')).toBe('2,5');
    expect(formatQuantity('3.0000', 'de')).toBe('3');
    expect(formatQuantity('0.1235', 'hr')).toBe('0,1235'); // Intl's default would cut it to 0,124
    expect(formatQuantity('1234.5', 'hr')).toBe('1.234,5');
    expect(formatQuantity('-1.25', 'en')).toBe('-1.25');
    expect(formatQuantity('12345678901234.123456', 'en')).toBe('12,345,678,901,234.1235');
  });

  it('formats decimal strings without float rounding', () => {
    expect(formatNumber('1234567.125', 'hr', { maximumFractionDigits: 3 })).toBe('1.234.567,125');
    expect(formatNumber('0.1', 'en')).toBe('0.1');
    expect(formatNumber('12345678901234567.89', 'en', { maximumFractionDigits: 2 })).toBe(
      '12,345,678,901,234,567.89',
    );
  });

  it('formats money per language', () => {
    expect(formatCurrency('1234.5', 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatCurrency('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatCurrency('1234.5', 'CZK', 'cs')).toBe('1\u00a0234,50\u00a0Kč');
  });
});

describe('typed numbers: one reading, one display', () => {
  const languages = ['hr', 'en', 'sl', 'de', 'it', 'cs'];

  it('reads the Croatian display format and the plain one', () => {
    expect(parseNumberInput('1.000,00', 'hr')).toBe('1000.00');
    expect(parseNumberInput('0,5', 'hr')).toBe('0.5');
    expect(parseNumberInput('1 000,5', 'hr')).toBe('1000.5');
    expect(parseNumberInput('1000.5', 'hr')).toBe('1000.5');
    expect(parseNumberInput('1,000.50', 'en')).toBe('1000.50');
    expect(parseNumberInput('1,000', 'en')).toBe('1000');
    expect(parseNumberInput('12 kom', 'hr')).toBeNull();
  });

  it('reads back every number exactly as each language displays it', () => {
    for (const lng of languages)
      for (const value of ['1234567.891', '0.5', '88.56', '144.929', '1000', '-12.25']) {
        const shown = formatNumberInput(value, lng);
        const read = parseNumberInput(shown, lng);
        expect(read, `${lng}: ${shown}`).toBe(value);
      }
  });

  it('puts saved values into inputs in the language format', () => {
    expect(formatNumberInput('88.56', 'hr')).toBe('88,56');
    expect(formatNumberInput('144.929', 'hr')).toBe('144,929');
    expect(formatNumberInput('1234.5', 'hr', 2)).toBe('1.234,50');
    expect(formatNumberInput('88.56', 'en')).toBe('88.56');
    expect(formatNumberInput('', 'hr')).toBe('');
    expect(formatNumberInput(null, 'hr')).toBe('');
  });

  it('hands unreadable text to the API unchanged and plain numbers as plain', () => {
    expect(numberInputToApi('2.351,76', 'hr')).toBe('2351.76');
    expect(numberInputToApi('abc', 'hr')).toBe('abc');
    expect(optionalNumberInputToApi('  ', 'hr')).toBeNull();
  });

  it('prints unit codes as symbols', () => {
    expect(formatUnit('m2')).toBe('m²');
    expect(formatUnit('m3')).toBe('m³');
    expect(formatUnit('kom')).toBe('kom');
    expect(formatUnit('kom', 'de')).toBe('Stk.');
    expect(unitCodeOf('pcs', 'en')).toBe('kom');
    expect(formatUnit(null)).toBe('');
    expect(unitCodeOf('m²')).toBe('m2');
    expect(unitCodeOf('M3')).toBe('m3');
    expect(unitCodeOf('kom')).toBe('kom');
  });
});

describe('percents (the API sends 0..100)', () => {
  it('prints an API percent as a percent, not as a hundredfold fraction', () => {
    expect(formatPercent('50.0', 'hr')).toBe('50\u00a0%');
    expect(formatPercent('66.7', 'en')).toBe('66.7%');
    expect(formatPercent('100.0', 'de')).toBe('100\u00a0%');
    expect(formatPercent('12.5', 'cs')).toBe('12,5\u00a0%');
  });

  it('divides by 100 exactly by moving the point, for any length and sign', () => {
    const cases: [string, string][] = [
      ['66.7', '0.667'],
      ['5', '0.05'],
      ['-5', '-0.05'],
      ['100.0', '1.000'],
      ['12345.678', '123.45678'],
      ['0.1', '0.001'],
    ];
    for (const [value, expected] of cases) expect(hundredth(value), value).toBe(expected);
    // Compared with the decimal string read as a number, never a float result of our own.
    for (const [value] of cases) expect(Number(hundredth(value)) * 100).toBeCloseTo(Number(value), 9);
    expect(formatPercent('33.35', 'en')).toBe('33.4%');
  });

  it('writes the sign as each language does: after a no-break space, or right after the number in en and it', () => {
    const waste = (lng: string) =>
      formatPercent('8.6796', lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(['hr', 'en', 'sl', 'de', 'it', 'cs'].map(waste)).toEqual([
      '8,68\u00a0%',
      '8.68%',
      '8,68\u00a0%',
      '8,68\u00a0%',
      '8,68%',
      '8,68\u00a0%',
    ]);
    expect(formatPercent('-63.2', 'en', { signDisplay: 'always' })).toBe('-63.2%');
    expect(formatPercent('12.5', 'de', { signDisplay: 'always' })).toBe('+12,5\u00a0%');
    expect(formatPercent('25', 'it')).toBe('25%');
  });
});
