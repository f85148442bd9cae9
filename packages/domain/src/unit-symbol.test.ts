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
  it('prints the piece (kom) as each interface language abbreviates it and reads that back to kom', () => {
    const pieces = ['hr', 'en', 'sl', 'de', 'it', 'cs'].map((lng) => unitSymbol('kom', lng));
    expect(pieces).toEqual(['kom', 'pcs', 'kos', 'Stk.', 'pz', 'ks']);
    expect(unitCodeOf('pcs', 'en')).toBe('kom');
    expect(unitCodeOf(' stk. ', 'de')).toBe('kom');
    expect(unitCodeOf('kom', 'de')).toBe('kom');
    expect(unitSymbol('m2', 'de')).toBe('m²');
    // Without a language (the printed documents, which are Croatian) the code as it is.
    expect(unitSymbol('kom')).toBe('kom');
    expect(unitCodeOf('pcs')).toBe('pcs');
  });
});
