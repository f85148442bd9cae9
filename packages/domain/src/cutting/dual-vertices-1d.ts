// More optimal dual points of the cutting-stock LP, for the prices of the consistent-neighbourhood
// search (`cns-1d.ts`), from the LP's final state at the cost of a few simplex pivots.
//
// The LP's primal optimum is degenerate on most instances (basic variables at 0), so its duals are
// one vertex of a face of optimal duals; the average of several of them steers the search much
// better than one (Hard28, the search alone: 30 of 56 runs at the bound against 22, session 13).
// A re-solve of the LP per vertex cost 50-180 ms. Here:
//  1. The final basis is rebuilt from what `LpSolution` shows: the patterns it uses (`usage`),
//     the unit columns of the LP (see `column-generation.ts`: a piece fills the place of the next
//     longer one, surplus of the shortest) that carry the rest of the demand, and columns of no
//     reduced cost at the LP's duals until the basis is full. Every basic column is then tight at
//     those duals, so the basis prices them again (up to rounding).
//  2. From that basis, for a random direction e > 0, the dual simplex maximises e·y over the face
//     of optimal duals: only rows whose basic variable is 0 leave (their entering column comes in
//     at level 0, so the primal point and the objective d·y stay where they are), and the entering
//     column is chosen by the dual ratio test, so no column of the pool prices above its cost.
//     Each direction ends at a vertex of the face (the perturbed-demand re-solve of session 13
//     without its pricing).
// Dual feasibility holds over the columns known here (the LP's patterns, the unit columns and the
// one-size patterns of its start), not over every pattern: a vertex may be one no knapsack would
// accept. The search only takes the prices as guidance, so that costs no validity.
import type { LpSolution, Pattern } from './column-generation.ts';
import type { Rng } from './prng.ts';

export type DualVertexInput = {
  /** the LP's sizes and demand, in its order */
  sizes: readonly number[];
  demand: readonly number[];
  /** the bar the LP priced patterns for, and its cost (one stock kind) */
  capacity: number;
  cost: number;
  /** the LP's final state: its duals, the patterns its basis uses, every pattern it knew */
  lp: Pick<LpSolution, 'dual' | 'usage'>;
  patterns: readonly Pattern[];
};

export type DualVertices = {
  /** optimal dual points other than the LP's own and each other */
  vertices: number[][];
  /** dual simplex pivots taken (rebuilding the basis not counted) */
  pivots: number;
  /** known patterns priced above their cost at the LP's duals (an unfinished LP's last pricing) */
  skipped: number;
  /** why no vertex came back, where none did */
  failed?: 'no-duals' | 'support' | 'basis';
};

/** A basic variable at most this is 0 (its row may leave without moving the primal point). */
const ZERO_LEVEL = 1e-7;
/** A column whose reduced cost is within this is tight (may complete the basis). */
const TIGHT = 1e-7;
/** Smallest pivot element. */
const PIVOT_TOLERANCE = 1e-7;
/** Two dual points closer than this (largest difference) are the same vertex. */
const SAME_POINT = 1e-7;
/** Dual simplex pivots per direction, per size. */
const PIVOTS_PER_SIZE = 4;

/** The columns as one sparse matrix: the m unit columns first, then patterns. */
type Columns = { start: number[]; row: number[]; val: number[]; cost: number[] };

export function optimalDualVertices(
  input: DualVertexInput,
  count: number,
  rng: Rng,
  deadline: number,
  now: () => number,
  signed = false,
): DualVertices {
  const { sizes, demand } = input;
  const m = sizes.length;
  const y0 = input.lp.dual;
  if (!y0 || y0.length !== m || m === 0) return { vertices: [], pivots: 0, skipped: 0, failed: 'no-duals' };
  const byLength = sizes.map((_, i) => i).sort((a, b) => (sizes[b] as number) - (sizes[a] as number));
  const cols = buildColumns(input, byLength);
  const n = cols.cost.length;
  const reduced = new Float64Array(n);
  for (let j = 0; j < n; j++) reduced[j] = (cols.cost[j] as number) - columnDot(cols, j, y0);

  // 1. The support: used patterns and the unit columns that carry the rest of the demand.
  const support = supportColumns(input, cols, byLength);
  if (!support) return { vertices: [], pivots: 0, skipped: 0, failed: 'support' };
  const basis = new Int32Array(m);
  const binv = new Float64Array(m * m);
  // The unit columns alone: column k has -1 in row byLength[k] and +1 in row byLength[k + 1], so
  // z = B⁻¹ r is z_k = -(r over the k + 1 longest sizes): row k of B⁻¹ is -1 on those sizes.
  for (let k = 0; k < m; k++) {
    basis[k] = k;
    for (let i = 0; i <= k; i++) binv[k * m + (byLength[i] as number)] = -1;
  }
  const locked = new Uint8Array(m);
  for (const j of support) if (j < m) locked[j] = 1;
  const dir = new Float64Array(m);
  const solveFor = (j: number): void => columnSolve(cols, j, binv, m, dir);
  const tightRow = (r: number): boolean => Math.abs(reduced[basis[r] as number] as number) <= TIGHT;
  // Each support pattern, then each tight pattern, takes the row of a unit column that is not
  // tight (a support pattern may take a tight one's too), the largest pivot element first.
  const insert = (j: number, mustEnter: boolean): boolean => {
    solveFor(j);
    let best = -1;
    for (let pass = 0; pass < (mustEnter ? 2 : 1) && best < 0; pass++) {
      for (let r = 0; r < m; r++) {
        if (locked[r] || (pass === 0 && tightRow(r))) continue;
        const a = Math.abs(dir[r] as number);
        if (a > PIVOT_TOLERANCE && (best < 0 || a > Math.abs(dir[best] as number))) best = r;
      }
    }
    if (best < 0) return false;
    pivotInverse(binv, m, dir, best);
    basis[best] = j;
    locked[best] = 1;
    return true;
  };
  for (const j of support)
    if (j >= m && !insert(j, true)) return { vertices: [], pivots: 0, skipped: 0, failed: 'support' };
  const loose = (): boolean => {
    for (let r = 0; r < m; r++) if (!tightRow(r)) return true;
    return false;
  };
  for (let j = m; j < n && loose(); j++) {
    if (Math.abs(reduced[j] as number) <= TIGHT && !support.includes(j)) insert(j, false);
  }
  if (loose()) return { vertices: [], pivots: 0, skipped: 0, failed: 'basis' };

  // 2. The duals and levels of the rebuilt basis; columns priced out at them stay out.
  const y = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    const c = cols.cost[basis[r] as number] as number;
    if (c !== 0) for (let i = 0; i < m; i++) y[i] = (y[i] as number) + c * (binv[r * m + i] as number);
  }
  const level = multiply(binv, m, demand);
  const isBasic = new Uint8Array(n);
  for (let r = 0; r < m; r++) isBasic[basis[r] as number] = 1;
  const enabled = new Uint8Array(n);
  let skipped = 0;
  for (let j = 0; j < n; j++) {
    reduced[j] = isBasic[j] ? 0 : (cols.cost[j] as number) - columnDot(cols, j, y);
    if (isBasic[j] || (reduced[j] as number) >= -TIGHT) enabled[j] = 1;
    else if (j >= m) skipped++;
  }

  // 3. One direction at a time, each from where the last ended.
  const vertices: number[][] = [];
  const seen: Float64Array[] = [Float64Array.from(y0)];
  const alpha = new Float64Array(n);
  let pivots = 0;
  for (let v = 0; v < count && now() < deadline; v++) {
    const e = Array.from({ length: m }, () => (signed ? 2 * rng.next() - 1 : rng.next()));
    const shift = multiply(binv, m, e);
    for (let step = 0; step < PIVOTS_PER_SIZE * m; step++) {
      if ((step & 7) === 7 && now() > deadline) break;
      let leave = -1;
      for (let r = 0; r < m; r++) {
        if ((level[r] as number) > ZERO_LEVEL || (shift[r] as number) >= -1e-9) continue;
        if (leave < 0 || (shift[r] as number) < (shift[leave] as number)) leave = r;
      }
      if (leave < 0) break;
      // The ratio test: of the columns with a negative entry in the leaving row, the one whose
      // reduced cost reaches 0 first as the duals move along -(row of B⁻¹); ties: largest entry.
      const rho = binv.subarray(leave * m, leave * m + m);
      let enter = -1;
      let ratio = Number.POSITIVE_INFINITY;
      for (let j = 0; j < n; j++) {
        if (!enabled[j] || isBasic[j]) continue;
        const a = columnDot(cols, j, rho);
        alpha[j] = a;
        if (a >= -PIVOT_TOLERANCE) continue;
        const t = Math.max(0, reduced[j] as number) / -a;
        if (t < ratio - 1e-12 || (t <= ratio + 1e-12 && a < (alpha[enter] as number))) {
          ratio = t;
          enter = j;
        }
      }
      if (enter < 0) break;
      for (let j = 0; j < n; j++) {
        if (enabled[j] && !isBasic[j])
          reduced[j] = Math.max(0, (reduced[j] as number) + ratio * (alpha[j] as number));
      }
      for (let i = 0; i < m; i++) y[i] = (y[i] as number) - ratio * (rho[i] as number);
      const left = basis[leave] as number;
      isBasic[left] = 0;
      reduced[left] = ratio;
      isBasic[enter] = 1;
      reduced[enter] = 0;
      basis[leave] = enter;
      solveFor(enter);
      const p = dir[leave] as number;
      const l0 = (level[leave] as number) / p;
      const s0 = (shift[leave] as number) / p;
      for (let r = 0; r < m; r++) {
        level[r] = (level[r] as number) - l0 * (dir[r] as number);
        shift[r] = (shift[r] as number) - s0 * (dir[r] as number);
      }
      level[leave] = l0;
      shift[leave] = s0;
      pivotInverse(binv, m, dir, leave);
      pivots++;
    }
    if (seen.every((s) => maxDifference(s, y) > SAME_POINT)) {
      seen.push(Float64Array.from(y));
      vertices.push(Array.from(y));
    }
  }
  return { vertices, pivots, skipped };
}

/** The mean of the LP's duals and the vertices found (the prices the search gets). */
export function averageDuals(base: readonly number[], vertices: readonly (readonly number[])[]): number[] {
  return base.map((b, i) => vertices.reduce((s, v) => s + (v[i] as number), b) / (vertices.length + 1));
}

/**
 * Unit columns (k: -1 in row byLength[k], +1 in row byLength[k + 1], none past the shortest), the
 * one-size start patterns of the LP, the used patterns and the known ones, each pattern once.
 */
function buildColumns(input: DualVertexInput, byLength: readonly number[]): Columns {
  const { sizes, demand, capacity, cost } = input;
  const m = sizes.length;
  const cols: Columns = { start: [0], row: [], val: [], cost: [] };
  for (let k = 0; k < m; k++) {
    cols.row.push(byLength[k] as number);
    cols.val.push(-1);
    if (k + 1 < m) {
      cols.row.push(byLength[k + 1] as number);
      cols.val.push(1);
    }
    cols.cost.push(0);
    cols.start.push(cols.row.length);
  }
  const seen = new Set<string>();
  const add = (counts: readonly number[], c: number): void => {
    let key = '';
    for (let i = 0; i < m; i++) if (counts[i]) key += `${i}:${counts[i]},`;
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    for (let i = 0; i < m; i++) {
      if (!counts[i]) continue;
      cols.row.push(i);
      cols.val.push(counts[i] as number);
    }
    cols.cost.push(c);
    cols.start.push(cols.row.length);
  };
  for (let i = 0; i < m; i++) {
    const counts = new Array<number>(m).fill(0);
    counts[i] = Math.max(1, Math.min(demand[i] as number, Math.floor(capacity / (sizes[i] as number))));
    add(counts, cost);
  }
  for (const u of input.lp.usage) add(u.pattern.counts, u.pattern.cost);
  for (const p of input.patterns) add(p.counts, p.cost);
  return cols;
}

/**
 * The columns with a positive level in the LP's primal point: the used patterns, and the unit
 * columns that take the rest of the demand (a triangular system: z_k = z_(k-1) - rest of size k,
 * longest first). Null when that rest needs a negative level (the usage is not this demand's).
 */
function supportColumns(input: DualVertexInput, cols: Columns, byLength: readonly number[]): number[] | null {
  const m = input.sizes.length;
  const rest = input.demand.slice();
  const out: number[] = [];
  const index = new Map<string, number>();
  for (let j = m; j < cols.cost.length; j++) {
    let key = '';
    for (let q = cols.start[j] as number; q < (cols.start[j + 1] as number); q++)
      key += `${cols.row[q]}:${cols.val[q]},`;
    index.set(key, j);
  }
  for (const u of input.lp.usage) {
    if (u.x <= 1e-9) continue;
    let key = '';
    for (let i = 0; i < m; i++) {
      const c = u.pattern.counts[i] as number;
      if (!c) continue;
      key += `${i}:${c},`;
      rest[i] = (rest[i] as number) - c * u.x;
    }
    const j = index.get(key);
    if (j !== undefined && !out.includes(j)) out.push(j);
  }
  let z = 0;
  for (let k = 0; k < m; k++) {
    z -= rest[byLength[k] as number] as number;
    if (z < -1e-6) return null;
    if (z > ZERO_LEVEL) out.push(k);
  }
  return out;
}

function columnDot(cols: Columns, j: number, v: ArrayLike<number>): number {
  let s = 0;
  for (let q = cols.start[j] as number; q < (cols.start[j + 1] as number); q++)
    s += (cols.val[q] as number) * (v[cols.row[q] as number] as number);
  return s;
}

/** out = B⁻¹ a_j. */
function columnSolve(cols: Columns, j: number, binv: Float64Array, m: number, out: Float64Array): void {
  out.fill(0);
  for (let q = cols.start[j] as number; q < (cols.start[j + 1] as number); q++) {
    const i = cols.row[q] as number;
    const a = cols.val[q] as number;
    for (let r = 0; r < m; r++) out[r] = (out[r] as number) + a * (binv[r * m + i] as number);
  }
}

function multiply(binv: Float64Array, m: number, v: readonly number[]): Float64Array {
  const out = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    let s = 0;
    for (let i = 0; i < m; i++) s += (binv[r * m + i] as number) * (v[i] as number);
    out[r] = s;
  }
  return out;
}

/** B⁻¹ after the column whose direction B⁻¹a is `dir` replaces the basic column of row `leave`. */
function pivotInverse(binv: Float64Array, m: number, dir: Float64Array, leave: number): void {
  const p = dir[leave] as number;
  const lb = leave * m;
  for (let i = 0; i < m; i++) binv[lb + i] = (binv[lb + i] as number) / p;
  for (let r = 0; r < m; r++) {
    const f = dir[r] as number;
    if (r === leave || f === 0) continue;
    const rb = r * m;
    for (let i = 0; i < m; i++) binv[rb + i] = (binv[rb + i] as number) - f * (binv[lb + i] as number);
  }
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs((a[i] as number) - (b[i] as number)));
  return d;
}
