import { describe, expect, it } from 'vitest';
import { remnantReceipt, remnantUnitCost } from './remnant-cost.ts';

describe('remnant value', () => {
  it('takes the length share of a bar', () => {
    // 6000 mm bar at 120.00: a 1500 mm remnant is a quarter, 30.00.
    expect(
      remnantUnitCost('120', { kind: '1d', length: 6000, width: 0 }, { kind: '1d', length: 1500, width: 0 }),
    ).toBe('30.000000');
  });

  it('takes the area share of a sheet, to six decimals', () => {
    // 3210 x 2250 sheet at 500.00; remnant 1000 x 500: 500 * 500000 / 7222500 = 34.6140533...
    expect(
      remnantUnitCost(
        '500.00',
        { kind: '2d', length: 3210, width: 2250 },
        { kind: '2d', length: 1000, width: 500 },
      ),
    ).toBe('34.614053');
  });

  it('is zero for a parent without cost and never above the parent', () => {
    expect(
      remnantUnitCost('0', { kind: '1d', length: 6000, width: 0 }, { kind: '1d', length: 100, width: 0 }),
    ).toBe('0.000000');
    expect(
      remnantUnitCost('10', { kind: '1d', length: 100, width: 0 }, { kind: '1d', length: 200, width: 0 }),
    ).toBe('10.000000');
  });
});

describe('remnant receipt under the parent item', () => {
  const sheet = { kind: '2d' as const, length: 3210, width: 2250 };
  const bar = { kind: '1d' as const, length: 6500, width: 0 };

  it('a sheet kept in m²: the remnant area at the parent cost per m²', () => {
    // 1000 × 500 mm = 0.5 m² at 12.50 €/m²
    expect(remnantReceipt('m2', '12.5', sheet, { kind: '2d', length: 1000, width: 500 })).toEqual({
      quantity: '0.5000',
      unitCost: '12.500000',
    });
  });

  it('a bar kept in m: the remnant length at the parent cost per m', () => {
    // 1730 mm = 1.73 m at 4.20 €/m
    expect(remnantReceipt('m', '4.2', bar, { kind: '1d', length: 1730, width: 0 })).toEqual({
      quantity: '1.7300',
      unitCost: '4.200000',
    });
  });

  it('an item counted in pieces: one piece at its share of the piece cost', () => {
    // a 1625 mm remnant of a 6500 mm bar at 26.00 a bar: a quarter, 6.50
    expect(remnantReceipt('kom', '26', bar, { kind: '1d', length: 1625, width: 0 })).toEqual({
      quantity: '1.0000',
      unitCost: '6.500000',
    });
  });

  it('nothing for a unit the size does not give', () => {
    expect(remnantReceipt('kg', '3', bar, { kind: '1d', length: 1625, width: 0 })).toBeNull();
  });
});
