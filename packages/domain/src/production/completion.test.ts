import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { type CompletionMaterialInput, planCompletion, splitByWeights } from './completion.ts';
import { Dec } from './decimal.ts';

// A work order with an insulating unit line (L1, 2 pcs) and a window line (L2, 1 pc) that contains
// one unit. Glass and profile were cut by cutting lists; spacer and hardware are backflushed.
const glass: CompletionMaterialInput = {
  itemId: 'glass',
  sku: 'FLOAT4',
  planned: '3',
  avgCost: '20',
  // L1 needs 2 m², the window's nested unit 1 m²
  lineShares: { L1: '2', L2: '1' },
  cut: { quantity: '14.445', value: '288.90', lists: ['7'] },
};
const profile: CompletionMaterialInput = {
  itemId: 'profile',
  sku: 'PROF70',
  planned: '5.2',
  avgCost: '4',
  lineShares: { L2: '5.2' },
  cut: { quantity: '6.5', value: '22.00', lists: ['8'] },
};
const spacer: CompletionMaterialInput = {
  itemId: 'spacer',
  sku: 'DIST16',
  planned: '6',
  avgCost: '1.5',
  lineShares: { L1: '4', L2: '2' },
  cut: null,
};
const hinge: CompletionMaterialInput = {
  itemId: 'hinge',
  sku: 'OKOV',
  planned: '1',
  avgCost: '12.34',
  lineShares: { L2: '1' },
  cut: null,
};
const lines = [
  { lineId: 'L1', quantity: '2' },
  { lineId: 'L2', quantity: '1' },
];
const operations = [
  { lineId: 'L1', minutes: '30', costPerHour: '30' }, // 15.00
  { lineId: 'L2', minutes: '45', costPerHour: '40' }, // 30.00
  { lineId: 'L2', minutes: '6', costPerHour: '24' }, // 2.40 (the nested unit's assembly)
];

describe('planCompletion', () => {
  it('consumes only what no cutting list covered and costs each line by its own materials and labour', () => {
    const plan = planCompletion({ materials: [glass, profile, spacer, hinge], lines, operations });
    const byItem = Object.fromEntries(plan.materials.map((m) => [m.itemId, m]));
    expect(byItem.glass?.consumeNow.toString()).toBe('0');
    expect(byItem.glass?.cutValue.toString()).toBe('288.9');
    expect(byItem.profile?.consumeNow.toString()).toBe('0');
    expect(byItem.spacer?.consumeNow.toString()).toBe('6');
    expect(byItem.hinge?.consumeNow.toString()).toBe('1');
    // L1: glass 288.90 × 2/3 = 192.60, spacer 9.00 × 4/6 = 6.00, labour 15.00 → 213.60 / 2 = 106.80
    // L2: glass 96.30, profile 22.00, spacer 3.00, hinge 12.34, labour 32.40 → 166.04
    const [l1, l2] = plan.lines;
    expect(l1?.materialCost.toString()).toBe('198.6');
    expect(l1?.labourCost.toString()).toBe('15');
    expect(l1?.unitCost.toString()).toBe('106.8');
    expect(l2?.materialCost.toString()).toBe('133.64');
    expect(l2?.labourCost.toString()).toBe('32.4');
    expect(l2?.unitCost.toString()).toBe('166.04');
    expect(plan.materialCost.toString()).toBe('332.24');
    expect(plan.labourCost.toString()).toBe('47.4');
  });

  it('takes the actual quantity of a backflushed material, rounded to 4 places', () => {
    const plan = planCompletion({
      materials: [{ ...spacer, actual: '6.12345' }],
      lines,
      operations: [],
    });
    expect(plan.materials[0]?.consumeNow.toString()).toBe('6.1235');
    // 6.1235 × 1.5 = 9.18525, shared 4 : 2
    expect(plan.lines[0]?.materialCost.toString()).toBe('6.1235');
    expect(plan.lines[1]?.materialCost.toString()).toBe('3.06175');
  });

  it('refuses an actual quantity for a material a cutting list consumed, naming the lists', () => {
    const run = () =>
      planCompletion({ materials: [spacer, { ...glass, actual: '3' }], lines, operations: [] });
    expect(run).toThrow(AppError);
    try {
      run();
    } catch (e) {
      expect((e as AppError).details).toEqual([
        { field: 'actual.1', key: 'validation.materialCutAlready', params: { item: 'FLOAT4', lists: '7' } },
      ]);
    }
  });

  it('spreads what belongs to no produced line (old orders, operations without a line) by quantity', () => {
    const plan = planCompletion({
      materials: [{ ...spacer, lineShares: null }],
      lines,
      operations: [{ lineId: null, minutes: '60', costPerHour: '30' }],
    });
    // spacer 9.00 and labour 30.00 split 2 : 1
    expect(plan.lines.map((l) => [l.materialCost.toString(), l.labourCost.toString()])).toEqual([
      ['6', '20'],
      ['3', '10'],
    ]);
  });

  it('the lines always add up to the order: materials and labour, whatever the shares', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((c) => new Dec(c).div(100).toString());
    const qty = fc.integer({ min: 1, max: 1_000_000 }).map((c) => new Dec(c).div(1000).toString());
    fc.assert(
      fc.property(
        fc.array(qty, { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.record({
            planned: qty,
            avg: amount,
            cutValue: fc.option(amount),
            shares: fc.array(fc.option(qty), { minLength: 5, maxLength: 5 }),
          }),
          { maxLength: 6 },
        ),
        fc.array(fc.record({ line: fc.nat(6), minutes: qty, rate: amount }), { maxLength: 6 }),
        (lineQty, mats, ops) => {
          const ids = lineQty.map((_, i) => `L${i}`);
          const plan = planCompletion({
            lines: lineQty.map((q, i) => ({ lineId: `L${i}`, quantity: q })),
            materials: mats.map((m, i) => ({
              itemId: `M${i}`,
              sku: `M${i}`,
              planned: m.planned,
              avgCost: m.avg,
              lineShares: Object.fromEntries(m.shares.flatMap((s, j) => (s === null ? [] : [[`L${j}`, s]]))),
              cut: m.cutValue === null ? null : { quantity: '1', value: m.cutValue, lists: ['1'] },
            })),
            operations: ops.map((o) => ({
              lineId: ids[o.line] ?? null,
              minutes: o.minutes,
              costPerHour: o.rate,
            })),
          });
          const sum = (f: (l: (typeof plan.lines)[number]) => Dec) =>
            plan.lines.reduce((a, l) => a.plus(f(l)), new Dec(0));
          expect(
            sum((l) => l.materialCost)
              .minus(plan.materialCost)
              .abs()
              .lt('1e-20'),
          ).toBe(true);
          expect(
            sum((l) => l.labourCost)
              .minus(plan.labourCost)
              .abs()
              .lt('1e-20'),
          ).toBe(true);
          for (const m of plan.materials) expect(m.consumeNow.isZero() || m.cutValue.isZero()).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('splitByWeights', () => {
  it('splits in proportion and gives the rest to the last share', () => {
    const parts = splitByWeights(
      new Dec('10'),
      new Map([
        ['a', new Dec(1)],
        ['b', new Dec(0)],
        ['c', new Dec(2)],
      ]),
    );
    expect([...parts.keys()]).toEqual(['a', 'c']);
    expect(
      parts
        .get('a')
        ?.plus(parts.get('c') ?? 0)
        .toString(),
    ).toBe('10');
    expect(parts.get('a')?.toDecimalPlaces(6).toString()).toBe('3.333333');
    expect(splitByWeights(new Dec(5), new Map()).size).toBe(0);
  });
});
