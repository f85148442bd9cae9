// Seeded generator of Falkenauer-style one-dimensional instances (reproducible from the seed).
import { createRng } from '../../packages/domain/src/cutting/prng.ts';

export type Instance1d = { name: string; capacity: number; sizes: number[]; optimum?: number };

/** "U" class: item sizes uniform in [20, 100], bar 150. */
export function uniformInstance(n: number, seed: number): Instance1d {
  const rng = createRng(seed);
  const sizes = Array.from({ length: n }, () => 20 + rng.int(81));
  return { name: `u${n}_${seed}`, capacity: 150, sizes };
}

/**
 * "T" class: bar 1000, items built in triplets that fill a bar exactly: a in [380, 490],
 * b in [250, (1000 - a) / 2], c = 1000 - a - b; all items lie in [250, 500), so the optimum is n/3.
 */
export function tripletInstance(n: number, seed: number): Instance1d {
  const rng = createRng(seed);
  const sizes: number[] = [];
  for (let k = 0; k < n / 3; k++) {
    const a = 380 + rng.int(111);
    const hi = Math.floor((1000 - a) / 2);
    const b = 250 + rng.int(hi - 250 + 1);
    const c = 1000 - a - b;
    sizes.push(a, b, c);
  }
  // Shuffle so that the triplets are not handed to the optimiser in order.
  for (let i = sizes.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [sizes[i], sizes[j]] = [sizes[j] as number, sizes[i] as number];
  }
  return { name: `t${n}_${seed}`, capacity: 1000, sizes, optimum: n / 3 };
}

export const UNIFORM_SIZES = [120, 250, 500];
export const TRIPLET_SIZES = [60, 120, 249, 501];
