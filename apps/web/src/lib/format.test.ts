import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber, localeOf } from './format.ts';

describe('formatting per language', () => {
  it('maps interface languages to locales, unknown ones to Croatian', () => {
    expect(localeOf('de')).toBe('de-DE');
    expect(localeOf('en-US')).toBe('en-GB');
    expect(localeOf('xx')).toBe('hr-HR');
  });

  it('formats dates in Croatian and English', () => {
    expect(formatDate('2025-01-15', 'hr')).toBe('15. siječnja 2025.');
    expect(formatDate('2025-01-15', 'en')).toBe('15 January 2025');
    expect(formatDate('2025-03-02', 'de')).toBe('2. März 2025');
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
