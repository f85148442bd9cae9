// Consistent-neighbourhood search for bin packing with one bar length, after the method of
// Buljubasic and Vasquez (Computers & Operations Research 76, 2016): it tries to fit every item
// into `target` bars. The partial plan is always feasible: `target` - 2 bars within capacity and a
// pool of items not yet placed. The aim is a pool that the last two bars hold.
//  - Tabu phase: a move takes up to two items out of one bar into the pool and puts one or two
//    pool items in their place (Swap(p, q), p in 0..2, q in 1..2; p = 0 is a plain insertion).
//    Only moves that do not grow the pool's total size are allowed; among them the one that
//    shrinks it most wins, ties go to the move that keeps the slack in fewer bars (sum of squared
//    slacks, as best fit), then to the one that leaves more (so smaller) items in the pool, then
//    at random. An item that left a bar may not return to that bar, and an item that entered
//    one may not leave it, for a few moves (tabu), unless the move brings the pool below its
//    best so far.
//  - Fill descent: when the tabu phase stalls, every bar with slack (and pairs of such bars) is
//    refilled as full as possible from its own items and the pool (a subset sum).
//  - Kick: if that gains nothing either, a random bar is emptied into the pool (its items may not
//    return to it for a while).
//  - LP prices (optional `dual`): where the caller has solved the LP, the pool is measured by its
//    length plus its prices (a price per unit of the bar length weighs `DUAL_WEIGHT` times a unit
//    of length), and moves that lose some of that value are allowed too (the tabu rules keep them
//    from being undone at once). With a dual point no pattern beats and a plan of k bars, the bars'
//    reduced costs (1 - their items' prices) add up to k - the LP bound; where the bound is nearly
//    integral, a plan at it can only hold bars of (nearly) zero reduced cost, and a bar filled to
//    the last millimetre can still be one of the others. Length alone cannot tell them apart; the
//    prices steer the bars towards the LP's patterns (Hard28, the search alone from first fit at
//    1 s with the LP's final duals: 6-7 of 28 with them, none without). Any prices keep the plan
//    valid; only the guidance depends on them.
// All state lives in typed arrays sized once; the inner loop (the move scan) allocates nothing.
// The clock is read after a fixed amount of scan work, not per move.
import type { Rng } from './prng.ts';
import { createSubsetSum } from './subset-sum-1d.ts';

export type CnsInput = {
  /** item sizes (one entry per item, all > 0) */
  items: readonly number[];
  capacity: number;
  target: number;
  /** a starting plan: item indices per bar (any number of bars) */
  start: readonly (readonly number[])[];
  /**
   * LP prices per item (optional): the cutting LP's duals (`LpSolution.dual` of the item's size),
   * ideally a dual point at which no bar's prices add up to more than 1.
   */
  dual?: readonly number[];
};

/** Pool sizes up to this also offer pairs of pool items (the pair table grows with its square). */
const PAIR_POOL = 72;
/** Bars times slots per bar above this: the search declines (the caller has other searches). */
const MAX_SLOTS = 1 << 21;
/** Scan steps between two clock reads, */
const WORK_PER_CLOCK = 1 << 16;
/**
 * or this many moves or refills, whichever comes first: a step's cost is not its count (measured:
 * 40 moves from one piece per bar took 30-50 ms of CPU with the scan's count far below the above).
 */
const STEPS_PER_CLOCK = 8;
/** Items one fill looks at (its bars' own plus a sample of the pool). */
const FILL_ITEMS = 48;
/** Random pair refills per fill descent, per bar. */
const FILL_ROUNDS = 4;
/**
 * Bars left out of the search: the pool has to fit into them, not to be empty (Buljubasic and
 * Vasquez keep m - 2 bars). Any pool that two bars hold ends the search, whatever its items, so
 * far more end states count than an empty pool, and the last two bars need no moves to be filled.
 */
const FREE_BARS = 2;
/** With LP prices: an item's value is its length plus this many bar lengths times its price. */
const DUAL_WEIGHT = 16;

export function cnsPack1d(
  input: CnsInput,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
): number[][] | null {
  const { capacity, target } = input;
  const n = input.items.length;
  if (target <= 0) return n === 0 ? [] : null;
  const w = Int32Array.from(input.items);
  // The value the pool is measured by: the length, plus the LP price where there is one.
  const dual = input.dual;
  const priced = dual !== undefined && dual.length === n;
  const v = Float64Array.from(input.items);
  if (priced)
    for (let i = 0; i < n; i++) v[i] = (v[i] as number) + DUAL_WEIGHT * capacity * (dual[i] as number);
  let total = 0;
  let minSize = capacity;
  for (let i = 0; i < n; i++) {
    const s = w[i] as number;
    if (s <= 0 || s > capacity) return null;
    total += s;
    if (s < minSize) minSize = s;
  }
  if (total > target * capacity) return null;
  const slots = Math.min(n, Math.floor(capacity / minSize));
  if (target * slots > MAX_SLOTS) return null;
  // The search keeps `bars` bars; the pool only has to fit into the last `free` ones.
  const free = Math.min(FREE_BARS, target);
  const bars = target - free;

  // Bars: items in binItems[b * slots .. b * slots + binCnt[b]); the pool in pool[0 .. poolCnt).
  const binItems = new Int32Array(target * slots);
  const binCnt = new Int32Array(target);
  const load = new Float64Array(target);
  const binOf = new Int32Array(n).fill(-1);
  const pos = new Int32Array(n);
  const pool = new Int32Array(n);
  let poolCnt = 0;
  let poolWeight = 0;
  let poolValue = 0;
  // Tabu: item i may not change sides with respect to bar tabuBin[i] before move tabuUntil[i].
  const tabuBin = new Int32Array(n).fill(-1);
  const tabuUntil = new Float64Array(n);

  const addToBin = (i: number, b: number): void => {
    const k = binCnt[b] as number;
    binItems[b * slots + k] = i;
    pos[i] = k;
    binCnt[b] = k + 1;
    binOf[i] = b;
    load[b] = (load[b] as number) + (w[i] as number);
  };
  const removeFromBin = (i: number): void => {
    const b = binOf[i] as number;
    const k = pos[i] as number;
    const last = (binCnt[b] as number) - 1;
    const moved = binItems[b * slots + last] as number;
    binItems[b * slots + k] = moved;
    pos[moved] = k;
    binCnt[b] = last;
    binOf[i] = -1;
    load[b] = (load[b] as number) - (w[i] as number);
  };
  const addToPool = (i: number): void => {
    pool[poolCnt] = i;
    pos[i] = poolCnt;
    poolCnt++;
    poolWeight += w[i] as number;
    poolValue += v[i] as number;
  };
  const removeFromPool = (i: number): void => {
    const k = pos[i] as number;
    poolCnt--;
    const moved = pool[poolCnt] as number;
    pool[k] = moved;
    pos[moved] = k;
    poolWeight -= w[i] as number;
    poolValue -= v[i] as number;
  };

  // Start: the fullest `bars` bars of the given plan, the rest pooled, then best fit.
  const loadOf = (bar: readonly number[]): number => bar.reduce((a, i) => a + (w[i] as number), 0);
  const sorted = input.start.slice().sort((a, b) => loadOf(b) - loadOf(a));
  sorted.forEach((bar, k) => {
    for (const i of bar) {
      if (k < bars) addToBin(i, k);
      else addToPool(i);
    }
  });
  bestFitPool();

  // Pool combinations (singles and pairs) sorted by size: key = size * KEY + combination index.
  const maxCombos = (Math.min(n, PAIR_POOL) * (Math.min(n, PAIR_POOL) + 1)) / 2 + n;
  const KEY = 2 ** Math.ceil(Math.log2(maxCombos + 1));
  const keys = new Float64Array(maxCombos);
  const comboA = new Int32Array(maxCombos);
  const comboB = new Int32Array(maxCombos);
  // The combinations in size order: items, length, value, and the largest value up to each.
  const sortedA = new Int32Array(maxCombos);
  const sortedB = new Int32Array(maxCombos);
  const sortedSize = new Float64Array(maxCombos);
  const sortedValue = new Float64Array(maxCombos);
  const valueUpTo = new Float64Array(maxCombos);
  let combos = 0;
  const buildCombos = (): void => {
    combos = 0;
    for (let x = 0; x < poolCnt; x++) {
      const a = pool[x] as number;
      comboA[combos] = a;
      comboB[combos] = -1;
      keys[combos] = (w[a] as number) * KEY + combos;
      combos++;
    }
    if (poolCnt <= PAIR_POOL) {
      for (let x = 0; x < poolCnt; x++)
        for (let y = x + 1; y < poolCnt; y++) {
          const a = pool[x] as number;
          const b = pool[y] as number;
          comboA[combos] = a;
          comboB[combos] = b;
          keys[combos] = ((w[a] as number) + (w[b] as number)) * KEY + combos;
          combos++;
        }
    }
    keys.subarray(0, combos).sort();
    // The pool's value afresh (its running sum of fractional prices drifts).
    poolValue = 0;
    for (let x = 0; x < poolCnt; x++) poolValue += v[pool[x] as number] as number;
    let most = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < combos; j++) {
      const key = keys[j] as number;
      const c = key % KEY;
      const a = comboA[c] as number;
      const b = comboB[c] as number;
      sortedA[j] = a;
      sortedB[j] = b;
      sortedSize[j] = (key - c) / KEY;
      const value = (v[a] as number) + (b < 0 ? 0 : (v[b] as number));
      sortedValue[j] = value;
      if (value > most) most = value;
      valueUpTo[j] = most;
    }
  };

  // Fill descent scratch.
  const fullestOf = createSubsetSum(capacity, FILL_ITEMS * 2);
  const candItems: number[] = [];
  const candSizes: number[] = [];
  const take1 = new Uint8Array(FILL_ITEMS * 2 + 2 * slots);
  const take2 = new Uint8Array(FILL_ITEMS * 2 + 2 * slots);
  const restIdx = new Int32Array(FILL_ITEMS * 2 + 2 * slots);
  // The end test: the pool into the `free` bars (two: the fullest subset in one, the rest in the other).
  const splitOf = createSubsetSum(capacity, Math.min(n, 64));
  const splitSizes: number[] = [];
  const split = new Uint8Array(n);
  const poolFits = (): boolean => {
    if (poolWeight > free * capacity) return false;
    if (free < 2 || poolWeight <= capacity) {
      split.fill(0, 0, poolCnt);
      return true;
    }
    splitSizes.length = poolCnt;
    for (let k = 0; k < poolCnt; k++) splitSizes[k] = w[pool[k] as number] as number;
    work += poolCnt * ((capacity >>> 5) + 1);
    return poolWeight - splitOf(splitSizes, split) <= capacity;
  };

  let iter = 0;
  let work = 0;
  let steps = 0;
  // Called after its time (a schedule's slice already spent): no work at all.
  let stopped = now() > deadline || shouldStop();
  let bestPool = 0;
  // A new best pool must be better by more than rounding (0 without prices: lengths are integers).
  const betterBy = priced ? 1e-6 : 0;
  let sinceBest = 0;
  const kWeight = 4 * capacity;
  const stallLimit = 50 + 4 * bars;
  buildCombos();
  bestPool = poolValue;
  while (!poolFits()) {
    if (bars === 0 || timeUp()) return null;
    iter++;
    // --- scan: best admissible swap over all bars ---
    let bestScore = Number.NEGATIVE_INFINITY;
    let ties = 0;
    let mBin = -1;
    let mOut1 = -1;
    let mOut2 = -1;
    let mCombo = -1;
    for (let b = 0; b < bars; b++) {
      const room = capacity - (load[b] as number);
      const base = b * slots;
      const k = binCnt[b] as number;
      // p = 0, 1, 2 items out: o1 = -1 means none, o2 = -1 means at most one.
      for (let x = -1; x < k; x++) {
        const o1 = x < 0 ? -1 : (binItems[base + x] as number);
        if (o1 >= 0 && tabuBin[o1] === b && (tabuUntil[o1] as number) > iter) continue;
        for (let y = x; y < k; y++) {
          let o2 = -1;
          if (y > x) {
            if (x < 0) break;
            o2 = binItems[base + y] as number;
            if (tabuBin[o2] === b && (tabuUntil[o2] as number) > iter) continue;
          }
          const out = (o1 < 0 ? 0 : (w[o1] as number)) + (o2 < 0 ? 0 : (w[o2] as number));
          const outCount = (o1 < 0 ? 0 : 1) + (o2 < 0 ? 0 : 1);
          const outValue = (o1 < 0 ? 0 : (v[o1] as number)) + (o2 < 0 ? 0 : (v[o2] as number));
          // With prices, the most the slack term below can add for this bar (at gain = -out).
          const slackMost = priced ? out * out + 2 * out * room + 3 : 3;
          const limit = room + out;
          work++;
          // Largest combination no bigger than limit, then downwards while it can still win.
          let lo = 0;
          let hi = combos;
          const cut = (limit + 1) * KEY;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if ((keys[mid] as number) < cut) lo = mid + 1;
            else hi = mid;
          }
          for (let j = lo - 1; j >= 0; j--) {
            work++;
            // With prices the value is not in size order: stop where no smaller one can win.
            if (priced && ((valueUpTo[j] as number) - outValue) * kWeight + slackMost < bestScore) break;
            const gain = (sortedSize[j] as number) - out;
            const gainValue = priced ? (sortedValue[j] as number) - outValue : gain;
            const a = sortedA[j] as number;
            const bb = sortedB[j] as number;
            const inCount = bb < 0 ? 1 : 2;
            // Without prices only moves that do not grow the pool (in size order: the rest neither).
            if (gain < 0 && !priced) break;
            // Pool shrink first (kWeight > 2 * capacity keeps this term increasing in the gain),
            // then the change of the sum of squared slacks (slack kept in few bars, as best fit
            // does), then more items left in the pool.
            const primary = gainValue * kWeight + gain * gain - 2 * gain * room;
            if (!priced && primary + 3 < bestScore) break;
            const score = primary + outCount - inCount;
            if (score < bestScore) continue;
            // A swap of equal sizes changes nothing.
            if (gain === 0 && outCount === inCount) {
              if (inCount === 1) continue;
              const wa = w[a] as number;
              const wb = w[bb] as number;
              const w1 = w[o1] as number;
              const w2 = w[o2] as number;
              if (Math.min(wa, wb) === Math.min(w1, w2)) continue;
            }
            const aspire = poolValue - gainValue < bestPool - betterBy;
            if (
              !aspire &&
              ((tabuBin[a] === b && (tabuUntil[a] as number) > iter) ||
                (bb >= 0 && tabuBin[bb] === b && (tabuUntil[bb] as number) > iter))
            )
              continue;
            if (score > bestScore) {
              bestScore = score;
              ties = 1;
            } else {
              ties++;
              if (rng.int(ties) !== 0) continue;
            }
            mBin = b;
            mOut1 = o1;
            mOut2 = o2;
            mCombo = j;
          }
        }
      }
    }
    if (mBin >= 0 && sinceBest < stallLimit) {
      const tenure = 3 + rng.int(8);
      const a = sortedA[mCombo] as number;
      const bb = sortedB[mCombo] as number;
      for (let q = 0; q < 2; q++) {
        const o = q === 0 ? mOut1 : mOut2;
        if (o < 0) continue;
        removeFromBin(o);
        addToPool(o);
        tabuBin[o] = mBin;
        tabuUntil[o] = iter + tenure;
      }
      removeFromPool(a);
      addToBin(a, mBin);
      tabuBin[a] = mBin;
      tabuUntil[a] = iter + tenure;
      if (bb >= 0) {
        removeFromPool(bb);
        addToBin(bb, mBin);
        tabuBin[bb] = mBin;
        tabuUntil[bb] = iter + tenure;
      }
    } else {
      // Stalled: fill descent, and a kick if it gained nothing.
      const before = poolWeight;
      fillDescent();
      if (poolWeight >= before) kick();
      sinceBest = 0;
    }
    buildCombos();
    if (poolValue < bestPool - betterBy) {
      bestPool = poolValue;
      sinceBest = 0;
    } else sinceBest++;
  }
  const out: number[][] = [];
  for (let b = 0; b < bars; b++) {
    const bar: number[] = [];
    for (let k = 0; k < (binCnt[b] as number); k++) bar.push(binItems[b * slots + k] as number);
    if (bar.length > 0) out.push(bar);
  }
  // The pool: the items `split` marks in one bar, the others in the last.
  for (const side of [1, 0]) {
    const bar: number[] = [];
    for (let k = 0; k < poolCnt; k++) if (split[k] === side) bar.push(pool[k] as number);
    if (bar.length > 0) out.push(bar);
  }
  return out;

  /** Reads the clock once enough work was done since the last read. */
  function timeUp(): boolean {
    if (stopped) return true;
    if (work < WORK_PER_CLOCK && ++steps < STEPS_PER_CLOCK) return false;
    work = 0;
    steps = 0;
    stopped = now() > deadline || shouldStop();
    return stopped;
  }

  function bestFitPool(): void {
    // Largest pool items first, each into the bar it fills best.
    const order = Array.from(pool.subarray(0, poolCnt)).sort((x, y) => (w[y] as number) - (w[x] as number));
    for (const i of order) {
      const s = w[i] as number;
      let k = -1;
      for (let b = 0; b < bars; b++) {
        const room = capacity - (load[b] as number);
        if (room >= s && (k < 0 || room < capacity - (load[k] as number))) k = b;
      }
      if (k >= 0) {
        removeFromPool(i);
        addToBin(i, k);
      }
    }
  }

  /** Refills bars with slack (alone and in pairs) as full as possible from their items and the pool. */
  function fillDescent(): void {
    for (let b = 0; b < bars && poolCnt > 0 && !timeUp(); b++) {
      if ((load[b] as number) >= capacity) continue;
      refill(b, -1);
    }
    // Pairs: a bar with slack and a random one; equal totals are accepted (the slack moves on).
    for (let r = 0; r < FILL_ROUNDS * bars && poolCnt > 0 && !timeUp(); r++) {
      let b = rng.int(bars);
      for (let t = 0; t < 8 && (load[b] as number) >= capacity; t++) b = rng.int(bars);
      refill(b, rng.int(bars));
    }
  }

  function refill(b1: number, b2: number): void {
    if (b2 === b1) return;
    candItems.length = 0;
    for (const b of [b1, b2]) {
      if (b < 0) continue;
      for (let k = 0; k < (binCnt[b] as number); k++) candItems.push(binItems[b * slots + k] as number);
    }
    const own = candItems.length;
    if (own + 4 > take1.length) return;
    // A random sample of the pool, shuffled together with the bars' own items (ties at random).
    const want = Math.min(poolCnt, Math.max(4, FILL_ITEMS - own), take1.length - own);
    for (let k = 0; k < want; k++) {
      const j = k + rng.int(poolCnt - k);
      const t = pool[k] as number;
      pool[k] = pool[j] as number;
      pool[j] = t;
      pos[pool[k] as number] = k;
      pos[t] = j;
      candItems.push(pool[k] as number);
    }
    for (let k = candItems.length - 1; k > 0; k--) {
      const j = rng.int(k + 1);
      const t = candItems[k] as number;
      candItems[k] = candItems[j] as number;
      candItems[j] = t;
    }
    candSizes.length = candItems.length;
    for (let k = 0; k < candItems.length; k++) candSizes[k] = w[candItems[k] as number] as number;
    work += candItems.length * ((capacity >>> 5) + 1);
    const old = (load[b1] as number) + (b2 < 0 ? 0 : (load[b2] as number));
    const l1 = fullestOf(candSizes, take1);
    let l2 = 0;
    if (b2 >= 0) {
      // The second bar from what the first left.
      let r = 0;
      for (let k = 0; k < candItems.length; k++) {
        if (take1[k]) continue;
        candSizes[r] = candSizes[k] as number;
        restIdx[r] = k;
        r++;
      }
      candSizes.length = r;
      l2 = fullestOf(candSizes, take2);
      if (l1 + l2 < old) return;
      for (let k = 0; k < r; k++) if (take2[k]) take1[restIdx[k] as number] = 2;
    } else if (l1 <= old) return;
    for (let k = 0; k < candItems.length; k++) {
      const i = candItems[k] as number;
      if ((binOf[i] as number) >= 0) removeFromBin(i);
      else removeFromPool(i);
    }
    for (let k = 0; k < candItems.length; k++) {
      const i = candItems[k] as number;
      const t = take1[k] as number;
      if (t === 1) addToBin(i, b1);
      else if (t === 2) addToBin(i, b2);
      else addToPool(i);
    }
  }

  /** A random bar goes to the pool whole (one item at a time gave far fewer successes). */
  function kick(): void {
    const b = rng.int(bars);
    for (let q = (binCnt[b] as number) - 1; q >= 0; q--) {
      const i = binItems[b * slots + q] as number;
      removeFromBin(i);
      addToPool(i);
      tabuBin[i] = b;
      tabuUntil[i] = iter + 10 + rng.int(10);
    }
  }
}
