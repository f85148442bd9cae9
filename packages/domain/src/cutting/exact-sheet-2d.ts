// Exact check of whether a small set of pieces fits on one sheet as a 3-stage guillotine pattern
// (horizontal strips, stacks side by side in a strip, pieces on top of each other in a stack; a
// piece narrower than its stack is freed by a trim cut). Depth-first over where each piece goes:
// into an existing stack, as a new stack of an existing strip, or as a new strip, in each allowed
// orientation. Strips and stacks grow to their tallest / widest piece. Sizes include the kerf.
// A node budget keeps the call bounded: `undefined` means "not decided".
import type { ItemSet, PackedSheet } from './shelf-packer.ts';

type Stack = { w: number; h: number; area: number; items: number[]; rotated: boolean[] };
type Strip = { h: number; w: number; stacks: Stack[] };

export function exactSheetFit(
  items: ItemSet,
  set: readonly number[],
  width: number,
  height: number,
  nodeLimit: number,
  stacking = true,
): PackedSheet | null | undefined {
  const order = set.slice().sort((a, b) => area(items, b) - area(items, a) || b - a);
  let remaining = 0;
  for (const i of order) {
    remaining += area(items, i);
    const w = items.w[i] as number;
    const h = items.h[i] as number;
    const fits = (w <= width && h <= height) || (items.rotate[i] === 1 && h <= width && w <= height);
    if (!fits) return null;
  }
  if (remaining > width * height) return null;
  const strips: Strip[] = [];
  let usedHeight = 0;
  // Area that can no longer hold a piece: beside narrower pieces inside their stacks.
  let lost = 0;
  let nodes = 0;
  let exhausted = false;

  const place = (k: number, left: number): boolean => {
    if (k === order.length) return true;
    if (++nodes > nodeLimit) {
      exhausted = true;
      return false;
    }
    if (left + lost > width * height) return false;
    const item = order[k] as number;
    const a = area(items, item);
    const w0 = items.w[item] as number;
    const h0 = items.h[item] as number;
    const orientations = items.rotate[item] === 1 && w0 !== h0 ? 2 : 1;
    for (let o = 0; o < orientations; o++) {
      const w = o === 0 ? w0 : h0;
      const h = o === 0 ? h0 : w0;
      const rot = o === 1;
      for (const strip of strips) {
        for (const stack of stacking ? strip.stacks : []) {
          const nw = Math.max(stack.w, w);
          const nh = stack.h + h;
          const stripW = strip.w + nw - stack.w;
          const stripH = Math.max(strip.h, nh);
          if (stripW > width || usedHeight + stripH - strip.h > height) continue;
          const before = { sw: stack.w, sh: stack.h, tw: strip.w, th: strip.h, used: usedHeight, lost };
          lost += nw * nh - stack.w * stack.h - a;
          stack.w = nw;
          stack.h = nh;
          stack.area += a;
          stack.items.push(item);
          stack.rotated.push(rot);
          strip.w = stripW;
          usedHeight += stripH - strip.h;
          strip.h = stripH;
          if (place(k + 1, left - a)) return true;
          stack.items.pop();
          stack.rotated.pop();
          stack.area -= a;
          stack.w = before.sw;
          stack.h = before.sh;
          strip.w = before.tw;
          strip.h = before.th;
          usedHeight = before.used;
          lost = before.lost;
          if (exhausted) return false;
        }
        if (strip.w + w <= width && usedHeight + Math.max(strip.h, h) - strip.h <= height) {
          const before = { th: strip.h, used: usedHeight };
          strip.stacks.push({ w, h, area: a, items: [item], rotated: [rot] });
          strip.w += w;
          usedHeight += Math.max(strip.h, h) - strip.h;
          strip.h = Math.max(strip.h, h);
          if (place(k + 1, left - a)) return true;
          strip.stacks.pop();
          strip.w -= w;
          strip.h = before.th;
          usedHeight = before.used;
          if (exhausted) return false;
        }
      }
      if (w <= width && usedHeight + h <= height) {
        strips.push({ h, w, stacks: [{ w, h, area: a, items: [item], rotated: [rot] }] });
        usedHeight += h;
        if (place(k + 1, left - a)) return true;
        strips.pop();
        usedHeight -= h;
        if (exhausted) return false;
      }
    }
    return false;
  };

  if (!place(0, remaining)) return exhausted ? undefined : null;
  return toPacked(strips, items);
}

function area(items: ItemSet, i: number): number {
  return (items.w[i] as number) * (items.h[i] as number);
}

function toPacked(strips: Strip[], items: ItemSet): PackedSheet {
  let y = 0;
  let total = 0;
  const shelves = strips.map((strip) => {
    let x = 0;
    const columns = strip.stacks.map((s) => {
      const col = { x, w: s.w, used: s.h, items: s.items.slice(), rotated: s.rotated.slice() };
      x += s.w;
      total += s.area;
      return col;
    });
    const shelf = { y, h: strip.h, used: x, columns };
    y += strip.h;
    return shelf;
  });
  void items;
  return { kind: 0, shelves, used: y, area: total };
}
