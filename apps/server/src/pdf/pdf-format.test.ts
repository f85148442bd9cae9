import { describe, expect, it } from 'vitest';
import { hrQuantity } from './pdf-format.ts';

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
