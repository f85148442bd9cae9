// Bin-completion search for one bar length: tries to pack all items into exactly `bins` bars.
// A bar is built around one "pivot" item and completed with a subset of the rest whose waste fits
// in the remaining waste budget (bins * C - total size). The pivot is chosen fail-first: the size
// with the fewest completions (a size with none proves the branch dead at once, long before the
// search would run into it). Backtracking with a node limit that grows over randomised restarts
// makes it anytime; it proves nothing but finds exact packings (e.g. triplet instances) that
// greedy and LP rounding miss.
import type { Rng } from './prng.ts';

export type CompletionInput = {
  /** distinct sizes, sorted descending */
  sizes: readonly number[];
  counts: readonly number[];
  capacity: number;
  bins: number;
};

/** Completions counted per candidate pivot: more than this many is "plenty". */
const COUNT_CAP = 12;
/** Options tried per pivot, fullest first. */
const BRANCH_CAP = 24;
/** Enumeration visits per completion list. */
const VISIT_CAP = 3000;

export function binCompletion(
  input: CompletionInput,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
): number[][] | null {
  const { sizes, capacity, bins } = input;
  const m = sizes.length;
  let total = 0;
  let itemCount = 0;
  for (let i = 0; i < m; i++) {
    total += (sizes[i] as number) * (input.counts[i] as number);
    itemCount += input.counts[i] as number;
  }
  const budget0 = bins * capacity - total;
  if (budget0 < 0) return null;
  if (itemCount === 0) return [];
  const counts = new Int32Array(m);
  const cur = new Int32Array(m);
  let nodeLimit = Math.max(200, bins * 4);
  let nodes = 0;
  let aborted = false;
  let randomise = false;
  const packed: number[][] = [];
  // The clock every 256 steps of work (a step is well under a microsecond to a few microseconds).
  let work = 0;
  let overdue = false;
  const late = (): boolean => {
    if (!overdue && (++work & 255) === 0 && now() > deadline) overdue = true;
    return overdue;
  };

  // Enumerates subsets of the remaining items filling `room` with waste <= budget. With `cap` > 0
  // it only counts (stops at cap); otherwise it collects up to VISIT_CAP visits of completions.
  const enumerate = (
    room: number,
    budget: number,
    cap: number,
    out: { c: number[]; waste: number }[] | null,
  ): number => {
    let minSize = Number.POSITIVE_INFINITY;
    for (let i = m - 1; i >= 0; i--) {
      if ((counts[i] as number) > 0) {
        minSize = sizes[i] as number;
        break;
      }
    }
    let found = 0;
    let visits = 0;
    const rec = (start: number, left: number): boolean => {
      // Leaves are not visits: a node with many fitting sizes collects one completion per size
      // (200 sizes on a bar of 100 000: 600 000 completions, 0.2 s between two clock reads).
      if (late()) {
        aborted = true;
        return true;
      }
      if (left <= budget) {
        found++;
        if (out) out.push({ c: Array.from(cur), waste: left });
        if (cap > 0 && found >= cap) return true;
      }
      if (left < minSize || ++visits > VISIT_CAP) return visits > VISIT_CAP;
      const maxItems = Math.floor(left / minSize);
      for (let j = Math.max(start, firstAtMost(sizes, left)); j < m; j++) {
        const s = sizes[j] as number;
        if ((counts[j] as number) - (cur[j] as number) <= 0) continue;
        // Sizes descend: if even maxItems of this size cannot reach the budget, nothing smaller can.
        if (s * maxItems < left - budget) break;
        cur[j] = (cur[j] as number) + 1;
        const stop = rec(j, left - s);
        cur[j] = (cur[j] as number) - 1;
        if (stop) return true;
      }
      return false;
    };
    rec(0, room);
    return found;
  };

  const dfs = (budget: number, left: number, remaining: number): boolean => {
    if (remaining === 0) return true;
    if (left === 0) return false;
    // The clock is read by work done (nodes and enumeration steps together), not by nodes alone:
    // with many distinct sizes one node runs a completion count per size (up to VISIT_CAP visits
    // each), and checking only every 64th node overran a 1 s limit about tenfold (Scholl_2
    // N3W2B2R8); reading it at every node and size cost half the time of small searches.
    if (++nodes > nodeLimit || late() || shouldStop()) {
      aborted = true;
      return false;
    }
    // Fail-first pivot: fewest completions; a size without any closes the branch.
    let pivot = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (let t = 0; t < m; t++) {
      if ((counts[t] as number) === 0) continue;
      if (late()) {
        aborted = true;
        return false;
      }
      counts[t] = (counts[t] as number) - 1;
      const c = enumerate(capacity - (sizes[t] as number), budget, Math.min(COUNT_CAP, fewest), null);
      counts[t] = (counts[t] as number) + 1;
      if (aborted) return false;
      if (c === 0) return false;
      if (c < fewest) {
        fewest = c;
        pivot = t;
      }
    }
    counts[pivot] = (counts[pivot] as number) - 1;
    const options: { c: number[]; waste: number }[] = [];
    enumerate(capacity - (sizes[pivot] as number), budget, 0, options);
    if (aborted) {
      counts[pivot] = (counts[pivot] as number) + 1;
      return false;
    }
    // Fullest first; among equals the enumeration order (big items first) unless randomised.
    const keyed = options.map((o, i) => ({
      o,
      k: o.waste * 4 + (randomise ? rng.next() * 3 : i / options.length),
    }));
    keyed.sort((a, b) => a.k - b.k);
    const tryCount = Math.min(keyed.length, BRANCH_CAP);
    for (let k = 0; k < tryCount; k++) {
      const option = (keyed[k] as (typeof keyed)[number]).o;
      let used = 1;
      for (let j = 0; j < m; j++) {
        const c = option.c[j] as number;
        if (c) {
          counts[j] = (counts[j] as number) - c;
          used += c;
        }
      }
      const bin = option.c.slice();
      bin[pivot] = (bin[pivot] as number) + 1;
      packed.push(bin);
      if (dfs(budget - option.waste, left - 1, remaining - used)) return true;
      packed.pop();
      for (let j = 0; j < m; j++) counts[j] = (counts[j] as number) + (option.c[j] as number);
      if (aborted) break;
    }
    counts[pivot] = (counts[pivot] as number) + 1;
    return false;
  };

  let exhausted = 0;
  while (now() < deadline && !shouldStop()) {
    for (let i = 0; i < m; i++) counts[i] = input.counts[i] as number;
    packed.length = 0;
    nodes = 0;
    aborted = false;
    if (dfs(budget0, bins, itemCount)) return packed.slice();
    // A finished tree with the option caps: other tie-breaks may still succeed, a few times.
    if (!aborted && ++exhausted >= 3) return null;
    randomise = true;
    nodeLimit = Math.min(Math.ceil(nodeLimit * 1.3), 5_000_000);
  }
  return null;
}

/** First index whose size is <= value (sizes sorted descending). */
function firstAtMost(sizes: readonly number[], value: number): number {
  let lo = 0;
  let hi = sizes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sizes[mid] as number) <= value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
