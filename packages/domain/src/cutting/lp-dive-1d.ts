// LP diving for one bar length (the literature's residual rounding) with limited backtracking.
// Solve the cutting-stock LP by column generation and cut every pattern as often as its LP usage
// rounded down: the same basis stays optimal for the rest of the demand (only the right-hand side
// changed), so the fractional parts are the rest's LP solution and no new LP is needed. When no
// usage reaches one, one pattern is cut once (rounded up) and the rest is a new, smaller LP
// (warm-started with every pattern found so far). A node whose bars plus the rest's rounded-up LP
// bound exceed the target is a dead end, and so is a bar that would waste more than the target
// leaves (such bars are not cut); the search may go back to the last rounding up and try the next
// most used pattern there, within a budget of LP solves (none by default: the caller repeats
// randomised dives instead). A rest that fits into a few bars is finished by the exact
// bin-completion search. Pure; the bars come back as counts per size.
import { binCompletion } from './bin-completion.ts';
import { type CuttingLp, createCuttingLp, type LpSolution, type Pattern } from './column-generation.ts';
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
/**
 * A new LP over the sizes still wanted replaces the dive's LP when they are fewer than this share
 * of its sizes. Hard28 (one piece per size mostly), 15 dives per instance: 173 ms of CPU per dive
 * without it, 79-86 ms with 0.6-0.8; dives alone in 400 ms after the LP reach 11 of 28 with 0.7,
 * 8 with 0.6, 3 without (the same run, side by side).
 */
const NARROW_SHARE = 0.7;
/** Patterns tried at one rounding up before the search gives that node up. */
const BRANCHES = 3;
/**
 * LP solves a dive may spend on going back (the first descent is not counted). None by default:
 * since bars past the slack are no longer cut, a dive is short, and new randomised dives reach the
 * bound more often than going back in one (dives alone after the LP, 400 ms each: Hard28 6 of 28
 * with 0, 2 with 8 or 40; Wäscher 12 of 17 and Falkenauer T 20 of 40 either way).
 */
export const DIVE_BACKTRACK_LPS = 0;

type Usage = { counts: number[]; x: number };
type NodeLp = { bound: number; usage: Usage[] };

export function lpDive1d(
  input: Dive1dInput,
  first: LpSolution | null,
  rng: Rng,
  deadline: number,
  now: () => number,
  shouldStop: () => boolean,
  randomise = false,
  backtrackLps = DIVE_BACKTRACK_LPS,
): number[][] | null {
  const { sizes, capacity, target } = input;
  const m = sizes.length;
  const rest = input.demand.slice();
  const bars: number[][] = [];
  let budget = backtrackLps;
  let descending = true;
  let outOfTime = false;
  /** The bars of the first descent, where it stopped (finished by first-fit if the search fails). */
  let firstDescent: number[][] | null = null;
  let firstRest: number[] | null = null;
  // The bars may waste at most `slack` in all (target × bar − the demand's length): a bar that
  // would pass it is not cut, since its node is a dead end whatever the rest's LP says (the LP bound
  // is at least the rest's length over the bar). On tight instances (Hard28: 1–182 over 60–80 bars
  // of 1 000) this rules out most fractional patterns without solving an LP.
  let length = 0;
  for (let t = 0; t < m; t++) length += (rest[t] as number) * (sizes[t] as number);
  const slack = target * capacity - length;
  let waste = 0;
  /** The waste of `counts` cut now (clipped to what is still wanted). */
  const wasteOf = (counts: readonly number[]): number => {
    let l = 0;
    for (let t = 0; t < m; t++) l += Math.min(counts[t] as number, rest[t] as number) * (sizes[t] as number);
    return capacity - l;
  };
  const withinSlack = (counts: readonly number[]): boolean => waste + wasteOf(counts) <= slack;

  /** Cuts `counts` once, clipped to what is still wanted; null when it would cut nothing. */
  const cut = (counts: readonly number[]): number[] | null => {
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
    if (!any) return null;
    bars.push(bar);
    waste += capacity - load(bar);
    return bar;
  };
  /** Takes back the last `count` bars. */
  const uncut = (count: number): void => {
    for (let k = 0; k < count; k++) {
      const bar = bars.pop() as number[];
      for (let t = 0; t < m; t++) rest[t] = (rest[t] as number) + (bar[t] as number);
      waste -= capacity - load(bar);
    }
  };
  // One LP kept through the dive: a rest is a new right-hand side, restored to feasibility by a few
  // dual simplex pivots. Where most sizes are cut out, a new LP over the sizes still wanted
  // (warm-started with every pattern known that fits the rest) replaces it: its pivots cost the
  // square of its sizes, and most of a dive's time goes to pivots (Hard28: one piece per size).
  // `known`: the patterns a new LP starts with (counts over all sizes); `learned`: how many of the
  // current LP's generated patterns (a list that only grows) are in it already; `lpTypes`: the
  // current LP's sizes (indices into `sizes`).
  const known: Pattern[] = [...(first?.usage.map((u) => u.pattern) ?? [])];
  let lpTypes: number[] = sizes.map((_, t) => t);
  let learned = 0;
  const widen = (counts: readonly number[]): number[] => {
    if (counts.length === m) return counts as number[];
    const full = new Array<number>(m).fill(0);
    lpTypes.forEach((t, j) => {
      full[t] = counts[j] as number;
    });
    return full;
  };
  const learn = (generated: readonly Pattern[]): void => {
    for (; learned < generated.length; learned++) {
      const p = generated[learned] as Pattern;
      known.push(p.counts.length === m ? p : { ...p, counts: widen(p.counts) });
    }
  };
  learn(first?.patterns ?? []);
  // The caller's LP (same sizes) goes on from its optimal basis.
  let lp: CuttingLp | null = first?.model ?? null;
  const solveRest = (): NodeLp | null => {
    const live: number[] = [];
    for (let t = 0; t < m; t++) if ((rest[t] as number) > 0) live.push(t);
    const narrowed = live.length < lpTypes.length * NARROW_SHARE;
    if (
      narrowed ||
      !lp?.setDemand(
        lpTypes.map((t) => rest[t] as number),
        deadline,
        now,
      )
    ) {
      const types = narrowed ? live : lpTypes;
      // Over fewer sizes, the known patterns that fit the rest (the others hold a size no longer wanted).
      const pool: Pattern[] = [];
      for (const p of known) {
        if (types.length === m) pool.push(p);
        else if (!p.counts.some((c, t) => c > (rest[t] as number)))
          pool.push({ ...p, counts: types.map((t) => p.counts[t] as number) });
      }
      lpTypes = types;
      lp = createCuttingLp(
        types.map((t) => sizes[t] as number),
        types.map((t) => rest[t] as number),
        [{ capacity, cost: 1 }],
        { pool },
      );
      learned = 0;
      if (!lp) return null;
    }
    const solved = lp.solve(deadline, now);
    if (!solved) {
      lp = null;
      return null;
    }
    learn(solved.patterns);
    return {
      bound: solved.bound,
      usage: solved.usage.map((u) => ({ counts: widen(u.pattern.counts), x: u.x })),
    };
  };
  /** The exact search on a small rest; true when it fits into the bars the target leaves. */
  const finishExactly = (need: number): boolean => {
    const left = target - bars.length;
    if (left < need) return false;
    const types: number[] = [];
    for (let t = 0; t < m; t++) if ((rest[t] as number) > 0) types.push(t);
    const tail = binCompletion(
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
    );
    if (!tail) return false;
    for (const sub of tail) cut(expand(types, sub, m));
    return true;
  };

  /** A dead end: the first one keeps the bars cut so far as the fallback plan's start. */
  const deadEnd = (): false => {
    if (descending) {
      descending = false;
      firstDescent = bars.map((b) => b.slice());
      firstRest = rest.slice();
    }
    return false;
  };
  /** One node: true when the rest is cut within the target (the bars stay cut). */
  const node = (given: NodeLp | null): boolean => {
    if (!rest.some((d) => d > 0)) return true;
    if (now() > deadline || shouldStop()) {
      outOfTime = true;
      return deadEnd();
    }
    const lp = given ?? solveRest();
    if (!lp) {
      outOfTime = true;
      return deadEnd();
    }
    const need = Math.ceil(lp.bound - 1e-6);
    if (need <= EXACT_TAIL_BARS && finishExactly(need)) return true;
    if (bars.length + need > target) return deadEnd();
    // Usage rounded down: the fractional parts remain the rest's LP solution when nothing was
    // clipped (each cut took the whole pattern), and its bound drops by the bars cut.
    let fixed = 0;
    let clipped = false;
    const fractional: Usage[] = [];
    for (const u of lp.usage) {
      const whole = Math.floor(u.x + 1e-9);
      for (let k = 0; k < whole; k++) {
        // Past the slack: the rest of this pattern's usage stays with the rest's LP.
        if (!withinSlack(u.counts)) {
          clipped = true;
          break;
        }
        const bar = cut(u.counts);
        if (!bar) break;
        fixed++;
        if (bar.some((c, t) => c !== u.counts[t])) clipped = true;
      }
      if (u.x - whole > 1e-9) fractional.push({ counts: u.counts, x: u.x - whole });
    }
    if (fixed > 0) {
      const ok = node(clipped ? null : { bound: lp.bound - fixed, usage: fractional });
      if (!ok) uncut(fixed);
      return ok;
    }
    // Nothing reaches one: round one pattern up, the most used first (fullest on ties); a repeated
    // dive (randomise) starts with one of the three most used.
    const order = lp.usage
      .filter((u) => withinSlack(u.counts))
      .sort((a, b) => b.x - a.x || load(b.counts) - load(a.counts));
    if (randomise && order.length > 1) {
      const pick = rng.int(Math.min(3, order.length));
      const [chosen] = order.splice(pick, 1);
      order.unshift(chosen as Usage);
    }
    for (let k = 0; k < Math.min(BRANCHES, order.length); k++) {
      if (k > 0 && (budget <= 0 || outOfTime)) return false;
      const bar = cut((order[k] as Usage).counts);
      if (!bar) continue;
      if (!descending) budget--;
      if (node(null)) return true;
      uncut(1);
      if (outOfTime) return false;
    }
    return deadEnd();
  };

  if (
    !node(
      first
        ? { bound: first.bound, usage: first.usage.map((u) => ({ counts: u.pattern.counts, x: u.x })) }
        : null,
    )
  ) {
    if (firstDescent === null || firstRest === null) return null;
    if (outOfTime && (firstDescent as number[][]).length === 0) return null;
    bars.length = 0;
    bars.push(...(firstDescent as number[][]));
    for (let t = 0; t < m; t++) rest[t] = (firstRest as number[])[t] as number;
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
