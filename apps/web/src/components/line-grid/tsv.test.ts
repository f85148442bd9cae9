import { describe, expect, it } from 'vitest';
import { isTabular, parseTsv } from './tsv.ts';

describe('parseTsv', () => {
  it('splits rows and cells, ignoring the trailing line break', () => {
    expect(parseTsv('A1\t2\t3,50\r\nB2\t1\t4\r\n')).toEqual([
      ['A1', '2', '3,50'],
      ['B2', '1', '4'],
    ]);
  });

  it('keeps empty cells in place', () => {
    expect(parseTsv('A\t\t5\n\tx\t')).toEqual([
      ['A', '', '5'],
      ['', 'x', ''],
    ]);
  });

  it('reads quoted cells with tabs, line breaks and doubled quotes', () => {
    expect(parseTsv('"Staklo ""4 mm""\tkaljeno"\t2\n"dva\nretka"\t1')).toEqual([
      ['Staklo "4 mm"\tkaljeno', '2'],
      ['dva\nretka', '1'],
    ]);
  });
});

describe('isTabular', () => {
  it('is false for one value with or without a trailing newline', () => {
    expect(isTabular('12,5')).toBe(false);
    expect(isTabular('12,5\n')).toBe(false);
  });
  it('is true for several cells or rows', () => {
    expect(isTabular('a\tb')).toBe(true);
    expect(isTabular('a\nb')).toBe(true);
  });
});
