import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, namespaces, readLocale } from './i18n-tests/locale-files.ts';
import { SRC_DIR, sourceFiles } from './i18n-tests/source-scan.ts';

// A percent on a screen is written by lib/format.ts (formatPercent), in the language's convention:
// "25 %" with a no-break space in hr, sl, de and cs, "25%" in en and it. A sign appended by hand
// (`${n} %`) printed "8.68 %" on English screens, next to "100%" from formatPercent on the same
// dashboard, and let the line break between the number and its sign on a phone.
const HAND_MADE_PERCENT = /\}\s+%/;
const FORMATTER = 'lib/format.ts';

describe('percents are formatted only by lib/format.ts', () => {
  it('recognises a number with a percent sign appended by hand', () => {
    // Source lines as the scan reads them ("$" and "{" apart, so this file is not a template).
    const line = (text: string) => text.replaceAll('$(', '${');
    expect(HAND_MADE_PERCENT.test(line('`$(fmt(f.wastePercent, 2)} %`'))).toBe(true);
    expect(HAND_MADE_PERCENT.test('{formatNumber(l.vat_rate)} %</td>')).toBe(true);
    expect(HAND_MADE_PERCENT.test(line('label: `$(r} %`'))).toBe(true);
    expect(HAND_MADE_PERCENT.test('formatPercent(j.waste_percent, lng)')).toBe(false);
    // A width in CSS is not a percent shown to anyone.
    expect(HAND_MADE_PERCENT.test(line('style={{ width: `$(percent}%` }}'))).toBe(false);
  });

  it('no other source file appends a percent sign to a number', () => {
    const files = sourceFiles(SRC_DIR)
      .map((f) => relative(SRC_DIR, f))
      .filter((f) => f !== FORMATTER && !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.flatMap((f) =>
      readFileSync(`${SRC_DIR}/${f}`, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: i + 1 }))
        .filter(({ line }) => !line.startsWith('//') && HAND_MADE_PERCENT.test(line))
        .map(({ line, at }) => `${f}:${at}: ${line}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('English and Italian texts write the percent sign right after the number', () => {
  // "VAT {{rate}}%", "0%": no space, as Intl's en-GB and it-IT percent formats do.
  const SPACED = /(?:\d|\}\})[ \u00a0]%/;
  for (const lng of ['en', 'it']) {
    it(lng, () => {
      const wrong = namespaces().flatMap((ns) =>
        [...flatten(readLocale(lng, ns))]
          .filter(([, text]) => SPACED.test(text))
          .map(([key, text]) => `${ns}:${key} ${text}`),
      );
      expect(wrong).toEqual([]);
    });
  }
});
