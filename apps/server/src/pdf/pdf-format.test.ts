import { formatDateAs } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { hrDate, hrQuantity } from './pdf-format.ts';

describe('printed quantities', () => {
  it('print at most 4 decimals, rounded half up, without trailing zeros, as the screens show them', () => {
    expect(hrQuantity('3.357218')).toBe('3,3572');
    expect(hrQuantity('16.792272')).toBe('16,7923');
    expect(hrQuantity('16.79225')).toBe('16,7923');
    expect(hrQuantity('-16.79225')).toBe('-16,7923');
    expect(hrQuantity('2.5000')).toBe('2,5');
    expect(hrQuantity('1234.1235')).toBe('1.234,1235');
    expect(hrQuantity('7')).toBe('7');
  });
});

describe('printed dates', () => {
  // PDFs printed "27.11.2026." while every screen shows "27. 11. 2026." (web formatDate).
  it('print as the Croatian screens show them, by the same domain rule', () => {
    expect(hrDate('2026-11-27')).toBe('27. 11. 2026.');
    expect(hrDate('2025-03-02')).toBe('02. 03. 2025.');
    expect(formatDateAs('date', '2026-11-27', 'hr')).toBe(hrDate('2026-11-27'));
    expect(hrDate(null)).toBe('');
  });

  it("print a timestamp's day in Zagreb, not the server's zone", () => {
    // 23:30 UTC on 31 December is already 1 January in Zagreb.
    expect(hrDate('2026-12-31T23:30:00.000Z')).toBe('01. 01. 2027.');
    expect(hrDate(new Date('2026-06-30T21:59:00.000Z'))).toBe('30. 06. 2026.');
  });
});
