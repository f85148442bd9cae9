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
  const st: State = {
    items,
    order,
    width,
    height,
    stacking,
    strips: [],
    usedHeight: 0,
    lost: 0,
    nodes: 0,
    nodeLimit,
    exhausted: false,
  };
  if (!place(st, 0, remaining)) return st.exhausted ? undefined : null;
  return toPacked(st.strips);
}

type State = {
  items: ItemSet;
  order: number[];
  width: number;
  height: number;
  stacking: boolean;
  strips: Strip[];
  usedHeight: number;
  /** area that can no longer hold a piece: beside narrower pieces inside their stacks */
  lost: number;
  nodes: number;
  nodeLimit: number;
  exhausted: boolean;
};

/** Places order[k..] (of total area `left`); true when all fit. Undoes its changes on failure. */
function place(st: State, k: number, left: number): boolean {
  if (k === st.order.length) return true;
  if (++st.nodes > st.nodeLimit) {
    st.exhausted = true;
    return false;
  }
  const { width, height, items } = st;
  if (left + st.lost > width * height) return false;
  const item = st.order[k] as number;
  const a = area(items, item);
  const w0 = items.w[item] as number;
  const h0 = items.h[item] as number;
  const orientations = items.rotate[item] === 1 && w0 !== h0 ? 2 : 1;
  for (let o = 0; o < orientations; o++) {
    const w = o === 0 ? w0 : h0;
    const h = o === 0 ? h0 : w0;
    const rot = o === 1;
    for (const strip of st.strips) {
      if (st.stacking) {
        for (const stack of strip.stacks) {
          const nw = stack.w > w ? stack.w : w;
          const nh = stack.h + h;
          const stripW = strip.w + nw - stack.w;
          const stripH = strip.h > nh ? strip.h : nh;
          if (stripW > width || st.usedHeight + stripH - strip.h > height) continue;
          const sw = stack.w;
          const sh = stack.h;
          const tw = strip.w;
          const th = strip.h;
          const used = st.usedHeight;
          const lost = st.lost;
          st.lost += nw * nh - sw * sh - a;
          stack.w = nw;
          stack.h = nh;
          stack.area += a;
          stack.items.push(item);
          stack.rotated.push(rot);
          strip.w = stripW;
          st.usedHeight += stripH - th;
          strip.h = stripH;
          if (place(st, k + 1, left - a)) return true;
          stack.items.pop();
          stack.rotated.pop();
          stack.area -= a;
          stack.w = sw;
          stack.h = sh;
          strip.w = tw;
          strip.h = th;
          st.usedHeight = used;
          st.lost = lost;
          if (st.exhausted) return false;
        }
      }
      const grown = strip.h > h ? strip.h : h;
      if (strip.w + w <= width && st.usedHeight + grown - strip.h <= height) {
        const th = strip.h;
        const used = st.usedHeight;
        strip.stacks.push({ w, h, area: a, items: [item], rotated: [rot] });
        strip.w += w;
        st.usedHeight += grown - th;
        strip.h = grown;
        if (place(st, k + 1, left - a)) return true;
        strip.stacks.pop();
        strip.w -= w;
        strip.h = th;
        st.usedHeight = used;
        if (st.exhausted) return false;
      }
    }
    if (w <= width && st.usedHeight + h <= height) {
      st.strips.push({ h, w, stacks: [{ w, h, area: a, items: [item], rotated: [rot] }] });
      st.usedHeight += h;
      if (place(st, k + 1, left - a)) return true;
      st.strips.pop();
      st.usedHeight -= h;
      if (st.exhausted) return false;
    }
  }
  return false;
}

function area(items: ItemSet, i: number): number {
  return (items.w[i] as number) * (items.h[i] as number);
}

function toPacked(strips: Strip[]): PackedSheet {
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
  return { kind: 0, shelves, used: y, area: total };
}
