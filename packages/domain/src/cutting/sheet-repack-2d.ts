// Sheet elimination for the 2D optimiser, on a set of packed sheets (each a 3-stage guillotine
// pattern). Greedy: move pieces of the least-filled sheet into other sheets (the walk of
// sheet-walk-2d.ts then goes on towards one sheet fewer at a time). `packOne` decides whether a set of pieces
// fits on one sheet: exactly for a few pieces (exact-sheet-2d.ts), else with every order variant
// of the shelf engine in both first-cut directions.
import { exactSheetFit } from './exact-sheet-2d.ts';
import type { Rng } from './prng.ts';
import {
  type ItemSet,
  type PackedSheet,
  type PackOptions,
  packSequence,
  type SheetKind,
} from './shelf-packer.ts';

/** Sets of at most this many pieces are checked exactly, within a node budget. */
export const EXACT_MAX_PIECES = 12;
const EXACT_NODES = 2000;

export type Direction = {
  transposed: boolean;
  items: ItemSet;
  kinds: SheetKind[];
  /** per order variant: piece rank in that order and the orientation a piece opens shelves with */
  variants: { rank: Int32Array; flip: Uint8Array }[];
};

export type RepackSheet = {
  kind: number;
  transposed: boolean;
  packed: PackedSheet;
  items: number[];
  area: number;
};

export type RepackContext = {
  directions: Direction[];
  /** piece area including kerf (the same in both directions) */
  areaOf: ArrayLike<number>;
  options: PackOptions;
  /** a second engine variant tried when `options` cannot fit the pieces */
  alt?: PackOptions;
  lowerBound: number;
  rng: Rng;
  stop: () => boolean;
  onImprove: (sheets: RepackSheet[]) => void;
};

export function sheetItems(packed: PackedSheet): number[] {
  const out: number[] = [];
  for (const shelf of packed.shelves) for (const col of shelf.columns) out.push(...col.items);
  return out;
}

/** Greedy: empties the least-filled sheet into the others while that works. */
export function emptyWeakSheets(initial: RepackSheet[], ctx: RepackContext): RepackSheet[] {
  const capacity = (s: RepackSheet): number => {
    const k = (ctx.directions[0] as Direction).kinds[s.kind] as SheetKind;
    return k.width * k.height;
  };
  const fill = (s: RepackSheet): number => s.area / capacity(s);
  let best = initial.map(cloneSheet);
  let sheets = initial.map(cloneSheet);
  // Greedy first: the cheap moves often empty the weakest sheet outright.
  while (!ctx.stop() && sheets.length > ctx.lowerBound) {
    sheets.sort((a, b) => fill(a) - fill(b));
    const weak = sheets[0] as RepackSheet;
    moveOut(weak, sheets, ctx, capacity);
    if (weak.items.length > 0) break;
    sheets = sheets.filter((s) => s !== weak);
    best = sheets.map(cloneSheet);
    ctx.onImprove(sheets);
  }
  return best;
}

function cloneSheet(s: RepackSheet): RepackSheet {
  return {
    ...s,
    items: s.items.slice(),
    packed: {
      ...s.packed,
      shelves: s.packed.shelves.map((sh) => ({
        ...sh,
        columns: sh.columns.map((c) => ({ ...c, items: c.items.slice(), rotated: c.rotated.slice() })),
      })),
    },
  };
}

/** Moves pieces of `weak` (largest first) into other sheets that can still take them. */
function moveOut(
  weak: RepackSheet,
  sheets: RepackSheet[],
  ctx: RepackContext,
  capacity: (s: RepackSheet) => number,
): boolean {
  let moved = false;
  const pieces = weak.items.slice().sort((a, b) => (ctx.areaOf[b] as number) - (ctx.areaOf[a] as number));
  for (const j of pieces) {
    if (ctx.stop()) break;
    const area = ctx.areaOf[j] as number;
    // Fullest candidates first: a piece that fits there leaves room elsewhere for the next one.
    const targets = sheets
      .filter((s) => s !== weak && capacity(s) - s.area >= area)
      .sort((a, b) => b.area - a.area);
    for (const s of targets) {
      const packed = packOne([...s.items, j], s.kind, ctx);
      if (!packed) continue;
      assign(s, packed, [...s.items, j], ctx);
      removeFrom(weak, j, ctx);
      moved = true;
      break;
    }
  }
  return moved;
}

/** One sheet of `kind` holding all `items`, trying every order variant in both directions. */
export function packOne(
  items: number[],
  kind: number,
  ctx: Pick<RepackContext, 'directions' | 'options' | 'alt' | 'rng'>,
): { packed: PackedSheet; transposed: boolean } | null {
  // Few pieces: decide exactly (faster than the order variants, and it finds the fits they miss).
  if (items.length <= EXACT_MAX_PIECES) {
    let undecided = false;
    for (const dir of ctx.directions) {
      const k = dir.kinds[kind] as SheetKind;
      const r = exactSheetFit(dir.items, items, k.width, k.height, EXACT_NODES, ctx.options.stacking);
      if (r) {
        r.kind = kind;
        return { packed: r, transposed: dir.transposed };
      }
      if (r === undefined) undecided = true;
      // A square sheet with every piece free to turn: the other direction is the same sheet turned.
      else if (k.width === k.height && items.every((i) => dir.items.rotate[i] === 1)) return null;
    }
    if (!undecided) return null;
  }
  for (const opts of ctx.alt ? [ctx.options, ctx.alt] : [ctx.options]) {
    for (const dir of ctx.directions) {
      const kinds = [{ ...(dir.kinds[kind] as SheetKind), quantity: 1 }];
      for (const v of dir.variants) {
        const seq = items.slice().sort((a, b) => (v.rank[a] as number) - (v.rank[b] as number));
        const packed = packSequence(dir.items, seq, v.flip, kinds, opts);
        if (packed && packed.length === 1) {
          (packed[0] as PackedSheet).kind = kind;
          return { packed: packed[0] as PackedSheet, transposed: dir.transposed };
        }
      }
    }
  }
  return null;
}

function assign(
  s: RepackSheet,
  result: { packed: PackedSheet; transposed: boolean },
  items: number[],
  ctx: RepackContext,
): void {
  s.packed = result.packed;
  s.transposed = result.transposed;
  s.items = items;
  s.area = items.reduce((a, i) => a + (ctx.areaOf[i] as number), 0);
}

/** Deleting a piece from a guillotine pattern leaves a guillotine pattern: no re-pack needed. */
function removeFrom(s: RepackSheet, item: number, ctx: RepackContext): void {
  for (const shelf of s.packed.shelves) {
    for (const col of shelf.columns) {
      const k = col.items.indexOf(item);
      if (k < 0) continue;
      col.items.splice(k, 1);
      col.rotated.splice(k, 1);
    }
  }
  // Empty columns and shelves stay: their cut lines still describe the saw's path.
  s.items = s.items.filter((i) => i !== item);
  s.area -= ctx.areaOf[item] as number;
  s.packed.area = s.area;
}
