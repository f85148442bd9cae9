// Sheet-elimination local search for the 2D optimiser. Works on a set of packed sheets (each a
// 3-stage guillotine pattern from the shelf engine) and tries to empty the least-filled sheet:
// move one of its pieces into another sheet (that sheet is re-packed from scratch with several
// piece orders and both first-cut directions), or swap it for a smaller piece of another sheet.
// Every accepted step raises the sum of squared fill ratios, i.e. pushes area from the weak sheet
// to the strong ones; when no step works, a kick re-packs the weak sheet together with one or two
// others into the same number of sheets in a random order. A sheet that runs empty is dropped.
import type { Rng } from './prng.ts';
import { type ItemSet, type PackedSheet, type PackOptions, packSequence, type SheetKind } from './shelf-packer.ts';

export type Direction = {
  transposed: boolean;
  items: ItemSet;
  kinds: SheetKind[];
  /** per order variant: piece rank in that order and the orientation a piece opens shelves with */
  variants: { rank: Int32Array; flip: Uint8Array }[];
};

export type RepackSheet = { kind: number; transposed: boolean; packed: PackedSheet; items: number[]; area: number };

export type RepackContext = {
  directions: Direction[];
  /** piece area including kerf (the same in both directions) */
  areaOf: ArrayLike<number>;
  options: PackOptions;
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

export function eliminateSheets(initial: RepackSheet[], ctx: RepackContext): RepackSheet[] {
  const { rng, areaOf } = ctx;
  const capacity = (s: RepackSheet): number => {
    const k = (ctx.directions[0] as Direction).kinds[s.kind] as SheetKind;
    return k.width * k.height;
  };
  const fill = (s: RepackSheet): number => s.area / capacity(s);
  let sheets = initial.map((s) => ({ ...s, items: s.items.slice() }));
  let failures = 0;
  while (!ctx.stop() && sheets.length > ctx.lowerBound) {
    sheets.sort((a, b) => fill(a) - fill(b));
    const pick = failures === 0 ? 0 : rng.int(Math.min(sheets.length, 1 + Math.min(failures, 3)));
    const weak = sheets[pick] as RepackSheet;
    let changed = moveOut(weak, sheets, ctx, capacity);
    if (weak.items.length === 0) {
      sheets = sheets.filter((s) => s !== weak);
      ctx.onImprove(sheets);
      failures = 0;
      continue;
    }
    if (!changed) changed = swapOut(weak, sheets, ctx, capacity);
    if (changed) {
      failures = 0;
      continue;
    }
    failures++;
    kick(weak, sheets, ctx);
    void areaOf;
  }
  return sheets;
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
      const packed = packOne([...s.items, j], s.kind, ctx, 0);
      if (!packed) continue;
      assign(s, packed, [...s.items, j], ctx);
      removeFrom(weak, j, ctx);
      moved = true;
      break;
    }
  }
  return moved;
}

/** Swaps a piece of `weak` for a smaller piece of another sheet when both sheets still pack. */
function swapOut(
  weak: RepackSheet,
  sheets: RepackSheet[],
  ctx: RepackContext,
  capacity: (s: RepackSheet) => number,
): boolean {
  const pieces = weak.items.slice().sort((a, b) => (ctx.areaOf[b] as number) - (ctx.areaOf[a] as number));
  const others = sheets.filter((s) => s !== weak);
  for (let t = others.length - 1; t > 0; t--) {
    const r = ctx.rng.int(t + 1);
    const tmp = others[t] as RepackSheet;
    others[t] = others[r] as RepackSheet;
    others[r] = tmp;
  }
  for (const j of pieces) {
    const aj = ctx.areaOf[j] as number;
    for (const s of others) {
      if (ctx.stop()) return false;
      const room = capacity(s) - s.area;
      for (const i of s.items) {
        const ai = ctx.areaOf[i] as number;
        if (ai >= aj || room + ai < aj) continue;
        const sItems = s.items.filter((x) => x !== i);
        sItems.push(j);
        const ps = packOne(sItems, s.kind, ctx, 0);
        if (!ps) continue;
        const wItems = weak.items.filter((x) => x !== j);
        wItems.push(i);
        const pw = packOne(wItems, weak.kind, ctx, 0);
        if (!pw) continue;
        assign(s, ps, sItems, ctx);
        assign(weak, pw, wItems, ctx);
        return true;
      }
    }
  }
  return false;
}

/** Re-packs `weak` with one or two random other sheets into as many sheets, in a random order. */
function kick(weak: RepackSheet, sheets: RepackSheet[], ctx: RepackContext): void {
  const others = sheets.filter((s) => s !== weak && s.kind === weak.kind);
  if (others.length === 0) return;
  const group = [weak];
  const extra = 1 + ctx.rng.int(Math.min(2, others.length));
  while (group.length < 1 + extra) {
    const s = others[ctx.rng.int(others.length)] as RepackSheet;
    if (!group.includes(s)) group.push(s);
  }
  const items = group.flatMap((s) => s.items);
  for (let attempt = 0; attempt < 6; attempt++) {
    const dir = ctx.directions[ctx.rng.int(ctx.directions.length)] as Direction;
    const v = dir.variants[ctx.rng.int(dir.variants.length)] as Direction['variants'][number];
    // The variant's order with random local swaps, so that the kick lands somewhere new.
    const seq = items.slice().sort((a, b) => (v.rank[a] as number) - (v.rank[b] as number));
    for (let k = 0; k < 1 + ctx.rng.int(3); k++) {
      const a = ctx.rng.int(seq.length);
      const b = ctx.rng.int(seq.length);
      const tmp = seq[a] as number;
      seq[a] = seq[b] as number;
      seq[b] = tmp;
    }
    const kinds = [{ ...(dir.kinds[weak.kind] as SheetKind), quantity: group.length }];
    const packed = packSequence(dir.items, seq, v.flip, kinds, ctx.options);
    if (!packed || packed.length > group.length) continue;
    group.forEach((s, k) => {
      const p = packed[k];
      if (p) {
        p.kind = weak.kind;
        s.packed = p;
        s.transposed = dir.transposed;
        s.items = sheetItems(p);
        s.area = s.items.reduce((a, i) => a + (ctx.areaOf[i] as number), 0);
      } else {
        s.items = [];
        s.area = 0;
      }
    });
    // A kick that happens to empty a sheet is a real improvement.
    const empty = group.filter((s) => s.items.length === 0);
    if (empty.length > 0) {
      for (const e of empty) sheets.splice(sheets.indexOf(e), 1);
      ctx.onImprove(sheets);
    }
    return;
  }
}

/** One sheet of `kind` holding all `items`, trying every order variant in both directions. */
export function packOne(
  items: number[],
  kind: number,
  ctx: Pick<RepackContext, 'directions' | 'options' | 'rng'>,
  randomTries: number,
): { packed: PackedSheet; transposed: boolean } | null {
  for (const dir of ctx.directions) {
    const kinds = [{ ...(dir.kinds[kind] as SheetKind), quantity: 1 }];
    for (const v of dir.variants) {
      const seq = items.slice().sort((a, b) => (v.rank[a] as number) - (v.rank[b] as number));
      const packed = packSequence(dir.items, seq, v.flip, kinds, ctx.options);
      if (packed && packed.length === 1) {
        (packed[0] as PackedSheet).kind = kind;
        return { packed: packed[0] as PackedSheet, transposed: dir.transposed };
      }
    }
  }
  void randomTries;
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
