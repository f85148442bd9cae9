import { describe, expect, it } from 'vitest';
import { unitCodeOf, unitSymbol } from './unit-symbol.ts';

describe('unit symbols', () => {
  it('prints m2 and m3 as m² and m³, other codes as they are', () => {
    expect(unitSymbol('m2')).toBe('m²');
    expect(unitSymbol('M3')).toBe('m³');
    expect(unitSymbol('kom')).toBe('kom');
    expect(unitSymbol(null)).toBe('');
  });
  it('reads a symbol back to its code', () => {
    expect(unitCodeOf('m²')).toBe('m2');
    expect(unitCodeOf(' m3 ')).toBe('m3');
    expect(unitCodeOf('kg')).toBe('kg');
  });
});
