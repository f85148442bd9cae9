// Two-dimensional guillotine cutting optimiser (glass, panels). Pure: no I/O, no Node APIs.
// Search, in turn until the time limit or the lower bound: (1) sequences in several sort orders,
// both first-cut directions, first-fit and best-fit over sheets, packed by the 3-stage shelf
// engine; (2) sheet by sheet (single stock size): each sheet filled as full as the order variants
// and a short local search make it, then the next (randomised repeats); (3) a local search over
// the best sequences; (4) set covering over a pool of well-filled sheets; (5) a walk over which
// pieces share a sheet (sheet-walk-2d.ts), one sheet fewer at a time, with an exact fit check for
// sheets of few pieces (exact-sheet-2d.ts).
// Kerf is added to every piece and to the usable sheet, so the engine packs kerf-free.
import { areaBound2d, l2Bound2d, type Rect } from './bounds-2d.ts';
import { CuttingInputError } from './errors.ts';
import { PatternPool, type PoolDirection } from './pattern-pool-2d.ts';
import { createRng, nowMs, type Rng } from './prng.ts';
import {
  type Direction,
  emptyWeakSheets,
  type RepackContext,
  type RepackSheet,
  sheetItems,
} from './sheet-repack-2d.ts';
import { walkSheets } from './sheet-walk-2d.ts';
import {
  fillOneSheet,
  type ItemSet,
  type PackedSheet,
  type PackOptions,
  packSequence,
  type SheetKind,
} from './shelf-packer.ts';
import { rebinShelves } from './shelf-rebin-2d.ts';
import type { Cut2d, Cut2dInput, CutHooks, CutResult2d, Layout2d, Offcut2d, Placement2d } from './types.ts';

type Piece = { id: string; label?: string; w: number; h: number; rotate: boolean };
type Stock = { id: string; width: number; height: number; quantity: number; cost: number; remnant: boolean };
type Solution = {
  sheets: PackedSheet[];
  transposed: boolean;
  key: number;
  /** sheet-by-sheet plans mix first-cut directions per sheet */
  mixed?: { packed: PackedSheet; transposed: boolean }[];
};

export function optimize2d(input: Cut2dInput, hooks: CutHooks = {}): CutResult2d {
  const start = nowMs();
  // A small margin keeps the whole call (layout building included) inside the time limit even
  // when the machine is busy.
  const limit = Math.max(0, input.timeLimitMs);
  const deadline = start + limit - Math.min(150, limit * 0.15);
  const shouldStop = hooks.shouldStop ?? (() => false);
  const rng = createRng(input.seed);
  const { kerf, trim } = input;
  const pieces: Piece[] = [];
  for (const p of input.pieces) {
    for (let q = 0; q < p.quantity; q++) {
      pieces.push({
        id: p.id,
        ...(p.label === undefined ? {} : { label: p.label }),
        w: p.width,
        h: p.height,
        rotate: p.rotate !== false,
      });
    }
  }
  const stocks: Stock[] = input.stock.map((s) => ({
    id: s.id,
    width: s.width,
    height: s.height,
    quantity: s.quantity ?? Number.POSITIVE_INFINITY,
    cost: s.cost ?? 0,
    remnant: s.remnant === true,
  }));
  // Opening order: remnants first (smallest first, to use them up), then standard sheets largest first.
  const order = stocks
    .map((_s, i) => i)
    .sort((a, b) => {
      const sa = stocks[a] as Stock;
      const sb = stocks[b] as Stock;
      if (sa.remnant !== sb.remnant) return sa.remnant ? -1 : 1;
      const area = sa.width * sa.height - sb.width * sb.height;
      if (sa.remnant) return area || sa.cost - sb.cost;
      return -area || sa.cost - sb.cost;
    });
  const usableW = (s: Stock): number => s.width - trim.left - trim.right + kerf;
  const usableH = (s: Stock): number => s.height - trim.top - trim.bottom + kerf;
  const kindsFor = (transposed: boolean): SheetKind[] =>
    order.map((i, k) => {
      const s = stocks[i] as Stock;
      return transposed
        ? { width: usableH(s), height: usableW(s), quantity: s.quantity, order: k }
        : { width: usableW(s), height: usableH(s), quantity: s.quantity, order: k };
    });
  const n = pieces.length;
  const itemsFor = (transposed: boolean): ItemSet => {
    const set: ItemSet = { w: new Int32Array(n), h: new Int32Array(n), rotate: new Uint8Array(n) };
    pieces.forEach((p, i) => {
      set.w[i] = (transposed ? p.h : p.w) + kerf;
      set.h[i] = (transposed ? p.w : p.h) + kerf;
      set.rotate[i] = p.rotate ? 1 : 0;
    });
    return set;
  };
  pieces.forEach((p) => {
    const fits = stocks.some(
      (s) =>
        (p.w + kerf <= usableW(s) && p.h + kerf <= usableH(s)) ||
        (p.rotate && p.h + kerf <= usableW(s) && p.w + kerf <= usableH(s)),
    );
    if (!fits)
      throw new CuttingInputError(`pieces.${p.id}`, 'piece is larger than every stock sheet (after trim)');
  });

  const lowerBound = computeBound(pieces, stocks, kerf, usableW, usableH);
  const options: PackOptions = { stacking: (input.stageLimit ?? 3) >= 3 };
  // Not transposed: the engine's shelves are horizontal strips (first-stage cuts horizontal).
  // With every piece free to rotate and square usable sheets, a sheet cut the other way first is
  // the same sheet turned by 90° with every piece rotated: both directions are searched and the
  // plan is turned at the end (`finish`).
  const turnable = pieces.every((p) => p.rotate) && stocks.every((s) => usableW(s) === usableH(s));
  const wantTransposed = input.firstCut === 'vertical';
  const allowedDirections = [false, true].filter(
    (t) => input.firstCut === undefined || turnable || wantTransposed === t,
  );
  const directions = allowedDirections.map((transposed) => ({
    transposed,
    items: itemsFor(transposed),
    kinds: kindsFor(transposed),
  }));
  const totalArea = pieces.reduce((a, p) => a + (p.w + kerf) * (p.h + kerf), 0);

  // Pattern pool (single stock size): every well-filled sheet the search builds, for the
  // set-covering recombination after the sequence search.
  const singleKind = stocks.length === 1;
  let pool: PatternPool | null = null;
  if (singleKind) {
    const typeKey = new Map<string, number>();
    const typeOf = new Int32Array(n);
    const areaOf = new Float64Array(n);
    pieces.forEach((p, i) => {
      const key = `${p.w}x${p.h}x${p.rotate ? 1 : 0}`;
      let t = typeKey.get(key);
      if (t === undefined) {
        t = typeKey.size;
        typeKey.set(key, t);
      }
      typeOf[i] = t;
      areaOf[i] = (p.w + kerf) * (p.h + kerf);
    });
    const k0 = directions[0]?.kinds[0] as SheetKind;
    pool = new PatternPool(typeOf, typeKey.size, areaOf, k0.width * k0.height, 0.7);
  }
  const pieceArea = new Float64Array(n);
  pieces.forEach((p, i) => {
    pieceArea[i] = (p.w + kerf) * (p.h + kerf);
  });
  let best: Solution | null = null;
  let evaluations = 0;
  const evaluate = (
    dir: (typeof directions)[number],
    seq: Int32Array,
    flip: Uint8Array,
    opts: PackOptions,
  ): Solution | null => {
    evaluations++;
    const sheets = packSequence(dir.items, seq, flip, dir.kinds, opts);
    if (!sheets) return null;
    return { sheets, transposed: dir.transposed, key: solutionKey(sheets, dir.kinds, totalArea) };
  };
  const offer = (sol: Solution | null): void => {
    if (sol && (best === null || sol.key < best.key)) {
      const fewer = best === null || sol.sheets.length < best.sheets.length;
      best = sol;
      hooks.onProgress?.({ elapsedMs: nowMs() - start, stockCount: sol.sheets.length, lowerBound });
      // Snapshots only when a sheet is saved: the fill-ratio tie-breaks improve far too often.
      if (fewer && hooks.onBest) hooks.onBest(finish(sheetsOf(sol)));
    }
  };
  // Variants for the sheet-by-sheet construction: every sort order and policy in both directions.
  const flexible: PackOptions = { ...options, widen: options.stacking, grow: true };
  const fillOptions = [options, flexible];
  const fillVariants = fillOptions.flatMap((opts) =>
    directions.flatMap((dir) =>
      SORT_KEYS.flatMap((key) =>
        [0, 1].map((policy) => {
          const flip = orientationPolicy(dir.items, policy);
          return { dir, flip, seq: sortedSequence(dir.items, flip, key), opts };
        }),
      ),
    ),
  );
  /** noise 0: deterministic; higher: random swaps in each variant's order (GRASP-like). */
  const fillTries = 50;
  const sheetBySheet = (noise: number): Solution | null => {
    const placed = new Uint8Array(n);
    let left = n;
    const sheets: PackedSheet[] = [];
    const mixed: { packed: PackedSheet; transposed: boolean }[] = [];
    while (left > 0) {
      // One construction can take tens of milliseconds on 100 pieces: watch the clock inside.
      if (nowMs() >= deadline || shouldStop()) return null;
      let bestSheet: PackedSheet | null = null;
      let bestT = false;
      let bestSeq: number[] = [];
      let bestV = fillVariants[0] as (typeof fillVariants)[number];
      for (const v of fillVariants) {
        if (nowMs() >= deadline) return null;
        const seq: number[] = [];
        for (const i of v.seq) if (placed[i] === 0) seq.push(i);
        for (let k = 0; k < noise * 2; k++) {
          const a = rng.int(seq.length);
          const b = Math.min(seq.length - 1, a + 1 + rng.int(3));
          const tmp = seq[a] as number;
          seq[a] = seq[b] as number;
          seq[b] = tmp;
        }
        const sh = fillOneSheet(v.dir.items, seq, v.flip, v.dir.kinds, 0, v.opts);
        if (!bestSheet || sh.area > bestSheet.area) {
          bestSheet = sh;
          bestT = v.dir.transposed;
          bestSeq = seq;
          bestV = v;
        }
      }
      // A short local search on this sheet alone: move a piece forward, keep fuller fills.
      const capacity = (bestV.dir.kinds[0] as SheetKind).width * (bestV.dir.kinds[0] as SheetKind).height;
      for (let t = 0; t < fillTries && bestSheet && bestSheet.area < capacity && bestSeq.length > 1; t++) {
        const seq = bestSeq.slice();
        const from = 1 + rng.int(seq.length - 1);
        const to = rng.int(from);
        const item = seq[from] as number;
        seq.splice(from, 1);
        seq.splice(to, 0, item);
        const sh = fillOneSheet(bestV.dir.items, seq, bestV.flip, bestV.dir.kinds, 0, bestV.opts);
        if (sh.area >= bestSheet.area) {
          bestSheet = sh;
          bestSeq = seq;
        }
      }
      if (!bestSheet || bestSheet.area === 0) return null;
      for (const shelf of bestSheet.shelves)
        for (const col of shelf.columns)
          for (const i of col.items) {
            placed[i] = 1;
            left--;
          }
      sheets.push(bestSheet);
      mixed.push({ packed: bestSheet, transposed: bestT });
      pool?.add(bestSheet, bestT);
      if (sheets.length >= (best?.sheets.length ?? Number.POSITIVE_INFINITY)) return null;
    }
    return {
      sheets,
      transposed: false,
      key: solutionKey(sheets, directions[0]?.kinds ?? [], totalArea),
      mixed,
    };
  };
  const done = (): boolean =>
    (best !== null && (best as Solution).sheets.length <= lowerBound) || shouldStop() || nowMs() >= deadline;

  // Constructive phase: sort orders x orientation policies x both directions.
  type Start = {
    dir: (typeof directions)[number];
    seq: Int32Array;
    flip: Uint8Array;
    sol: Solution;
    opts: PackOptions;
  };
  const starts: Start[] = [];
  // First fit over the open sheets and best fit (tightest sheet) give different plans.
  for (const opts of [options, { ...options, bestFit: true }, flexible, { ...flexible, bestFit: true }]) {
    for (const dir of directions) {
      for (const sortKey of SORT_KEYS) {
        for (const policy of [0, 1]) {
          if (done() && best !== null) break;
          const flip = orientationPolicy(dir.items, policy);
          const seq = sortedSequence(dir.items, flip, sortKey);
          const sol = evaluate(dir, seq, flip, opts);
          if (sol) {
            if (pool) for (const sh of sol.sheets) pool.add(sh, dir.transposed);
            starts.push({ dir, seq, flip, sol, opts });
            offer(sol);
          }
        }
      }
    }
  }
  if (best === null) throw new CuttingInputError('stock', 'not enough stock sheets for all pieces');
  // Sheet by sheet: every sheet as full as the order variants can make it, then the next one.
  const sheetBySheetEnd = start + (deadline - start) * 0.15;
  if (singleKind) {
    for (let attempt = 0; attempt < 2000 && !done() && nowMs() < sheetBySheetEnd; attempt++) {
      offer(sheetBySheet(attempt === 0 ? 0 : 1 + (attempt % 3)));
    }
  }
  starts.sort((a, b) => a.sol.key - b.sol.key);

  // Sequence local search for a share of the time, then sheet elimination on the best plan.
  const phase1End = start + (deadline - start) * LS_END;
  let round = 0;
  while (!done() && nowMs() < phase1End) {
    const base = starts[round % Math.min(starts.length, 4)] as Start;
    round++;
    let cur = { seq: base.seq.slice(), flip: base.flip.slice(), sol: base.sol };
    const stepLimit = 200 + n * 4;
    for (let step = 0; step < stepLimit && !done() && nowMs() < phase1End; step++) {
      const seq = cur.seq.slice();
      const flip = cur.flip.slice();
      perturb(seq, flip, cur.sol, base.dir.items, rng);
      const sol = evaluate(base.dir, seq, flip, base.opts);
      if (sol && sol.key <= cur.sol.key) {
        // Accepted neighbours feed the pattern pool (every evaluation would cost too much).
        if (pool) for (const sh of sol.sheets) pool.add(sh, base.dir.transposed);
        cur = { seq, flip, sol };
        offer(sol);
      }
    }
    if (cur.sol.key < base.sol.key) {
      base.seq = cur.seq;
      base.flip = cur.flip;
      base.sol = cur.sol;
    }
  }

  // Set covering over the pattern pool: fewer sheets from the best patterns of all runs.
  const coverEnd = start + (deadline - start) * COVER_END;
  if (pool && !done() && nowMs() < coverEnd) {
    const poolDirections: PoolDirection[] = directions.map((dir) => ({
      ...dir,
      variants: SORT_KEYS.flatMap((key) =>
        [0, 1].map((policy) => {
          const flip = orientationPolicy(dir.items, policy);
          return { seq: sortedSequence(dir.items, flip, key), flip };
        }),
      ),
    }));
    const plan = pool.cover(
      (best as Solution).sheets.length,
      poolDirections,
      options,
      rng,
      () => done() || nowMs() >= coverEnd,
    );
    if (plan) {
      const sheets = plan.map((p) => p.packed);
      offer({
        sheets,
        transposed: false,
        key: solutionKey(sheets, directions[0]?.kinds ?? [], totalArea),
        mixed: plan,
      });
    }
  }

  const rebin = (
    sheets: { packed: PackedSheet; transposed: boolean }[],
  ): { packed: PackedSheet; transposed: boolean }[] | null => {
    if (!singleKind) return null;
    const k0 = kindsFor(false)[0] as SheetKind;
    const k1 = kindsFor(true)[0] as SheetKind;
    return rebinShelves(sheets, {
      heights: [k0.height, k1.height],
      square: directions.length === 2 && k0.width === k1.width,
      items: (directions[0] as (typeof directions)[number]).items,
      areaOf: pieceArea,
      rng,
      deadline: Math.min(nowMs() + 15, deadline),
      now: nowMs,
    });
  };
  {
    const plan = rebin(sheetsOf(best as Solution));
    if (plan) {
      const sheets = plan.map((p) => p.packed);
      offer({
        sheets,
        transposed: false,
        key: solutionKey(sheets, directions[0]?.kinds ?? [], totalArea),
        mixed: plan,
      });
    }
  }
  const sol = best as Solution;
  let finalSheets = sheetsOf(sol);
  if (!done()) {
    const areaOf = new Float64Array(n);
    pieces.forEach((p, i) => {
      areaOf[i] = (p.w + kerf) * (p.h + kerf);
    });
    const repackDirections: Direction[] = directions.map((dir) => ({
      ...dir,
      variants: SORT_KEYS.flatMap((key) =>
        [0, 1].map((policy) => {
          const flip = orientationPolicy(dir.items, policy);
          const seq = sortedSequence(dir.items, flip, key);
          const rank = new Int32Array(n);
          seq.forEach((item, pos) => {
            rank[item] = pos;
          });
          return { rank, flip };
        }),
      ),
    }));
    const initial: RepackSheet[] = sheetsOf(sol).map(({ packed, transposed }) => {
      const items = sheetItems(packed);
      return {
        kind: packed.kind,
        transposed,
        packed,
        items,
        area: items.reduce((a, i) => a + (areaOf[i] as number), 0),
      };
    });
    const ctx: RepackContext = {
      directions: repackDirections,
      areaOf,
      options,
      alt: flexible,
      lowerBound,
      rng,
      stop: () => shouldStop() || nowMs() >= deadline - 20,
      onImprove: (sheets) => {
        hooks.onProgress?.({ elapsedMs: nowMs() - start, stockCount: sheets.length, lowerBound });
        hooks.onBest?.(finish(sheets));
      },
    };
    finalSheets = walkSheets(emptyWeakSheets(initial, ctx), ctx);
  }
  {
    const plan = rebin(finalSheets);
    if (plan) finalSheets = plan;
  }
  return finish(finalSheets);

  /** The plan for a set of packed sheets (also the anytime snapshot handed to `onBest`). */
  function finish(plan: { packed: PackedSheet; transposed: boolean }[]): CutResult2d {
    const sheets =
      input.firstCut === undefined
        ? plan
        : plan.map((s) => (s.transposed === wantTransposed ? s : turnSheet(s.packed, wantTransposed)));
    const layouts = sheets.map((sheet) =>
      buildLayout(sheet.packed, sheet.transposed, pieces, stocks, order, input),
    );
    const stockUsed = stocks
      .map((s) => ({ stockId: s.id, count: layouts.filter((l) => l.stockId === s.id).length }))
      .filter((u) => u.count > 0);
    let total = 0;
    let used = 0;
    for (const l of layouts) {
      total += l.width * l.height;
      for (const p of l.placements) used += p.width * p.height;
    }
    void evaluations;
    return {
      kind: '2d',
      stockUsed,
      layouts,
      lowerBound,
      wastePercent: total === 0 ? 0 : Math.round(((total - used) / total) * 10000) / 100,
      timeMs: nowMs() - start,
      optimal: layouts.length <= lowerBound,
    };
  }
}

/** The same sheet read in the other direction: turned by 90°, every piece rotated. */
function turnSheet(packed: PackedSheet, transposed: boolean): { packed: PackedSheet; transposed: boolean } {
  return {
    transposed,
    packed: {
      ...packed,
      shelves: packed.shelves.map((sh) => ({
        ...sh,
        columns: sh.columns.map((c) => ({ ...c, items: c.items.slice(), rotated: c.rotated.map((r) => !r) })),
      })),
    },
  };
}

function sheetsOf(sol: Solution): { packed: PackedSheet; transposed: boolean }[] {
  return sol.mixed ?? sol.sheets.map((packed) => ({ packed, transposed: sol.transposed }));
}

function computeBound(
  pieces: Piece[],
  stocks: Stock[],
  kerf: number,
  usableW: (s: Stock) => number,
  usableH: (s: Stock) => number,
): number {
  if (pieces.length === 0) return 0;
  const rects: Rect[] = pieces.map((p) => ({ w: p.w + kerf, h: p.h + kerf, rotate: p.rotate }));
  const sizes = new Set(stocks.map((s) => `${usableW(s)}x${usableH(s)}`));
  if (sizes.size === 1) {
    const s = stocks[0] as Stock;
    return l2Bound2d(rects, usableW(s), usableH(s));
  }
  // Mixed sheet sizes: only the area of the largest sheet is a safe bound.
  let largest = stocks[0] as Stock;
  for (const s of stocks) if (usableW(s) * usableH(s) > usableW(largest) * usableH(largest)) largest = s;
  const area = rects.reduce((a, r) => a + r.w * r.h, 0);
  return Math.max(1, Math.ceil(area / (usableW(largest) * usableH(largest))), areaBound2d([], 1, 1));
}

/** Fewer sheets first; then prefer an almost empty weakest sheet (the next one to eliminate). */
function solutionKey(sheets: PackedSheet[], kinds: SheetKind[], totalArea: number): number {
  let minFill = 1;
  let order = 0;
  for (const s of sheets) {
    const k = kinds[s.kind] as SheetKind;
    const fill = s.area / (k.width * k.height);
    if (fill < minFill) minFill = fill;
    order += k.order;
  }
  void totalArea;
  return sheets.length + minFill * 0.9 + order * 1e-6;
}

/** Time shares: sequence search until LS_END, pattern-pool covering until COVER_END, then elimination. */
const LS_END = 0.3;
const COVER_END = 0.4;

type SortKey = (w: number, h: number) => number[];
const SORT_KEYS: SortKey[] = [
  (w, h) => [h, w],
  (w, h) => [w * h, h],
  (w, h) => [Math.max(w, h), Math.min(w, h)],
  (w, h) => [w + h, h],
  (w, h) => [w, h],
];

/** policy 0: open shelves with the long side horizontal; 1: long side vertical. */
function orientationPolicy(items: ItemSet, policy: number): Uint8Array {
  const flip = new Uint8Array(items.w.length);
  for (let i = 0; i < flip.length; i++) {
    if (items.rotate[i] !== 1) continue;
    const w = items.w[i] as number;
    const h = items.h[i] as number;
    flip[i] = (policy === 0 ? h > w : w > h) ? 1 : 0;
  }
  return flip;
}

function sortedSequence(items: ItemSet, flip: Uint8Array, key: SortKey): Int32Array {
  const n = items.w.length;
  const keys: number[][] = [];
  for (let i = 0; i < n; i++) {
    const f = flip[i] === 1;
    const w = f ? (items.h[i] as number) : (items.w[i] as number);
    const h = f ? (items.w[i] as number) : (items.h[i] as number);
    keys.push(key(w, h));
  }
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => {
    const ka = keys[a] as number[];
    const kb = keys[b] as number[];
    for (let t = 0; t < ka.length; t++) {
      const d = (kb[t] as number) - (ka[t] as number);
      if (d !== 0) return d;
    }
    return a - b;
  });
  return Int32Array.from(idx);
}

/** One random neighbour: move pieces of the weakest sheet forward, swap, or flip an orientation. */
function perturb(seq: Int32Array, flip: Uint8Array, sol: Solution, items: ItemSet, rng: Rng): void {
  const n = seq.length;
  if (n < 2) return;
  const r = rng.next();
  if (r < 0.35) {
    // Pick a piece from the weakest sheet and move it to a random earlier position.
    let weakest = sol.sheets[0] as PackedSheet;
    for (const s of sol.sheets) if (s.area < weakest.area) weakest = s;
    const inWeak: number[] = [];
    for (const shelf of weakest.shelves) for (const col of shelf.columns) inWeak.push(...col.items);
    const item = inWeak[rng.int(inWeak.length)] as number;
    const from = seq.indexOf(item);
    const to = rng.int(from + 1);
    for (let k = from; k > to; k--) seq[k] = seq[k - 1] as number;
    seq[to] = item;
  } else if (r < 0.75) {
    // Swap two nearby pieces (keeps the overall size order mostly intact).
    const a = rng.int(n);
    const span = 1 + rng.int(Math.max(1, Math.floor(n / 4)));
    const b = Math.min(n - 1, a + span);
    const t = seq[a] as number;
    seq[a] = seq[b] as number;
    seq[b] = t;
  } else if (r < 0.9) {
    const i = seq[rng.int(n)] as number;
    if (items.rotate[i] === 1) flip[i] = flip[i] === 1 ? 0 : 1;
  } else {
    // Move one random piece to a random position.
    const from = rng.int(n);
    const to = rng.int(n);
    const item = seq[from] as number;
    if (from < to) for (let k = from; k < to; k++) seq[k] = seq[k + 1] as number;
    else for (let k = from; k > to; k--) seq[k] = seq[k - 1] as number;
    seq[to] = item;
  }
}

function buildLayout(
  sheet: PackedSheet,
  transposed: boolean,
  pieces: Piece[],
  stocks: Stock[],
  order: number[],
  input: Cut2dInput,
): Layout2d {
  const stock = stocks[order[sheet.kind] as number] as Stock;
  const { kerf, trim } = input;
  // The engine works in (u, v) = (x, y), or (y, x) when transposed; map back to sheet coordinates.
  const rect = (
    u: number,
    v: number,
    du: number,
    dv: number,
  ): { x: number; y: number; w: number; h: number } =>
    transposed
      ? { x: trim.left + v, y: trim.top + u, w: dv, h: du }
      : { x: trim.left + u, y: trim.top + v, w: du, h: dv };
  const line = (stage: number, u1: number, v1: number, u2: number, v2: number): Cut2d => {
    const a = rect(u1, v1, 0, 0);
    const b = rect(u2, v2, 0, 0);
    return { stage, x1: a.x, y1: a.y, x2: b.x, y2: b.y };
  };
  const usableU = transposed ? stock.height - trim.top - trim.bottom : stock.width - trim.left - trim.right;
  const usableV = transposed ? stock.width - trim.left - trim.right : stock.height - trim.top - trim.bottom;
  const placements: Placement2d[] = [];
  const cuts: Cut2d[] = [];
  const offcuts: Offcut2d[] = [];
  if (trim.top > 0) cuts.push({ stage: 0, x1: 0, y1: trim.top, x2: stock.width, y2: trim.top });
  if (trim.bottom > 0)
    cuts.push({
      stage: 0,
      x1: 0,
      y1: stock.height - trim.bottom,
      x2: stock.width,
      y2: stock.height - trim.bottom,
    });
  if (trim.left > 0) cuts.push({ stage: 0, x1: trim.left, y1: 0, x2: trim.left, y2: stock.height });
  if (trim.right > 0)
    cuts.push({
      stage: 0,
      x1: stock.width - trim.right,
      y1: 0,
      x2: stock.width - trim.right,
      y2: stock.height,
    });
  for (const shelf of sheet.shelves) {
    const shelfEnd = shelf.y + shelf.h - kerf; // the kerf of the stage-1 cut follows the shelf
    for (const col of shelf.columns) {
      let v = shelf.y;
      const colEnd = col.x + col.w - kerf;
      col.items.forEach((item, k) => {
        const p = pieces[item] as Piece;
        const rot = col.rotated[k] === true;
        const du = transposed ? (rot ? p.w : p.h) : rot ? p.h : p.w;
        const dv = transposed ? (rot ? p.h : p.w) : rot ? p.w : p.h;
        const r = rect(col.x, v, du, dv);
        placements.push({
          pieceId: p.id,
          ...(p.label === undefined ? {} : { label: p.label }),
          x: r.x,
          y: r.y,
          width: r.w,
          height: r.h,
          rotated: rot,
        });
        v += dv;
        if (v < shelfEnd || k < col.items.length - 1) cuts.push(line(3, col.x, v, colEnd, v));
        if (col.x + du < colEnd) cuts.push(line(4, col.x + du, v - dv, col.x + du, v));
        v += kerf;
      });
      if (colEnd < usableU) cuts.push(line(2, colEnd, shelf.y, colEnd, shelfEnd));
    }
    const rightStart = shelf.used;
    if (rightStart < usableU) {
      const r = rect(rightStart, shelf.y, usableU - rightStart, shelf.h - kerf);
      if (r.w > 0 && r.h > 0) offcuts.push({ x: r.x, y: r.y, width: r.w, height: r.h });
    }
    if (shelfEnd < usableV) cuts.push(line(1, 0, shelfEnd, usableU, shelfEnd));
  }
  if (sheet.used < usableV) {
    const r = rect(0, sheet.used, usableU, usableV - sheet.used);
    if (r.w > 0 && r.h > 0) offcuts.push({ x: r.x, y: r.y, width: r.w, height: r.h });
  }
  const pieceArea = placements.reduce((a, p) => a + p.width * p.height, 0);
  return {
    stockId: stock.id,
    width: stock.width,
    height: stock.height,
    placements,
    cuts,
    offcuts,
    wastePercent: Math.round((1 - pieceArea / (stock.width * stock.height)) * 10000) / 100,
  };
}
