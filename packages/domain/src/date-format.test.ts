import { describe, expect, it } from 'vitest';
import { formatDateAs, languageLocale } from './date-format.ts';

// The one date rule of screens and printed documents (web lib/format.ts, server pdf-format.ts).
describe('formatDateAs', () => {
  it('writes a calendar date in each language as the screens do', () => {
    const expected = {
      hr: '27. 11. 2026.',
      en: '27/11/2026',
      sl: '27. 11. 2026',
      de: '27.11.2026',
      it: '27/11/2026',
      cs: '27. 11. 2026',
    };
    for (const [lng, text] of Object.entries(expected))
      expect(formatDateAs('date', '2026-11-27', lng)).toBe(text);
  });

  it('keeps a calendar date on its day in any time zone', () => {
    expect(formatDateAs('date', '2026-01-01', 'hr', 'Pacific/Kiritimati')).toBe('01. 01. 2026.');
    expect(formatDateAs('date', '2026-01-01', 'hr', 'Pacific/Pago_Pago')).toBe('01. 01. 2026.');
  });

  it('writes a timestamp as the moment in the zone asked for', () => {
    const at = '2026-12-31T23:30:00.000Z';
    expect(formatDateAs('date', at, 'hr', 'Europe/Zagreb')).toBe('01. 01. 2027.');
    expect(formatDateAs('date', at, 'hr', 'UTC')).toBe('31. 12. 2026.');
    expect(formatDateAs('dateTime', new Date(at), 'hr', 'Europe/Zagreb')).toBe('01. 01. 2027. 00:30');
    expect(formatDateAs('month', '2026-11-01', 'en')).toBe('Nov 26');
  });

  it('writes a chart month in at most 8 characters in every language', () => {
    // Twelve months share a dashboard chart's width: Czech's month-and-year pattern spelled the name
    // out ("červenec 26", 11 characters), so Czech numbers the month ("7/26").
    for (const lng of ['hr', 'en', 'sl', 'de', 'it', 'cs'])
      for (let month = 1; month <= 12; month++) {
        const text = formatDateAs('month', `2026-${String(month).padStart(2, '0')}-01`, lng);
        expect(text.length, `${lng} ${text}`).toBeLessThanOrEqual(8);
      }
    expect(formatDateAs('month', '2026-07-01', 'cs')).toBe('7/26');
    expect(formatDateAs('month', '2026-11-01', 'hr')).toBe('stu 26.');
  });

  it('maps languages to locales, unknown ones to Croatian', () => {
    expect(languageLocale('de')).toBe('de-DE');
    expect(languageLocale('en-US')).toBe('en-GB');
    expect(languageLocale('xx')).toBe('hr-HR');
  });
});
