import { describe, expect, it } from 'vitest';
import { createRng } from './prng.ts';
import { createSubsetSum } from './subset-sum-1d.ts';

/** Largest subset total <= capacity by trying every subset (independent of the bitset code). */
function bruteForce(sizes: number[], capacity: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << sizes.length; mask++) {
    let sum = 0;
    for (let j = 0; j < sizes.length; j++) if (mask & (1 << j)) sum += sizes[j] as number;
    if (sum <= capacity && sum > best) best = sum;
  }
  return best;
}

describe('bitset subset sum', () => {
  it('finds the fullest subset and marks a subset with exactly that total', () => {
    const rng = createRng(5);
    for (const capacity of [31, 32, 33, 100, 1000, 100_000]) {
      const fullest = createSubsetSum(capacity, 12);
      for (let round = 0; round < 40; round++) {
        const n = 1 + rng.int(12);
        const sizes = Array.from({ length: n }, () => 1 + rng.int(Math.ceil(capacity * 0.6)));
        const take = new Uint8Array(n);
        const best = fullest(sizes, take);
        expect(best).toBe(bruteForce(sizes, capacity));
        let sum = 0;
        sizes.forEach((s, j) => {
          if (take[j]) sum += s;
        });
        expect(sum).toBe(best);
      }
    }
  });
});
