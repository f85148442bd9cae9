// Lower bounds for two-dimensional bin packing of rectangles into W x H sheets (sizes already
// include the kerf). Area bound and Martello–Vigo L2, with a variant that stays valid when pieces
// may rotate.

export type Rect = { w: number; h: number; rotate: boolean };

export function areaBound2d(items: readonly Rect[], width: number, height: number): number {
  let area = 0;
  for (const r of items) area += r.w * r.h;
  return Math.ceil(area / (width * height));
}

/** The orientations a piece can take. */
function orientations(r: Rect): [number, number][] {
  return r.rotate && r.w !== r.h
    ? [
        [r.w, r.h],
        [r.h, r.w],
      ]
    : [[r.w, r.h]];
}

/**
 * Martello–Vigo L2. For thresholds p <= W/2, q <= H/2: pieces that are more than half the sheet in
 * both directions (in every orientation they can take) need a sheet each; among them those larger
 * than W - p by H - q leave no room for pieces at least p wide and q high, so those "medium" pieces
 * must fit in the area left beside the others or open new sheets. With rotation a piece counts as
 * big / blocking / medium only if it is so in every orientation, which keeps the bound valid.
 */
export function l2Bound2d(items: readonly Rect[], width: number, height: number): number {
  let best = areaBound2d(items, width, height);
  const halfW = width / 2;
  const halfH = height / 2;
  const ps = new Set<number>([0]);
  const qs = new Set<number>([0]);
  for (const r of items) {
    for (const [w, h] of orientations(r)) {
      if (w <= halfW) ps.add(w);
      if (h <= halfH) qs.add(h);
    }
  }
  const sheet = width * height;
  const every = (r: Rect, test: (w: number, h: number) => boolean): boolean =>
    orientations(r).every(([w, h]) => test(w, h));
  const big = items.map((r) => every(r, (w, h) => w > halfW && h > halfH));
  for (const p of ps) {
    for (const q of qs) {
      let count = 0;
      let freeArea = 0;
      let mediumArea = 0;
      for (let i = 0; i < items.length; i++) {
        const r = items[i] as Rect;
        if (big[i]) {
          count++;
          const blocking = every(r, (w, h) => w > width - p && h > height - q);
          if (!blocking) freeArea += sheet - r.w * r.h;
        } else if (every(r, (w, h) => w >= p && h >= q && w <= halfW && h <= halfH)) {
          mediumArea += r.w * r.h;
        }
      }
      const extra = Math.max(0, Math.ceil((mediumArea - freeArea) / sheet));
      if (count + extra > best) best = count + extra;
    }
  }
  return Math.max(best, wideBound(items, width, height), wideBound(transpose(items), height, width));
}

function transpose(items: readonly Rect[]): Rect[] {
  return items.map((r) => ({ w: r.h, h: r.w, rotate: r.rotate }));
}

/**
 * Pieces wider than half the sheet (in every orientation) can never stand side by side, so their
 * heights form a one-dimensional packing into sheets of height H (Martello–Toth L2 on them).
 * With rotation the smallest height among the wide orientations is used.
 */
function wideBound(items: readonly Rect[], width: number, height: number): number {
  const hs: number[] = [];
  for (const r of items) {
    const os = orientations(r);
    if (os.every(([w]) => w > width / 2)) hs.push(Math.min(...os.map(([, h]) => h)));
  }
  if (hs.length === 0) return 0;
  const half = height / 2;
  let best = 0;
  const thresholds = new Set<number>([0, ...hs.filter((h) => h <= half)]);
  for (const a of thresholds) {
    let n1 = 0;
    let n2 = 0;
    let sum2 = 0;
    let sum3 = 0;
    for (const h of hs) {
      if (h > height - a) n1++;
      else if (h > half) {
        n2++;
        sum2 += h;
      } else if (h >= a) sum3 += h;
    }
    best = Math.max(best, n1 + n2 + Math.max(0, Math.ceil((sum3 - (n2 * height - sum2)) / height)));
  }
  return best;
}
