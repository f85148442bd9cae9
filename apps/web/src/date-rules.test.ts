import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from './i18n-tests/source-scan.ts';

// One rule per kind of date (calendar date, date with time, chart month), written only in
// lib/format.ts (formatDate, formatDateTime, formatMonth): a screen that formats a date itself
// ("27. stu 2026." next to "27. 11. 2026.") fails here.
const OWN_DATE_FORMAT =
  /\bIntl\.DateTimeFormat\b|\.toLocale(?:Date|Time)?String\(|\b(?:dateStyle|timeStyle)\s*:|from\s+'(?:date-fns|dayjs|moment|luxon)[^']*'/;
const FORMATTER = 'lib/format.ts';

describe('dates are formatted only by lib/format.ts', () => {
  it('recognises a screen formatting a date its own way', () => {
    expect(OWN_DATE_FORMAT.test("new Intl.DateTimeFormat('hr-HR', { month: 'long' })")).toBe(true);
    expect(OWN_DATE_FORMAT.test('{d.toLocaleDateString()}')).toBe(true);
    expect(OWN_DATE_FORMAT.test('new Date(x).toLocaleString(lng)')).toBe(true);
    expect(OWN_DATE_FORMAT.test("formatDate(x, lng, { dateStyle: 'medium' })")).toBe(true);
    expect(OWN_DATE_FORMAT.test("import { format } from 'date-fns';")).toBe(true);
    expect(OWN_DATE_FORMAT.test('formatDateTime(v.created_at, i18n.language)')).toBe(false);
    expect(OWN_DATE_FORMAT.test('formatNumber(value, lng, { maximumFractionDigits: 4 })')).toBe(false);
  });

  it('no other source file formats dates', () => {
    const files = sourceFiles(SRC_DIR).map((f) => relative(SRC_DIR, f));
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(FORMATTER);
    const wrong = files
      .filter((f) => f !== FORMATTER)
      .flatMap((f) =>
        readFileSync(`${SRC_DIR}/${f}`, 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.trim(), at: i + 1 }))
          .filter(({ line }) => !line.startsWith('//') && OWN_DATE_FORMAT.test(line))
          .map(({ line, at }) => `${f}:${at}: ${line}`),
      );
    expect(wrong).toEqual([]);
  });
});
