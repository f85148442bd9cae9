import { describe, expect, it } from 'vitest';
import { remnantUnitCost } from './remnant-cost.ts';

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
