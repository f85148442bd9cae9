import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from './i18n-tests/source-scan.ts';

// A quantity is shown with at most 4 decimals (formatQuantity in lib/format.ts, the stored
// precision of stock): a screen asking Intl for 5 or more ("16,792272 m²" next to "16,7923")
// fails here. Inputs keep their 6 through formatNumberInput, inside lib/format.ts.
const MORE_THAN_FOUR = /maximumFractionDigits\s*:\s*(?:[5-9]|\d{2})\b/;
const FORMATTER = 'lib/format.ts';

describe('quantities show at most 4 decimals', () => {
  it('recognises a screen asking for more', () => {
    expect(MORE_THAN_FOUR.test('formatNumber(v, lng, { maximumFractionDigits: 6 })')).toBe(true);
    expect(MORE_THAN_FOUR.test('{ maximumFractionDigits:10 }')).toBe(true);
    expect(MORE_THAN_FOUR.test('formatNumber(v, lng, { maximumFractionDigits: 4 })')).toBe(false);
    expect(MORE_THAN_FOUR.test('formatQuantity(v.planned_qty, i18n.language)')).toBe(false);
  });

  it('no source file outside lib/format.ts shows more than 4 decimals', () => {
    const files = sourceFiles(SRC_DIR).map((f) => relative(SRC_DIR, f));
    expect(files).toContain(FORMATTER);
    const wrong = files
      .filter((f) => f !== FORMATTER)
      .flatMap((f) =>
        readFileSync(`${SRC_DIR}/${f}`, 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.trim(), at: i + 1 }))
          .filter(({ line }) => MORE_THAN_FOUR.test(line))
          .map(({ line, at }) => `${f}:${at}: ${line}`),
      );
    expect(wrong).toEqual([]);
  });
});
