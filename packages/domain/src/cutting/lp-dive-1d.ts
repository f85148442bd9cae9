// LP diving for one bar length (the literature's residual rounding): solve the cutting-stock LP by
// column generation, cut every pattern as often as its LP usage rounded down, and when no usage
// reaches one, cut the most used pattern once; the rest of the demand is a smaller LP (warm-started
// with the patterns found so far), and so on. When the residual fits into a few bars it is finished
// by the exact bin-completion search, otherwise by first-fit-decreasing. Pure; the bars come back
// as counts per size.
import { binCompletion } from './bin-completion.ts';
import { type LpSolution, type Pattern, solveCuttingLp } from './column-generation.ts';
import type { Rng } from './prng.ts';

export type Dive1dInput = {
  /** distinct sizes, sorted descending */
  sizes: readonly number[];
  demand: readonly number[];
  capacity: number;
  /** the number of bars the caller hopes for (the rounded-up LP bound) */
  target: number;
};

/** A residual this small (in bars of the LP bound) is finished by the exact search. */
const EXACT_TAIL_BARS = 8;

export function lpDive1d(
  input: Dive1dInput,
  first: LpSolution | null,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
  randomise = false,
): number[][] | null {
  const { sizes, capacity, target } = input;
  const m = sizes.length;
  const rest = input.demand.slice();
  const bars: number[][] = [];
  const pool = new Map<string, number[]>();
  const remember = (counts: number[]): void => {
    pool.set(counts.join(','), counts);
  };
  for (const p of first?.patterns ?? []) remember(p.counts);

  let lp: { bound: number; usage: { counts: number[]; x: number }[] } | null = first
    ? { bound: first.bound, usage: first.usage.map((u) => ({ counts: u.pattern.counts, x: u.x })) }
    : null;
  /** Cuts `counts` once, clipped to what is still wanted; false when it would cut nothing. */
  const cut = (counts: readonly number[]): boolean => {
    const bar = new Array<number>(m).fill(0);
    let any = false;
    for (let t = 0; t < m; t++) {
      const c = Math.min(counts[t] as number, rest[t] as number);
      if (c > 0) {
        bar[t] = c;
        rest[t] = (rest[t] as number) - c;
        any = true;
      }
    }
    if (any) bars.push(bar);
    return any;
  };

  while (rest.some((d) => d > 0)) {
    if (now() > deadline || shouldStop()) return null;
    const types: number[] = [];
    for (let t = 0; t < m; t++) if ((rest[t] as number) > 0) types.push(t);
    if (!lp) {
      const subPool: Pattern[] = [];
      const seen = new Set<string>();
      for (const counts of pool.values()) {
        const sub = types.map((t) => Math.min(counts[t] as number, rest[t] as number));
        const key = sub.join(',');
        if (seen.has(key) || !sub.some((c) => c > 0)) continue;
        seen.add(key);
        subPool.push({ stock: 0, counts: sub, cost: 1 });
      }
      const solved = solveCuttingLp(
        types.map((t) => sizes[t] as number),
        types.map((t) => rest[t] as number),
        [{ capacity, cost: 1 }],
        deadline,
        now,
        { pool: subPool },
      );
      if (!solved) return null;
      const full = (sub: readonly number[]): number[] => expand(types, sub, m);
      for (const p of solved.patterns) remember(full(p.counts));
      lp = {
        bound: solved.bound,
        usage: solved.usage.map((u) => ({ counts: full(u.pattern.counts), x: u.x })),
      };
    }
    const need = Math.ceil(lp.bound - 1e-6);
    if (need <= EXACT_TAIL_BARS) {
      const left = target - bars.length;
      const tail =
        left >= need
          ? binCompletion(
              {
                sizes: types.map((t) => sizes[t] as number),
                counts: types.map((t) => rest[t] as number),
                capacity,
                bins: left,
              },
              rng,
              Math.min(deadline, now() + 20),
              now,
              shouldStop,
            )
          : null;
      if (tail) {
        for (const sub of tail) cut(expand(types, sub, m));
        break;
      }
    }
    if (bars.length + need > target) break;
    // Usage rounded down first; if nothing reaches one, the most used pattern (fullest on ties).
    const usage = [...lp.usage].sort((a, b) => b.x - a.x || load(b.counts) - load(a.counts));
    let fixed = false;
    for (const u of usage) {
      for (let k = Math.floor(u.x + 1e-9); k > 0; k--) if (cut(u.counts)) fixed = true;
    }
    if (!fixed && usage.length > 0) {
      // A repeated dive (randomise) takes one of the three most used patterns instead.
      const pick = randomise ? rng.int(Math.min(3, usage.length)) : 0;
      fixed = cut((usage[pick] as (typeof usage)[number]).counts);
    }
    if (!fixed) break;
    lp = null;
  }
  // Whatever is left (a dive that missed the target) goes to first-fit-decreasing.
  const free = bars.map((bar) => capacity - load(bar));
  for (let t = 0; t < m; t++) {
    const s = sizes[t] as number;
    for (; (rest[t] as number) > 0; rest[t] = (rest[t] as number) - 1) {
      let k = free.findIndex((f) => f >= s);
      if (k < 0) {
        bars.push(new Array<number>(m).fill(0));
        free.push(capacity);
        k = bars.length - 1;
      }
      const bar = bars[k] as number[];
      bar[t] = (bar[t] as number) + 1;
      free[k] = (free[k] as number) - s;
    }
  }
  return bars;

  function load(counts: readonly number[]): number {
    let l = 0;
    for (let t = 0; t < m; t++) l += (counts[t] as number) * (sizes[t] as number);
    return l;
  }
}

/** Counts over the sizes `types` (a sub-problem's order) as counts over all m sizes. */
function expand(types: readonly number[], sub: readonly number[], m: number): number[] {
  const counts = new Array<number>(m).fill(0);
  types.forEach((t, j) => {
    counts[t] = sub[j] as number;
  });
  return counts;
}
