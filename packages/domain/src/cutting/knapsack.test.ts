import { describe, expect, it } from 'vitest';
import { boundedKnapsack } from './column-generation.ts';
import { createRng } from './prng.ts';

/** Best value by trying every count vector (independent of the knapsack code). */
function bruteForce(values: number[], weights: number[], bounds: number[], capacity: number): number {
  let best = 0;
  const walk = (i: number, room: number, value: number): void => {
    if (i === values.length) {
      best = Math.max(best, value);
      return;
    }
    const w = weights[i] as number;
    for (let c = 0; c <= (bounds[i] as number) && c * w <= room; c++)
      walk(i + 1, room - c * w, value + c * (values[i] as number));
  };
  walk(0, capacity, 0);
  return best;
}

describe('bounded knapsack on long bars (the DP-guided search)', () => {
  it('matches brute force on random instances with a bar of 2 000 003', () => {
    const rng = createRng(7);
    const capacity = 2_000_003;
    for (let round = 0; round < 40; round++) {
      const n = 3 + rng.int(6);
      const weights = Array.from({ length: n }, () => 150_001 + rng.int(900_000));
      // Duals of a cutting LP: roughly proportional to the length, with noise.
      const values = weights.map((w) => (w / capacity) * (0.8 + 0.4 * rng.next()));
      const bounds = weights.map(() => 1 + rng.int(4));
      const got = boundedKnapsack(values, weights, bounds, capacity);
      const expected = bruteForce(values, weights, bounds, capacity);
      expect(got.exact).toBe(true);
      expect(got.value).toBeCloseTo(expected, 9);
      // The counts it returns are a real pattern with that value.
      let load = 0;
      let value = 0;
      got.counts.forEach((c, i) => {
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(bounds[i] as number);
        load += c * (weights[i] as number);
        value += c * (values[i] as number);
      });
      expect(load).toBeLessThanOrEqual(capacity);
      expect(value).toBeCloseTo(got.value, 9);
    }
  });
});

describe('bounded knapsack DP: best fills of shorter lengths from the same table', () => {
  it('matches brute force at every length asked for, with real patterns', () => {
    const rng = createRng(11);
    for (let round = 0; round < 30; round++) {
      const capacity = 200 + rng.int(300);
      const n = 3 + rng.int(5);
      const weights = Array.from({ length: n }, () => 20 + rng.int(180));
      const values = weights.map((w) => (w / capacity) * (0.7 + 0.6 * rng.next()));
      const bounds = weights.map(() => 1 + rng.int(3));
      const lengths = [capacity, ...weights, 0, Math.floor(capacity / 2)];
      const got = boundedKnapsack(values, weights, bounds, capacity, 200_000, () => false, lengths);
      expect(got.value).toBeCloseTo(bruteForce(values, weights, bounds, capacity), 9);
      expect(got.within).toHaveLength(lengths.length);
      lengths.forEach((length, k) => {
        const fill = got.within?.[k];
        expect(fill?.value ?? -1).toBeCloseTo(bruteForce(values, weights, bounds, length), 9);
        let load = 0;
        let value = 0;
        fill?.counts.forEach((c, i) => {
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(bounds[i] as number);
          load += c * (weights[i] as number);
          value += c * (values[i] as number);
        });
        expect(load).toBeLessThanOrEqual(length);
        expect(value).toBeCloseTo(fill?.value ?? -1, 9);
      });
    }
  });
});
