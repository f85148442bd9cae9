import { describe, expect, it } from 'vitest';
import { isExactTriplet, tripletWalk } from './exact-fit-1d.ts';
import { createRng } from './prng.ts';

/** Falkenauer-style triplets built here, independent of the search: a + b + c = 1000. */
function triplets(count: number, seed: number): number[] {
  let state = seed;
  const rand = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    const a = 380 + Math.floor(rand() * 111);
    const b = 250 + Math.floor(rand() * (Math.floor((1000 - a) / 2) - 249));
    out.push(a, b, 1000 - a - b);
  }
  return out;
}

function grouped(lengths: number[]): { sizes: number[]; counts: number[] } {
  const map = new Map<number, number>();
  for (const l of lengths) map.set(l, (map.get(l) ?? 0) + 1);
  const sizes = [...map.keys()].sort((a, b) => b - a);
  return { sizes, counts: sizes.map((s) => map.get(s) as number) };
}

describe('triplet walk', () => {
  it('packs 501 triplet pieces into exactly 167 full bars', () => {
    const { sizes, counts } = grouped(triplets(167, 7));
    const input = { sizes, counts, capacity: 1000, bins: 167 };
    const bars = tripletWalk(input, createRng(3), Date.now() + 5000, Date.now, () => false);
    expect(bars).not.toBeNull();
    expect(bars?.length).toBe(167);
    const used = new Array<number>(sizes.length).fill(0);
    for (const bar of bars ?? []) {
      expect(bar.reduce((a, c, t) => a + c * (sizes[t] as number), 0)).toBe(1000);
      expect(bar.reduce((a, c) => a + c, 0)).toBe(3);
      bar.forEach((c, t) => {
        used[t] = (used[t] as number) + c;
      });
    }
    expect(used).toEqual(counts);
  });

  it('only takes instances where every bar must hold three pieces exactly', () => {
    expect(isExactTriplet({ sizes: [500, 300, 200], counts: [1, 1, 1], capacity: 1000, bins: 1 })).toBe(true);
    expect(isExactTriplet({ sizes: [500, 250], counts: [1, 2], capacity: 1000, bins: 1 })).toBe(true);
    expect(isExactTriplet({ sizes: [500, 300, 100], counts: [1, 1, 1], capacity: 1000, bins: 1 })).toBe(
      false,
    );
    expect(isExactTriplet({ sizes: [400, 300], counts: [1, 2], capacity: 1000, bins: 2 })).toBe(false);
  });
});
