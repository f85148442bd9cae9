// Three-stage guillotine packing engine used by the 2D optimiser. A sheet is cut into horizontal
// strips (shelves, stage 1), a shelf into columns (stage 2) and a column into stacked pieces
// (stage 3); a piece narrower than its column is freed by a trim cut. Sizes include the kerf.
// Pieces are inserted in sequence order, first fit over the open sheets and best fit inside one.

export type SheetKind = { width: number; height: number; quantity: number; order: number };

export type ItemSet = {
  w: Int32Array;
  h: Int32Array;
  rotate: Uint8Array;
};

export type Column = { x: number; w: number; used: number; items: number[]; rotated: boolean[] };
export type Shelf = { y: number; h: number; used: number; columns: Column[] };
export type PackedSheet = { kind: number; shelves: Shelf[]; used: number; area: number };

export type PackOptions = {
  /** false = 2-stage: one piece per column (plus trim) */
  stacking: boolean;
  /** true: a piece goes to the open sheet where it fits tightest, not the first one it fits */
  bestFit?: boolean;
  /** true: the last column of a shelf widens for a wider piece (3-stage only) */
  widen?: boolean;
  /** true: the last shelf of a sheet grows taller for a taller piece */
  grow?: boolean;
};

/**
 * Packs the items in `sequence` order; `flip[i]` chooses the orientation a piece opens a shelf with.
 * Returns null when the stock runs out.
 */
export function packSequence(
  items: ItemSet,
  sequence: ArrayLike<number>,
  flip: Uint8Array,
  kinds: readonly SheetKind[],
  options: PackOptions,
): PackedSheet[] | null {
  const sheets: PackedSheet[] = [];
  const usedKinds = new Array<number>(kinds.length).fill(0);
  for (let s = 0; s < sequence.length; s++) {
    const item = sequence[s] as number;
    let placed = false;
    const itemArea = (items.w[item] as number) * (items.h[item] as number);
    if (options.bestFit) {
      let bestSheet: PackedSheet | null = null;
      let bestScore = Number.POSITIVE_INFINITY;
      for (const sh of sheets) {
        const kd = kinds[sh.kind] as SheetKind;
        if (kd.width * kd.height - sh.area < itemArea) continue;
        const score = insert(sh, kinds, items, item, flip, options, true);
        if (score < bestScore) {
          bestScore = score;
          bestSheet = sh;
        }
      }
      if (bestSheet) placed = insert(bestSheet, kinds, items, item, flip, options) === 0;
    }
    for (let k = 0; k < sheets.length && !placed; k++) {
      const sh = sheets[k] as PackedSheet;
      const kd = kinds[sh.kind] as SheetKind;
      // A sheet without enough free area cannot take the piece; skip the geometry.
      if (kd.width * kd.height - sh.area < itemArea) continue;
      placed = insert(sh, kinds, items, item, flip, options) === 0;
    }
    if (placed) continue;
    for (let kind = 0; kind < kinds.length && !placed; kind++) {
      const kd = kinds[kind] as SheetKind;
      if ((usedKinds[kind] as number) >= kd.quantity) continue;
      const sheet: PackedSheet = { kind, shelves: [], used: 0, area: 0 };
      if (insert(sheet, kinds, items, item, flip, options) === 0) {
        sheets.push(sheet);
        usedKinds[kind] = (usedKinds[kind] as number) + 1;
        placed = true;
      }
    }
    if (!placed) return null;
  }
  return sheets;
}

function insert(
  sheet: PackedSheet,
  kinds: readonly SheetKind[],
  items: ItemSet,
  item: number,
  flip: Uint8Array,
  options: PackOptions,
  dryRun = false,
): number {
  const kind = kinds[sheet.kind] as SheetKind;
  const w0 = items.w[item] as number;
  const h0 = items.h[item] as number;
  const canRotate = items.rotate[item] === 1 && w0 !== h0;
  let bestScore = Number.POSITIVE_INFINITY;
  let bestShelf: Shelf | null = null;
  let bestColumn: Column | null = null;
  let bestRot = false;
  for (let o = 0; o < (canRotate ? 2 : 1); o++) {
    const w = o === 0 ? w0 : h0;
    const h = o === 0 ? h0 : w0;
    const lastShelf = sheet.shelves[sheet.shelves.length - 1];
    for (const shelf of sheet.shelves) {
      if (h > shelf.h) {
        // The last shelf of a sheet can grow taller: a new column there, waste under the others.
        if (
          options.grow === true &&
          shelf === lastShelf &&
          sheet.used + h - shelf.h <= kind.height &&
          shelf.used + w <= kind.width
        ) {
          const score = (h - shelf.h) * shelf.used + 1;
          if (score < bestScore) {
            bestScore = score;
            bestShelf = shelf;
            bestColumn = null;
            bestRot = o === 1;
          }
        }
        continue;
      }
      if (options.stacking) {
        const last = shelf.columns[shelf.columns.length - 1];
        for (const col of shelf.columns) {
          if (col.used + h > shelf.h) continue;
          if (w <= col.w) {
            const score = (col.w - w) * h;
            if (score < bestScore) {
              bestScore = score;
              bestShelf = shelf;
              bestColumn = col;
              bestRot = o === 1;
            }
          } else if (options.widen === true && col === last && shelf.used + w - col.w <= kind.width) {
            // The last column of a shelf can widen: the trim beside its pieces grows instead.
            const score = (w - col.w) * col.used + 0.5;
            if (score < bestScore) {
              bestScore = score;
              bestShelf = shelf;
              bestColumn = col;
              bestRot = o === 1;
            }
          }
        }
      }
      if (shelf.used + w <= kind.width) {
        const score = (shelf.h - h) * w + 1;
        if (score < bestScore) {
          bestScore = score;
          bestShelf = shelf;
          bestColumn = null;
          bestRot = o === 1;
        }
      }
    }
  }
  if (bestShelf && dryRun) return bestScore;
  if (bestShelf) {
    const w = bestRot ? h0 : w0;
    const h = bestRot ? w0 : h0;
    if (bestColumn) {
      if (w > bestColumn.w) {
        bestShelf.used += w - bestColumn.w;
        bestColumn.w = w;
      }
      bestColumn.items.push(item);
      bestColumn.rotated.push(bestRot);
      bestColumn.used += h;
    } else {
      if (h > bestShelf.h) {
        sheet.used += h - bestShelf.h;
        bestShelf.h = h;
      }
      bestShelf.columns.push({ x: bestShelf.used, w, used: h, items: [item], rotated: [bestRot] });
      bestShelf.used += w;
    }
    sheet.area += w0 * h0;
    return 0;
  }
  // New shelf, opened in the orientation the sequence asks for when it fits.
  const pref = canRotate && flip[item] === 1;
  for (const rot of canRotate ? [pref, !pref] : [false]) {
    const w = rot ? h0 : w0;
    const h = rot ? w0 : h0;
    if (w <= kind.width && sheet.used + h <= kind.height) {
      // A new shelf wastes its full width beside the piece: scored after any fitting column.
      if (dryRun) return (kind.width - w) * h + w * h * 0.5 + 1;
      sheet.shelves.push({
        y: sheet.used,
        h,
        used: w,
        columns: [{ x: 0, w, used: h, items: [item], rotated: [rot] }],
      });
      sheet.used += h;
      sheet.area += w0 * h0;
      return 0;
    }
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Fills one sheet of `kind` from `sequence`, skipping the pieces that no longer fit (for the
 * sheet-by-sheet construction: each sheet as full as possible, then the next).
 */
export function fillOneSheet(
  items: ItemSet,
  sequence: ArrayLike<number>,
  flip: Uint8Array,
  kinds: readonly SheetKind[],
  kind: number,
  options: PackOptions,
): PackedSheet {
  const sheet: PackedSheet = { kind, shelves: [], used: 0, area: 0 };
  const kd = kinds[kind] as SheetKind;
  const capacity = kd.width * kd.height;
  for (let s = 0; s < sequence.length; s++) {
    const item = sequence[s] as number;
    if (capacity - sheet.area < (items.w[item] as number) * (items.h[item] as number)) continue;
    insert(sheet, kinds, items, item, flip, options);
  }
  return sheet;
}
