// Bin-completion search for one bar length: tries to pack all items into exactly `bins` bars.
// Each bar is built around the largest remaining item and completed with subsets of the rest whose
// waste fits in the remaining waste budget (bins * C - total size). Randomised restarts with a
// growing node limit make it an anytime method; it proves nothing but finds exact packings
// (e.g. triplet instances) that greedy and LP rounding miss.
import type { Rng } from './prng.ts';

export type CompletionInput = {
  /** distinct sizes, sorted descending */
  sizes: readonly number[];
  counts: readonly number[];
  capacity: number;
  bins: number;
};

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
  for (let i = 0; i < m; i++) total += (sizes[i] as number) * (input.counts[i] as number);
  const budget0 = bins * capacity - total;
  if (budget0 < 0) return null;
  // Many short randomised dives beat one long backtracking search (failures show up deep).
  let nodeLimit = bins * 3;
  let exhausted = 0;
  let attempt = 0;
  while (now() < deadline && !shouldStop()) {
    const counts = input.counts.slice();
    const packed: number[][] = [];
    let nodes = 0;
    let aborted = false;
    const dfs = (budget: number, left: number): boolean => {
      let first = -1 as number;
      for (let i = 0; i < m; i++) {
        if ((counts[i] as number) > 0) {
          first = i;
          break;
        }
      }
      if (first < 0) return true;
      if (left === 0) return false;
      if (++nodes > nodeLimit || now() > deadline) {
        aborted = true;
        return false;
      }
      // Fail-first: build the next bar around the piece with the fewest ways to complete it.
      let pivot = first;
      let options: Completion[] | null = null;
      for (const t of pivotCandidates(counts, first, rng)) {
        counts[t] = (counts[t] as number) - 1;
        const opts = completions(
          sizes,
          counts,
          capacity - (sizes[t] as number),
          budget,
          attempt === 0 ? null : rng,
          0,
        );
        counts[t] = (counts[t] as number) + 1;
        if (options === null || opts.length < options.length) {
          options = opts;
          pivot = t;
        }
        if (opts.length === 0) break;
      }
      first = pivot;
      counts[first] = (counts[first] as number) - 1;
      if (options !== null && options.length > 0) {
        options = completions(
          sizes,
          counts,
          capacity - (sizes[first] as number),
          budget,
          attempt === 0 ? null : rng,
          0,
        );
      }
      for (const option of options ?? []) {
        for (let j = 0; j < m; j++) counts[j] = (counts[j] as number) - (option.counts[j] as number);
        const bin = option.counts.slice();
        bin[first] = (bin[first] as number) + 1;
        packed.push(bin);
        if (dfs(budget - option.waste, left - 1)) return true;
        packed.pop();
        for (let j = 0; j < m; j++) counts[j] = (counts[j] as number) + (option.counts[j] as number);
        if (aborted) break;
      }
      counts[first] = (counts[first] as number) + 1;
      return false;
    };
    if (dfs(budget0, bins)) return packed;
    // A finished (but truncated) tree: other random tie-breaks may still succeed, a few times.
    if (!aborted && ++exhausted >= 3) return null;
    attempt++;
    if (attempt % 50 === 0) nodeLimit = Math.min(Math.ceil(nodeLimit * 1.5), 2_000_000);
  }
  return null;
}

type Completion = { counts: number[]; waste: number };

/** The largest remaining piece plus a sample of others (all of them when there are few types). */
function pivotCandidates(counts: readonly number[], first: number, rng: Rng): number[] {
  const present: number[] = [];
  for (let i = first; i < counts.length; i++) if ((counts[i] as number) > 0) present.push(i);
  if (present.length <= 40) return present;
  const picked = new Set<number>(present.slice(0, 12));
  while (picked.size < 24) picked.add(present[rng.int(present.length)] as number);
  return [...picked];
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

/** Subsets of the remaining items that fill `room` with waste <= budget, fullest first. */
function completions(
  sizes: readonly number[],
  counts: readonly number[],
  room: number,
  budget: number,
  rng: Rng | null,
  /** stop once this many are found (0 = enumerate up to the visit limit) */
  enough: number,
): Completion[] {
  const m = sizes.length;
  let minSize = Number.POSITIVE_INFINITY;
  for (let i = 0; i < m; i++) if ((counts[i] as number) > 0) minSize = Math.min(minSize, sizes[i] as number);
  const found: Completion[] = [];
  const cur = new Array<number>(m).fill(0);
  let visits = 0;
  const limit = 4000;
  const rec = (start: number, left: number): void => {
    if (left <= budget) {
      found.push({ counts: cur.slice(), waste: left });
      if (enough > 0 && found.length >= enough) visits = limit + 1;
    }
    if (left < minSize || ++visits > limit) return;
    const maxItems = Math.floor(left / minSize);
    for (let j = Math.max(start, firstAtMost(sizes, left)); j < m; j++) {
      const s = sizes[j] as number;
      if (s > left || (counts[j] as number) - (cur[j] as number) <= 0) continue;
      // Items are sorted descending: if even maxItems of this size cannot reach the budget, stop.
      if (s * maxItems < left - budget) break;
      cur[j] = (cur[j] as number) + 1;
      rec(j, left - s);
      cur[j] = (cur[j] as number) - 1;
      if (visits > limit) return;
    }
  };
  rec(0, room);
  // Fullest first; among equals the enumeration order (largest items first) is kept, since using
  // big items early is what keeps the rest packable. Restarts perturb the order a little.
  const ordered = found
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.waste - b.c.waste || a.i - b.i)
    .map((x) => x.c)
    .slice(0, 24);
  if (rng && ordered.length > 1 && rng.next() < 0.3) {
    const j = 1 + rng.int(Math.min(ordered.length - 1, 4));
    const tmp = ordered[0] as Completion;
    ordered[0] = ordered[j] as Completion;
    ordered[j] = tmp;
  }
  return ordered;
}
