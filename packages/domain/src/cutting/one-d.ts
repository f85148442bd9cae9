// One-dimensional cutting optimiser (bars and profiles). Pure: no I/O, no Node APIs.
// Kerf is handled by adding it to every piece and to the usable bar length, so the search works
// on plain bin packing: pieces of length l + kerf into bars of L - head - tail + kerf.
import { binCompletion } from './bin-completion.ts';
import { l2Bound1d } from './bounds-1d.ts';
import { cnsPack1d } from './cns-1d.ts';
import {
  boundedKnapsack,
  createCuttingLp,
  type LpSolution,
  type Pattern,
  type StockKind,
  solveCuttingLp,
} from './column-generation.ts';
import { CuttingInputError } from './errors.ts';
import { lpDive1d } from './lp-dive-1d.ts';
import { createRng, nowMs } from './prng.ts';
import { repack1d } from './repack-1d.ts';
import { tightCover1d } from './tight-cover-1d.ts';
import type { Cut1dInput, CutHooks, CutResult1d, Layout1d, Placement1d } from './types.ts';

/** Shares of the time limit (see the schedule in `optimize1d`): the LP's first turn ends here, */
const LP_FIRST_SHARE = 0.15;
/** its turns while it may raise the bound here, */
const LP_SHARE = 0.6;
/** a long search where the LP has nothing more to give here, */
const LONG_SEARCH_SHARE = 0.85;
/** and the LP ends by this share at the latest. */
const LP_LONG_SHARE = 0.9;
/** Of the time left after the LP's turns: the LP on to its optimum at most, */
const TIGHT_LP_SHARE = 0.15;
/** and of the time left after the first slice of dives, the exact cover by its tight patterns. */
const TIGHT_SEARCH_SHARE = 0.5;
/**
 * Time the step in progress at the deadline may run past it (CPU ms), at least; more where a step
 * of this call has run further past the time it was given (`OVERRUN_FACTOR` × the worst seen).
 * Measured with no margin at all at 1 s on Hard28, Scholl 3 and the hardest Scholl 1/2 and Wäscher
 * instances, load average about 10: 2–17 ms past the deadline, 32–39 ms on three calls (the first
 * call of a process, whose CPU time includes the compiler's threads, and Scholl 2 N4W1B2R6 with 500
 * pieces); on 60 exact-fit bars at 400 ms, a consistent-neighbourhood run up to 68 ms past its end
 * (before 2c3a6c5). With 60 ms, Hard28 calls took up to 1 003 ms of CPU (the first of a process).
 */
const STEP_OVERRUN_MS = 70;
const OVERRUN_FACTOR = 1.5;

type Stock = {
  id: string;
  length: number;
  capacity: number;
  quantity: number;
  cost: number;
  remnant: boolean;
};
/** A bar in a plan: stock index and how many pieces of every size type it holds. */
type Bin = { stock: number; counts: number[] };
type Plan = { bins: Bin[]; bars: number; cost: number; patterns: number };

export function optimize1d(input: Cut1dInput, hooks: CutHooks = {}): CutResult1d {
  const start = nowMs();
  const limit = Math.max(0, input.timeLimitMs);
  const shouldStop = hooks.shouldStop ?? (() => false);
  const rng = createRng(input.seed);
  const { kerf } = input;
  const usableExtra = kerf - input.trim.head - input.trim.tail;

  // Size types, largest first; each keeps the queue of piece ids to hand out at the end.
  const byLength = new Map<number, { id: string; label?: string }[]>();
  for (const p of input.pieces) {
    const list = byLength.get(p.length) ?? [];
    for (let q = 0; q < p.quantity; q++)
      list.push(p.label === undefined ? { id: p.id } : { id: p.id, label: p.label });
    byLength.set(p.length, list);
  }
  const lengths = [...byLength.keys()].sort((a, b) => b - a);
  const sizes = lengths.map((l) => l + kerf);
  const demand = lengths.map((l) => (byLength.get(l) ?? []).length);
  const m = sizes.length;

  const stocks: Stock[] = input.stock.map((s) => ({
    id: s.id,
    length: s.length,
    capacity: s.length + usableExtra,
    quantity: s.quantity ?? Number.POSITIVE_INFINITY,
    cost: s.cost ?? 0,
    remnant: s.remnant === true,
  }));
  const remaining = demand.slice();
  const used = stocks.map(() => 0);

  // 1. Remnants first: each remnant bar is filled as full as a knapsack allows.
  const remnantBins: Bin[] = [];
  const remnantOrder = stocks
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s.remnant)
    .sort((a, b) => a.s.capacity - b.s.capacity);
  for (const { s, i } of remnantOrder) {
    while ((used[i] as number) < s.quantity && remaining.some((d) => d > 0)) {
      const ks = boundedKnapsack(sizes, sizes, remaining, s.capacity, 50_000);
      if (ks.value <= 0) break;
      remnantBins.push({ stock: i, counts: ks.counts });
      used[i] = (used[i] as number) + 1;
      for (let t = 0; t < m; t++) remaining[t] = (remaining[t] as number) - (ks.counts[t] as number);
    }
  }

  // 2. Standard stock for the rest.
  const standard = stocks.map((s, i) => ({ s, i })).filter((x) => !x.s.remnant);
  for (let t = 0; t < m; t++) {
    if ((remaining[t] as number) > 0 && !standard.some((x) => x.s.capacity >= (sizes[t] as number))) {
      throw new CuttingInputError(
        `pieces.${(byLength.get(lengths[t] as number) ?? [])[0]?.id}`,
        `piece is longer than every stock bar (after trim): ${lengths[t]}`,
      );
    }
  }
  const maxCapacity = Math.max(0, ...standard.map((x) => x.s.capacity));
  const restSizes: number[] = [];
  for (let t = 0; t < m; t++)
    for (let q = 0; q < (remaining[t] as number); q++) restSizes.push(sizes[t] as number);
  let bound = restSizes.length === 0 ? 0 : l2Bound1d(restSizes, maxCapacity);

  const maxCost = Math.max(1, ...standard.map((x) => x.s.cost));
  const evaluate = (bins: Bin[]): Plan => {
    let cost = 0;
    const signatures = new Set<string>();
    for (const b of bins) {
      cost += (stocks[b.stock] as Stock).cost;
      signatures.add(`${b.stock}:${b.counts.join(',')}`);
    }
    return { bins, bars: bins.length, cost, patterns: signatures.size };
  };
  const better = (a: Plan, b: Plan | null): boolean =>
    b === null ||
    a.bars < b.bars ||
    (a.bars === b.bars && (a.cost < b.cost || (a.cost === b.cost && a.patterns < b.patterns)));

  let best: Plan | null = null;
  const offer = (bins: Bin[] | null): void => {
    if (bins === null) return;
    const plan = evaluate(downsize(bins, stocks, sizes, used));
    if (better(plan, best)) {
      best = plan;
      hooks.onProgress?.({
        elapsedMs: nowMs() - start,
        stockCount: plan.bars + remnantBins.length,
        lowerBound: bound,
      });
      hooks.onBest?.(finish(plan));
    }
  };
  const done = (): boolean => best !== null && (best as Plan).bars <= bound;
  const current = (): Plan | null => best;

  const firstPlan = firstFitDecreasing(
    sizes,
    remaining,
    stocks,
    standard.map((x) => x.i),
    used,
  );
  offer(firstPlan);
  // The searches stop at `end()`; what runs after it is the step in progress (each reads the
  // clock every few hundred steps of work, an LP pivot or pricing, a bin-completion enumeration)
  // and building the result. The first is kept as `STEP_OVERRUN_MS` or 1.5 × the furthest a step
  // of this call ran past its time (`ran`), the second is measured here on the first plan and kept
  // twice (the best plan is no larger); at most a fifth of the limit. `deadline`, the end with no
  // overrun seen yet, sets the shares of the schedule.
  const building = nowMs();
  finish(best);
  const buildMs = nowMs() - building;
  let overrun = 0;
  const ran = (until: number): void => {
    overrun = Math.max(overrun, nowMs() - until);
  };
  const end = (): number =>
    start + limit - Math.min(limit * 0.2, 2 * buildMs + Math.max(STEP_OVERRUN_MS, OVERRUN_FACTOR * overrun));
  const deadline = end();

  // Bin completion towards the bound when one unlimited bar length dominates.
  const longest = standard.find(
    (x) => x.s.capacity === maxCapacity && x.s.quantity === Number.POSITIVE_INFINITY,
  );
  const completion = (until: number): void => {
    if (!longest || done() || shouldStop() || nowMs() >= until) return;
    const order = remaining.map((_, t) => t).filter((t) => (remaining[t] as number) > 0);
    const result = binCompletion(
      {
        sizes: order.map((t) => sizes[t] as number),
        counts: order.map((t) => remaining[t] as number),
        capacity: maxCapacity,
        bins: bound,
      },
      rng,
      until,
      nowMs,
      shouldStop,
    );
    if (!result) return;
    offer(
      result.map((c) => {
        const counts = new Array<number>(m).fill(0);
        order.forEach((t, k) => {
          counts[t] = c[k] as number;
        });
        return { stock: longest.i, counts };
      }),
    );
  };
  // Cheap first: a short exact search at the L2 bound (solves easy exact-fit instances at once).
  completion(start + Math.min(150, (deadline - start) * 0.1));
  // Then the repacking local search: `repackTo` packs the bars of `from` into `target` bars.
  // `search` is the repacking search or the consistent-neighbourhood search (same interface);
  // once the LP has settled, its duals go with the items as prices (the latter steers by them).
  const repackTo = (
    from: Bin[],
    target: number,
    until: number,
    search: typeof cnsPack1d = repack1d,
  ): boolean => {
    if (!longest) return false;
    const items: number[] = [];
    const startBins = from.map((b) => {
      const bar: number[] = [];
      b.counts.forEach((c, t) => {
        for (let q = 0; q < c; q++) {
          bar.push(items.length);
          items.push(t);
        }
      });
      return bar;
    });
    // Only a settled LP's duals: an unfinished one's mislead the search (Falkenauer T, every 2nd,
    // where the LP stops after its first turn: 34 of 40 at the LP bound with them, 40 without).
    const prices =
      solved === null || !lpSettled(solved as LpSolution) ? undefined : (solved as LpSolution).dual;
    const result = search(
      {
        items: items.map((t) => sizes[t] as number),
        capacity: maxCapacity,
        target,
        start: startBins,
        ...(prices?.length === m ? { dual: items.map((t) => prices[t] as number) } : {}),
      },
      rng,
      until,
      nowMs,
      shouldStop,
    );
    ran(until);
    if (!result) return false;
    offer(
      result.map((bar) => {
        const counts = new Array<number>(m).fill(0);
        for (const i of bar) counts[items[i] as number] = (counts[items[i] as number] as number) + 1;
        return { stock: longest.i, counts };
      }),
    );
    return true;
  };
  // One bar fewer than the best plan each time it succeeds.
  const repack = (until: number): void => {
    while (!done() && !shouldStop() && nowMs() < until && best !== null) {
      if (!repackTo((best as Plan).bins, (best as Plan).bars - 1, until)) return;
    }
  };
  // The rest of the time goes round by round to LP dives (one unlimited longest bar: residual
  // rounding on the LP towards the bound, random choices after the first dive) and to the searches
  // (`searchRound`), in time slices that grow by half each round. A search's time to success varies
  // from a tenth of a second to never from one state, and dives and searches succeed on different
  // instances, so turns of both find more plans at the bound than one long turn of either. Each
  // round's dives repeat until their slice ends: a dive takes milliseconds on most instances, and
  // where the LP bound rounded up is one bar below the best plan, many dives are what reaches it
  // (measured: 15 of 17 Wäscher instances by dives alone in 0.5 s after the LP). Between the first
  // round's dives and its searches, the exact cover by tight patterns has its one turn (Hard28 under
  // load, side by side: after the dives' slice 14 and 17 of 28, before them 14 and 15).
  const restarts = (lp: LpSolution | null): void => {
    if (!longest) return;
    let slice = Math.max(1, (end() - nowMs()) * 0.25);
    let dives = 0;
    let rounds = 0;
    while (!done() && !shouldStop() && nowMs() < end() && best !== null) {
      const until = end();
      const sliceEnd = Math.min(until, nowMs() + slice);
      do {
        if (!lp) break;
        const bars = lpDive1d(
          { sizes, demand: remaining, capacity: maxCapacity, target: bound },
          lp,
          rng,
          sliceEnd,
          nowMs,
          shouldStop,
          dives > 0,
        );
        dives++;
        ran(sliceEnd);
        offer(bars ? bars.map((counts) => ({ stock: longest.i, counts })) : null);
      } while (!done() && !shouldStop() && nowMs() < sliceEnd);
      if (done()) return;
      if (rounds++ === 0) tightCover();
      searchRound(slice, until);
      slice *= 1.5;
    }
  };
  // The exact cover by the LP optimum's tight patterns (`tight-cover-1d.ts`), once, after the first
  // slice of dives: a depth-first search for the bound's number of bars among the patterns the
  // optimum's duals leave within the budget (`optimum` below).
  const tightCover = (): void => {
    if (!optimum?.dual || !longest || done() || shouldStop()) return;
    const until = nowMs() + (end() - nowMs()) * TIGHT_SEARCH_SHARE;
    const bars = tightCover1d(
      {
        sizes,
        demand: remaining,
        capacity: maxCapacity,
        target: bound,
        value: optimum.value,
        dual: optimum.dual,
        usage: optimum.usage,
      },
      until,
      nowMs,
      shouldStop,
      rng,
    );
    ran(until);
    offer(bars ? bars.map((counts) => ({ stock: longest.i, counts })) : null);
  };
  // One round of the searches aimed below the best plan, `slice` each: the consistent-neighbourhood
  // search from the best plan at one bar fewer; then, when the best plan is more than one bar above
  // the bound, the repacking search from the first-fit plan straight at the bound and from the best
  // plan one bar at a time (one bar above, both would aim where the first search just did).
  const searchRound = (slice: number, until: number): void => {
    if (done() || best === null) return;
    repackTo((best as Plan).bins, (best as Plan).bars - 1, Math.min(until, nowMs() + slice), cnsPack1d);
    if (done() || (best as Plan).bars <= bound + 1) return;
    if (firstPlan) repackTo(firstPlan, bound, Math.min(until, nowMs() + slice));
    repack(Math.min(until, nowMs() + slice));
  };
  // The LP bound on the longest standard bar (every bar holds at most that much) can only raise the
  // bound, and its patterns seed the LP dives. It is solved in turns (`model.solve` goes on from
  // where the last turn stopped) and watched between them. The best plan's bars are priced first:
  // near-optimal patterns, known for free.
  const at = (share: number): number => start + (deadline - start) * share;
  const model =
    done() || restSizes.length === 0 || shouldStop()
      ? null
      : createCuttingLp(
          sizes,
          remaining,
          [{ capacity: maxCapacity, cost: 1 }],
          best ? { pool: incumbentPatterns((best as Plan).bins, maxCapacity, sizes) } : {},
        );
  let solved: LpSolution | null = null;
  /** Is the LP still worth time: unfinished, and it may still raise the bound (`lpMayRaise`)? */
  let lpOpen = model !== null;
  const lpTurn = (until: number): void => {
    if (!model || !lpOpen || done() || shouldStop() || nowMs() >= until) return;
    solved = model.solve(until, nowMs) ?? solved;
    ran(until);
    if (!solved) {
      lpOpen = false;
      return;
    }
    if (solved.proven) bound = Math.max(bound, Math.ceil(solved.bound - 1e-6));
    lpOpen = best !== null && lpMayRaise(solved, bound, (best as Plan).bars);
  };
  // A short first turn finishes the LP of most instances (tens of milliseconds); on the others
  // its first exact pricing already tells whether the LP can still raise the bound. While it can,
  // it goes on in turns of a tenth of the limit, to `LP_SHARE`.
  const turn = (deadline - start) * 0.1;
  lpTurn(at(LP_FIRST_SHARE));
  // Where the best plan is still far above the bound, the repacking search first brings it down
  // one bar at a time (the plan to beat; where the bound is out of reach, a better plan all the same).
  if (!done() && best !== null && (best as Plan).bars > bound + 1) repack(nowMs() + turn);
  while (lpOpen && !done() && !shouldStop() && nowMs() < at(LP_SHARE))
    lpTurn(Math.min(nowMs() + turn, at(LP_SHARE)));
  const lpFinished = solved !== null && lpSettled(solved as LpSolution);
  // The consistent-neighbourhood search from the best plan straight at the bound. Where the LP
  // stopped unfinished with nothing more to give (its dives would be weak), it runs to
  // `LONG_SEARCH_SHARE` in one piece (the hard triplets need an unbroken run of 0.1-0.6 s; short
  // restarts lost about half of them); after a finished LP it gets the turns of the rounds below,
  // beside the dives. An LP still open leaves the time to its own proof.
  const incumbent = current();
  if (incumbent && !done() && !lpFinished && !lpOpen)
    repackTo(incumbent.bins, bound, at(LONG_SEARCH_SHARE), cnsPack1d);
  // An LP still open goes on to `LP_LONG_SHARE` while it may still raise the bound, in turns with
  // the consistent-neighbourhood search (no prices yet) one bar below the best plan, half a turn
  // each: the bound it may raise can also be the optimum (Scholl 2 N4W1B3R8: the LP stays open to
  // the end at 170 against 171, and the search alone reaches 170 in 7-75 ms).
  while (lpOpen && !done() && !shouldStop() && nowMs() < at(LP_LONG_SHARE)) {
    const plan = current();
    if (plan) repackTo(plan.bins, plan.bars - 1, Math.min(nowMs() + turn / 2, at(LP_LONG_SHARE)), cnsPack1d);
    if (done()) break;
    lpTurn(Math.min(nowMs() + turn, at(LP_LONG_SHARE)));
  }
  const lp: LpSolution | null = model && solved ? { ...(solved as LpSolution), model } : null;
  // A settled LP goes on past its rounded bound to its optimum (a few milliseconds on most
  // instances): its duals then price no pattern above 1, which the exact cover needs. The dives
  // start from the basis it ends at; its usage at the early stop stays theirs.
  let optimum: LpSolution | null = null;
  if (lp?.model && longest && !done() && !shouldStop() && lpSettled(lp)) {
    const lpEnd = nowMs() + (end() - nowMs()) * TIGHT_LP_SHARE;
    optimum = lp.model.solve(lpEnd, nowMs, true);
    ran(lpEnd);
  }
  if (!longest && !done() && !shouldStop()) {
    // Limited stock of several lengths: LP diving respects the quantities.
    offer(
      dive(
        sizes,
        remaining,
        stocks,
        standard.map((x) => x.i),
        used,
        maxCost,
        deadline,
      ),
    );
  }
  restarts(lp);
  completion(end());
  // Counted bars that no search could fit every piece on: a plan without some pieces is not a
  // plan (it was returned as one and only the validator refused it, in English).
  if (best === null && remaining.some((d) => d > 0))
    throw new CuttingInputError('stock', 'not enough stock bars for all pieces');
  return finish(best as Plan | null);

  /** The plan for the standard bars of `plan` plus the remnant bars (also the anytime snapshot). */
  function finish(plan: Plan | null): CutResult1d {
    const bins = [...remnantBins, ...(plan ? concentrateLeftover(plan.bins, sizes, stocks) : [])];
    const layouts = buildLayouts(bins, stocks, lengths, byLength, input);
    const stockUsed = stocks
      .map((s, i) => ({ stockId: s.id, count: bins.filter((b) => b.stock === i).length }))
      .filter((u) => u.count > 0);
    let total = 0;
    let pieces = 0;
    for (const l of layouts) {
      total += l.length;
      for (const p of l.placements) pieces += p.length;
    }
    const lowerBound = bound + remnantBins.length;
    return {
      kind: '1d',
      stockUsed,
      layouts,
      lowerBound,
      wastePercent: total === 0 ? 0 : round2(((total - pieces) / total) * 100),
      timeMs: nowMs() - start,
      optimal: bins.length <= lowerBound,
      distinctPatterns: plan ? plan.patterns : 0,
    };
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Opens bars longest first (fewest bars), respecting stock quantities. */
function pickOpenStock(
  stocks: Stock[],
  allowed: number[],
  used: number[],
  opened: number[],
  need: number,
): number {
  let best = -1;
  for (const i of allowed) {
    const s = stocks[i] as Stock;
    if ((used[i] as number) + (opened[i] as number) >= s.quantity || s.capacity < need) continue;
    const b = stocks[best] as Stock | undefined;
    if (!b || s.capacity > b.capacity || (s.capacity === b.capacity && s.cost < b.cost)) best = i;
  }
  return best;
}

function firstFitDecreasing(
  sizes: number[],
  demand: number[],
  stocks: Stock[],
  allowed: number[],
  used: number[],
): Bin[] | null {
  const bins: Bin[] = [];
  const free: number[] = [];
  const opened = stocks.map(() => 0);
  for (let t = 0; t < sizes.length; t++) {
    const s = sizes[t] as number;
    for (let q = 0; q < (demand[t] as number); q++) {
      let k = 0;
      while (k < bins.length && (free[k] as number) < s) k++;
      if (k === bins.length) {
        const st = pickOpenStock(stocks, allowed, used, opened, s);
        if (st < 0) return null;
        opened[st] = (opened[st] as number) + 1;
        bins.push({ stock: st, counts: new Array<number>(sizes.length).fill(0) });
        free.push((stocks[st] as Stock).capacity);
      }
      const bin = bins[k] as Bin;
      bin.counts[t] = (bin.counts[t] as number) + 1;
      free[k] = (free[k] as number) - s;
    }
  }
  return bins;
}

/** LP diving: solve the LP by column generation, fix the integral part, round one pattern, repeat. */
function dive(
  sizes: number[],
  demand: number[],
  stocks: Stock[],
  allowed: number[],
  used: number[],
  maxCost: number,
  deadline: number,
): Bin[] | null {
  const m = sizes.length;
  const rest = demand.slice();
  const opened = stocks.map(() => 0);
  const bins: Bin[] = [];
  const open = (stock: number, counts: number[]): void => {
    bins.push({ stock, counts });
    opened[stock] = (opened[stock] as number) + 1;
    for (let t = 0; t < m; t++) rest[t] = (rest[t] as number) - (counts[t] as number);
  };
  while (rest.some((d) => d > 0)) {
    const types = rest.map((_, t) => t).filter((t) => (rest[t] as number) > 0);
    const kinds = allowed.filter(
      (i) => (used[i] as number) + (opened[i] as number) < (stocks[i] as Stock).quantity,
    );
    const lpStocks: StockKind[] = kinds.map((i) => ({
      capacity: (stocks[i] as Stock).capacity,
      cost: 1 + ((stocks[i] as Stock).cost / maxCost) * 1e-3,
    }));
    const lp =
      nowMs() < deadline
        ? solveCuttingLp(
            types.map((t) => sizes[t] as number),
            types.map((t) => rest[t] as number),
            lpStocks,
            deadline,
            nowMs,
          )
        : null;
    if (!lp || lp.usage.length === 0) {
      const tail = firstFitDecreasing(
        sizes,
        rest,
        stocks,
        allowed,
        used.map((u, i) => u + (opened[i] as number)),
      );
      if (!tail) return null;
      return [...bins, ...tail];
    }
    const usage = [...lp.usage].sort((a, b) => b.x - a.x);
    let fixed = false;
    const fix = (u: (typeof usage)[number], times: number): void => {
      const stock = kinds[u.pattern.stock] as number;
      for (let k = 0; k < times; k++) {
        if ((used[stock] as number) + (opened[stock] as number) >= (stocks[stock] as Stock).quantity) return;
        const counts = new Array<number>(m).fill(0);
        let any = false;
        types.forEach((t, j) => {
          const c = Math.min(u.pattern.counts[j] as number, rest[t] as number);
          counts[t] = c;
          if (c > 0) any = true;
        });
        if (!any) return;
        open(stock, counts);
        fixed = true;
      }
    };
    for (const u of usage) fix(u, Math.floor(u.x + 1e-9));
    if (!fixed) fix(usage[0] as (typeof usage)[number], 1);
    if (!fixed) return null;
  }
  return bins;
}

/** Moves every bar to the cheapest stock kind that still holds its pieces (quantities respected). */
function downsize(bins: Bin[], stocks: Stock[], sizes: number[], used: number[]): Bin[] {
  const count = stocks.map((_, i) => used[i] as number);
  for (const b of bins) count[b.stock] = (count[b.stock] as number) + 1;
  return bins.map((b) => {
    let load = 0;
    b.counts.forEach((c, t) => {
      load += c * (sizes[t] as number);
    });
    let bestStock = b.stock;
    for (let i = 0; i < stocks.length; i++) {
      const s = stocks[i] as Stock;
      const cur = stocks[bestStock] as Stock;
      if (s.remnant || s.capacity < load || (count[i] as number) >= s.quantity) continue;
      if (s.cost < cur.cost || (s.cost === cur.cost && s.capacity < cur.capacity)) bestStock = i;
    }
    if (bestStock !== b.stock) {
      count[b.stock] = (count[b.stock] as number) - 1;
      count[bestStock] = (count[bestStock] as number) + 1;
    }
    return { stock: bestStock, counts: b.counts };
  });
}

/**
 * Concentrates leftover: pieces of the emptiest bar move into other bars where they fit, so the
 * waste gathers in one long reusable offcut instead of many short ones.
 */
function concentrateLeftover(bins: Bin[], sizes: number[], stocks: Stock[]): Bin[] {
  const copy = bins.map((b) => ({ stock: b.stock, counts: b.counts.slice() }));
  const load = (b: Bin): number => b.counts.reduce((acc, c, t) => acc + c * (sizes[t] as number), 0);
  if (copy.length < 2) return copy;
  copy.sort((a, b) => load(b) - load(a));
  const weakest = copy[copy.length - 1] as Bin;
  for (let t = 0; t < sizes.length; t++) {
    while ((weakest.counts[t] as number) > 0) {
      const target = copy.find(
        (b) => b !== weakest && (stocks[b.stock] as Stock).capacity - load(b) >= (sizes[t] as number),
      );
      if (!target) break;
      target.counts[t] = (target.counts[t] as number) + 1;
      weakest.counts[t] = (weakest.counts[t] as number) - 1;
    }
  }
  return copy.filter((b) => b.counts.some((c) => c > 0));
}

function buildLayouts(
  bins: Bin[],
  stocks: Stock[],
  lengths: number[],
  byLength: Map<number, { id: string; label?: string }[]>,
  input: Cut1dInput,
): Layout1d[] {
  const queues = new Map<number, { id: string; label?: string }[]>();
  for (const [l, list] of byLength) queues.set(l, list.slice());
  const { kerf } = input;
  return bins.map((b) => {
    const stock = stocks[b.stock] as Stock;
    const placements: Placement1d[] = [];
    const cuts: Layout1d['cuts'] = [];
    let x = input.trim.head;
    if (input.trim.head > 0) cuts.push({ x: Math.max(0, x - kerf), width: Math.min(kerf, x) });
    let pieceTotal = 0;
    b.counts.forEach((c, t) => {
      const len = lengths[t] as number;
      const queue = queues.get(len) ?? [];
      for (let q = 0; q < c; q++) {
        const piece = queue.shift();
        if (!piece) throw new Error('internal: piece queue exhausted');
        placements.push({
          pieceId: piece.id,
          ...(piece.label === undefined ? {} : { label: piece.label }),
          x,
          length: len,
        });
        x += len;
        pieceTotal += len;
        if (x < stock.length) cuts.push({ x, width: Math.min(kerf, stock.length - x) });
        x += kerf;
      }
    });
    const offcuts = x < stock.length ? [{ x, length: stock.length - x }] : [];
    return {
      stockId: stock.id,
      length: stock.length,
      placements,
      cuts,
      offcuts,
      wastePercent: round2(((stock.length - pieceTotal) / stock.length) * 100),
    };
  });
}

/** The distinct bars of a plan that fit `capacity`, as LP patterns (cost 1), to warm-start the LP. */
function incumbentPatterns(bins: Bin[], capacity: number, sizes: number[]): Pattern[] {
  const seen = new Set<string>();
  const out: Pattern[] = [];
  for (const b of bins) {
    let load = 0;
    b.counts.forEach((c, t) => {
      load += c * (sizes[t] as number);
    });
    const key = b.counts.join(',');
    if (load > capacity || seen.has(key)) continue;
    seen.add(key);
    out.push({ stock: 0, counts: b.counts.slice(), cost: 1 });
  }
  return out;
}

/**
 * True while an unfinished LP may still raise the bound: its rounded-up proven bound is below both
 * the best plan's `bars` and its current value rounded up (the LP optimum is at most the value),
 * that value rounds up above the known `bound`, and its proven bound has not stopped exactly at the
 * known bound. The last is a bet, not a proof: when the first exact pricing already proves the
 * integer bound exactly (as on instances whose pieces fill the bars without waste), the LP optimum
 * is that integer in every case measured, and the rest of column generation only brings the
 * value down to it (on 501 pieces, 0.5-0.7 s for no gain).
 */
function lpMayRaise(lp: LpSolution, bound: number, bars: number): boolean {
  const value = Math.ceil(lp.value - 1e-6);
  return (
    Math.ceil(lp.bound - 1e-6) < Math.min(bars, value) && value > bound && Math.abs(lp.bound - bound) > 1e-6
  );
}

/** True when column generation has ended: its proven bound and its value round up alike. */
function lpSettled(lp: LpSolution): boolean {
  return Math.ceil(lp.bound - 1e-6) === Math.ceil(lp.value - 1e-6);
}
