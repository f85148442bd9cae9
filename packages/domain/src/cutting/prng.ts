// Small seeded PRNG (mulberry32) so that runs are reproducible from `seed` in every runtime.
export type Rng = { next: () => number; int: (n: number) => number };

export function createRng(seed: number): Rng {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

let clock: () => number = () => Date.now();

/** A clock that works in Node, worker threads and browsers alike. */
export function nowMs(): number {
  return clock();
}

/**
 * Benchmark seam: replaces the optimisers' clock (e.g. by the process CPU time, to compare two
 * variants on a loaded machine). Returns the previous clock. Never used by the app.
 */
export function setCutClock(next: () => number): () => number {
  const prev = clock;
  clock = next;
  return prev;
}
