// A sparse LU factorisation of a simplex basis with product-form (eta) updates, for the
// cutting-stock LP of `column-generation.ts`. Its basis columns are cutting patterns (a handful of
// nonzero counts) and unit columns (one or two entries ±1), so L and U stay nearly as sparse as B
// itself, while the explicit inverse the LP kept before was two thirds full: a pivot cost m² and a
// reinversion m³. Here a solve (FTRAN B x = b, BTRAN yᵀB = cᵀ) costs the factors' nonzeros plus
// those of the updates since the last factorisation, and a factorisation about m² plus its fill.
//
// Factorisation: Gaussian elimination on a scratch copy of B (values in a dense m × m array, the
// nonzeros of each row and column in lists, so a step visits only nonzeros), with
// the pivot order chosen Markowitz-style: column singletons first (nothing to eliminate), then row
// singletons (no fill), else among the columns of fewest nonzeros the entry of least
// (row count − 1)(column count − 1) that passes a threshold (at least PIVOT_THRESHOLD of the
// largest entry of its column), which bounds the growth of the entries.
// The factors: P B Q = L U with the pivots in the order taken; step k pivots on row pivRow[k],
// column pivCol[k]; L holds the multipliers of the rows eliminated at step k, U the pivot row's
// remaining entries. An update replacing basis column r by a column a stores the eta
// (d = B⁻¹a, r): B' = B E with E = I + (d − e_r) e_rᵀ.

/** A column of B: its nonzero entries (row indices and values). */
export type SparseColumn = { index: readonly number[]; value: readonly number[] };

/** A pivot must be at least this fraction of the largest active entry of its column. */
const PIVOT_THRESHOLD = 0.1;
/** Below this a would-be pivot means B is singular (B's entries are small integers). */
const SINGULAR = 1e-9;

export type LuBasis = {
  readonly m: number;
  /** Factorises B (column r = basis position r); false, factors and etas unchanged, if B is singular. */
  factor(columns: readonly SparseColumn[]): boolean;
  /** x = B⁻¹ b (b indexed by row, x by basis position); b is left as it was. */
  ftran(b: Float64Array, x: Float64Array): void;
  /** y = B⁻ᵀ c, i.e. yᵀB = cᵀ (c indexed by basis position, y by row); c is left as it was. */
  btran(c: Float64Array, y: Float64Array): void;
  /** Basis position r takes the column a with B⁻¹a = d (the current factors' FTRAN of a). */
  update(r: number, d: Float64Array): void;
  /** Updates since the last factorisation. */
  updates(): number;
  /** Nonzeros stored by the updates since the last factorisation, and by L and U. */
  etaNonzeros(): number;
  factorNonzeros(): number;
};

/** Growable sparse storage of L or U: entries by step (start[k] … start[k + 1]). */
type Factors = {
  pivRow: Int32Array;
  pivCol: Int32Array;
  pivVal: Float64Array;
  lStart: Int32Array;
  lIndex: Int32Array;
  lValue: Float64Array;
  uStart: Int32Array;
  uIndex: Int32Array;
  uValue: Float64Array;
};

function emptyFactors(m: number): Factors {
  return {
    pivRow: new Int32Array(m),
    pivCol: new Int32Array(m),
    pivVal: new Float64Array(m),
    lStart: new Int32Array(m + 1),
    lIndex: new Int32Array(4 * m + 16),
    lValue: new Float64Array(4 * m + 16),
    uStart: new Int32Array(m + 1),
    uIndex: new Int32Array(4 * m + 16),
    uValue: new Float64Array(4 * m + 16),
  };
}

type Scratch = { a: Float64Array; present: Uint8Array; rowList: Int32Array; colList: Int32Array };
let scratch: Scratch | null = null;
/**
 * The factorisation's m × m scratch, one for every basis of the process: a dive creates many LPs,
 * and four m × m arrays each were as much garbage as work. Safe because a factorisation runs from
 * start to end without yielding and leaves the arrays zeroed (it clears the entries it set).
 */
function sharedScratch(m: number): Scratch {
  if (!scratch || scratch.a.length < m * m) {
    const n = m * m;
    scratch = {
      a: new Float64Array(n),
      present: new Uint8Array(n),
      rowList: new Int32Array(n),
      colList: new Int32Array(n),
    };
  }
  return scratch;
}

export function createLuBasis(m: number): LuBasis {
  // The factors in use, and a spare set a factorisation writes (swapped in when it succeeds).
  let f = emptyFactors(m);
  let spare = emptyFactors(m);
  // Without a factorisation B is taken as the identity.
  for (let k = 0; k < m; k++) {
    f.pivRow[k] = k;
    f.pivCol[k] = k;
    f.pivVal[k] = 1;
  }
  // The etas, in the order of the updates.
  // The etas, in typed arrays grown by doubling (update t: position etaPos[t], pivot etaPivot[t],
  // the other nonzeros etaStart[t] … etaStart[t + 1]); etaCount updates, etaNnz nonzeros.
  let etaCount = 0;
  let etaNnz = 0;
  let etaPos = new Int32Array(64);
  let etaPivot = new Float64Array(64);
  let etaStart = new Int32Array(65);
  let etaIndex = new Int32Array(16 * m + 64);
  let etaValue = new Float64Array(16 * m + 64);
  const work = new Float64Array(m);
  // Scratch of the factorisation: values (dense, row-major), which entries are structurally
  // nonzero, each row's columns and each column's rows (every entry ever nonzero, done ones too),
  // the nonzeros left in the active part per row and column, the active columns, and stacks of
  // the columns and rows whose count fell to 1.
  // The m × m arrays are shared by all bases (`sharedScratch`), taken at each factorisation.
  let { a, present, rowList, colList } = sharedScratch(m);
  const rowLen = new Int32Array(m);
  const colLen = new Int32Array(m);
  const rowCount = new Int32Array(m);
  const colCount = new Int32Array(m);
  const rowDone = new Uint8Array(m);
  const colDone = new Uint8Array(m);
  const activeCols = new Int32Array(m);
  /** Position of each active column in `activeCols`. */
  const colAt = new Int32Array(m);
  const colSingles: number[] = [];
  const rowSingles: number[] = [];
  const rows = new Int32Array(m);
  const cols = new Int32Array(m);

  const addEntry = (i: number, j: number, v: number): void => {
    const k = i * m + j;
    if (!present[k]) {
      present[k] = 1;
      rowList[i * m + (rowLen[i] as number)] = j;
      rowLen[i] = (rowLen[i] as number) + 1;
      colList[j * m + (colLen[j] as number)] = i;
      colLen[j] = (colLen[j] as number) + 1;
      rowCount[i] = (rowCount[i] as number) + 1;
      colCount[j] = (colCount[j] as number) + 1;
    }
    a[k] = (a[k] as number) + v;
  };
  /** Largest |entry| of column j in the active rows. */
  const colMax = (j: number): number => {
    let big = 0;
    for (let t = 0, end = colLen[j] as number; t < end; t++) {
      const i = colList[j * m + t] as number;
      if (rowDone[i]) continue;
      const v = Math.abs(a[i * m + j] as number);
      if (v > big) big = v;
    }
    return big;
  };
  const clear = (): void => {
    for (let i = 0; i < m; i++) {
      for (let t = 0, end = rowLen[i] as number; t < end; t++) {
        const k = i * m + (rowList[i * m + t] as number);
        a[k] = 0;
        present[k] = 0;
      }
    }
    rowLen.fill(0);
    colLen.fill(0);
    rowCount.fill(0);
    colCount.fill(0);
    rowDone.fill(0);
    colDone.fill(0);
  };
  const grow = (s: Factors, which: 'l' | 'u', need: number): void => {
    const idx = which === 'l' ? s.lIndex : s.uIndex;
    if (need <= idx.length) return;
    const size = Math.max(need, 2 * idx.length);
    const ni = new Int32Array(size);
    const nv = new Float64Array(size);
    ni.set(idx);
    nv.set(which === 'l' ? s.lValue : s.uValue);
    if (which === 'l') {
      s.lIndex = ni;
      s.lValue = nv;
    } else {
      s.uIndex = ni;
      s.uValue = nv;
    }
  };

  /** The pivot of the next step as row * m + column, or −1 when the active part is singular. */
  const choosePivot = (nActive: number): number => {
    // 1. A column singleton (a slack-like column: nothing to eliminate). Columns and rows are
    // pushed on their stack when their count falls to 1 (an entry may be stale: checked here).
    while (colSingles.length > 0) {
      const j = colSingles.pop() as number;
      if (colDone[j] || colCount[j] !== 1) continue;
      for (let u = 0, end = colLen[j] as number; u < end; u++) {
        const i = colList[j * m + u] as number;
        if (rowDone[i]) continue;
        return Math.abs(a[i * m + j] as number) >= SINGULAR ? i * m + j : -1;
      }
    }
    // 2. A row singleton whose entry passes the threshold in its column (no fill).
    while (rowSingles.length > 0) {
      const i = rowSingles.pop() as number;
      if (rowDone[i] || rowCount[i] !== 1) continue;
      for (let u = 0, end = rowLen[i] as number; u < end; u++) {
        const j = rowList[i * m + u] as number;
        if (colDone[j]) continue;
        const v = Math.abs(a[i * m + j] as number);
        if (v >= SINGULAR && v >= PIVOT_THRESHOLD * colMax(j)) return i * m + j;
        break;
      }
    }
    let fewest = m + 1;
    for (let t = 0; t < nActive && fewest > 0; t++) {
      const c = colCount[activeCols[t] as number] as number;
      if (c < fewest) fewest = c;
    }
    if (fewest === 0) return -1;
    // 3. Markowitz: among up to four columns of the fewest nonzeros, the entry passing the
    // threshold with the least (row count − 1)(column count − 1), the largest on a tie.
    let best = Number.POSITIVE_INFINITY;
    let bestAbs = 0;
    let pick = -1;
    let seen = 0;
    for (let t = 0; t < nActive && seen < 4; t++) {
      const j = activeCols[t] as number;
      if (colCount[j] !== fewest) continue;
      seen++;
      const limit = Math.max(SINGULAR, PIVOT_THRESHOLD * colMax(j));
      for (let u = 0, end = colLen[j] as number; u < end; u++) {
        const i = colList[j * m + u] as number;
        if (rowDone[i]) continue;
        const v = Math.abs(a[i * m + j] as number);
        if (v < limit) continue;
        const cost = ((rowCount[i] as number) - 1) * (fewest - 1);
        if (cost < best || (cost === best && v > bestAbs)) {
          best = cost;
          bestAbs = v;
          pick = i * m + j;
        }
      }
    }
    return pick;
  };

  const factor = (columns: readonly SparseColumn[]): boolean => {
    ({ a, present, rowList, colList } = sharedScratch(m));
    for (let j = 0; j < m; j++) {
      const col = columns[j] as SparseColumn;
      for (let q = 0; q < col.index.length; q++)
        if (col.value[q] !== 0) addEntry(col.index[q] as number, j, col.value[q] as number);
      activeCols[j] = j;
      colAt[j] = j;
    }
    colSingles.length = 0;
    rowSingles.length = 0;
    for (let j = 0; j < m; j++) {
      if (colCount[j] === 1) colSingles.push(j);
      if (rowCount[j] === 1) rowSingles.push(j);
    }
    const s = spare;
    let nl = 0;
    let nu = 0;
    let nActive = m;
    for (let k = 0; k < m; k++) {
      const pick = choosePivot(nActive);
      if (pick < 0) {
        clear();
        return false;
      }
      const p = Math.floor(pick / m);
      const q = pick - p * m;
      const piv = a[pick] as number;
      s.pivRow[k] = p;
      s.pivCol[k] = q;
      s.pivVal[k] = piv;
      rowDone[p] = 1;
      colDone[q] = 1;
      // Drop q from the active columns (swap with the last).
      nActive--;
      const last = activeCols[nActive] as number;
      activeCols[colAt[q] as number] = last;
      colAt[last] = colAt[q] as number;
      let nr = 0;
      for (let u = 0, end = colLen[q] as number; u < end; u++) {
        const i = colList[q * m + u] as number;
        if (rowDone[i]) continue;
        rows[nr++] = i;
        rowCount[i] = (rowCount[i] as number) - 1;
        if (rowCount[i] === 1) rowSingles.push(i);
      }
      let nc = 0;
      grow(s, 'u', nu + (rowLen[p] as number));
      for (let u = 0, end = rowLen[p] as number; u < end; u++) {
        const j = rowList[p * m + u] as number;
        if (colDone[j]) continue;
        cols[nc++] = j;
        s.uIndex[nu] = j;
        s.uValue[nu++] = a[p * m + j] as number;
        colCount[j] = (colCount[j] as number) - 1;
        if (colCount[j] === 1) colSingles.push(j);
      }
      s.uStart[k + 1] = nu;
      grow(s, 'l', nl + nr);
      for (let t = 0; t < nr; t++) {
        const i = rows[t] as number;
        const l = (a[i * m + q] as number) / piv;
        s.lIndex[nl] = i;
        s.lValue[nl++] = l;
        if (l === 0) continue;
        for (let u = 0; u < nc; u++) {
          const j = cols[u] as number;
          addEntry(i, j, -l * (a[p * m + j] as number));
        }
      }
      s.lStart[k + 1] = nl;
    }
    clear();
    spare = f;
    f = s;
    etaCount = 0;
    etaNnz = 0;
    return true;
  };

  const ftran = (b: Float64Array, x: Float64Array): void => {
    work.set(b);
    for (let k = 0; k < m; k++) {
      const v = work[f.pivRow[k] as number] as number;
      if (v === 0) continue;
      for (let e = f.lStart[k] as number, end = f.lStart[k + 1] as number; e < end; e++) {
        const i = f.lIndex[e] as number;
        work[i] = (work[i] as number) - (f.lValue[e] as number) * v;
      }
    }
    for (let k = m - 1; k >= 0; k--) {
      let s = work[f.pivRow[k] as number] as number;
      for (let e = f.uStart[k] as number, end = f.uStart[k + 1] as number; e < end; e++)
        s -= (f.uValue[e] as number) * (x[f.uIndex[e] as number] as number);
      x[f.pivCol[k] as number] = s / (f.pivVal[k] as number);
    }
    for (let t = 0; t < etaCount; t++) {
      const r = etaPos[t] as number;
      const xr = (x[r] as number) / (etaPivot[t] as number);
      x[r] = xr;
      if (xr === 0) continue;
      for (let e = etaStart[t] as number, end = etaStart[t + 1] as number; e < end; e++) {
        const i = etaIndex[e] as number;
        x[i] = (x[i] as number) - (etaValue[e] as number) * xr;
      }
    }
  };

  const btran = (c: Float64Array, y: Float64Array): void => {
    work.set(c);
    for (let t = etaCount - 1; t >= 0; t--) {
      const r = etaPos[t] as number;
      let s = work[r] as number;
      for (let e = etaStart[t] as number, end = etaStart[t + 1] as number; e < end; e++)
        s -= (etaValue[e] as number) * (work[etaIndex[e] as number] as number);
      work[r] = s / (etaPivot[t] as number);
    }
    for (let k = 0; k < m; k++) {
      const z = (work[f.pivCol[k] as number] as number) / (f.pivVal[k] as number);
      y[f.pivRow[k] as number] = z;
      if (z === 0) continue;
      for (let e = f.uStart[k] as number, end = f.uStart[k + 1] as number; e < end; e++) {
        const j = f.uIndex[e] as number;
        work[j] = (work[j] as number) - (f.uValue[e] as number) * z;
      }
    }
    for (let k = m - 1; k >= 0; k--) {
      let s = 0;
      for (let e = f.lStart[k] as number, end = f.lStart[k + 1] as number; e < end; e++)
        s += (f.lValue[e] as number) * (y[f.lIndex[e] as number] as number);
      if (s !== 0) y[f.pivRow[k] as number] = (y[f.pivRow[k] as number] as number) - s;
    }
  };

  const update = (r: number, d: Float64Array): void => {
    if (etaCount + 1 >= etaPos.length) {
      const n = 2 * etaPos.length;
      const pos = new Int32Array(n);
      const piv = new Float64Array(n);
      const start = new Int32Array(n + 1);
      pos.set(etaPos);
      piv.set(etaPivot);
      start.set(etaStart);
      etaPos = pos;
      etaPivot = piv;
      etaStart = start;
    }
    if (etaNnz + m > etaIndex.length) {
      const index = new Int32Array(2 * etaIndex.length + m);
      const value = new Float64Array(2 * etaIndex.length + m);
      index.set(etaIndex);
      value.set(etaValue);
      etaIndex = index;
      etaValue = value;
    }
    etaPos[etaCount] = r;
    etaPivot[etaCount] = d[r] as number;
    for (let i = 0; i < m; i++) {
      if (i === r || d[i] === 0) continue;
      etaIndex[etaNnz] = i;
      etaValue[etaNnz++] = d[i] as number;
    }
    etaCount++;
    etaStart[etaCount] = etaNnz;
  };

  return {
    m,
    factor,
    ftran,
    btran,
    update,
    updates: () => etaCount,
    etaNonzeros: () => etaNnz,
    factorNonzeros: () => (f.lStart[m] as number) + (f.uStart[m] as number) + m,
  };
}
