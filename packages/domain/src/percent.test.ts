import { describe, expect, it } from 'vitest';
import { percentOf } from './percent.ts';

describe('percentOf (percent 0..100, one decimal)', () => {
  it('computes percents, rounding half up', () => {
    expect(percentOf(2, 3)).toBe('66.7');
    expect(percentOf(1, 3)).toBe('33.3');
    expect(percentOf(1, 8)).toBe('12.5');
    expect(percentOf(1, 1)).toBe('100.0');
    expect(percentOf('0.0005', 1)).toBe('0.1');
    expect(percentOf(0, 4)).toBe('0.0');
  });
  it('is null, not zero, when there is nothing to measure', () => {
    expect(percentOf(0, 0)).toBeNull();
  });
});
