import { describe, expect, it } from 'vitest';
import { baseQuantity, rescalePrice, wholeUnitsFor } from './purchase-units.ts';

// Figures worked out by hand: a 3210 × 2250 mm glass sheet is 7.2225 m².
describe('purchase units', () => {
  it('books a quantity of a unit in base units, half up to 4 decimals', () => {
    expect(baseQuantity('5', '7.2225').toFixed()).toBe('36.1125');
    expect(baseQuantity('0.5', '7.2225').toFixed()).toBe('3.6113'); // 3.61125
    expect(baseQuantity('1', '0.00005').toFixed()).toBe('0.0001');
    expect(baseQuantity('1', '0.00001').isZero()).toBe(true);
  });

  it('rounds a base quantity up to whole purchase units', () => {
    expect(wholeUnitsFor('30', '7.2225').toFixed()).toBe('5'); // 4.15…
    expect(wholeUnitsFor('14.445', '7.2225').toFixed()).toBe('2'); // exactly 2
    expect(wholeUnitsFor('0.0001', '50').toFixed()).toBe('1');
  });

  it('moves a price from one unit to another through the factors', () => {
    expect(rescalePrice('10', 1, '7.2225').toFixed()).toBe('72.225'); // €/m² → € a sheet
    expect(rescalePrice('72.225', '7.2225', 1).toFixed()).toBe('10'); // and back
    expect(rescalePrice('12.5', '50', '2000').toFixed()).toBe('500'); // a box of 50 → a pallet of 2000
    expect(rescalePrice('1', '3', 1).toFixed()).toBe('0.3333'); // 4 decimals, half up
  });
});
