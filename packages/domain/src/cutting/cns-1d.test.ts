import { describe, expect, it } from 'vitest';
import { bruteForceBars, lcgInstance } from './brute-force.fixture.ts';
import { cnsPack1d } from './cns-1d.ts';
import { solveCuttingLp } from './column-generation.ts';
import { optimize1d } from './one-d.ts';
import { createRng, setCutClock } from './prng.ts';
import type { Cut1dInput } from './types.ts';
import { validatePlan1d } from './validate.ts';

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

/** One item per bar: the worst start, so the search does all the work. */
const singles = (n: number): number[][] => Array.from({ length: n }, (_, i) => [i]);

/** A clock that advances one unit per read: runs are limited by work and repeat exactly. */
function counter(): () => number {
  let t = 0;
  return () => t++;
}

/** Every item exactly once, every bar within capacity, at most `target` bars. */
function expectPacking(result: number[][] | null, list: number[], capacity: number, target: number): void {
  expect(result).not.toBeNull();
  const seen = new Set<number>();
  for (const bar of result ?? []) {
    let load = 0;
    for (const i of bar) {
      expect(seen.has(i)).toBe(false);
      seen.add(i);
      load += list[i] as number;
    }
    expect(load).toBeLessThanOrEqual(capacity);
  }
  expect(seen.size).toBe(list.length);
  expect((result ?? []).length).toBeLessThanOrEqual(target);
}

describe('consistent-neighbourhood search (1D, one bar length)', () => {
  it('packs small instances into the brute-force optimum', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const list = items(12, 120, 640, seed);
      const optimum = bruteForceBars(list, 1000);
      const result = cnsPack1d(
        { items: list, capacity: 1000, target: optimum, start: singles(list.length) },
        createRng(seed),
        20_000,
        counter(),
        () => false,
      );
      expectPacking(result, list, 1000, optimum);
    }
  });

  it('packs bars filled without any waste (three pieces each) from one piece per bar', () => {
    // Bars of 1 000 cut into three pieces each (the last one makes up the bar), shuffled.
    const bars = 40;
    const cuts = items(2 * bars, 250, 370, 17);
    const list: number[] = [];
    for (let b = 0; b < bars; b++) {
      const x = cuts[2 * b] as number;
      const y = cuts[2 * b + 1] as number;
      list.push(x, y, 1000 - x - y);
    }
    const order = items(list.length, 0, 1_000_000, 23);
    const shuffled = list.map((s, i) => ({ s, k: order[i] as number })).sort((p, q) => p.k - q.k);
    const sizes = shuffled.map((x) => x.s);
    for (let seed = 1; seed <= 3; seed++) {
      const result = cnsPack1d(
        { items: sizes, capacity: 1000, target: bars, start: singles(sizes.length) },
        createRng(seed),
        3000,
        counter(),
        () => false,
      );
      expectPacking(result, sizes, 1000, bars);
    }
  });

  it('with LP prices: the brute-force optimum, and a valid plan or none whatever the prices', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const list = items(12, 120, 640, seed);
      const optimum = bruteForceBars(list, 1000);
      // The continuous bound's dual point (length / bar) is one no pattern beats.
      const result = cnsPack1d(
        {
          items: list,
          capacity: 1000,
          target: optimum,
          start: singles(list.length),
          dual: list.map((s) => s / 1000),
        },
        createRng(seed),
        20_000,
        counter(),
        () => false,
      );
      expectPacking(result, list, 1000, optimum);
      // Prices unrelated to the lengths (not a dual point at all) still never lose or invent a piece.
      const odd = items(12, 0, 1000, seed + 50).map((x) => x / 1000);
      const other = cnsPack1d(
        { items: list, capacity: 1000, target: optimum, start: singles(list.length), dual: odd },
        createRng(seed),
        2_000,
        counter(),
        () => false,
      );
      if (other !== null) expectPacking(other, list, 1000, optimum);
    }
    // Zero-waste bars of three pieces, from one piece per bar, with prices.
    const bars = 30;
    const cuts = items(2 * bars, 250, 370, 29);
    const list: number[] = [];
    for (let b = 0; b < bars; b++) {
      const x = cuts[2 * b] as number;
      const y = cuts[2 * b + 1] as number;
      list.push(x, y, 1000 - x - y);
    }
    const result = cnsPack1d(
      {
        items: list,
        capacity: 1000,
        target: bars,
        start: singles(list.length),
        dual: list.map((s) => s / 1000),
      },
      createRng(3),
      5000,
      counter(),
      () => false,
    );
    expectPacking(result, list, 1000, bars);
  });

  it("with the LP's own duals as prices: the brute-force optimum", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const { sizes, demand, items: list } = lcgInstance(13, 110, 620, seed);
      const lp = solveCuttingLp(sizes, demand, [{ capacity: 1000, cost: 1 }], 1e9, counter());
      const dual = lp?.dual ?? [];
      expect(dual.length).toBe(sizes.length);
      // The master's duals price the demand at the LP's value (the basis' dual objective).
      expect(demand.reduce((a, d, i) => a + d * (dual[i] as number), 0)).toBeCloseTo(lp?.value ?? -1, 6);
      const optimum = bruteForceBars(list, 1000);
      const result = cnsPack1d(
        {
          items: list,
          capacity: 1000,
          target: optimum,
          start: singles(list.length),
          dual: list.map((s) => dual[sizes.indexOf(s)] as number),
        },
        createRng(seed),
        20_000,
        counter(),
        () => false,
      );
      expectPacking(result, list, 1000, optimum);
    }
  });

  it('gives up at once below the continuous bound and when stopped', () => {
    const list = items(30, 100, 700, 3);
    const sum = list.reduce((a, s) => a + s, 0);
    const below = Math.ceil(sum / 1000) - 1;
    expect(
      cnsPack1d(
        { items: list, capacity: 1000, target: below, start: singles(30) },
        createRng(1),
        1e9,
        counter(),
        () => false,
      ),
    ).toBeNull();
    // A target the search cannot reach (below the brute-force optimum of a small set) ends by the clock.
    const small = items(11, 300, 700, 5);
    const optimum = bruteForceBars(small, 1000);
    const clock = counter();
    expect(
      cnsPack1d(
        { items: small, capacity: 1000, target: optimum - 1, start: singles(11) },
        createRng(1),
        200,
        clock,
        () => false,
      ),
    ).toBeNull();
    expect(clock()).toBeLessThan(260);
  });

  it('returns the same packing after the same work for the same seed, and depends on the seed', () => {
    const list = items(90, 150, 520, 11);
    const sum = list.reduce((a, s) => a + s, 0);
    const target = Math.ceil(sum / 1000);
    const run = (seed: number): { result: number[][] | null; reads: number } => {
      const clock = counter();
      const result = cnsPack1d(
        { items: list, capacity: 1000, target, start: singles(90) },
        createRng(seed),
        5000,
        clock,
        () => false,
      );
      return { result, reads: clock() };
    };
    const a = run(7);
    expectPacking(a.result, list, 1000, target);
    expect(run(7)).toEqual(a);
    const others = [8, 9, 10].map(run);
    for (const o of others) expectPacking(o.result, list, 1000, target);
    expect(others.some((o) => JSON.stringify(o.result) !== JSON.stringify(a.result))).toBe(true);
  });

  it('through the optimiser: valid plans with kerf, trims and several bar lengths, repeatable by seed', () => {
    let t = 0;
    const prev = setCutClock(() => (t += 0.01));
    try {
      for (let seed = 1; seed <= 8; seed++) {
        const lengths = items(6, 240, 1900, seed);
        const input: Cut1dInput = {
          kind: '1d',
          kerf: 4,
          trim: { head: 10, tail: 15 },
          stock: [
            { id: 'long', length: 6000, quantity: null },
            { id: 'short', length: 3000, quantity: null, cost: 0 },
          ],
          pieces: lengths.map((length, i) => ({ id: `p${i}`, length, quantity: 1 + (i % 4) * 3 })),
          timeLimitMs: 400,
          seed,
        };
        const plan = optimize1d(input);
        expect(validatePlan1d(input, plan)).toEqual([]);
        expect(plan.layouts.length).toBeGreaterThanOrEqual(plan.lowerBound);
        expect(optimize1d(input).layouts).toEqual(plan.layouts);
      }
    } finally {
      setCutClock(prev);
    }
  });
});
