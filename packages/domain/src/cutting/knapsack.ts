// Bounded knapsack for the cutting-stock pricing: a DP over the bar length when that table is
// small, else a depth-first search guided by a DP on coarsened lengths (an upper bound that keeps
// the LP bound proven); and a greedy one, tried first on long bars.

export type KnapsackResult = {
  value: number;
  counts: number[];
  /** true when `value` is the optimum */
  exact: boolean;
  /** a proven upper bound on the optimum (= value when exact) */
  upper: number;
  /**
   * The DP's best fill of each capacity asked for in `within` (same bounds), from the same table;
   * absent when the long-bar search ran instead of the DP.
   */
  within?: { value: number; counts: number[] }[];
};

/** Largest DP table (cells) a knapsack call may use. */
const DP_CELLS = 6_000_000;
/** The coarsened DP's table: a bar of 100 000 over 200 sizes gets lengths in steps of 20. */
const COARSE_DP_CELLS = 500_000;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Maximise sum(values * counts) with sum(weights * counts) <= capacity, counts <= bounds.
 * Dynamic programming over the capacity (bounded counts split into powers of two) when the table
 * is small; otherwise (long bars, e.g. Scholl 3: bar 100 000) a depth-first search guided by DP
 * tables on coarsened lengths (`knapsackGuided`), exact unless it runs out of nodes, when its
 * coarse table still gives a proven upper bound.
 */
export function boundedKnapsack(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
  nodeLimit = 200_000,
  expired: () => boolean = () => false,
  within: readonly number[] = [],
): KnapsackResult {
  const g = dpStep(weights, bounds, capacity);
  if (g > 0) return knapsackDp(values, weights, bounds, capacity, g, within);
  return knapsackGuided(values, weights, bounds, capacity, nodeLimit, expired);
}

/** Suffix tables of the guided search, kept between calls (pricing calls it hundreds of times). */
let suffixBuffer = new Float64Array(0);

/**
 * Exact bounded knapsack for long bars: depth-first over the sizes (longest first, most copies
 * first), pruned by DP tables on coarsened lengths (lengths and capacity divided by k, rounded
 * down): suffix[i][c] is the best value of sizes i.. within coarse room c. Every real pattern fits
 * its coarse image, so value + suffix[i][room / k] bounds a branch from above, tightly (the rounding
 * loses less than k per piece). Scholl 3 (bar 100 000, 200 sizes) prices in a few milliseconds.
 */
function knapsackGuided(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
  nodeLimit: number,
  expired: () => boolean,
): KnapsackResult {
  const items: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if ((values[i] as number) > 1e-12 && (bounds[i] ?? 0) > 0 && (weights[i] as number) <= capacity)
      items.push(i);
  }
  items.sort((a, b) => (weights[b] as number) - (weights[a] as number));
  const n = items.length;
  const cnt = items.map((i) => Math.min(bounds[i] as number, Math.floor(capacity / (weights[i] as number))));
  let splits = 1;
  for (const b of cnt) splits += Math.ceil(Math.log2(b + 1));
  const width = Math.max(
    1,
    Math.min(Math.floor(COARSE_DP_CELLS / splits), Math.floor((COARSE_DP_CELLS * 2) / (n + 1))),
  );
  const k = Math.max(1, Math.ceil((capacity + 1) / width));
  const cc = Math.floor(capacity / k);
  const row = cc + 1;
  if (suffixBuffer.length < (n + 1) * row) suffixBuffer = new Float64Array((n + 1) * row);
  const suf = suffixBuffer;
  suf.fill(0, n * row, (n + 1) * row);
  for (let j = n - 1; j >= 0; j--) {
    const base = j * row;
    suf.copyWithin(base, base + row, base + 2 * row);
    const i = items[j] as number;
    const v = values[i] as number;
    const cw = Math.floor((weights[i] as number) / k);
    let b = cnt[j] as number;
    for (let mult = 1; b > 0; mult *= 2) {
      const q = Math.min(mult, b);
      b -= q;
      const w = cw * q;
      const add = v * q;
      for (let c = cc; c >= w; c--) {
        const cand = (suf[base + c - w] as number) + add;
        if (cand > (suf[base + c] as number)) suf[base + c] = cand;
      }
    }
  }
  const upper = suf[cc] as number;
  const cur = new Array<number>(n).fill(0);
  let best = 0;
  let bestCounts = cur.slice();
  let nodes = 0;
  let complete = true;
  // A node picks the next size that goes in (j2 >= j, at least one copy): the sizes skipped on the
  // way cost no node. suffix[j2] only shrinks as j2 grows, so the first j2 whose bound cannot beat
  // the best ends the loop for all later ones.
  const dfs = (j: number, room: number, value: number): boolean => {
    if (value > best + 1e-12) {
      best = value;
      bestCounts = cur.slice();
      if (best >= upper - 1e-12) return true;
    }
    const coarseRoom = Math.floor(room / k);
    for (let j2 = j; j2 < n; j2++) {
      if (value + (suf[j2 * row + coarseRoom] as number) <= best + 1e-12) return false;
      const i = items[j2] as number;
      const w = weights[i] as number;
      if (w > room) continue;
      // Out of nodes, or out of time (read every 256 nodes): the coarse bound stands in.
      if (++nodes > nodeLimit || ((nodes & 255) === 0 && expired())) {
        complete = false;
        return true;
      }
      const v = values[i] as number;
      for (let c = Math.min(cnt[j2] as number, Math.floor(room / w)); c >= 1; c--) {
        cur[j2] = c;
        if (dfs(j2 + 1, room - c * w, value + c * v)) {
          cur[j2] = 0;
          return true;
        }
      }
      cur[j2] = 0;
    }
    return false;
  };
  dfs(0, capacity, 0);
  const counts = new Array<number>(values.length).fill(0);
  items.forEach((i, j) => {
    counts[i] = bestCounts[j] as number;
  });
  const exact = complete || best >= upper - 1e-12;
  return { value: best, counts, exact, upper: exact ? best : upper };
}

/** The DP's capacity step (gcd of the weights) when a DP table over the capacity is small enough, else 0. */
export function dpStep(weights: readonly number[], bounds: readonly number[], capacity: number): number {
  let g = capacity;
  for (let i = 0; i < weights.length; i++) if ((bounds[i] ?? 0) > 0) g = gcd(g, weights[i] as number);
  g = Math.max(1, g);
  const cap = Math.floor(capacity / g);
  let splits = 0;
  for (let i = 0; i < weights.length; i++) {
    const b = Math.min(bounds[i] ?? 0, Math.floor(capacity / (weights[i] as number)));
    if (b > 0) splits += Math.ceil(Math.log2(b + 1));
  }
  return splits * (cap + 1) <= DP_CELLS ? g : 0;
}

function knapsackDp(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
  g: number,
  within: readonly number[],
): KnapsackResult {
  const cap = Math.floor(capacity / g);
  const parts: { item: number; mult: number; w: number; v: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    const w = (weights[i] as number) / g;
    let b = Math.min(bounds[i] ?? 0, Math.floor(cap / w));
    if (b <= 0 || v <= 1e-12) continue;
    for (let mult = 1; b > 0; mult *= 2) {
      const k = Math.min(mult, b);
      parts.push({ item: i, mult: k, w: w * k, v: v * k });
      b -= k;
    }
  }
  const dp = new Float64Array(cap + 1);
  const take = new Uint8Array(parts.length * (cap + 1));
  parts.forEach((p, k) => {
    const base = k * (cap + 1);
    for (let c = cap; c >= p.w; c--) {
      const cand = (dp[c - p.w] as number) + p.v;
      if (cand > (dp[c] as number) + 1e-12) {
        dp[c] = cand;
        take[base + c] = 1;
      }
    }
  });
  // dp[c] is the best value within length c (not exactly c): the same table answers every
  // shorter capacity, read back from there.
  const readBack = (from: number): number[] => {
    const counts = new Array<number>(values.length).fill(0);
    let c = from;
    for (let k = parts.length - 1; k >= 0; k--) {
      const p = parts[k] as (typeof parts)[number];
      if (take[k * (cap + 1) + c]) {
        counts[p.item] = (counts[p.item] as number) + p.mult;
        c -= p.w;
      }
    }
    return counts;
  };
  const value = dp[cap] as number;
  const result: KnapsackResult = { value, counts: readBack(cap), exact: true, upper: value };
  if (within.length > 0)
    result.within = within.map((length) => {
      const c = Math.max(0, Math.min(cap, Math.floor(length / g)));
      return { value: dp[c] as number, counts: readBack(c) };
    });
  return result;
}

export function greedyKnapsack(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
): { value: number; counts: number[] } {
  const order = values.map((_, i) => i).filter((i) => (values[i] as number) > 1e-12);
  order.sort(
    (a, b) => (values[b] as number) / (weights[b] as number) - (values[a] as number) / (weights[a] as number),
  );
  const counts = new Array<number>(values.length).fill(0);
  let room = capacity;
  let value = 0;
  for (const i of order) {
    const c = Math.min(bounds[i] as number, Math.floor(room / (weights[i] as number)));
    if (c <= 0) continue;
    counts[i] = c;
    room -= c * (weights[i] as number);
    value += c * (values[i] as number);
  }
  return { value, counts };
}
