// Column generation for the cutting-stock LP: min sum(cost_p x_p) s.t. sum(a_ip x_p) >= d_i, x >= 0.
// The restricted master is solved by a revised simplex over a sparse LU factorisation of its
// basis (`lu-basis.ts`; m = number of distinct piece sizes); new patterns come from a bounded
// knapsack: a DP over the bar length when that table is small, else a search guided by a DP on
// coarsened lengths (an upper bound that keeps the LP bound proven).
import { boundedKnapsack, dpStep, greedyKnapsack } from './knapsack.ts';
import { createLuBasis, type SparseColumn } from './lu-basis.ts';

export { boundedKnapsack, type KnapsackResult } from './knapsack.ts';

/** Search nodes of the second, proving search when the first ran out without a pattern. */
const PROOF_NODES = 1_000_000;
/** Search nodes per pricing knapsack on long bars (beyond it the coarse bound stands in). */
const PRICING_NODES = 20_000;
export type StockKind = { capacity: number; cost: number };
export type Pattern = { stock: number; counts: number[]; cost: number };
export type LpSolution = {
  value: number;
  /**
   * A proven lower bound on the LP optimum (Farley's bound d·y / max(value/cost) from the last
   * exact pricing; equal to `value` when column generation ended at the optimum). Column
   * generation stops as soon as ⌈bound⌉ = ⌈value⌉: the rounded bound is all an integer search needs.
   */
  bound: number;
  /** patterns in the final basis with their (fractional) usage */
  usage: { pattern: Pattern; x: number }[];
  /** every pattern generated (a pool to warm-start a later, residual LP) */
  patterns: Pattern[];
  /** true when pricing proved the bound (every knapsack solved exactly) */
  proven: boolean;
  /** simplex pivots and exact pricing rounds it took (for measurements) */
  pivots: number;
  pricings: number;
  /**
   * The master's duals per size when the solve stopped (they price the demand at `value`). Column
   * generation stops once the rounded bound is settled, so a pattern may still be worth a little
   * more than its cost at them: a guide (the prices of `cns-1d.ts`), not a proof.
   */
  dual?: number[];
  /** the LP itself, to re-solve for another demand over the same sizes (a dive's residuals) */
  model?: CuttingLp;
};

export type LpOptions = {
  maxIterations?: number;
  /** known patterns (counts in this LP's size order), priced before any knapsack */
  pool?: readonly Pattern[];
};

/**
 * A basic column: a cutting pattern, or a unit column of cost 0 with +1 in row `plus` (none: -1)
 * and -1 in row `minus`. The unit columns are the dual-optimal inequalities of Ben Amor,
 * Desrosiers and Valério de Carvalho for cutting stock: "a piece may fill the place of a longer
 * one" (minus = a size, plus = the next shorter one) and a surplus of the shortest size. They
 * keep the duals ordered by length, which cuts the number of degenerate pivots by a large factor
 * (without them, 200 sizes did not converge in 5 000 pivots).
 */
type BasisEntry = { kind: 'pattern'; pattern: Pattern } | { kind: 'unit'; plus: number; minus: number };

const EPS = 1e-9;
/**
 * Smallest entry of the entering column that may leave the basis. With 1e-9, Scholl 2 N4W2B3R3
 * (300 sizes) pivoted on entries that made the basis nearly singular (B^-1 entries of 1e13 after
 * 480 pivots), and the LP's value grew to a million bars for 500 pieces.
 */
const PIVOT_TOLERANCE = 1e-7;
/**
 * Entries of an entering column's direction B^-1 a and of the pivot row of B^-1 smaller than this
 * count as zero. They are the rounding residue of cancellations (the exact values are 0): on
 * Hard28 a quarter of the direction's entries were below 1e-12 (with the explicit inverse of
 * session 13, dropping them took 11 % off the LP's CPU); the direction becomes an eta of the
 * factorised basis, so they would cost in every later solve.
 */
const DROP = 1e-12;
/**
 * A pooled pattern whose reduced cost is this or more leaves the pool when it outgrows the number
 * of sizes (at the next exact pricing). Hard28, LP alone: about 15 % less CPU (2 480 → 2 282
 * pivots; 0.05 the same, pruning past 2 × the sizes 5 %); the other sets even, the same bounds.
 */
const POOL_KEEP_REDUCED = 0.1;
/**
 * The basis is factorised afresh after this many updates, or once the updates' etas hold more
 * nonzeros than ETA_FILL × the factors (each FTRAN and BTRAN runs over all of them), or when a
 * pivot's two computations (B⁻¹a and the row of B⁻¹ times a) disagree by more than DRIFT.
 */
const REFACTOR_EVERY = 32;
const ETA_FILL = 2;
const DRIFT = 1e-8;

/**
 * Solves the LP relaxation by column generation. Out of time or iterations it returns what it has:
 * the current basis (a feasible, not optimal, solution: `value` above the optimum) and the best
 * proven `bound` so far. Null only if the problem has no start (a piece longer than every bar).
 */
export function solveCuttingLp(
  sizes: readonly number[],
  demand: readonly number[],
  stocks: readonly StockKind[],
  deadline: number,
  now: () => number,
  options: LpOptions = {},
): LpSolution | null {
  if (sizes.length === 0)
    return { value: 0, bound: 0, usage: [], patterns: [], proven: true, pivots: 0, pricings: 0 };
  const lp = createCuttingLp(sizes, demand, stocks, options);
  const solved = lp ? lp.solve(deadline, now) : null;
  return solved && lp ? { ...solved, model: lp } : null;
}

/**
 * A cutting-stock LP kept between solves: `solve` runs column generation from the current basis;
 * `setDemand` changes the right-hand side (a residual after cutting some bars, or the demand
 * before them again) and restores a feasible basis by dual simplex pivots from the current one,
 * so a dive re-solves in a few pivots instead of from the start.
 */
export type CuttingLp = {
  /**
   * Column generation from the current basis. It stops once its rounded bound is settled, or with
   * `toOptimum` only at the LP optimum (no pattern prices out at the duals: they are then dual
   * feasible, an exact vertex of the optimal face, where the early stop leaves them 0.001-0.004
   * infeasible on Hard28).
   */
  solve(deadline: number, now: () => number, toOptimum?: boolean): LpSolution | null;
  /** false when no known column restores feasibility in time (the caller starts a new LP) */
  setDemand(demand: readonly number[], deadline: number, now: () => number): boolean;
};

/** Dual simplex pivots `setDemand` may take, per size. */
const DUAL_PIVOTS_PER_SIZE = 4;

/** Null if the problem has no start (no sizes, or a piece longer than every bar). */
export function createCuttingLp(
  sizes: readonly number[],
  initialDemand: readonly number[],
  stocks: readonly StockKind[],
  options: LpOptions = {},
): CuttingLp | null {
  const maxIterations = options.maxIterations ?? 100_000;
  const m = sizes.length;
  if (m === 0) return null;
  const cheapest = pickStartStock(sizes, stocks);
  if (cheapest === null) return null;
  const capacity = (stocks[cheapest] as StockKind).capacity;
  const demand = initialDemand.slice();
  const { basis, xb } = initialBasis(sizes, demand, capacity, cheapest, (stocks[cheapest] as StockKind).cost);
  const lu = createLuBasis(m);
  // The basis columns as the factorisation reads them (kept beside `basis`, one made per pivot).
  const columns = basis.map(columnOf);
  lu.factor(columns);
  // Patterns are sparse (a bar holds a few sizes of many): priced over their nonzero entries, kept
  // in typed arrays (`at`: the sizes, `n`: the counts there), since pricing the pool and updating
  // its Devex weights at every pivot took as long as the basis update on Hard28.
  // `w`: the pattern's Devex reference weight (see the pivot below); `basic`: in the basis now;
  // `d`: its reduced cost at the current duals, updated at each pivot with the same product as the
  // Devex weight (one pass over the pool per pivot, none per pricing).
  type Entry = {
    pattern: Pattern;
    at: Int32Array;
    n: Float64Array;
    w: number;
    basic: boolean;
    d: number;
    id: number;
  };
  let entries = 0;
  const entry = (pattern: Pattern): Entry => {
    const at = pattern.counts.flatMap((c, j) => (c !== 0 ? [j] : []));
    return {
      pattern,
      id: m + entries++,
      w: 1,
      basic: false,
      d: 0,
      at: Int32Array.from(at),
      n: Float64Array.from(at, (j) => pattern.counts[j] as number),
    };
  };
  const pool: Entry[] = (options.pool ?? []).filter((p) => p.counts.some((c) => c > 0)).map(entry);
  const pooled = new Map<Pattern, Entry>(pool.map((e) => [e.pattern, e]));
  const generated: Pattern[] = [];
  const addToPool = (p: Pattern): void => {
    if (pooled.has(p)) return;
    const e = entry(p);
    e.d = p.cost - dot(e.at, e.n, y);
    pooled.set(p, e);
    pool.push(e);
    generated.push(p);
  };
  // y_i = size_i × min(cost / capacity) is dual feasible: the continuous bound is the first bound.
  const continuousBound = (): number => {
    let b = 0;
    if (stocks.every((st) => st.cost > 0)) {
      const perLength = Math.min(...stocks.map((st) => st.cost / st.capacity));
      for (let i = 0; i < m; i++) b += (demand[i] as number) * (sizes[i] as number) * perLength;
    }
    return b;
  };
  let bound = continuousBound();
  const y = new Float64Array(m);
  const dir = new Float64Array(m);
  const pivotRow = new Float64Array(m);
  // Scratch vectors of the solves: an entering column, a unit vector, a row of B⁻¹, c_B.
  const colWork = new Float64Array(m);
  const unit = new Float64Array(m);
  const rho = new Float64Array(m);
  const costs = new Float64Array(m);
  /** rho = row r of B⁻¹ (BTRAN of the unit vector e_r). */
  const rowOfInverse = (r: number, out: Float64Array): void => {
    unit[r] = 1;
    lu.btran(unit, out);
    unit[r] = 0;
  };
  let pivots = 0;
  let pricings = 0;
  const byLength = sizes.map((_, i) => i).sort((a, b) => (sizes[b] as number) - (sizes[a] as number));
  // Devex weights of the unit columns (by position in `byLength`) and each unit's position by its row.
  const unitW = new Float64Array(m).fill(1);
  const unitAt = new Int32Array(m);
  byLength.forEach((row, k) => {
    unitAt[row] = k;
  });
  // Exact pricing by a DP over the bar length is cheap; where the bar is too long for it (the
  // branch-and-bound knapsack runs instead), a greedy knapsack is tried first.
  const useGreedy = stocks.some((st) => dpStep(sizes, demand, st.capacity) === 0);
  const devex = !useGreedy;
  const result = (optimal: boolean): LpSolution => {
    let value = 0;
    const usage: LpSolution['usage'] = [];
    for (let r = 0; r < m; r++) {
      const entry = basis[r] as BasisEntry;
      if (entry.kind === 'pattern') {
        value += entry.pattern.cost * (xb[r] as number);
        if ((xb[r] as number) > EPS) usage.push({ pattern: entry.pattern, x: xb[r] as number });
      }
    }
    // At the optimum the last exact pricing's Farley bound is the value (up to rounding); the
    // Farley bound is taken, since it holds whatever the basis: a basis worn by many updates
    // without a reinversion (Scholl 2 N4W2B3R3, 300 sizes) once gave a value of 57 405 bars for 500
    // pieces, which `optimal` made the proven bound.
    return {
      value,
      bound: optimal ? Math.min(value, bound) : bound,
      usage,
      patterns: generated,
      proven: true,
      pivots,
      pricings,
      dual: Array.from(y),
    };
  };
  // The stability centre of the pricing (Wentges smoothing) and its Farley bound.
  let center: Float64Array | null = null;
  let centerBound = Number.NEGATIVE_INFINITY;
  /** The duals are recomputed from scratch at the next refresh (after a factorisation). */
  let freshDuals = true;
  /** A pivot found the factors drifting: factorise at the next refresh. */
  let drifted = false;
  /** After a failed factorisation (B looked singular) the next try waits for 16 more updates. */
  let retryAt = 0;
  /**
   * Factorises the basis afresh when due (true then) and refreshes the duals: y = c_B B⁻¹ from
   * scratch after a factorisation, else kept up to date by the pivots.
   */
  const refresh = (): boolean => {
    const due =
      lu.updates() >= retryAt &&
      (drifted || lu.updates() >= REFACTOR_EVERY || lu.etaNonzeros() > ETA_FILL * lu.factorNonzeros());
    if (due) {
      drifted = false;
      if (lu.factor(columns)) {
        retryAt = 0;
        colWork.set(demand);
        lu.ftran(colWork, xb);
        freshDuals = true;
      } else retryAt = lu.updates() + 16;
    }
    if (!freshDuals) return due;
    freshDuals = false;
    for (let r = 0; r < m; r++) {
      const entry = basis[r] as BasisEntry;
      costs[r] = entry.kind === 'pattern' ? entry.pattern.cost : 0;
    }
    lu.btran(costs, y);
    for (const e of pool) e.d = e.pattern.cost - dot(e.at, e.n, y);
    return due;
  };
  /** dir = B⁻¹a for an entering column (a pattern's counts, or a unit column). */
  const direction = (entering: BasisEntry, column: readonly number[] | null): void => {
    colWork.fill(0);
    if (column) {
      for (let j = 0; j < m; j++) colWork[j] = column[j] as number;
    } else if (entering.kind === 'unit') {
      colWork[entering.minus] = -1;
      if (entering.plus >= 0) colWork[entering.plus] = 1;
    }
    lu.ftran(colWork, dir);
    for (let r = 0; r < m; r++) if (Math.abs(dir[r] as number) < DROP) dir[r] = 0;
  };
  /** Id of a basic column for Bland's rule: a unit column's place by length, a pattern's entry. */
  const basicId = (r: number): number => {
    const b = basis[r] as BasisEntry;
    if (b.kind === 'unit') return unitAt[b.minus] as number;
    return pooled.get(b.pattern)?.id ?? Number.MAX_SAFE_INTEGER;
  };
  /** Of the rows tied at the ratio `theta`, the one whose basic column has the lowest id. */
  const lowestTied = (theta: number): number => {
    let leave = -1;
    for (let r = 0; r < m; r++) {
      const d = dir[r] as number;
      if (d <= PIVOT_TOLERANCE || Math.max(0, xb[r] as number) / d > theta + 1e-12) continue;
      if (leave < 0 || basicId(r) < basicId(leave)) leave = r;
    }
    return leave;
  };
  let degenerate = 0;
  const solve = (deadline: number, now: () => number, toOptimum = false): LpSolution | null => {
    let priced = false;
    for (let iter = 0; iter < maxIterations; iter++) {
      // Run on to the optimum, a long run of degenerate pivots switches to Bland's rule (lowest
      // index enters and leaves), which cannot cycle.
      const bland = toOptimum && degenerate > 2 * m;
      // The clock after every exact pricing (on a long bar it takes milliseconds) and every 16th
      // pivot (a pivot without it takes well under a millisecond; reading a CPU clock is a syscall).
      if ((priced || (iter & 15) === 0) && now() > deadline) return result(false);
      priced = false;
      if (refresh() && now() > deadline) return result(false);
      let entering: BasisEntry | null = null;
      let column: number[] | null = null;
      let bestReduced = -1e-7;
      // Devex pricing among the unit columns and the known patterns: the largest reduced cost² /
      // reference weight enters (a cheap steepest edge: fewer, less degenerate pivots than the most
      // negative reduced cost). Patterns from a knapsack enter on their own, with weight 1.
      let bestScore = 0;
      let enteringW = 1;
      let enteringEntry: Entry | null = null;
      for (let k = 0; k < m; k++) {
        // k < m - 1: a piece of size k + 1 takes the place of one of size k (the next longer);
        // k = m - 1: surplus of the shortest size.
        const last = k === m - 1;
        const minus = byLength[k] as number;
        const plus = last ? -1 : (byLength[k + 1] as number);
        const reduced = (y[minus] as number) - (plus < 0 ? 0 : (y[plus] as number));
        if (
          reduced < -1e-7 &&
          (bland ? entering === null : reduced * reduced > bestScore * (unitW[k] as number))
        ) {
          bestScore = (reduced * reduced) / (unitW[k] as number);
          bestReduced = reduced;
          entering = { kind: 'unit', plus, minus };
          enteringW = unitW[k] as number;
          column = null;
        }
      }
      if (pool.length > 0) {
        // Known patterns compete with the unit columns (most negative reduced cost enters): about
        // 20 % fewer pivots on 150-200 sizes than pricing them only when no unit column prices out.
        for (const e of pool) {
          const p = e.pattern;
          if (e.basic) continue;
          const reduced = e.d;
          if (
            reduced < -1e-7 &&
            (bland
              ? entering === null || (enteringEntry !== null && e.id < enteringEntry.id)
              : reduced * reduced > bestScore * e.w)
          ) {
            bestScore = (reduced * reduced) / e.w;
            bestReduced = reduced;
            entering = { kind: 'pattern', pattern: p };
            enteringW = e.w;
            enteringEntry = e;
            column = p.counts;
          }
        }
      }
      if (entering === null && useGreedy) {
        const yArr = Array.from(y);
        for (let s = 0; s < stocks.length; s++) {
          const stock = stocks[s] as StockKind;
          const gk = greedyKnapsack(yArr, sizes, demand, stock.capacity);
          const reduced = stock.cost - gk.value;
          if (reduced < bestReduced) {
            bestReduced = reduced;
            entering = { kind: 'pattern', pattern: { stock: s, counts: gk.counts, cost: stock.cost } };
            column = gk.counts;
          }
        }
      }
      if (entering === null) {
        // Exact pricing, stabilised (Wentges): the knapsack first runs at a point between the best
        // dual point so far (the one with the highest Farley bound) and the master's duals. Its
        // pattern enters if it prices out at the master's duals; if not (a mispricing) the next
        // knapsack runs at the master's duals themselves, which either gives an entering pattern
        // or proves the master optimal. Every priced point gives Farley's bound d·y / max(a·y / cost).
        priced = true;
        const smoothed: boolean = center !== null && SMOOTHING > 0 && !useGreedy;
        const point: Float64Array = smoothed ? separationPoint(center as Float64Array, y, SMOOTHING) : y;
        pricings++;
        // Each pivot updates every pooled pattern's reduced cost and Devex weight; once the pool
        // holds more patterns than there are sizes, those priced well above their cost leave it
        // (a later pricing finds them again if they come back into play).
        if (pool.length > m) {
          let k = 0;
          for (const e of pool) {
            if (e.basic || e.d < POOL_KEEP_REDUCED) pool[k++] = e;
            else pooled.delete(e.pattern);
          }
          pool.length = k;
        }
        const priceAt = pricePoint(point, sizes, demand, stocks, deadline, now);
        if (priceAt.bound > bound) bound = priceAt.bound;
        if (priceAt.bound >= centerBound) {
          center = Float64Array.from(point, (v) => Math.max(0, v));
          centerBound = priceAt.bound;
        }
        // The best pattern (at the master's duals) enters; the other improving ones join the pool.
        const consider = (found: readonly Pattern[]): void => {
          for (const p of found) {
            let v = 0;
            for (let j = 0; j < m; j++) v += (p.counts[j] as number) * (y[j] as number);
            const reduced = p.cost - v;
            if (reduced < bestReduced) {
              bestReduced = reduced;
              entering = { kind: 'pattern', pattern: p };
              column = p.counts;
            }
            if (reduced < -1e-7) addToPool(p);
          }
        };
        consider(priceAt.patterns);
        consider(mostImproving(priceAt.extra, y, EXTRA_COLUMNS));
        if (entering === null && smoothed) {
          pricings++;
          const exact = pricePoint(y, sizes, demand, stocks, deadline, now);
          if (exact.bound > bound) bound = exact.bound;
          if (exact.bound >= centerBound) {
            center = Float64Array.from(y, (v) => Math.max(0, v));
            centerBound = exact.bound;
          }
          consider(exact.patterns);
          consider(mostImproving(exact.extra, y, EXTRA_COLUMNS));
          if (entering === null) return result(exact.exact);
        } else if (entering === null) return result(priceAt.exact);
        if (!toOptimum && Math.ceil(bound - 1e-6) >= Math.ceil(currentValue(basis, xb) - 1e-6))
          return result(false);
      }
      if (entering.kind === 'pattern') addToPool(entering.pattern);
      direction(entering, column);
      let leave = -1;
      let theta = Number.POSITIVE_INFINITY;
      for (let r = 0; r < m; r++) {
        const d = dir[r] as number;
        if (d > PIVOT_TOLERANCE) {
          const t = Math.max(0, xb[r] as number) / d;
          if (t < theta - 1e-12) {
            theta = t;
            leave = r;
          }
        }
      }
      if (leave < 0) return null;
      if (bland) leave = lowestTied(theta);
      degenerate = theta <= 1e-12 ? degenerate + 1 : 0;
      pivotOn(leave, theta, entering, column, enteringW, enteringEntry);
    }
    return result(false);
  };
  /**
   * The basis change: `entering` (direction in `dir`) replaces the column of row `leave` at level
   * `theta`; the factors, x_B, the duals and the Devex weights follow. `row`: row `leave` of B⁻¹
   * when the caller has it (the dual simplex), else computed here.
   */
  const pivotOn = (
    leave: number,
    theta: number,
    entering: BasisEntry,
    column: readonly number[] | null,
    enteringW: number,
    enteringEntry: Entry | null,
    row: Float64Array | null = null,
  ): void => {
    const pivot = dir[leave] as number;
    if (!row) rowOfInverse(leave, rho);
    const oldRow = row ?? rho;
    // The pivot computed a second way, as (row of B⁻¹) · a: a gap means the factors drift.
    let alpha = 0;
    if (column) {
      for (let j = 0; j < m; j++) if (column[j] !== 0) alpha += (column[j] as number) * (oldRow[j] as number);
    } else if (entering.kind === 'unit') {
      alpha =
        -(oldRow[entering.minus] as number) + (entering.plus >= 0 ? (oldRow[entering.plus] as number) : 0);
    }
    if (Math.abs(alpha - pivot) > DRIFT * (1 + Math.abs(pivot))) drifted = true;
    for (let r = 0; r < m; r++) xb[r] = (xb[r] as number) - theta * (dir[r] as number);
    xb[leave] = theta;
    // The new row `leave` of B⁻¹ (the old one over the pivot).
    for (let j = 0; j < m; j++) {
      const v = (oldRow[j] as number) / pivot;
      pivotRow[j] = Math.abs(v) < DROP ? 0 : v;
    }
    lu.update(leave, dir);
    pivots++;
    // Devex: with the new pivot row (row `leave` of B^-1 over the pivot), every nonbasic column's
    // weight grows to at least (its pivot-row entry)² × the entering weight; the leaving column
    // gets the entering weight over the pivot².
    for (let k = 0; k < m && devex; k++) {
      const minus = byLength[k] as number;
      const plus = k === m - 1 ? -1 : (byLength[k + 1] as number);
      const a = (plus < 0 ? 0 : (pivotRow[plus] as number)) - (pivotRow[minus] as number);
      const w = a * a * enteringW;
      if (w > (unitW[k] as number)) unitW[k] = w;
    }
    // y' = y + d_q · (new row `leave` of B^-1), d_q the entering column's reduced cost; so every
    // pooled pattern's reduced cost falls by d_q × (its pivot-row entry).
    let reducedCost = entering.kind === 'pattern' ? entering.pattern.cost : 0;
    if (column) {
      for (let j = 0; j < m; j++) reducedCost -= (column[j] as number) * (y[j] as number);
    } else if (entering.kind === 'unit') {
      reducedCost += y[entering.minus] as number;
      if (entering.plus >= 0) reducedCost -= y[entering.plus] as number;
    }
    for (const e of pool) {
      if (e.basic) continue;
      const a = dot(e.at, e.n, pivotRow);
      e.d -= reducedCost * a;
      if (!devex) continue;
      const w = a * a * enteringW;
      if (w > e.w) e.w = w;
    }
    const leftW = devex ? Math.max(1, enteringW / (pivot * pivot)) : 1;
    for (let j = 0; j < m; j++) y[j] = (y[j] as number) + reducedCost * (pivotRow[j] as number);
    const left = basis[leave] as BasisEntry;
    if (left.kind === 'pattern') {
      const e = pooled.get(left.pattern);
      if (e) {
        e.w = leftW;
        e.basic = false;
        e.d = e.pattern.cost - dot(e.at, e.n, y);
      }
    } else unitW[unitAt[left.minus] as number] = leftW;
    if (enteringEntry) enteringEntry.w = 1;
    if (entering.kind === 'pattern') {
      const e = pooled.get(entering.pattern);
      if (e) e.basic = true;
    }
    basis[leave] = entering;
    columns[leave] = columnOf(entering);
  };
  const setDemand = (next: readonly number[], deadline: number, now: () => number): boolean => {
    for (let i = 0; i < m; i++) demand[i] = next[i] ?? 0;
    bound = continuousBound();
    center = null;
    centerBound = Number.NEGATIVE_INFINITY;
    if (refresh() && now() > deadline) return false;
    colWork.set(demand);
    lu.ftran(colWork, xb);
    // Dual simplex: the most negative basic variable leaves; of the columns with a negative entry
    // in its row of B^-1 A, the one with the smallest reduced cost / |entry| enters (the duals stay
    // feasible where they were: the basis was optimal or close to it).
    const row = new Float64Array(m);
    for (let step = 0; step < DUAL_PIVOTS_PER_SIZE * m; step++) {
      if ((step & 15) === 15 && now() > deadline) return false;
      let leave = -1;
      for (let r = 0; r < m; r++)
        if ((xb[r] as number) < -1e-9 && (leave < 0 || (xb[r] as number) < (xb[leave] as number))) leave = r;
      if (leave < 0) return true;
      rowOfInverse(leave, row);
      let entering: BasisEntry | null = null;
      let enteringEntry: Entry | null = null;
      let best = Number.POSITIVE_INFINITY;
      let bestAlpha = 0;
      const offer = (alpha: number, reduced: number): boolean => {
        if (alpha > -1e-9) return false;
        const ratio = Math.max(0, reduced) / -alpha;
        if (ratio < best - 1e-12 || (ratio <= best + 1e-12 && -alpha > -bestAlpha)) {
          best = ratio;
          bestAlpha = alpha;
          return true;
        }
        return false;
      };
      for (let k = 0; k < m; k++) {
        const minus = byLength[k] as number;
        const plus = k === m - 1 ? -1 : (byLength[k + 1] as number);
        const alpha = (plus < 0 ? 0 : (row[plus] as number)) - (row[minus] as number);
        const reduced = (y[minus] as number) - (plus < 0 ? 0 : (y[plus] as number));
        if (offer(alpha, reduced)) {
          entering = { kind: 'unit', plus, minus };
          enteringEntry = null;
        }
      }
      for (const e of pool) {
        if (e.basic) continue;
        if (offer(dot(e.at, e.n, row), e.d)) {
          entering = { kind: 'pattern', pattern: e.pattern };
          enteringEntry = e;
        }
      }
      if (entering === null) return false;
      const column = entering.kind === 'pattern' ? entering.pattern.counts : null;
      direction(entering, column);
      pivotOn(
        leave,
        (xb[leave] as number) / (dir[leave] as number),
        entering,
        column,
        enteringEntry?.w ?? 1,
        enteringEntry,
        row,
      );
    }
    return false;
  };
  return { solve, setDemand };
}

/**
 * Improving patterns one exact pricing adds to the pool besides its best one: the best fill with
 * each size in it, from the same DP table, the most improving first (Hard28: pricing rounds 347 →
 * 43 and pivots 4 000 → 2 600 per LP with 15; with all of them the pool's pricing cost more than
 * the rounds saved). 0 turns it off.
 */
const EXTRA_COLUMNS = 15;
/** Σ n[q] · v[at[q]]: a sparse column times a dense vector. */
function dot(at: Int32Array, n: Float64Array, v: Float64Array): number {
  let s = 0;
  for (let q = 0; q < at.length; q++) s += (n[q] as number) * (v[at[q] as number] as number);
  return s;
}

/** The `count` patterns of the most negative reduced cost at the duals `y` (improving ones only). */
function mostImproving(patterns: readonly Pattern[], y: Float64Array, count: number): Pattern[] {
  const scored: { p: Pattern; r: number }[] = [];
  for (const p of patterns) {
    let r = p.cost;
    for (let j = 0; j < y.length; j++) if (p.counts[j] !== 0) r -= (p.counts[j] as number) * (y[j] as number);
    if (r < -1e-7) scored.push({ p, r });
  }
  scored.sort((a, b) => a.r - b.r);
  return scored.slice(0, count).map((x) => x.p);
}

/** Weight of the stability centre in the separation point (Wentges smoothing); 0 turns it off. */
const SMOOTHING = 0.7;

/** alpha·centre + (1 − alpha)·y, clipped at zero. */
function separationPoint(center: Float64Array, y: Float64Array, alpha: number): Float64Array {
  const out = new Float64Array(y.length);
  for (let j = 0; j < y.length; j++)
    out[j] = Math.max(0, alpha * (center[j] as number) + (1 - alpha) * (y[j] as number));
  return out;
}

/**
 * Exact pricing at the dual point `y` (negative entries count as 0): the best pattern of every
 * stock kind and Farley's bound d·y / max(value / cost), with the knapsack's proven upper bound
 * where the search did not finish. Where the first search ran out of nodes without an improving
 * pattern, a longer one runs once, so that the LP's optimum is proven (a weak Farley bound would
 * round down, one bar short).
 */
function pricePoint(
  y: Float64Array,
  sizes: readonly number[],
  demand: readonly number[],
  stocks: readonly StockKind[],
  deadline: number,
  now: () => number,
): { patterns: Pattern[]; bound: number; exact: boolean; extra: Pattern[] } {
  const yPos = Array.from(y, (v) => Math.max(0, v));
  let exact = true;
  let ratio = 0;
  const patterns: Pattern[] = [];
  const extra: Pattern[] = [];
  for (let s = 0; s < stocks.length; s++) {
    const stock = stocks[s] as StockKind;
    const expired = (): boolean => now() > deadline;
    // The first stock's DP also gives, for each size i, the best fill of the bar with one piece
    // of i in it (best fill within capacity − s_i, plus i): more improving patterns per round.
    const around = s === 0 && EXTRA_COLUMNS > 0 ? sizes.map((size) => stock.capacity - size) : [];
    let ks = boundedKnapsack(yPos, sizes, demand, stock.capacity, PRICING_NODES, expired, around);
    if (ks.within) {
      const seen = new Set<string>();
      ks.within.forEach((fill, i) => {
        if ((fill.counts[i] as number) + 1 > (demand[i] as number)) return;
        const counts = fill.counts.slice();
        counts[i] = (counts[i] as number) + 1;
        let key = '';
        for (let j = 0; j < counts.length; j++) if (counts[j] !== 0) key += `${j}:${counts[j]},`;
        if (seen.has(key)) return;
        seen.add(key);
        extra.push({ stock: s, counts, cost: stock.cost });
      });
    }
    if (!ks.exact && ks.value <= stock.cost + 1e-7)
      ks = boundedKnapsack(yPos, sizes, demand, stock.capacity, PROOF_NODES, expired);
    if (!ks.exact) exact = false;
    ratio = Math.max(ratio, ks.upper / stock.cost);
    if (ks.value > stock.cost + 1e-9) patterns.push({ stock: s, counts: ks.counts, cost: stock.cost });
  }
  let bound = 0;
  if (ratio > 0 && Number.isFinite(ratio)) {
    let dy = 0;
    for (let j = 0; j < yPos.length; j++) dy += (demand[j] as number) * (yPos[j] as number);
    bound = dy / Math.max(1, ratio);
  }
  return { patterns, bound, exact, extra };
}

function currentValue(basis: readonly BasisEntry[], xb: Float64Array): number {
  let value = 0;
  basis.forEach((entry, r) => {
    if (entry.kind === 'pattern') value += entry.pattern.cost * (xb[r] as number);
  });
  return value;
}

function pickStartStock(sizes: readonly number[], stocks: readonly StockKind[]): number | null {
  let best: number | null = null;
  const largest = Math.max(...sizes);
  for (let s = 0; s < stocks.length; s++) {
    const st = stocks[s] as StockKind;
    if (st.capacity < largest) continue;
    if (best === null || st.capacity > (stocks[best] as StockKind).capacity) best = s;
  }
  return best;
}

/**
 * Gilmore–Gomory start: pattern i holds only pieces of size i (as many as fit and are wanted), so
 * B is diagonal, every basic variable is positive and every dual starts positive (no degenerate
 * first pivots; a start with surplus columns at zero stalled for thousands of pivots on 200 sizes).
 */
function initialBasis(
  sizes: readonly number[],
  demand: readonly number[],
  capacity: number,
  stock: number,
  cost: number,
): { basis: BasisEntry[]; xb: Float64Array } {
  const m = sizes.length;
  const basis: BasisEntry[] = [];
  const xb = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const d = demand[i] as number;
    const a = Math.max(1, Math.min(d, Math.floor(capacity / (sizes[i] as number))));
    const counts = new Array<number>(m).fill(0);
    counts[i] = a;
    basis.push({ kind: 'pattern', pattern: { stock, counts, cost } });
    xb[i] = d / a;
  }
  return { basis, xb };
}

/** Column of B for a basis entry: a pattern's nonzero counts, or a unit column's −1 and +1. */
function columnOf(entry: BasisEntry): SparseColumn {
  if (entry.kind === 'unit')
    return entry.plus >= 0
      ? { index: [entry.minus, entry.plus], value: [-1, 1] }
      : { index: [entry.minus], value: [-1] };
  const index: number[] = [];
  const value: number[] = [];
  entry.pattern.counts.forEach((c, i) => {
    if (c !== 0) {
      index.push(i);
      value.push(c);
    }
  });
  return { index, value };
}
