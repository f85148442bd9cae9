// Exact-fit search for "triplet" instances: n = 3 * bins items that must fill every bar exactly
// (waste budget zero), so every bar of a solution holds exactly three items. A tree search
// (fail-first pivots, as in bin-completion.ts) thrashes on these from a few hundred items on; a
// walk over near-solutions (exact bars + loose items) finds them in milliseconds. It proves
// nothing: the caller uses it to reach a lower bound it already knows.
import type { Rng } from './prng.ts';

export type ExactFitInput = {
  /** distinct sizes, sorted descending */
  sizes: readonly number[];
  counts: readonly number[];
  capacity: number;
  bins: number;
};

/** True when the instance has the triplet shape the search needs. */
export function isExactTriplet(input: ExactFitInput): boolean {
  let total = 0;
  let n = 0;
  for (let i = 0; i < input.sizes.length; i++) {
    total += (input.sizes[i] as number) * (input.counts[i] as number);
    n += input.counts[i] as number;
  }
  return n > 0 && n === 3 * input.bins && total === input.bins * input.capacity;
}

/**
 * Local search for exact triplets: complete bars stay exact, the rest are loose items. A step
 * either forms an exact bar from three loose items (progress) or makes a neutral swap: a loose
 * item joins two items of a bar (or one loose and one bar item) that complete it exactly, and the
 * displaced items become loose. Recently placed items are tabu for a few steps so the walk moves on.
 */
export function tripletWalk(
  input: ExactFitInput,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
): number[][] | null {
  if (!isExactTriplet(input)) return null;
  const { sizes, capacity } = input;
  const size: number[] = [];
  const typeOf: number[] = [];
  sizes.forEach((s, t) => {
    for (let q = 0; q < (input.counts[t] as number); q++) {
      size.push(s);
      typeOf.push(t);
    }
  });
  const n = size.length;
  const bars: number[][] = [];
  const barOf = new Int32Array(n).fill(-1);
  const loose: number[] = [];
  const loosePos = new Int32Array(n).fill(-1);
  const tabuUntil = new Float64Array(n);
  const addLoose = (i: number): void => {
    barOf[i] = -1;
    loosePos[i] = loose.length;
    loose.push(i);
  };
  const removeLoose = (i: number): void => {
    const p = loosePos[i] as number;
    const last = loose.pop() as number;
    if (last !== i) {
      loose[p] = last;
      loosePos[last] = p;
    }
    loosePos[i] = -1;
  };
  // Empty bar slots are reused so bar indices stay stable.
  const freeBars: number[] = [];
  const makeBar = (a: number, b: number, c: number): void => {
    const idx = freeBars.length > 0 ? (freeBars.pop() as number) : bars.length;
    bars[idx] = [a, b, c];
    for (const i of [a, b, c]) {
      if (loosePos[i] !== -1) removeLoose(i);
      barOf[i] = idx;
    }
  };
  const breakBar = (idx: number, keep: number[]): void => {
    for (const i of bars[idx] as number[]) if (!keep.includes(i)) addLoose(i);
    bars[idx] = [];
    freeBars.push(idx);
  };
  for (let i = 0; i < n; i++) addLoose(i);

  // Loose items by size, for the exact-completion lookups.
  const formFromLoose = (): boolean => {
    const bySize = new Map<number, number[]>();
    for (const i of loose) {
      const list = bySize.get(size[i] as number);
      if (list) list.push(i);
      else bySize.set(size[i] as number, [i]);
    }
    for (let a = 0; a < loose.length; a++) {
      for (let b = a + 1; b < loose.length; b++) {
        const x = loose[a] as number;
        const y = loose[b] as number;
        const list = bySize.get(capacity - (size[x] as number) - (size[y] as number));
        const z = list?.find((k) => k !== x && k !== y);
        if (z !== undefined) {
          makeBar(x, y, z);
          return true;
        }
      }
    }
    return false;
  };
  while (formFromLoose()) {}

  let step = 0;
  const candidates: { bar: number; keep: number[]; with: number[] }[] = [];
  while (loose.length > 0) {
    if ((++step & 255) === 0 && (now() > deadline || shouldStop())) return null;
    const x = loose[rng.int(loose.length)] as number;
    const room = capacity - (size[x] as number);
    candidates.length = 0;
    for (let b = 0; b < bars.length; b++) {
      const bar = bars[b] as number[];
      if (bar.length === 0) continue;
      for (let p = 0; p < 3; p++) {
        for (let q = p + 1; q < 3; q++) {
          const u = bar[p] as number;
          const v = bar[q] as number;
          if ((size[u] as number) + (size[v] as number) === room)
            candidates.push({ bar: b, keep: [u, v], with: [] });
        }
        // One loose partner y and one bar item u.
        const u = bar[p] as number;
        if ((tabuUntil[u] as number) > step) continue;
        for (const y of loose) {
          if (y !== x && (size[y] as number) + (size[u] as number) === room)
            candidates.push({ bar: b, keep: [u], with: [y] });
        }
      }
    }
    if (candidates.length === 0) continue;
    const pick = candidates[rng.int(candidates.length)] as (typeof candidates)[number];
    const bar = bars[pick.bar] as number[];
    // Displacing recently placed items undoes the last steps: skip most of those moves.
    if (bar.some((i) => !pick.keep.includes(i) && (tabuUntil[i] as number) > step) && rng.next() < 0.9)
      continue;
    breakBar(pick.bar, pick.keep);
    const members = [x, ...pick.keep, ...pick.with];
    makeBar(members[0] as number, members[1] as number, members[2] as number);
    for (const i of members) tabuUntil[i] = step + 3 + rng.int(5);
    while (formFromLoose()) {}
  }
  return bars
    .filter((b) => b.length === 3)
    .map((bar) => {
      const counts = new Array<number>(sizes.length).fill(0);
      for (const i of bar) counts[typeOf[i] as number] = (counts[typeOf[i] as number] as number) + 1;
      return counts;
    });
}
