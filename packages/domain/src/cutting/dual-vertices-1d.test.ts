import { describe, expect, it } from 'vitest';
import { cpuMs as cpu, lcgInstance } from './brute-force.fixture.ts';
import { type LpSolution, type Pattern, solveCuttingLp } from './column-generation.ts';
import { averageDuals, optimalDualVertices } from './dual-vertices-1d.ts';
import { createRng } from './prng.ts';

const dot = (counts: readonly number[], y: readonly number[]): number =>
  counts.reduce((s, c, i) => s + c * (y[i] as number), 0);

/**
 * The LP's own checks of a dual point: no known pattern that its duals price at most at its cost
 * is priced above it; prices never rise from a longer size to a shorter one, none is negative
 * (the LP's unit columns); and it prices the demand at the LP's value.
 */
function expectOptimalDual(
  y: readonly number[],
  lp: LpSolution,
  sizes: readonly number[],
  demand: readonly number[],
  pool: readonly Pattern[],
): void {
  const y0 = lp.dual as number[];
  for (const p of pool) {
    if (dot(p.counts, y0) > p.cost + 1e-7) continue;
    expect(dot(p.counts, y)).toBeLessThanOrEqual(p.cost + 1e-7);
  }
  const order = sizes.map((_, i) => i).sort((a, b) => (sizes[b] as number) - (sizes[a] as number));
  for (let k = 0; k + 1 < order.length; k++)
    expect(y[order[k] as number]).toBeGreaterThanOrEqual((y[order[k + 1] as number] as number) - 1e-9);
  expect(y[order[order.length - 1] as number]).toBeGreaterThanOrEqual(-1e-9);
  expect(dot(demand, y)).toBeCloseTo(dot(demand, y0), 7);
  expect(dot(demand, y)).toBeCloseTo(lp.value, 7);
}

/** A random instance's LP (pieces of 200-450 on bars of 1 000) and `count` walk directions from it. */
function walkFrom(pieces: number, seed: number, count: number, signed = false) {
  const { sizes, demand } = lcgInstance(pieces, 200, 450, seed);
  const lp = solveCuttingLp(sizes, demand, [{ capacity: 1000, cost: 1 }], cpu() + 5000, cpu) as LpSolution;
  const result = optimalDualVertices(
    { sizes, demand, capacity: 1000, cost: 1, lp, patterns: lp.patterns },
    count,
    createRng(seed),
    cpu() + 5000,
    cpu,
    signed,
  );
  return { sizes, demand, lp, result };
}

describe('optimal dual vertices from the LP basis', () => {
  it('finds both vertices of a hand-solved degenerate optimum', () => {
    // Bar 10, one piece of 6 and one of 4: the optimum is one bar {6, 4} (value 1), a degenerate
    // basis (two rows, one pattern at a positive level). The optimal duals are y6 + y4 = 1 with
    // y6 ≥ y4 ≥ 0 ({6} and {4} alone cost a bar each): the segment from (1, 0) to (0.5, 0.5).
    const sizes = [6, 4];
    const demand = [1, 1];
    const lp = solveCuttingLp(sizes, demand, [{ capacity: 10, cost: 1 }], cpu() + 2000, cpu) as LpSolution;
    expect(lp.value).toBeCloseTo(1, 9);
    const found = optimalDualVertices(
      { sizes, demand, capacity: 10, cost: 1, lp, patterns: lp.patterns },
      8,
      createRng(3),
      cpu() + 2000,
      cpu,
    );
    const points = [lp.dual as number[], ...found.vertices].map((y) =>
      y.map((v) => Math.round(v * 1e6) / 1e6),
    );
    points.sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(points).toEqual([
      [0.5, 0.5],
      [1, 0],
    ]);
    expect(found.skipped).toBe(0);
    const mean = averageDuals(lp.dual as number[], found.vertices);
    expect(mean[0]).toBeCloseTo(0.75, 9);
    expect(mean[1]).toBeCloseTo(0.25, 9);
  });

  it('returns only optimal dual points, distinct, on random instances (several new ones in all)', () => {
    // 60 pieces of 200-450 on bars of 1 000: mostly one piece per size, as in Hard28.
    let found = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { sizes, demand, lp, result } = walkFrom(60, seed, 4, seed % 2 === 0);
      expect(result.failed).toBeUndefined();
      const points = [lp.dual as number[], ...result.vertices];
      for (const y of result.vertices) expectOptimalDual(y, lp, sizes, demand, lp.patterns);
      for (let a = 0; a < points.length; a++)
        for (let b = a + 1; b < points.length; b++) {
          const pa = points[a] as number[];
          const pb = points[b] as number[];
          expect(Math.max(...pa.map((v, i) => Math.abs(v - (pb[i] as number))))).toBeGreaterThan(1e-7);
        }
      found += result.vertices.length;
    }
    expect(found).toBeGreaterThan(5);
  });

  it('keeps to the patterns priced within their cost when the LP stopped at its rounded bound', () => {
    // With many sizes column generation stops once ⌈bound⌉ = ⌈value⌉, its last pricing's
    // patterns still improving: the walk leaves those out, and the rest stays priced within cost.
    let stoppedEarly = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { sizes, demand, lp, result } = walkFrom(150, seed, 3);
      const y0 = lp.dual as number[];
      // Column generation may generate a pattern twice; the walk counts each once.
      const priced = new Set(
        lp.patterns.filter((p) => dot(p.counts, y0) > p.cost + 1e-7).map((p) => p.counts.join(',')),
      ).size;
      expect(result.failed).toBeUndefined();
      expect(result.skipped).toBe(priced);
      if (priced > 0) stoppedEarly++;
      for (const y of result.vertices) expectOptimalDual(y, lp, sizes, demand, lp.patterns);
    }
    expect(stoppedEarly).toBeGreaterThan(0);
  });

  it('gives nothing, and says why, when the duals or the usage do not fit', () => {
    const sizes = [6, 4];
    const demand = [1, 1];
    const lp = solveCuttingLp(sizes, demand, [{ capacity: 10, cost: 1 }], cpu() + 2000, cpu) as LpSolution;
    const input = { sizes, capacity: 10, cost: 1, patterns: lp.patterns };
    const run = (over: Partial<Parameters<typeof optimalDualVertices>[0]>) =>
      optimalDualVertices({ ...input, demand, lp, ...over }, 3, createRng(1), cpu() + 2000, cpu);
    expect(run({ lp: { usage: lp.usage } })).toMatchObject({ vertices: [], failed: 'no-duals' });
    // A usage that leaves some of the demand uncovered (here: the LP of another demand) is no
    // primal point of this LP (the unit columns only take a surplus).
    expect(run({ demand: [3, 1] })).toMatchObject({ vertices: [], failed: 'support' });
  });
});
