// Shelf re-binning for the 2D optimiser (single stock size): the shelves (stage-1 strips) of a
// plan are a one-dimensional bin packing problem in the sheet height. First-fit-decreasing and the
// bin-completion search of the 1D optimiser pack them into as few sheets as they can; the strips
// themselves stay as they are, so every sheet is still a 3-stage guillotine pattern.
// With a square sheet, a strip of the other first-cut direction joins after turning it (all its
// pieces rotate), when every piece in it may rotate.
import { binCompletion } from './bin-completion.ts';
import type { Rng } from './prng.ts';
import type { ItemSet, PackedSheet, Shelf } from './shelf-packer.ts';

type Strip = { shelf: Shelf; area: number };

export type RebinContext = {
  /** usable sheet height in the normal direction and in the transposed one (= usable width) */
  heights: [number, number];
  /** the sheet is square: strips can change first-cut direction */
  square: boolean;
  /** items in the non-transposed direction (rotate flags) */
  items: ItemSet;
  areaOf: ArrayLike<number>;
  rng: Rng;
  deadline: number;
  now: () => number;
};

export function rebinShelves(
  sheets: { packed: PackedSheet; transposed: boolean }[],
  ctx: RebinContext,
): { packed: PackedSheet; transposed: boolean }[] | null {
  const groups: Strip[][] = [[], []];
  for (const s of sheets) {
    for (const shelf of s.packed.shelves) {
      let area = 0;
      let turnable = true;
      for (const col of shelf.columns)
        col.items.forEach((i, k) => {
          area += ctx.areaOf[i] as number;
          if (col.rotated[k] !== true && ctx.items.rotate[i] !== 1) turnable = false;
        });
      if (area === 0) continue;
      if (s.transposed && ctx.square && turnable) {
        const turned: Shelf = {
          ...shelf,
          columns: shelf.columns.map((c) => ({
            ...c,
            items: c.items.slice(),
            rotated: c.rotated.map((r) => !r),
          })),
        };
        (groups[0] as Strip[]).push({ shelf: turned, area });
      } else (groups[s.transposed ? 1 : 0] as Strip[]).push({ shelf, area });
    }
  }
  const out: { packed: PackedSheet; transposed: boolean }[] = [];
  for (let g = 0; g < 2; g++) {
    const strips = groups[g] as Strip[];
    if (strips.length === 0) continue;
    const bins = pack1d(strips, ctx.heights[g] as number, ctx);
    for (const bin of bins) {
      let y = 0;
      let area = 0;
      const shelves: Shelf[] = [];
      for (const st of bin) {
        shelves.push({ ...st.shelf, y });
        y += st.shelf.h;
        area += st.area;
      }
      out.push({ packed: { kind: 0, shelves, used: y, area }, transposed: g === 1 });
    }
  }
  return out.length < sheets.length ? out : null;
}

/** Strips into bins of height H: first-fit decreasing, then bin completion at the area bound. */
function pack1d(strips: Strip[], H: number, ctx: RebinContext): Strip[][] {
  const sorted = strips.slice().sort((a, b) => b.shelf.h - a.shelf.h || b.area - a.area);
  const ffd: { used: number; strips: Strip[] }[] = [];
  for (const st of sorted) {
    let bin = ffd.find((b) => b.used + st.shelf.h <= H);
    if (!bin) {
      bin = { used: 0, strips: [] };
      ffd.push(bin);
    }
    bin.used += st.shelf.h;
    bin.strips.push(st);
  }
  const total = strips.reduce((a, s) => a + s.shelf.h, 0);
  const bound = Math.ceil(total / H);
  if (ffd.length <= bound) return ffd.map((b) => b.strips);
  const sizes: number[] = [];
  const counts: number[] = [];
  const bySize = new Map<number, Strip[]>();
  for (const st of sorted) {
    const list = bySize.get(st.shelf.h);
    if (list) list.push(st);
    else {
      bySize.set(st.shelf.h, [st]);
      sizes.push(st.shelf.h);
    }
  }
  for (const s of sizes) counts.push((bySize.get(s) as Strip[]).length);
  const result = binCompletion(
    { sizes, counts, capacity: H, bins: ffd.length - 1 },
    ctx.rng,
    ctx.deadline,
    ctx.now,
    () => false,
  );
  if (!result) return ffd.map((b) => b.strips);
  const queues = sizes.map((s) => (bySize.get(s) as Strip[]).slice());
  return result.map((c) => {
    const bin: Strip[] = [];
    c.forEach((k, t) => {
      for (let q = 0; q < k; q++) bin.push((queues[t] as Strip[]).shift() as Strip);
    });
    return bin;
  });
}
