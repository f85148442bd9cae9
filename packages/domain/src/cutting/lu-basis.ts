// A sparse LU factorisation of a simplex basis with product-form (eta) updates, for the
// cutting-stock LP of `column-generation.ts`. Its basis columns are cutting patterns (a handful of
// nonzero counts) and unit columns (one or two entries ±1), so L and U stay nearly as sparse as B
// itself, while the explicit inverse the LP kept before was two thirds full: a pivot cost m² and a
// reinversion m³. Here a solve (FTRAN B x = b, BTRAN yᵀB = cᵀ) costs the factors' nonzeros plus
// those of the updates since the last factorisation, and a factorisation about m² plus its fill.
//
// Factorisation: Gaussian elimination on a dense scratch copy of B, visiting only nonzeros, with
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
/** Entries that cancel to below this during elimination count as zero. */
const TINY = 1e-13;

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

export function createLuBasis(m: number): LuBasis {
  // The factors (replaced as a whole by a successful factorisation).
  let pivRow = new Int32Array(m);
  let pivCol = new Int32Array(m);
  let pivVal = new Float64Array(m);
  let lStart = new Int32Array(m + 1);
  let lIndex = new Int32Array(0);
  let lValue = new Float64Array(0);
  let uStart = new Int32Array(m + 1);
  let uIndex = new Int32Array(0);
  let uValue = new Float64Array(0);
  // Without a factorisation B is taken as the identity.
  for (let k = 0; k < m; k++) {
    pivRow[k] = k;
    pivCol[k] = k;
    pivVal[k] = 1;
  }
  // The etas, in the order of the updates.
  let etaPos: number[] = [];
  let etaPivot: number[] = [];
  let etaStart: number[] = [0];
  let etaIndex: number[] = [];
  let etaValue: number[] = [];
  // Scratch: the dense active matrix (row-major), counts, and a work vector.
  let scratch: Float64Array | null = null;
  const work = new Float64Array(m);

  const factor = (columns: readonly SparseColumn[]): boolean => {
    if (!scratch) scratch = new Float64Array(m * m);
    const a = scratch;
    a.fill(0);
    const rowCount = new Int32Array(m);
    const colCount = new Int32Array(m);
    for (let j = 0; j < m; j++) {
      const col = columns[j] as SparseColumn;
      for (let q = 0; q < col.index.length; q++) {
        const v = col.value[q] as number;
        if (v === 0) continue;
        const i = col.index[q] as number;
        if (a[i * m + j] === 0) {
          rowCount[i] = (rowCount[i] as number) + 1;
          colCount[j] = (colCount[j] as number) + 1;
        }
        a[i * m + j] = (a[i * m + j] as number) + v;
      }
    }
    const rowDone = new Uint8Array(m);
    const colDone = new Uint8Array(m);
    const pr = new Int32Array(m);
    const pc = new Int32Array(m);
    const pv = new Float64Array(m);
    const ls: number[] = [0];
    const li: number[] = [];
    const lv: number[] = [];
    const us: number[] = [0];
    const ui: number[] = [];
    const uv: number[] = [];
    const rows: number[] = [];
    const cols: number[] = [];
    /** Largest |entry| of active column j. */
    const colMax = (j: number): number => {
      let big = 0;
      for (let i = 0; i < m; i++) {
        if (rowDone[i]) continue;
        const v = Math.abs(a[i * m + j] as number);
        if (v > big) big = v;
      }
      return big;
    };
    for (let k = 0; k < m; k++) {
      let p = -1;
      let q = -1;
      // 1. A column singleton (a slack-like column).
      for (let j = 0; j < m && q < 0; j++) {
        if (colDone[j] || colCount[j] !== 1) continue;
        for (let i = 0; i < m; i++) {
          if (!rowDone[i] && a[i * m + j] !== 0) {
            if (Math.abs(a[i * m + j] as number) >= SINGULAR) {
              p = i;
              q = j;
            }
            break;
          }
        }
      }
      // 2. A row singleton whose entry passes the threshold in its column.
      for (let i = 0; i < m && q < 0; i++) {
        if (rowDone[i] || rowCount[i] !== 1) continue;
        for (let j = 0; j < m; j++) {
          if (colDone[j] || a[i * m + j] === 0) continue;
          const v = Math.abs(a[i * m + j] as number);
          if (v >= SINGULAR && v >= PIVOT_THRESHOLD * colMax(j)) {
            p = i;
            q = j;
          }
          break;
        }
      }
      // 3. Markowitz among the columns of fewest nonzeros (up to four of them).
      if (q < 0) {
        let fewest = Number.POSITIVE_INFINITY;
        for (let j = 0; j < m; j++)
          if (!colDone[j] && (colCount[j] as number) < fewest) fewest = colCount[j] as number;
        if (!(fewest > 0) || !Number.isFinite(fewest)) return false;
        let best = Number.POSITIVE_INFINITY;
        let bestAbs = 0;
        let seen = 0;
        for (let j = 0; j < m && seen < 4; j++) {
          if (colDone[j] || colCount[j] !== fewest) continue;
          seen++;
          const limit = Math.max(SINGULAR, PIVOT_THRESHOLD * colMax(j));
          for (let i = 0; i < m; i++) {
            if (rowDone[i]) continue;
            const v = Math.abs(a[i * m + j] as number);
            if (v < limit) continue;
            const cost = ((rowCount[i] as number) - 1) * (fewest - 1);
            if (cost < best || (cost === best && v > bestAbs)) {
              best = cost;
              bestAbs = v;
              p = i;
              q = j;
            }
          }
        }
        if (q < 0) return false;
      }
      const piv = a[p * m + q] as number;
      pr[k] = p;
      pc[k] = q;
      pv[k] = piv;
      rowDone[p] = 1;
      colDone[q] = 1;
      rows.length = 0;
      cols.length = 0;
      for (let i = 0; i < m; i++) if (!rowDone[i] && a[i * m + q] !== 0) rows.push(i);
      for (let j = 0; j < m; j++) {
        if (colDone[j] || a[p * m + j] === 0) continue;
        cols.push(j);
        ui.push(j);
        uv.push(a[p * m + j] as number);
        colCount[j] = (colCount[j] as number) - 1;
      }
      us.push(ui.length);
      for (const i of rows) {
        const f = (a[i * m + q] as number) / piv;
        a[i * m + q] = 0;
        rowCount[i] = (rowCount[i] as number) - 1;
        li.push(i);
        lv.push(f);
        const ib = i * m;
        for (const j of cols) {
          const old = a[ib + j] as number;
          let v = old - f * (a[p * m + j] as number);
          if (Math.abs(v) < TINY) v = 0;
          if (old === 0 && v !== 0) {
            rowCount[i] = (rowCount[i] as number) + 1;
            colCount[j] = (colCount[j] as number) + 1;
          } else if (old !== 0 && v === 0) {
            rowCount[i] = (rowCount[i] as number) - 1;
            colCount[j] = (colCount[j] as number) - 1;
          }
          a[ib + j] = v;
        }
      }
      ls.push(li.length);
    }
    pivRow = pr;
    pivCol = pc;
    pivVal = pv;
    lStart = Int32Array.from(ls);
    lIndex = Int32Array.from(li);
    lValue = Float64Array.from(lv);
    uStart = Int32Array.from(us);
    uIndex = Int32Array.from(ui);
    uValue = Float64Array.from(uv);
    etaPos = [];
    etaPivot = [];
    etaStart = [0];
    etaIndex = [];
    etaValue = [];
    return true;
  };

  const ftran = (b: Float64Array, x: Float64Array): void => {
    work.set(b);
    for (let k = 0; k < m; k++) {
      const v = work[pivRow[k] as number] as number;
      if (v === 0) continue;
      for (let e = lStart[k] as number, end = lStart[k + 1] as number; e < end; e++) {
        const i = lIndex[e] as number;
        work[i] = (work[i] as number) - (lValue[e] as number) * v;
      }
    }
    for (let k = m - 1; k >= 0; k--) {
      let s = work[pivRow[k] as number] as number;
      for (let e = uStart[k] as number, end = uStart[k + 1] as number; e < end; e++)
        s -= (uValue[e] as number) * (x[uIndex[e] as number] as number);
      x[pivCol[k] as number] = s / (pivVal[k] as number);
    }
    for (let t = 0; t < etaPos.length; t++) {
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
    for (let t = etaPos.length - 1; t >= 0; t--) {
      const r = etaPos[t] as number;
      let s = work[r] as number;
      for (let e = etaStart[t] as number, end = etaStart[t + 1] as number; e < end; e++)
        s -= (etaValue[e] as number) * (work[etaIndex[e] as number] as number);
      work[r] = s / (etaPivot[t] as number);
    }
    for (let k = 0; k < m; k++) {
      const z = (work[pivCol[k] as number] as number) / (pivVal[k] as number);
      y[pivRow[k] as number] = z;
      if (z === 0) continue;
      for (let e = uStart[k] as number, end = uStart[k + 1] as number; e < end; e++) {
        const j = uIndex[e] as number;
        work[j] = (work[j] as number) - (uValue[e] as number) * z;
      }
    }
    for (let k = m - 1; k >= 0; k--) {
      let s = 0;
      for (let e = lStart[k] as number, end = lStart[k + 1] as number; e < end; e++)
        s += (lValue[e] as number) * (y[lIndex[e] as number] as number);
      if (s !== 0) y[pivRow[k] as number] = (y[pivRow[k] as number] as number) - s;
    }
  };

  const update = (r: number, d: Float64Array): void => {
    etaPos.push(r);
    etaPivot.push(d[r] as number);
    for (let i = 0; i < m; i++) {
      if (i === r || d[i] === 0) continue;
      etaIndex.push(i);
      etaValue.push(d[i] as number);
    }
    etaStart.push(etaIndex.length);
  };

  return {
    m,
    factor,
    ftran,
    btran,
    update,
    updates: () => etaPos.length,
    etaNonzeros: () => etaIndex.length,
    factorNonzeros: () => lIndex.length + uIndex.length + m,
  };
}
