// Column generation for the cutting-stock LP: min sum(cost_p x_p) s.t. sum(a_ip x_p) >= d_i, x >= 0.
// The restricted master is solved by a small revised simplex with an explicit basis inverse
// (m = number of distinct piece sizes, so m x m stays small); new patterns come from a bounded
// knapsack solved by depth-first branch and bound.

export type KnapsackResult = { value: number; counts: number[]; exact: boolean };

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Maximise sum(values * counts) with sum(weights * counts) <= capacity, counts <= bounds.
 * Dynamic programming over the capacity (bounded counts split into powers of two) when the table
 * is small, depth-first branch and bound otherwise.
 */
export function boundedKnapsack(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
  nodeLimit = 200_000,
): KnapsackResult {
  let g = capacity;
  for (let i = 0; i < weights.length; i++) if ((bounds[i] ?? 0) > 0) g = gcd(g, weights[i] as number);
  const cap = Math.floor(capacity / Math.max(1, g));
  let splits = 0;
  for (let i = 0; i < weights.length; i++) {
    const b = Math.min(bounds[i] ?? 0, Math.floor(capacity / (weights[i] as number)));
    if (b > 0 && (values[i] as number) > 1e-12) splits += Math.ceil(Math.log2(b + 1));
  }
  if (splits * (cap + 1) <= 6_000_000) return knapsackDp(values, weights, bounds, capacity, Math.max(1, g));
  return knapsackBranchAndBound(values, weights, bounds, capacity, nodeLimit);
}

function knapsackDp(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
  g: number,
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
  const counts = new Array<number>(values.length).fill(0);
  let c = cap;
  for (let k = parts.length - 1; k >= 0; k--) {
    const p = parts[k] as (typeof parts)[number];
    if (take[k * (cap + 1) + c]) {
      counts[p.item] = (counts[p.item] as number) + p.mult;
      c -= p.w;
    }
  }
  return { value: dp[cap] as number, counts, exact: true };
}

function knapsackBranchAndBound(
  values: readonly number[],
  weights: readonly number[],
  bounds: readonly number[],
  capacity: number,
  nodeLimit = 200_000,
): KnapsackResult {
  const n = values.length;
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    if ((values[i] ?? 0) > 1e-12 && (bounds[i] ?? 0) > 0 && (weights[i] ?? 0) <= capacity) order.push(i);
  }
  order.sort(
    (a, b) => (values[b] as number) / (weights[b] as number) - (values[a] as number) / (weights[a] as number),
  );
  const k = order.length;
  const v = order.map((i) => values[i] as number);
  const w = order.map((i) => weights[i] as number);
  const u = order.map((i) => bounds[i] as number);
  const cur = new Array<number>(k).fill(0);
  let bestValue = 0;
  let bestCounts = new Array<number>(k).fill(0);
  let nodes = 0;
  let exact = true;
  const dfs = (depth: number, cap: number, value: number): void => {
    if (value > bestValue + 1e-12) {
      bestValue = value;
      bestCounts = cur.slice();
    }
    if (depth >= k) return;
    if (++nodes > nodeLimit) {
      exact = false;
      return;
    }
    // Fractional bound with the best remaining ratio.
    if (value + cap * ((v[depth] as number) / (w[depth] as number)) <= bestValue + 1e-12) return;
    const wd = w[depth] as number;
    const maxCount = Math.min(u[depth] as number, Math.floor(cap / wd));
    for (let c = maxCount; c >= 0; c--) {
      cur[depth] = c;
      dfs(depth + 1, cap - c * wd, value + c * (v[depth] as number));
      if (nodes > nodeLimit) break;
    }
    cur[depth] = 0;
  };
  dfs(0, capacity, 0);
  const counts = new Array<number>(n).fill(0);
  for (let j = 0; j < k; j++) counts[order[j] as number] = bestCounts[j] as number;
  return { value: bestValue, counts, exact };
}

function greedyKnapsack(
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

export type StockKind = { capacity: number; cost: number };
export type Pattern = { stock: number; counts: number[]; cost: number };
export type LpSolution = {
  value: number;
  /** patterns in the final basis with their (fractional) usage */
  usage: { pattern: Pattern; x: number }[];
  /** true when pricing proved optimality (every knapsack solved exactly) */
  proven: boolean;
};

type BasisEntry = { kind: 'pattern'; pattern: Pattern } | { kind: 'surplus'; row: number };

const EPS = 1e-9;

/** Solves the LP relaxation by column generation; returns null when it runs out of iterations. */
export function solveCuttingLp(
  sizes: readonly number[],
  demand: readonly number[],
  stocks: readonly StockKind[],
  deadline: number,
  now: () => number,
  maxIterations = 5000,
): LpSolution | null {
  const m = sizes.length;
  if (m === 0) return { value: 0, usage: [], proven: true };
  const cheapest = pickStartStock(sizes, stocks);
  if (cheapest === null) return null;
  const capacity = (stocks[cheapest] as StockKind).capacity;
  const { basis, binv, xb } = initialBasis(
    sizes,
    demand,
    capacity,
    cheapest,
    (stocks[cheapest] as StockKind).cost,
  );
  let proven = true;
  const y = new Float64Array(m);
  const dir = new Float64Array(m);
  for (let iter = 0; iter < maxIterations; iter++) {
    if (iter % 8 === 0 && now() > deadline) return null;
    // Duals y = c_B B^-1.
    y.fill(0);
    for (let r = 0; r < m; r++) {
      const entry = basis[r] as BasisEntry;
      const c = entry.kind === 'pattern' ? entry.pattern.cost : 0;
      if (c === 0) continue;
      for (let j = 0; j < m; j++) y[j] = (y[j] as number) + c * (binv[r * m + j] as number);
    }
    let entering: BasisEntry | null = null;
    let column: number[] | null = null;
    let bestReduced = -1e-7;
    for (let row = 0; row < m; row++) {
      if ((y[row] as number) < bestReduced) {
        bestReduced = y[row] as number;
        entering = { kind: 'surplus', row };
        column = null;
      }
    }
    if (entering === null) {
      // Cheap greedy pricing first; the exact knapsack only when greedy finds nothing.
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
      proven = true;
      for (let s = 0; s < stocks.length; s++) {
        const stock = stocks[s] as StockKind;
        const ks = boundedKnapsack(Array.from(y), sizes, demand, stock.capacity);
        if (!ks.exact) proven = false;
        const reduced = stock.cost - ks.value;
        if (reduced < bestReduced) {
          bestReduced = reduced;
          entering = { kind: 'pattern', pattern: { stock: s, counts: ks.counts, cost: stock.cost } };
          column = ks.counts;
        }
      }
    }
    if (entering === null) {
      let value = 0;
      const usage: LpSolution['usage'] = [];
      for (let r = 0; r < m; r++) {
        const entry = basis[r] as BasisEntry;
        if (entry.kind === 'pattern') {
          value += entry.pattern.cost * (xb[r] as number);
          if ((xb[r] as number) > EPS) usage.push({ pattern: entry.pattern, x: xb[r] as number });
        }
      }
      return { value, usage, proven };
    }
    // Direction d = B^-1 a.
    for (let r = 0; r < m; r++) {
      let s = 0;
      if (column) {
        for (let j = 0; j < m; j++) {
          const a = column[j] as number;
          if (a !== 0) s += (binv[r * m + j] as number) * a;
        }
      } else if (entering.kind === 'surplus') {
        s = -(binv[r * m + entering.row] as number);
      }
      dir[r] = s;
    }
    let leave = -1;
    let theta = Number.POSITIVE_INFINITY;
    for (let r = 0; r < m; r++) {
      const d = dir[r] as number;
      if (d > 1e-9) {
        const t = (xb[r] as number) / d;
        if (t < theta - 1e-12) {
          theta = t;
          leave = r;
        }
      }
    }
    if (leave < 0) return null;
    const pivot = dir[leave] as number;
    for (let r = 0; r < m; r++) xb[r] = (xb[r] as number) - theta * (dir[r] as number);
    xb[leave] = theta;
    for (let j = 0; j < m; j++) binv[leave * m + j] = (binv[leave * m + j] as number) / pivot;
    for (let r = 0; r < m; r++) {
      if (r === leave) continue;
      const f = dir[r] as number;
      if (f === 0) continue;
      for (let j = 0; j < m; j++)
        binv[r * m + j] = (binv[r * m + j] as number) - f * (binv[leave * m + j] as number);
    }
    basis[leave] = entering;
  }
  return null;
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
 * Greedy triangular start: pattern i holds as many pieces of size i as fit, topped up with smaller
 * sizes. Rows already over-covered by earlier patterns take their surplus variable instead, so the
 * start is primal feasible and its inverse is a forward substitution.
 */
function initialBasis(
  sizes: readonly number[],
  demand: readonly number[],
  capacity: number,
  stock: number,
  cost: number,
): { basis: BasisEntry[]; binv: Float64Array; xb: Float64Array } {
  const m = sizes.length;
  const order = sizes.map((_, i) => i).sort((a, b) => (sizes[b] as number) - (sizes[a] as number));
  const pos = new Array<number>(m);
  order.forEach((row, k) => {
    pos[row] = k;
  });
  // Work in the sorted order: B is lower triangular there.
  const cols: number[][] = [];
  const basis: BasisEntry[] = [];
  const covered = new Float64Array(m);
  const xs = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const row = order[k] as number;
    const need = (demand[row] as number) - (covered[k] as number);
    const col = new Array<number>(m).fill(0);
    if (need <= 1e-9) {
      col[k] = -1;
      cols.push(col);
      basis.push({ kind: 'surplus', row });
      xs[k] = -need;
      continue;
    }
    let room = capacity;
    const first = Math.max(1, Math.min(demand[row] as number, Math.floor(room / (sizes[row] as number))));
    col[k] = first;
    room -= first * (sizes[row] as number);
    for (let j = k + 1; j < m; j++) {
      const r = order[j] as number;
      const c = Math.min(demand[r] as number, Math.floor(room / (sizes[r] as number)));
      if (c > 0) {
        col[j] = c;
        room -= c * (sizes[r] as number);
      }
    }
    const x = need / first;
    xs[k] = x;
    for (let j = k + 1; j < m; j++) covered[j] = (covered[j] as number) + (col[j] as number) * x;
    cols.push(col);
    const counts = new Array<number>(m).fill(0);
    for (let j = 0; j < m; j++) counts[order[j] as number] = col[j] as number;
    basis.push({ kind: 'pattern', pattern: { stock, counts, cost } });
  }
  // Inverse of the lower-triangular L (L[j][k] = cols[k][j]) in sorted coordinates.
  const inv = new Float64Array(m * m);
  for (let e = 0; e < m; e++) {
    // Solve L z = e_e by forward substitution.
    for (let j = 0; j < m; j++) {
      let s = j === e ? 1 : 0;
      for (let k = 0; k < j; k++) s -= ((cols[k] as number[])[j] as number) * (inv[k * m + e] as number);
      inv[j * m + e] = s / ((cols[j] as number[])[j] as number);
    }
  }
  // Map back: basis row k, original column order[e].
  const binv = new Float64Array(m * m);
  for (let k = 0; k < m; k++)
    for (let e = 0; e < m; e++) binv[k * m + (order[e] as number)] = inv[k * m + e] as number;
  const xb = new Float64Array(m);
  for (let k = 0; k < m; k++) xb[k] = xs[k] as number;
  return { basis, binv, xb };
}
