import { describe, expect, it } from 'vitest';
import { createLuBasis, type SparseColumn } from './lu-basis.ts';
import { createRng } from './prng.ts';

type Rng = () => number;

/** A column like a cutting pattern: 1–4 rows with counts 1–3, or a unit column (±1). */
function randomColumn(m: number, rnd: Rng): SparseColumn {
  if (rnd() < 0.3) {
    const minus = Math.floor(rnd() * m);
    const plus = Math.floor(rnd() * m);
    return plus === minus ? { index: [minus], value: [-1] } : { index: [minus, plus], value: [-1, 1] };
  }
  const index: number[] = [];
  const value: number[] = [];
  const n = 1 + Math.floor(rnd() * 4);
  for (let q = 0; q < n; q++) {
    const i = Math.floor(rnd() * m);
    if (index.includes(i)) continue;
    index.push(i);
    value.push(1 + Math.floor(rnd() * 3));
  }
  return { index, value };
}

function dense(columns: readonly SparseColumn[], m: number): number[][] {
  const b = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  columns.forEach((col, j) => {
    col.index.forEach((i, q) => {
      (b[i] as number[])[j] = ((b[i] as number[])[j] as number) + (col.value[q] as number);
    });
  });
  return b;
}

/** Rank of a dense matrix by Gaussian elimination with full pivoting (the test's own reference). */
function rank(b: readonly number[][]): number {
  const a = b.map((row) => row.slice());
  const m = a.length;
  let r = 0;
  for (let c = 0; c < m && r < m; c++) {
    let p = -1;
    for (let i = r; i < m; i++)
      if (
        Math.abs((a[i] as number[])[c] as number) > 1e-9 &&
        (p < 0 || Math.abs((a[i] as number[])[c] as number) > Math.abs((a[p] as number[])[c] as number))
      )
        p = i;
    if (p < 0) continue;
    [a[r], a[p]] = [a[p] as number[], a[r] as number[]];
    const pr = a[r] as number[];
    for (let i = r + 1; i < m; i++) {
      const row = a[i] as number[];
      const f = (row[c] as number) / (pr[c] as number);
      for (let j = c; j < m; j++) row[j] = (row[j] as number) - f * (pr[j] as number);
    }
    r++;
  }
  return r;
}

/** A random nonsingular basis of pattern-like columns: diagonal-ish start, then random columns kept when the rank holds. */
function randomBasis(m: number, rnd: Rng): SparseColumn[] {
  const cols: SparseColumn[] = Array.from({ length: m }, (_, j) => ({
    index: [j],
    value: [1 + Math.floor(rnd() * 3)],
  }));
  for (let t = 0; t < 3 * m; t++) {
    const j = Math.floor(rnd() * m);
    const old = cols[j] as SparseColumn;
    cols[j] = randomColumn(m, rnd);
    if (rank(dense(cols, m)) < m) cols[j] = old;
  }
  return cols;
}

const multiply = (b: readonly number[][], x: Float64Array): number[] =>
  b.map((row) => row.reduce((s, v, j) => s + v * (x[j] as number), 0));
const multiplyT = (b: readonly number[][], y: Float64Array): number[] =>
  b.map((_, j) => b.reduce((s, row, i) => s + (row[j] as number) * (y[i] as number), 0));
const randomVector = (m: number, rnd: Rng): Float64Array =>
  Float64Array.from({ length: m }, () => Math.round(rnd() * 20 - 10));

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < actual.length; i++)
    expect(Math.abs((actual[i] as number) - (expected[i] as number))).toBeLessThan(tol);
}

describe('sparse LU basis', () => {
  it('solves B x = b and yᵀB = cᵀ on random sparse nonsingular bases', () => {
    const rng = createRng(7);
    const rnd = (): number => rng.next();
    let markowitz = 0;
    for (const m of [1, 2, 5, 12, 30, 60]) {
      for (let rep = 0; rep < 4; rep++) {
        const cols = randomBasis(m, rnd);
        const b = dense(cols, m);
        const lu = createLuBasis(m);
        expect(lu.factor(cols)).toBe(true);
        // Fill (factors with more nonzeros than B) means a cycle needed an elimination.
        const nnz = b.flat().filter((v) => v !== 0).length;
        if (lu.factorNonzeros() > nnz) markowitz++;
        const rhs = randomVector(m, rnd);
        const x = new Float64Array(m);
        lu.ftran(rhs, x);
        expectClose(multiply(b, x), rhs, 1e-8);
        const c = randomVector(m, rnd);
        const y = new Float64Array(m);
        lu.btran(c, y);
        expectClose(multiplyT(b, y), c, 1e-8);
      }
    }
    // Some of the bases were no permuted triangle.
    expect(markowitz).toBeGreaterThan(0);
  });

  it('factorises a cycle (no singleton anywhere: every step eliminates, with fill)', () => {
    // Column j has 1 in row j and 2 in row j + 1 (mod m): det = 1 − (−2)^m, never 0.
    for (const m of [3, 10, 41]) {
      const cols: SparseColumn[] = Array.from({ length: m }, (_, j) => ({
        index: [j, (j + 1) % m],
        value: [1, 2],
      }));
      const b = dense(cols, m);
      const lu = createLuBasis(m);
      expect(lu.factor(cols)).toBe(true);
      expect(lu.factorNonzeros()).toBeGreaterThan(2 * m);
      const rhs = Float64Array.from({ length: m }, (_, i) => i - 3);
      const x = new Float64Array(m);
      lu.ftran(rhs, x);
      expectClose(multiply(b, x), rhs, 1e-8);
      const y = new Float64Array(m);
      lu.btran(rhs, y);
      expectClose(multiplyT(b, y), rhs, 1e-8);
    }
  });

  it('keeps the solves exact across eta updates, as a fresh factorisation of the new basis does', () => {
    const rng = createRng(11);
    const rnd = (): number => rng.next();
    for (const m of [8, 25, 50]) {
      const cols = randomBasis(m, rnd);
      const lu = createLuBasis(m);
      expect(lu.factor(cols)).toBe(true);
      const d = new Float64Array(m);
      let done = 0;
      for (let t = 0; done < 2 * m && t < 20 * m; t++) {
        const col = randomColumn(m, rnd);
        const a = new Float64Array(m);
        col.index.forEach((i, q) => {
          a[i] = (a[i] as number) + (col.value[q] as number);
        });
        lu.ftran(a, d);
        const r = Math.floor(rnd() * m);
        if (Math.abs(d[r] as number) < 0.1) continue;
        lu.update(r, d);
        cols[r] = col;
        done++;
      }
      expect(lu.updates()).toBe(2 * m);
      const b = dense(cols, m);
      const fresh = createLuBasis(m);
      expect(fresh.factor(cols)).toBe(true);
      for (let rep = 0; rep < 3; rep++) {
        const rhs = randomVector(m, rnd);
        const x = new Float64Array(m);
        const x0 = new Float64Array(m);
        lu.ftran(rhs, x);
        fresh.ftran(rhs, x0);
        expectClose(multiply(b, x), rhs, 1e-7);
        expectClose(x, x0, 1e-7);
        const y = new Float64Array(m);
        const y0 = new Float64Array(m);
        lu.btran(rhs, y);
        fresh.btran(rhs, y0);
        expectClose(multiplyT(b, y), rhs, 1e-7);
        expectClose(y, y0, 1e-7);
      }
      // A refactorisation drops the etas and gives the same solves.
      expect(lu.factor(cols)).toBe(true);
      expect(lu.updates()).toBe(0);
      expect(lu.etaNonzeros()).toBe(0);
    }
  });

  it('reports a singular basis and keeps its factors', () => {
    const m = 6;
    const good: SparseColumn[] = Array.from({ length: m }, (_, j) => ({ index: [j], value: [2] }));
    const lu = createLuBasis(m);
    expect(lu.factor(good)).toBe(true);
    const zeroColumn = good.map((c, j) => (j === 3 ? { index: [], value: [] } : c));
    const twice = good.map((c, j) =>
      j === 4 ? { index: [0, 1], value: [2, 4] } : j === 5 ? { index: [0, 1], value: [1, 2] } : c,
    );
    const sum: SparseColumn[] = [
      { index: [0, 1], value: [1, 1] },
      { index: [1, 2], value: [1, 1] },
      { index: [0, 2], value: [1, -1] },
      { index: [3], value: [1] },
      { index: [4], value: [1] },
      { index: [5], value: [1] },
    ];
    expect(rank(dense(sum, m))).toBe(m - 1);
    for (const cols of [zeroColumn, twice, sum]) expect(lu.factor(cols)).toBe(false);
    // The factors of the last good basis still solve.
    const x = new Float64Array(m);
    lu.ftran(Float64Array.from([2, 4, 6, 8, 10, 12]), x);
    expectClose(x, [1, 2, 3, 4, 5, 6], 1e-12);
  });
});
