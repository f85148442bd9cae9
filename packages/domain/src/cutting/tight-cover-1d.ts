// Exact cover by the LP optimum's tight patterns (one bar length). Pure; bars come back as counts
// per size.
//
// Why it works: let y be the cutting LP's optimal duals (no pattern worth more than 1 at them, and
// d·y = the LP value z) and K the number of bars aimed at. For any plan of K bars,
//   Σ over its bars of (1 − y·bar) + Σ over sizes of y·(cut − demand) = K − z,
// and both sums are ≥ 0. So every bar of such a plan has reduced cost 1 − y·bar ≤ K − z, and their
// reduced costs add up to at most K − z. Where the LP value is (nearly) an integer and K = ⌈z⌉,
// that budget is (nearly) zero: the plan is made of patterns that are (nearly) tight at y. On
// Hard28 a few hundred to a few thousand patterns are; the plan is an exact cover of the demand by
// K of them, which a depth-first search finds in milliseconds on several instances the LP dives
// and the local searches miss. The same budget holds for the waste: a plan of K bars wastes at most
// K × bar − the demand's length, so the search spends both budgets as it picks bars.
//
// Sizes with a zero dual (short pieces the LP can place anywhere) are left out of the patterns and
// put into the chosen bars' free length at the end by first fit (a plan the search rejects there
// is not proven impossible: the search never claims a proof).
//
// The search: pick the size still wanted with the fewest tight patterns that fit what is left
// (fail first), try its patterns the LP uses most first (its fractional usage), then by reduced
// cost and fullness. Stops at the deadline (the clock read every 256 nodes) or after `maxNodes`.
import type { Pattern } from './column-generation.ts';
import type { Rng } from './prng.ts';

export type TightCoverInput = {
  /** distinct sizes, sorted descending */
  sizes: readonly number[];
  demand: readonly number[];
  capacity: number;
  /** bars aimed at (the LP bound rounded up) */
  target: number;
  /** the LP's value and its duals at the optimum (dual feasible: no pattern prices above 1) */
  value: number;
  dual: readonly number[];
  /** the LP's final usage (patterns it cuts fractionally), to try first */
  usage?: readonly { pattern: Pattern; x: number }[];
};

/** Numerical slack on reduced costs and on the dual being exactly feasible. */
const TOLERANCE = 1e-7;
/** More tight patterns than this: the instance is not one for this search (enumeration declines). */
const MAX_TIGHT_PATTERNS = 30_000;
/** Nodes of the first descent; each restart allows `RESTART_GROWTH` times the last. */
const RESTART_NODES = 1000;
const RESTART_GROWTH = 1.5;
/** How far a restart shakes the order (added at random to a pattern's LP usage, 0 to 1+). */
const ORDER_NOISE = 1;
/** Nodes between two clock reads. */
const NODES_PER_CLOCK = 256;

type Column = { sizes: number[]; counts: number[]; rc: number; load: number; x: number };

export function tightCover1d(
  input: TightCoverInput,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
  rng: Rng,
  maxNodes = Number.POSITIVE_INFINITY,
): number[][] | null {
  const { sizes, demand, capacity, target, dual } = input;
  const m = sizes.length;
  if (dual.length !== m || target <= 0) return null;
  const budget0 = target - input.value + TOLERANCE;
  if (budget0 < 0) return null;
  const priced = sizes.map((_, t) => (dual[t] as number) > TOLERANCE);
  let pricedLength = 0;
  for (let t = 0; t < m; t++) if (priced[t]) pricedLength += (sizes[t] as number) * (demand[t] as number);
  const slack0 = target * capacity - pricedLength;
  if (slack0 < 0) return null;

  // Where too many patterns are within the whole budget, only those within a quarter of it, then a
  // sixteenth (a plan spends its budget on few bars; most of its bars are tight). No more tries:
  // where a sixteenth still leaves too many, the LP's optimal face is wide (BPP781: more than
  // 30 000 patterns within 2.4e-7) and the time is better left to the dives.
  let columns: Column[] | 'too many' | null = 'too many';
  for (let k = 0, threshold = budget0; columns === 'too many' && k < 3; k++, threshold /= 4)
    columns = enumerateTight(input, priced, threshold, slack0, deadline, now);
  if (columns === null || columns === 'too many') return null;
  // Each size's patterns, in the order the search tries them.
  const bySize: number[][] = sizes.map(() => []);
  columns.forEach((c, k) => {
    for (const t of c.sizes) (bySize[t] as number[]).push(k);
  });
  for (const list of bySize) {
    list.sort((a, b) => {
      const ca = columns[a] as Column;
      const cb = columns[b] as Column;
      return cb.x - ca.x || ca.rc - cb.rc || cb.load - ca.load;
    });
  }

  const rest = Int32Array.from(demand);
  const chosen: number[] = [];
  let budget = budget0;
  let slack = slack0;
  let nodes = 0;
  let stopped = false;
  // Live patterns per size (those that still fit what is left, the budget and the slack), kept up
  // to date as bars are chosen and taken back: a pattern dies once and revives on the way back.
  const n = columns.length;
  const dead = new Uint8Array(n);
  const live = new Int32Array(m);
  for (const c of columns) for (const t of c.sizes) live[t] = (live[t] as number) + 1;
  const trail: number[] = [];
  const kill = (k: number): void => {
    if (dead[k]) return;
    dead[k] = 1;
    trail.push(k);
    for (const t of (columns[k] as Column).sizes) live[t] = (live[t] as number) - 1;
  };
  const reviveTo = (mark: number): void => {
    while (trail.length > mark) {
      const k = trail.pop() as number;
      dead[k] = 0;
      for (const t of (columns[k] as Column).sizes) live[t] = (live[t] as number) + 1;
    }
  };
  // The patterns by reduced cost and by waste, largest first: as the budgets shrink, a prefix dies.
  const byCost = columns
    .map((_, k) => k)
    .sort((a, b) => (columns[b] as Column).rc - (columns[a] as Column).rc);
  const byWaste = columns
    .map((_, k) => k)
    .sort((a, b) => (columns[a] as Column).load - (columns[b] as Column).load);
  let costDead = 0;
  let wasteDead = 0;
  const choose = (k: number): void => {
    const c = columns[k] as Column;
    for (let j = 0; j < c.sizes.length; j++) {
      const t = c.sizes[j] as number;
      const left = (rest[t] as number) - (c.counts[j] as number);
      rest[t] = left;
      for (const other of bySize[t] as number[]) {
        if (dead[other]) continue;
        const o = columns[other] as Column;
        if ((o.counts[o.sizes.indexOf(t)] as number) > left) kill(other);
      }
    }
    budget -= Math.max(0, c.rc);
    slack -= capacity - c.load;
    while (costDead < n && (columns[byCost[costDead] as number] as Column).rc > budget)
      kill(byCost[costDead++] as number);
    while (wasteDead < n && capacity - (columns[byWaste[wasteDead] as number] as Column).load > slack)
      kill(byWaste[wasteDead++] as number);
  };
  const unchoose = (k: number, mark: number, costMark: number, wasteMark: number): void => {
    const c = columns[k] as Column;
    for (let j = 0; j < c.sizes.length; j++) {
      const t = c.sizes[j] as number;
      rest[t] = (rest[t] as number) + (c.counts[j] as number);
    }
    budget += Math.max(0, c.rc);
    slack += capacity - c.load;
    costDead = costMark;
    wasteDead = wasteMark;
    reviveTo(mark);
  };
  while (costDead < n && (columns[byCost[costDead] as number] as Column).rc > budget)
    kill(byCost[costDead++] as number);
  while (wasteDead < n && capacity - (columns[byWaste[wasteDead] as number] as Column).load > slack)
    kill(byWaste[wasteDead++] as number);
  let plan: number[][] | null = null;
  /** The node count at which the current descent gives up. */
  let roundEnd = Number.POSITIVE_INFINITY;
  const search = (): boolean => {
    if (stopped || nodes >= roundEnd) return false;
    if (++nodes % NODES_PER_CLOCK === 0 && (now() > deadline || shouldStop() || nodes > maxNodes)) {
      stopped = true;
      return false;
    }
    // Fail first: the priced size still wanted with the fewest live patterns.
    let pick = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (let t = 0; t < m; t++) {
      if (!priced[t] || (rest[t] as number) <= 0) continue;
      const count = live[t] as number;
      if (count < fewest) {
        if (count === 0) return false;
        fewest = count;
        pick = t;
      }
    }
    if (pick < 0) {
      plan = withShortPieces(
        input,
        priced,
        chosen.map((k) => columns[k] as Column),
      );
      return plan !== null;
    }
    if (chosen.length >= target) return false;
    for (const k of bySize[pick] as number[]) {
      if (dead[k]) continue;
      const mark = trail.length;
      const costMark = costDead;
      const wasteMark = wasteDead;
      choose(k);
      chosen.push(k);
      const found = search();
      chosen.pop();
      unchoose(k, mark, costMark, wasteMark);
      if (found) return true;
      if (stopped || nodes >= roundEnd) return false;
    }
    return false;
  };
  // Restarts: a first descent in the LP's order, then descents with that order shaken a little,
  // each allowed half as many nodes again as the last (the search's time to a plan varies widely
  // with its first choices).
  const inOrder = bySize.map((list) => list.slice());
  let allowance = RESTART_NODES;
  for (let round = 0; plan === null && !stopped; round++) {
    if (round > 0) {
      for (let t = 0; t < m; t++) {
        const keyed = (inOrder[t] as number[]).map((k) => ({
          k,
          key: (columns[k] as Column).x + ORDER_NOISE * rng.next(),
        }));
        keyed.sort((a, b) => b.key - a.key);
        bySize[t] = keyed.map((e) => e.k);
      }
    }
    roundEnd = nodes + allowance;
    search();
    if (nodes < roundEnd) break; // the whole tree searched: no plan among these patterns
    allowance = Math.ceil(allowance * RESTART_GROWTH);
  }
  return plan;
}

/**
 * Every pattern of priced sizes whose reduced cost is within the budget and whose waste is within
 * the slack (non-maximal ones too: a plan may leave a bar's end to the short pieces); 'too many'
 * past `MAX_TIGHT_PATTERNS`, null when the deadline passes.
 */
function enumerateTight(
  input: TightCoverInput,
  priced: readonly boolean[],
  budget: number,
  slack: number,
  deadline: number,
  now: () => number,
): Column[] | 'too many' | null {
  const { sizes, demand, capacity, dual } = input;
  const m = sizes.length;
  // The best dual per unit of length among sizes t.. (sizes are sorted descending, so a bar's free
  // length times this bounds what the rest can add).
  const density = new Float64Array(m + 1);
  for (let t = m - 1; t >= 0; t--) {
    const own = priced[t] ? (dual[t] as number) / (sizes[t] as number) : 0;
    density[t] = Math.max(density[t + 1] as number, own);
  }
  const usageOf = new Map<string, number>();
  for (const u of input.usage ?? []) {
    const key = patternKey(
      u.pattern.counts.flatMap((c, t) => (c > 0 && priced[t] ? [t] : [])),
      u.pattern.counts.filter((c, t) => c > 0 && priced[t]),
    );
    usageOf.set(key, (usageOf.get(key) ?? 0) + u.x);
  }
  const need = 1 - budget;
  const columns: Column[] = [];
  const inSizes: number[] = [];
  const inCounts: number[] = [];
  let visits = 0;
  let failed = false;
  let tooMany = false;
  const visit = (from: number, free: number, value: number): void => {
    for (let t = from; t < m && !failed; t++) {
      if (!priced[t]) continue;
      const s = sizes[t] as number;
      if (s > free) continue;
      if (value + free * (density[t] as number) < need) return;
      if ((++visits & 1023) === 0 && now() > deadline) {
        failed = true;
        return;
      }
      let left = free;
      let worth = value;
      for (let c = 1; c <= (demand[t] as number) && s <= left; c++) {
        left -= s;
        worth += dual[t] as number;
        inSizes.push(t);
        inCounts.push(c);
        if (worth >= need && left <= slack) {
          columns.push({
            sizes: inSizes.slice(),
            counts: inCounts.slice(),
            rc: 1 - worth,
            load: capacity - left,
            x: usageOf.get(patternKey(inSizes, inCounts)) ?? 0,
          });
          if (columns.length > MAX_TIGHT_PATTERNS) {
            failed = true;
            tooMany = true;
          }
        }
        visit(t + 1, left, worth);
        inSizes.pop();
        inCounts.pop();
      }
    }
  };
  visit(0, capacity, 0);
  return tooMany ? 'too many' : failed ? null : columns;
}

function patternKey(sizes: readonly number[], counts: readonly number[]): string {
  return sizes.map((t, j) => `${t}:${counts[j]}`).join(',');
}

/**
 * The chosen bars as counts over all sizes, with the unpriced pieces put into their free length
 * (first fit, longest first; new bars while the target allows). Null if they do not fit.
 */
function withShortPieces(
  input: TightCoverInput,
  priced: readonly boolean[],
  bars: readonly Column[],
): number[][] | null {
  const { sizes, demand, capacity, target } = input;
  const m = sizes.length;
  const out = bars.map((c) => {
    const counts = new Array<number>(m).fill(0);
    c.sizes.forEach((t, j) => {
      counts[t] = c.counts[j] as number;
    });
    return counts;
  });
  const free = bars.map((c) => capacity - c.load);
  for (let t = 0; t < m; t++) {
    if (priced[t]) continue;
    const s = sizes[t] as number;
    for (let q = 0; q < (demand[t] as number); q++) {
      let k = free.findIndex((f) => f >= s);
      if (k < 0) {
        if (out.length >= target || s > capacity) return null;
        out.push(new Array<number>(m).fill(0));
        free.push(capacity);
        k = out.length - 1;
      }
      (out[k] as number[])[t] = ((out[k] as number[])[t] as number) + 1;
      free[k] = (free[k] as number) - s;
    }
  }
  return out;
}
