// Local search that tries to fit all items into `target` bars of one length. A partial plan keeps
// `target` feasible bars and a pool of unpacked items; one move refills a bar optimally from its own
// items plus the pool (subset-sum DP, random tie-breaks), which never lowers the bar's load. The
// pool's total size is the objective; equal-load refills move items around on the plateau, and a
// stalled search empties a random bar into the pool. Succeeds when the pool is empty.
import { binCompletion } from './bin-completion.ts';
import type { Rng } from './prng.ts';
import { createSubsetSum } from './subset-sum-1d.ts';

/** Largest number of items one refill looks at (the bar's own plus a sample of the pool). */
const REFILL_ITEMS = 48;
/** Subset-sum word operations between two clock reads (about a quarter of a millisecond). */
const WORK_PER_CLOCK = 1 << 18;

export type RepackInput = {
  /** item sizes (one entry per item) */
  items: readonly number[];
  capacity: number;
  target: number;
  /** a starting plan: item indices per bar (any number of bars) */
  start: readonly (readonly number[])[];
};

export function repack1d(
  input: RepackInput,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
): number[][] | null {
  const { items, capacity, target } = input;
  if (target <= 0) return input.start.length === 0 ? [] : null;
  let total = 0;
  for (const s of items) total += s;
  if (total > target * capacity) return null;
  const loadOf = (bin: number[]): number => bin.reduce((a, i) => a + (items[i] as number), 0);
  // Keep the fullest `target` bars, pool the rest.
  const sorted = input.start.map((b) => b.slice()).sort((a, b) => loadOf(b) - loadOf(a));
  const bins = sorted.slice(0, target);
  while (bins.length < target) bins.push([]);
  const loads = bins.map(loadOf);
  let pool: number[] = [];
  for (const b of sorted.slice(target)) pool.push(...b);
  // Best-fit what fits at once.
  const bestFit = (): void => {
    pool.sort((a, b) => (items[b] as number) - (items[a] as number));
    const rest: number[] = [];
    for (const it of pool) {
      const s = items[it] as number;
      let k = -1;
      for (let b = 0; b < bins.length; b++) {
        const room = capacity - (loads[b] as number);
        if (room >= s && (k < 0 || room < capacity - (loads[k] as number))) k = b;
      }
      if (k < 0) rest.push(it);
      else {
        (bins[k] as number[]).push(it);
        loads[k] = (loads[k] as number) + s;
      }
    }
    pool = rest;
  };
  bestFit();
  const fullestOf = createSubsetSum(capacity, REFILL_ITEMS * 2);
  /** Fullest subset of `cand` (random among equals through the caller's order); marks `take`. */
  const fullest = (cand: number[], take: Uint8Array): number =>
    fullestOf(
      cand.map((i) => items[i] as number),
      take,
    );
  // Two bars of many short pieces can hold more than REFILL_ITEMS * 2: the marks grow with them.
  let take1 = new Uint8Array(REFILL_ITEMS * 2);
  let take2 = new Uint8Array(REFILL_ITEMS * 2);
  let stall = 0;
  let iter = 0;
  // The clock as last read: every 32nd move, or sooner after much subset-sum work (on a bar of
  // 100 000 one move takes about a millisecond). Reading a CPU clock is a system call.
  let clock = now();
  let work = 0;
  const words = (capacity >>> 5) + 1;
  const temperature = Math.max(1, 0.002 * capacity);
  while (pool.length > 0) {
    if ((++iter & 31) === 0 || work >= WORK_PER_CLOCK) {
      work = 0;
      clock = now();
      if (clock > deadline || shouldStop()) return null;
    }
    // Two bars and the pool are refilled together: the first as full as possible, the second from
    // what is left. Slack moves between bars this way, not only between a bar and the pool.
    const b1 = pickBin(loads, capacity, rng);
    let b2 = -1;
    if (bins.length > 1 && rng.next() < 0.8) {
      b2 = pickBin(loads, capacity, rng);
      if (b2 === b1) b2 = (b1 + 1 + rng.int(bins.length - 1)) % bins.length;
    }
    const own = b2 < 0 ? (bins[b1] as number[]).slice() : (bins[b1] as number[]).concat(bins[b2] as number[]);
    const fromPool = samplePool(pool, Math.max(4, REFILL_ITEMS - own.length), rng);
    const cand = own.concat(fromPool);
    work += 2 * cand.length * words;
    shuffle(cand, rng);
    if (take1.length < cand.length) {
      take1 = new Uint8Array(cand.length * 2);
      take2 = new Uint8Array(cand.length * 2);
    }
    const l1 = fullest(cand, take1);
    const rest: number[] = [];
    const first: number[] = [];
    for (let j = 0; j < cand.length; j++) (take1[j] ? first : rest).push(cand[j] as number);
    const second: number[] = [];
    let l2 = 0;
    let left = rest;
    if (b2 >= 0) {
      l2 = fullest(rest, take2);
      left = [];
      for (let j = 0; j < rest.length; j++) (take2[j] ? second : left).push(rest[j] as number);
    }
    const old = (loads[b1] as number) + (b2 >= 0 ? (loads[b2] as number) : 0);
    // Worse refills are accepted now and then (annealing): the landscape of exact packings is
    // flat, and only a step back lets items change places.
    if (l1 + l2 < old && rng.next() >= Math.exp((l1 + l2 - old) / temperature)) {
      stall++;
      continue;
    }
    const taken = new Set(fromPool);
    pool = pool.filter((it) => !taken.has(it)).concat(left);
    bins[b1] = first;
    loads[b1] = l1;
    if (b2 >= 0) {
      bins[b2] = second;
      loads[b2] = l2;
    }
    if (l1 + l2 > old) stall = 0;
    else stall++;
    if (stall > 0 && stall % 16 === 0 && pool.length <= 8) {
      // Large neighbourhood: every bar with slack, a few full ones and the whole pool, packed
      // exactly into that many bars by the bin-completion search (small, so it is quick).
      const chosen = new Set<number>();
      for (let b = 0; b < bins.length; b++) if ((loads[b] as number) < capacity) chosen.add(b);
      if (chosen.size > 8) continue;
      const want = Math.min(bins.length, chosen.size + 2 + rng.int(16));
      while (chosen.size < want) chosen.add(rng.int(bins.length));
      const subItems = pool.slice();
      for (const b of chosen) subItems.push(...(bins[b] as number[]));
      const solved = exactRepack(
        subItems,
        items,
        capacity,
        chosen.size,
        rng,
        Math.min(deadline, clock + 10),
        now,
        shouldStop,
      );
      if (solved) {
        [...chosen].forEach((b, k) => {
          bins[b] = solved[k] ?? [];
          loads[b] = loadOf(bins[b] as number[]);
        });
        pool = [];
        break;
      }
    }
    if (stall > 20 * target) {
      // Kick: empty a random bar into the pool and refill greedily.
      const k = rng.int(bins.length);
      pool.push(...(bins[k] as number[]));
      bins[k] = [];
      loads[k] = 0;
      bestFit();
      stall = 0;
    }
  }
  return bins.filter((b) => b.length > 0);
}

/** Mostly bars with slack (they can improve), sometimes a full one (plateau moves). */
function pickBin(loads: number[], capacity: number, rng: Rng): number {
  if (rng.next() < 0.5) {
    for (let tries = 0; tries < 8; tries++) {
      const b = rng.int(loads.length);
      if ((loads[b] as number) < capacity) return b;
    }
  }
  return rng.int(loads.length);
}

function samplePool(pool: number[], k: number, rng: Rng): number[] {
  if (pool.length <= k) return pool.slice();
  const copy = pool.slice();
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(copy.length - i);
    const t = copy[i] as number;
    copy[i] = copy[j] as number;
    copy[j] = t;
  }
  return copy.slice(0, k);
}

function shuffle(a: number[], rng: Rng): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i] as number;
    a[i] = a[j] as number;
    a[j] = t;
  }
}

/** Packs the given items into `bins` bars with the bin-completion search; item indices per bar. */
function exactRepack(
  subItems: number[],
  items: readonly number[],
  capacity: number,
  bins: number,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
): number[][] | null {
  const bySize = new Map<number, number[]>();
  for (const it of subItems) {
    const s = items[it] as number;
    const list = bySize.get(s);
    if (list) list.push(it);
    else bySize.set(s, [it]);
  }
  const sizes = [...bySize.keys()].sort((a, b) => b - a);
  const result = binCompletion(
    { sizes, counts: sizes.map((s) => (bySize.get(s) as number[]).length), capacity, bins },
    rng,
    deadline,
    now,
    shouldStop,
  );
  if (!result) return null;
  return result.map((counts) => {
    const bar: number[] = [];
    counts.forEach((c, t) => {
      const list = bySize.get(sizes[t] as number) as number[];
      for (let q = 0; q < c; q++) bar.push(list.pop() as number);
    });
    return bar;
  });
}
