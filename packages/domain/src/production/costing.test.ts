import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureBoms, IGU, WINDOW } from './bom.fixtures.ts';
import { explodeBom } from './bom.ts';
import { MarginError, type RoutingStepCost, rollUpCost } from './costing.ts';

const AVERAGE_COST: Record<string, string> = {
  FLOAT4: '12.00',
  SPACER16: '0.85',
  CORNER16: '0.10',
  BUTYL: '0.05',
  ARGON: '0.02',
  FRAME70: '4.50',
  HINGESET: '6.00',
  // GASKET has no cost yet
};
const ROUTINGS: Record<string, RoutingStepCost[]> = {
  'WIN-PVC': [
    { processId: 'CUT', setupMinutes: '10', minutesPerUnit: '2', costPerHour: '30' },
    { processId: 'WELD', setupMinutes: '5', minutesPerUnit: '6', costPerHour: '36' },
  ],
  'IGU-4-16AR-4': [{ processId: 'ASSEMBLE', setupMinutes: '15', minutesPerUnit: '12', costPerHour: '24' }],
};

const windowCost = (marginPct: string) =>
  rollUpCost({
    explosion: explodeBom({
      productId: 'WIN-PVC',
      quantity: 2,
      values: { W: 1000, H: 800 },
      bomOf: fixtureBoms(WINDOW, IGU),
    }),
    averageCost: (id) => AVERAGE_COST[id],
    routingOf: (id) => ROUTINGS[id] ?? [],
    marginPct,
  });

describe('cost roll-up, hand-computed', () => {
  it('two PVC windows 1000 × 800: materials at average cost, labour of window and glass unit', () => {
    const cost = windowCost('30');
    expect(
      Object.fromEntries(cost.materials.map((m) => [m.itemId, [m.amount.toFixed(2), m.missingCost]])),
    ).toEqual({
      FLOAT4: ['32.08', false], // 2.6729472 m2 × 12.00
      SPACER16: ['5.40', false], // 6.352 m × 0.85
      CORNER16: ['0.80', false],
      BUTYL: ['0.64', false], // 12.704 × 0.05 = 0.6352
      ARGON: ['0.44', false], // 21.8393472 × 0.02
      FRAME70: ['33.27', false], // 7.39296 × 4.50 = 33.26832
      HINGESET: ['24.00', false],
      GASKET: ['0.00', true],
    });
    expect(cost.labour.map((l) => [l.itemId, l.processId, l.minutes.toFixed(), l.amount.toFixed(2)])).toEqual(
      [
        ['WIN-PVC', 'CUT', '14', '7.00'],
        ['WIN-PVC', 'WELD', '17', '10.20'],
        ['IGU-4-16AR-4', 'ASSEMBLE', '39', '15.60'],
      ],
    );
    expect(cost.materialCost.toFixed(2)).toBe('96.63');
    expect(cost.labourCost.toFixed(2)).toBe('32.80');
    expect(cost.totalCost.toFixed(2)).toBe('129.43');
    expect(cost.unitCost.toFixed(2)).toBe('64.72'); // 64.715 rounded half up
    expect(cost.suggestedUnitPrice.toFixed(2)).toBe('92.45'); // 64.715 / 0.70
    expect(cost.suggestedTotalPrice.toFixed(2)).toBe('184.90');
  });

  it('refuses margins outside [0, 100)', () => {
    expect(() => windowCost('100')).toThrow(MarginError);
    expect(() => windowCost('-1')).toThrow(MarginError);
    expect(windowCost('0').suggestedUnitPrice.toFixed(2)).toBe('64.72');
  });
});

describe('cost roll-up properties', () => {
  it('totals add up, price covers cost and gives back the margin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 300, max: 3000 }),
        fc.integer({ min: 300, max: 3000 }),
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 0, max: 10000 }).map((c) => (c / 100).toFixed(2)),
        (quantity, W, H, margin, glassPrice) => {
          const cost = rollUpCost({
            explosion: explodeBom({
              productId: 'WIN-PVC',
              quantity,
              values: { W, H },
              bomOf: fixtureBoms(WINDOW, IGU),
            }),
            averageCost: (id) => (id === 'FLOAT4' ? glassPrice : AVERAGE_COST[id]),
            routingOf: (id) => ROUTINGS[id] ?? [],
            marginPct: margin,
          });
          expect(cost.materials).toHaveLength(8);
          expect(cost.totalCost.eq(cost.materialCost.add(cost.labourCost))).toBe(true);
          expect(
            cost.materialCost.eq(cost.materials.reduce((s, m) => s.add(m.amount), cost.materialCost.mul(0))),
          ).toBe(true);
          expect(cost.suggestedUnitPrice.gte(cost.unitCost)).toBe(true);
          // price × (1 − m) is the unit cost, within the two roundings to a cent
          const back = cost.suggestedUnitPrice.mul(1 - margin / 100);
          expect(back.sub(cost.totalCost.div(quantity)).abs().lte(0.005)).toBe(true);
        },
      ),
    );
  });
});
