import { describe, expect, it } from 'vitest';
import { bruteForceBars } from './brute-force.fixture.ts';
import { solveCuttingLp } from './column-generation.ts';
import { optimize1d } from './one-d.ts';
import { setCutClock } from './prng.ts';
import type { Cut1dInput } from './types.ts';
import { validatePlan1d } from './validate.ts';

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Items from a plain LCG (the test's own generator). */
function items(n: number, lo: number, hi: number, seed: number): number[] {
  let state = seed;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(lo + (state % (hi - lo + 1)));
  }
  return out;
}

function bySize(list: number[]): { sizes: number[]; demand: number[] } {
  const map = new Map<number, number>();
  for (const s of list) map.set(s, (map.get(s) ?? 0) + 1);
  const sizes = [...map.keys()].sort((a, b) => b - a);
  return { sizes, demand: sizes.map((s) => map.get(s) as number) };
}

describe('1D LP on long bars (knapsack search guided by coarse DP tables)', () => {
  it('proves a bound no higher than the brute-force optimum, with patterns that fit and cover the demand', () => {
    const capacity = 1_000_003;
    for (let seed = 1; seed <= 12; seed++) {
      const list = items(10, 150_001, 600_000, seed);
      const { sizes, demand } = bySize(list);
      const lp = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], cpu() + 5000, cpu);
      expect(lp).not.toBeNull();
      const sum = list.reduce((a, s) => a + s, 0);
      expect(lp?.bound).toBeGreaterThanOrEqual(sum / capacity - 1e-6);
      expect(Math.ceil((lp?.bound ?? 0) - 1e-6)).toBeLessThanOrEqual(bruteForceBars(list, capacity));
      // Every basic pattern fits the bar, and the usage covers the demand where a slot of a longer
      // piece may hold a shorter one: over the k longest sizes, slots >= demand, for every k.
      const covered = sizes.map(() => 0);
      for (const u of lp?.usage ?? []) {
        const load = u.pattern.counts.reduce((a, c, j) => a + c * (sizes[j] as number), 0);
        expect(load).toBeLessThanOrEqual(capacity);
        u.pattern.counts.forEach((c, j) => {
          covered[j] = (covered[j] as number) + c * u.x;
        });
      }
      let slots = 0;
      let wanted = 0;
      covered.forEach((c, j) => {
        slots += c;
        wanted += demand[j] as number;
        expect(slots).toBeGreaterThanOrEqual(wanted - 1e-6);
      });
    }
  });

  it('reaches the same LP optimum from a pool of a plan’s bars as from a cold start', () => {
    const capacity = 1000;
    for (let seed = 1; seed <= 10; seed++) {
      const list = items(40, 120, 520, seed);
      const { sizes, demand } = bySize(list);
      // A plan by first fit (the test's own), its bars as the pool.
      const bars: number[][] = [];
      const free: number[] = [];
      sizes.forEach((s, j) => {
        for (let q = 0; q < (demand[j] as number); q++) {
          let k = free.findIndex((f) => f >= s);
          if (k < 0) {
            bars.push(sizes.map(() => 0));
            free.push(capacity);
            k = bars.length - 1;
          }
          (bars[k] as number[])[j] = ((bars[k] as number[])[j] as number) + 1;
          free[k] = (free[k] as number) - s;
        }
      });
      const pool = bars.map((counts) => ({ stock: 0, counts, cost: 1 }));
      const cold = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], cpu() + 5000, cpu, {});
      const warm = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], cpu() + 5000, cpu, { pool });
      // Both ran to the optimum (or stopped where the bound rounds to the value): same bars.
      expect(Math.ceil((warm?.bound ?? 0) - 1e-6)).toBe(Math.ceil((cold?.bound ?? 0) - 1e-6));
      expect(Math.ceil((warm?.value ?? 0) - 1e-6)).toBe(Math.ceil((cold?.value ?? 0) - 1e-6));
    }
  });
});

describe('1D optimiser with restarts of the repacking search', () => {
  it('reaches the brute-force optimum on small instances, every plan valid and the bound proven', () => {
    const prev = setCutClock(cpu);
    try {
      for (let seed = 1; seed <= 15; seed++) {
        const list = items(11, 150, 700, seed);
        const input: Cut1dInput = {
          kind: '1d',
          kerf: 0,
          trim: { head: 0, tail: 0 },
          stock: [{ id: 'bar', length: 1000, quantity: null }],
          pieces: list.map((length, i) => ({ id: `p${i}`, length, quantity: 1 })),
          timeLimitMs: 300,
          seed,
        };
        const plan = optimize1d(input);
        const optimum = bruteForceBars(list, 1000);
        expect(validatePlan1d(input, plan)).toEqual([]);
        expect(plan.layouts.length).toBe(optimum);
        expect(plan.lowerBound).toBeLessThanOrEqual(optimum);
      }
    } finally {
      setCutClock(prev);
    }
  });
});
