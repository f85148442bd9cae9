import type { CuttingJobInput } from './job.ts';
import type { CutResult, Layout1d, Layout2d } from './types.ts';

// What a plan takes from stock, per sheet/bar and in total: the pieces, the offcuts that go back
// to stock as remnants (reusable: at least the job's smallest remnant size) and the waste, which is
// everything else. Waste % counts only the waste, so a plan that keeps a 3180 × 960 offcut does
// not read as wasteful; the offcut's share is its own figure. Sizes are whole millimetres, so the
// areas (mm², bars: mm) are exact integers and the percentages are rounded from exact ratios.

/** An offcut kept as stock: its index in the layout's `offcuts`, its size (long side first). */
export type KeptOffcut = { index: number; length: number; width: number };

export type LayoutFigures = {
  /** sheet area in mm² (bars: length in mm) */
  total: number;
  pieces: number;
  /** the reusable offcuts kept as stock */
  offcuts: number;
  /** total − pieces − offcuts: trims, saw cuts and offcuts too small to keep */
  waste: number;
  /** waste / total, percent with two decimals ("6.00") */
  wastePercent: string;
  /** offcuts / total, percent with two decimals */
  offcutPercent: string;
  /** the offcut area in m² (bars: length in m), three decimals */
  offcutMeasure: string;
  kept: KeptOffcut[];
};

export type PlanFigures = {
  layouts: LayoutFigures[];
  total: Omit<LayoutFigures, 'kept'>;
};

/** n / d as a percentage rounded half up to two decimals, computed on integers ("37.84"). */
export function sharePercent(n: number, d: number): string {
  if (d <= 0) return '0.00';
  const hundredths = (BigInt(n) * 20000n + BigInt(d)) / (2n * BigInt(d));
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** mm² → m² (or mm → m for bars), rounded half up to three decimals. */
function measureOf(value: number, kind: '1d' | '2d'): string {
  const per = kind === '2d' ? 1_000_000n : 1000n;
  const thousandths = (BigInt(value) * 2000n + per) / (2n * per);
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}

/**
 * The offcuts of one layout that go back to stock: as long (2D: and wide) as the job's smallest
 * remnant, inside the trimmed sheet/bar and clear of every piece (an offcut the plan claims over a
 * piece or the trim is not stock). A bar's offcut ends where the tail trim starts.
 */
export function keptOffcuts(job: CuttingJobInput, layout: Layout1d | Layout2d): KeptOffcut[] {
  const out: KeptOffcut[] = [];
  if (job.min_remnant_length <= 0) return out;
  if ('length' in layout) {
    const end = layout.length - job.trim.right;
    layout.offcuts.forEach((o, index) => {
      const length = Math.min(o.length, end - o.x);
      const clear = layout.placements.every((p) => p.x + p.length <= o.x || p.x >= o.x + length);
      if (o.x >= job.trim.left && clear && length >= job.min_remnant_length)
        out.push({ index, length, width: 0 });
    });
    return out;
  }
  const { left, right, top, bottom } = job.trim;
  layout.offcuts.forEach((o, index) => {
    const inside =
      o.x >= left &&
      o.y >= top &&
      o.x + o.width <= layout.width - right &&
      o.y + o.height <= layout.height - bottom;
    const clear = layout.placements.every(
      (p) => p.x + p.width <= o.x || p.x >= o.x + o.width || p.y + p.height <= o.y || p.y >= o.y + o.height,
    );
    const length = Math.max(o.width, o.height);
    const width = Math.min(o.width, o.height);
    if (inside && clear && length >= job.min_remnant_length && width >= job.min_remnant_width)
      out.push({ index, length, width });
  });
  return out;
}

function figuresOf(
  kind: '1d' | '2d',
  total: number,
  pieces: number,
  offcuts: number,
): Omit<LayoutFigures, 'kept'> {
  const waste = total - pieces - offcuts;
  return {
    total,
    pieces,
    offcuts,
    waste,
    wastePercent: sharePercent(waste, total),
    offcutPercent: sharePercent(offcuts, total),
    offcutMeasure: measureOf(offcuts, kind),
  };
}

/** Pieces, kept offcuts and waste of every sheet/bar of a plan and of the whole plan. */
export function planFigures(job: CuttingJobInput, plan: CutResult): PlanFigures {
  const layouts = plan.layouts.map((layout): LayoutFigures => {
    const kept = keptOffcuts(job, layout);
    let total: number;
    let pieces = 0;
    let offcuts = 0;
    if ('length' in layout) {
      total = layout.length;
      for (const p of layout.placements) pieces += p.length;
      for (const k of kept) offcuts += k.length;
    } else {
      total = layout.width * layout.height;
      for (const p of layout.placements) pieces += p.width * p.height;
      for (const k of kept) offcuts += k.length * k.width;
    }
    return { ...figuresOf(plan.kind, total, pieces, offcuts), kept };
  });
  const sum = (f: (l: LayoutFigures) => number) => layouts.reduce((a, l) => a + f(l), 0);
  return {
    layouts,
    total: figuresOf(
      plan.kind,
      sum((l) => l.total),
      sum((l) => l.pieces),
      sum((l) => l.offcuts),
    ),
  };
}
