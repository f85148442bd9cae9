// One sheet fewer by a walk over which pieces share a sheet (single stock size). The pieces of the
// least-filled sheet go to a pool; a pool piece enters a sheet, ejecting at most two of its pieces
// when it must, the move that adds the least area to the pool winning (tabu: a piece that left a
// sheet stays out of it for a while). Whether a set of pieces fits on one sheet is decided by
// `packOne` (exact for few pieces), so a sheet's layout is rebuilt freely with every move.
// An empty pool is a saved sheet, and the walk starts again one sheet lower.
import type { Rng } from './prng.ts';
import {
  type Direction,
  EXACT_MAX_PIECES,
  packOne,
  type RepackContext,
  type RepackSheet,
} from './sheet-repack-2d.ts';
import type { SheetKind } from './shelf-packer.ts';

type Fit = ReturnType<typeof packOne>;

export function walkSheets(initial: RepackSheet[], ctx: RepackContext): RepackSheet[] {
  const { rng, areaOf } = ctx;
  const n = areaOf.length;
  const kinds = (ctx.directions[0] as Direction).kinds;
  const capacityOf = (s: RepackSheet): number => {
    const k = kinds[s.kind] as SheetKind;
    return k.width * k.height;
  };
  const cache = new Map<string, Fit>();
  const fits = (items: number[], kind: number): Fit => {
    // Few pieces: the exact check is cheaper than a cache key.
    if (items.length <= EXACT_MAX_PIECES) return packOne(items, kind, ctx);
    const key = `${kind}:${items
      .slice()
      .sort((a, b) => a - b)
      .join(',')}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const r = packOne(items, kind, ctx);
    if (cache.size > 200_000) cache.clear();
    cache.set(key, r);
    return r;
  };
  let best = initial.map(copy);
  let sheets = initial.map(copy);
  // tabu[item * m + sheet]: the step until which the piece may not enter that sheet again
  let tabu = new Int32Array(n * sheets.length);
  let step = 0;
  while (!ctx.stop() && sheets.length > ctx.lowerBound) {
    sheets.sort((a, b) => a.area - b.area);
    const weak = sheets.shift() as RepackSheet;
    const pool = weak.items.slice();
    tabu = new Int32Array(n * sheets.length);
    const limit = step + 400 + 80 * pool.length;
    while (pool.length > 0 && step < limit && !ctx.stop()) {
      step++;
      const pi = pickPoolPiece(pool, areaOf, rng);
      const j = pool[pi] as number;
      const aj = areaOf[j] as number;
      let move: { s: number; out: number[]; fit: NonNullable<Fit>; score: number } | null = null;
      for (let si = 0; si < sheets.length; si++) {
        if ((tabu[j * sheets.length + si] as number) > step) continue;
        const s = sheets[si] as RepackSheet;
        const room = capacityOf(s) - s.area;
        if (room >= aj) {
          const fit = fits([...s.items, j], s.kind);
          if (fit) {
            move = { s: si, out: [], fit, score: -aj };
            break;
          }
        }
        const its = s.items;
        // Many pieces on a sheet: the fit check is a heuristic and slower; no pairs there.
        const pairs = its.length <= EXACT_MAX_PIECES;
        for (let x = 0; x < its.length; x++) {
          const ex = its[x] as number;
          const ax = areaOf[ex] as number;
          if (room + ax >= aj) {
            const score = ax - aj + rng.next() * 0.05 * aj;
            if (!move || score < move.score) {
              const fit = fits(without(its, ex, -1, j), s.kind);
              if (fit) move = { s: si, out: [ex], fit, score };
            }
          }
          for (let y = x + 1; pairs && y < its.length; y++) {
            const ey = its[y] as number;
            const a2 = ax + (areaOf[ey] as number);
            if (room + a2 < aj) continue;
            const score = a2 - aj + rng.next() * 0.05 * aj;
            if (move && score >= move.score) continue;
            const fit = fits(without(its, ex, ey, j), s.kind);
            if (fit) move = { s: si, out: [ex, ey], fit, score };
          }
        }
        if ((move && move.score < 0) || ctx.stop()) break;
      }
      if (!move) {
        consolidate(sheets, capacityOf, areaOf, fits, rng, CONSOLIDATE, ctx.stop);
        continue;
      }
      const s = sheets[move.s] as RepackSheet;
      s.items = s.items.filter((i) => !move.out.includes(i));
      s.items.push(j);
      s.packed = move.fit.packed;
      s.transposed = move.fit.transposed;
      s.area = s.items.reduce((a, i) => a + (areaOf[i] as number), 0);
      pool.splice(pi, 1);
      for (const e of move.out) {
        pool.push(e);
        tabu[e * sheets.length + move.s] = step + 3 + rng.int(8);
      }
      if (move.score > 0) consolidate(sheets, capacityOf, areaOf, fits, rng, CONSOLIDATE, ctx.stop);
    }
    if (pool.length === 0) {
      best = sheets.filter((s) => s.items.length > 0).map(copy);
      ctx.onImprove(best);
      continue;
    }
    // Not this time: back to the best plan, and try again from there (the walk is randomised).
    sheets = best.map(copy);
  }
  return best;
}

/** Tries of consolidating moves after a pool move that did not shrink the pool. */
const CONSOLIDATE = 20;

/**
 * Moves and swaps between two sheets that make the fuller one fuller (the sum of squared fills
 * grows): free room gathers on fewer sheets, where a large pool piece can then enter.
 */
function consolidate(
  sheets: RepackSheet[],
  capacityOf: (s: RepackSheet) => number,
  areaOf: ArrayLike<number>,
  fits: (items: number[], kind: number) => Fit,
  rng: Rng,
  tries: number,
  stop: () => boolean,
): void {
  const m = sheets.length;
  if (m < 2) return;
  for (let t = 0; t < tries && !stop(); t++) {
    let a = sheets[rng.int(m)] as RepackSheet;
    let b = sheets[rng.int(m)] as RepackSheet;
    if (a === b) continue;
    if (a.area / capacityOf(a) < b.area / capacityOf(b)) [a, b] = [b, a];
    // a: the fuller sheet, receives; b gives.
    const room = capacityOf(a) - a.area;
    let done = false;
    for (const y of b.items) {
      const ay = areaOf[y] as number;
      if (ay > room) continue;
      const fa = fits([...a.items, y], a.kind);
      if (!fa) continue;
      const rest = b.items.filter((i) => i !== y);
      const fb = rest.length === 0 ? null : fits(rest, b.kind);
      if (rest.length > 0 && !fb) continue;
      apply(a, [...a.items, y], fa, areaOf);
      if (fb) apply(b, rest, fb, areaOf);
      else {
        b.items = [];
        b.area = 0;
      }
      done = true;
      break;
    }
    if (done || a.items.length + b.items.length > 2 * EXACT_MAX_PIECES) continue;
    for (const x of a.items) {
      const ax = areaOf[x] as number;
      for (const y of b.items) {
        const ay = areaOf[y] as number;
        if (ay <= ax || ay - ax > room) continue;
        const ia = a.items.filter((i) => i !== x);
        ia.push(y);
        const fa = fits(ia, a.kind);
        if (!fa) continue;
        const ib = b.items.filter((i) => i !== y);
        ib.push(x);
        const fb = fits(ib, b.kind);
        if (!fb) continue;
        apply(a, ia, fa, areaOf);
        apply(b, ib, fb, areaOf);
        done = true;
        break;
      }
      if (done) break;
    }
  }
}

function apply(s: RepackSheet, items: number[], fit: NonNullable<Fit>, areaOf: ArrayLike<number>): void {
  s.items = items;
  s.packed = fit.packed;
  s.transposed = fit.transposed;
  s.area = items.reduce((a, i) => a + (areaOf[i] as number), 0);
}

/** Mostly the largest pool piece (the hard one), sometimes any. */
function pickPoolPiece(pool: number[], areaOf: ArrayLike<number>, rng: Rng): number {
  if (rng.next() < 0.4) return rng.int(pool.length);
  let bi = 0;
  for (let i = 1; i < pool.length; i++)
    if ((areaOf[pool[i] as number] as number) > (areaOf[pool[bi] as number] as number)) bi = i;
  return bi;
}

function without(items: number[], a: number, b: number, add: number): number[] {
  const out: number[] = [];
  for (const i of items) if (i !== a && i !== b) out.push(i);
  out.push(add);
  return out;
}

function copy(s: RepackSheet): RepackSheet {
  return { ...s, items: s.items.slice() };
}
