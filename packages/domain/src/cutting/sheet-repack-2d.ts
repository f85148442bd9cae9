// Sheet-elimination local search for the 2D optimiser, on a set of packed sheets (each a 3-stage
// guillotine pattern from the shelf engine). First greedy: move pieces of the least-filled sheet
// into other sheets (each re-packed from scratch with every order variant and both first-cut
// directions). Then an ejection walk towards one sheet fewer: the weakest sheet's pieces form a
// pool; a pool piece enters a sheet, ejecting a smaller piece (or a set of pieces of less area)
// when it must, or two sheets are re-packed together with it; tabu tenure keeps the walk moving.
// An empty pool is a saved sheet. The best plan seen is returned (deep copies; sheets mutate).
import type { Rng } from './prng.ts';
import {
  type ItemSet,
  type PackedSheet,
  type PackOptions,
  packSequence,
  type SheetKind,
} from './shelf-packer.ts';

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

export function eliminateSheets(initial: RepackSheet[], ctx: RepackContext): RepackSheet[] {
  const { rng, areaOf } = ctx;
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
  // Then the ejection walk towards one sheet fewer: the weakest sheet's pieces go to a pool; a pool
  // piece enters a sheet, ejecting smaller pieces when it must; an empty pool is a saved sheet.
  const tabu = new Float64Array(areaOf.length);
  let step = 0;
  while (!ctx.stop() && sheets.length > ctx.lowerBound) {
    sheets.sort((a, b) => fill(a) - fill(b));
    const weak = sheets.shift() as RepackSheet;
    const pool = weak.items.slice();
    const stepLimit = step + 300 + 60 * pool.length;
    while (pool.length > 0 && !ctx.stop() && step < stepLimit) {
      step++;
      // Largest pool pieces first mostly (they are the hard ones), sometimes any.
      pool.sort((x, y) => (areaOf[y] as number) - (areaOf[x] as number));
      const pi = rng.next() < 0.7 ? 0 : rng.int(pool.length);
      const j = pool[pi] as number;
      const aj = areaOf[j] as number;
      let bestMove: { s: RepackSheet; items: number[]; out: number[]; res: PackResult; cost: number } | null =
        null;
      const order = sheets.slice();
      shuffle(order, rng);
      for (const s of order.slice(0, 6)) {
        const room = capacity(s) - s.area;
        if (room >= aj) {
          const items = [...s.items, j];
          const res = packOne(items, s.kind, ctx);
          if (res) {
            bestMove = { s, items, out: [], res, cost: -1 };
            break;
          }
        }
        // Eject one piece: the smallest ones that make room first.
        const cands = s.items
          .filter((i) => (tabu[i] as number) <= step && room + (areaOf[i] as number) >= aj)
          .sort((x, y) => (areaOf[x] as number) - (areaOf[y] as number))
          .slice(0, 3);
        for (const i of cands) {
          const cost = (areaOf[i] as number) / aj + rng.next() * 0.3;
          if (bestMove && bestMove.cost <= cost) continue;
          const items = s.items.filter((x) => x !== i);
          items.push(j);
          const res = packOne(items, s.kind, ctx);
          if (res) bestMove = { s, items, out: [i], res, cost };
        }
        if (bestMove) continue;
        // Eject a set: pieces leave in random order until the newcomer fits.
        const rest = s.items.filter((i) => (tabu[i] as number) <= step);
        shuffle(rest, rng);
        const out: number[] = [];
        let freed = room;
        for (const i of rest) {
          out.push(i);
          freed += areaOf[i] as number;
          if (freed < aj) continue;
          const items = s.items.filter((x) => !out.includes(x));
          items.push(j);
          const res = packOne(items, s.kind, ctx);
          if (res) {
            const outArea = out.reduce((a, x) => a + (areaOf[x] as number), 0);
            // Only when it shrinks the pool's area (mostly): otherwise the pool snowballs.
            const cost = outArea / aj + rng.next() * 0.3;
            if (cost < 1.1) bestMove = { s, items, out: out.slice(), res, cost };
            break;
          }
        }
      }
      if (!bestMove || bestMove.cost > 0.5) {
        // Two sheets re-packed together with the piece: more freedom than one sheet at a time.
        const pair = order.filter((s) => s.kind === weak.kind).slice(0, 2);
        const room = pair.reduce((a, s) => a + capacity(s) - s.area, 0);
        if (pair.length === 2 && room >= aj) {
          const items = [...(pair[0] as RepackSheet).items, ...(pair[1] as RepackSheet).items, j];
          const res = packMany(items, weak.kind, 2, ctx);
          if (res) {
            pair.forEach((sh, k) => {
              const r = res[k];
              if (r) assign(sh, r, sheetItems(r.packed), ctx);
              else {
                sh.items = [];
                sh.area = 0;
              }
            });
            sheets = sheets.filter((sh) => sh.items.length > 0);
            pool.splice(pi, 1);
            tabu[j] = step + 5 + rng.int(10);
            continue;
          }
        }
      }
      if (!bestMove) continue;
      assign(bestMove.s, bestMove.res, bestMove.items, ctx);
      pool.splice(pi, 1);
      pool.push(...bestMove.out);
      tabu[j] = step + 5 + rng.int(10);
    }
    if (pool.length === 0) {
      best = sheets.map(cloneSheet);
      ctx.onImprove(sheets);
      continue;
    }
    // Give up on this target: the pool goes back into a sheet of its own when it fits in one.
    const res = packOne(pool, weak.kind, ctx);
    if (res) {
      assign(weak, res, pool, ctx);
      sheets.push(weak);
    } else sheets = best.map(cloneSheet);
  }
  return best;
}

type PackResult = { packed: PackedSheet; transposed: boolean };

function shuffle<T>(a: T[], rng: Rng): void {
  for (let t = a.length - 1; t > 0; t--) {
    const r = rng.int(t + 1);
    const tmp = a[t] as T;
    a[t] = a[r] as T;
    a[r] = tmp;
  }
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

/** At most `count` sheets of `kind` holding all `items` (every order variant, both directions). */
function packMany(items: number[], kind: number, count: number, ctx: RepackContext): PackResult[] | null {
  for (const opts of ctx.alt ? [ctx.options, ctx.alt] : [ctx.options]) {
    for (const dir of ctx.directions) {
      const kinds = [{ ...(dir.kinds[kind] as SheetKind), quantity: count }];
      for (const v of dir.variants) {
        const seq = items.slice().sort((a, b) => (v.rank[a] as number) - (v.rank[b] as number));
        const packed = packSequence(dir.items, seq, v.flip, kinds, opts);
        if (packed && packed.length <= count)
          return packed.map((p) => {
            p.kind = kind;
            return { packed: p, transposed: dir.transposed };
          });
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
