// The 1D schedule's parts: the LP solved in turns (resumed where the last turn stopped) and the
// optimiser on exact-fit instances, where the schedule stops the LP after its first turn.
import { describe, expect, it } from 'vitest';
import { createCuttingLp, solveCuttingLp } from './column-generation.ts';
import { optimize1d } from './one-d.ts';
import { setCutClock } from './prng.ts';
import type { Cut1dInput } from './types.ts';
import { validatePlan1d } from './validate.ts';

/** A plain LCG (the test's own generator). */
function lcg(seed: number): (lo: number, hi: number) => number {
  let state = seed;
  return (lo, hi) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return lo + (state % (hi - lo + 1));
  };
}

describe('1D LP in turns', () => {
  it('ends at the rounded bound of one uninterrupted solve, its proven bound never falling', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const next = lcg(seed);
      // 30 distinct sizes from 520 down to 172, one to three pieces of each.
      const sizes = Array.from({ length: 30 }, (_, k) => 520 - 12 * k);
      const demand = sizes.map(() => next(1, 3));
      const stocks = [{ capacity: 1000, cost: 1 }];
      // A clock that moves by one at every reading: turns end after a few readings each.
      let tick = 0;
      const clock = (): number => ++tick;
      const whole = solveCuttingLp(sizes, demand, stocks, Number.POSITIVE_INFINITY, clock);
      const model = createCuttingLp(sizes, demand, stocks);
      expect(whole).not.toBeNull();
      expect(model).not.toBeNull();
      let previous = Number.NEGATIVE_INFINITY;
      let turns = 0;
      let last = model?.solve(tick + 3, clock) ?? null;
      while (last && Math.ceil(last.bound - 1e-6) !== Math.ceil(last.value - 1e-6) && turns < 20_000) {
        expect(last.bound).toBeGreaterThanOrEqual(previous);
        previous = last.bound;
        last = model?.solve(tick + 3, clock) ?? null;
        turns++;
      }
      expect(turns).toBeGreaterThan(0);
      expect(last).not.toBeNull();
      expect(Math.ceil((last?.bound ?? 0) - 1e-6)).toBe(Math.ceil((whole?.bound ?? 0) - 1e-6));
    }
  });
});

describe('1D optimiser on exact-fit instances (three pieces fill each bar)', () => {
  const cpu = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  /** `bars` bars of 1 000, each filled exactly by three pieces (380-490, then two of 250 or more). */
  const exactFit = (bars: number, seed: number): Cut1dInput => {
    const next = lcg(seed);
    const lengths: number[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const a = next(380, 490);
      const b = next(250, Math.floor((1000 - a) / 2));
      lengths.push(a, b, 1000 - a - b);
    }
    return {
      kind: '1d',
      kerf: 0,
      trim: { head: 0, tail: 0 },
      stock: [{ id: 'bar', length: 1000, quantity: null }],
      pieces: lengths.map((length, i) => ({ id: `p${i}`, length, quantity: 1 })),
      timeLimitMs: 400,
      seed,
    };
  };

  it('reaches n / 3 bars on small ones, valid and proven optimal', () => {
    const prev = setCutClock(cpu);
    try {
      for (let seed = 1; seed <= 3; seed++) {
        const input = exactFit(20, seed);
        const plan = optimize1d(input);
        expect(validatePlan1d(input, plan)).toEqual([]);
        expect(plan.lowerBound).toBe(20);
        expect(plan.layouts.length).toBe(20);
        expect(plan.optimal).toBe(true);
      }
    } finally {
      setCutClock(prev);
    }
  });

  /** Plain first-fit-decreasing bars (the test's own), the baseline a search has to beat. */
  const firstFitBars = (input: Cut1dInput): number => {
    const free: number[] = [];
    for (const l of input.pieces.map((p) => p.length).sort((a, b) => b - a)) {
      const k = free.findIndex((f) => f >= l);
      if (k >= 0) free[k] = (free[k] as number) - l;
      else free.push(1000 - l);
    }
    return free.length;
  };

  it('on larger ones (the LP stops after its first turn, the search keeps the time) beats first fit inside its time limit', () => {
    const prev = setCutClock(cpu);
    try {
      for (let seed = 1; seed <= 2; seed++) {
        const input = exactFit(60, seed);
        const t0 = cpu();
        const plan = optimize1d(input);
        expect(cpu() - t0).toBeLessThanOrEqual(400);
        expect(validatePlan1d(input, plan)).toEqual([]);
        expect(plan.lowerBound).toBe(60);
        expect(plan.layouts.length).toBeLessThanOrEqual(firstFitBars(input) - 2);
      }
    } finally {
      setCutClock(prev);
    }
  });
});
