import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bruteForceBars, cpuMs as cpu, lcgInstance as instance } from './brute-force.fixture.ts';
import { solveCuttingLp } from './column-generation.ts';
import { createRng } from './prng.ts';
import { tightCover1d } from './tight-cover-1d.ts';

const never = (): boolean => false;

/** The LP to its optimum and the exact cover at its rounded-up value. */
function solve(sizes: number[], demand: number[], capacity: number, maxNodes: number) {
  const first = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], cpu() + 20_000, cpu);
  const lp = first?.model?.solve(cpu() + 20_000, cpu, true);
  if (!lp?.dual) throw new Error('no LP');
  const target = Math.ceil(lp.value - 1e-6);
  const bars = tightCover1d(
    { sizes, demand, capacity, target, value: lp.value, dual: lp.dual, usage: lp.usage },
    cpu() + 20_000,
    cpu,
    never,
    createRng(1),
    maxNodes,
  );
  return { bars, target, dual: lp.dual };
}

/** A plan: every piece exactly once, no bar over the capacity, at most `target` bars. */
function expectPlan(bars: number[][], sizes: number[], demand: number[], capacity: number, target: number) {
  expect(bars.length).toBeLessThanOrEqual(target);
  const cut = sizes.map(() => 0);
  for (const bar of bars) {
    let load = 0;
    bar.forEach((c, t) => {
      cut[t] = (cut[t] as number) + c;
      load += c * (sizes[t] as number);
    });
    expect(load).toBeLessThanOrEqual(capacity);
  }
  expect(cut).toEqual(demand);
}

describe('exact cover by the LP optimum tight patterns (1D)', () => {
  it('finds a plan wherever one exists at the LP bound, and only real plans (brute force)', () => {
    let complete = 0;
    let found = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { sizes, demand, items } = instance(9, 15, 70, seed);
      const { bars, target, dual } = solve(sizes, demand, 100, 1_000_000);
      if (bars) {
        found++;
        expectPlan(bars, sizes, demand, 100, target);
      }
      // With every size priced the search is complete: no plan at the bound means none exists.
      if (dual.every((y) => y > 1e-7)) {
        complete++;
        expect(bars !== null).toBe(bruteForceBars(items, 100) <= target);
      }
    }
    expect(found).toBeGreaterThan(5);
    expect(complete).toBeGreaterThan(5);
  });

  it('reaches the LP bound on Hard28 BPP766, where first fit needs a bar more', () => {
    const dir =
      process.env.CUTTING_1D_DIR ??
      resolve(import.meta.dirname, '../../../../../shared/bench/cutting-1d-bpplib');
    const numbers = readFileSync(join(dir, 'Hard28/Hard28_BPP766.txt'), 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const capacity = numbers[1] as number;
    const items = numbers.slice(2);
    const sizes = [...new Set(items)].sort((a, b) => b - a);
    const demand = sizes.map((s) => items.filter((x) => x === s).length);
    const { bars, target } = solve(sizes, demand, capacity, 200_000);
    expect(target).toBe(62);
    expect(bars).not.toBeNull();
    expectPlan(bars as number[][], sizes, demand, capacity, target);
  });
});
