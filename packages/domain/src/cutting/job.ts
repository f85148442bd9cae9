// Cutting jobs in the app: the wire schema shared by server and web, the optimiser input built
// from a job, and the plain-text exports (CSV cut list, DXF drawing). Sizes are whole millimetres.
import { z } from 'zod';
import { keptOffcuts } from './plan-figures.ts';
import type { CutInput, CutResult, Layout1d, Layout2d } from './types.ts';

const mm = (max: number) =>
  z
    .number({ error: 'validation.numberInvalid' })
    .int('validation.numberInvalid')
    .min(0, 'validation.positive')
    .max(max, 'validation.numberTooLarge');
const size = z
  .number({ error: 'validation.numberInvalid' })
  .int('validation.numberInvalid')
  .min(1, 'validation.positive')
  .max(100_000, 'validation.numberTooLarge');
const ref = z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong');
const text = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();
const uuid = z.uuid('validation.invalid');

/** Saw angles of a bar piece's end: square or mitre. */
export const CUT_ANGLES = [90, 45] as const;
export type CutAngle = (typeof CUT_ANGLES)[number];
const cutAngle = z.literal(CUT_ANGLES, { error: 'validation.cutAngleInvalid' });

export const CUTTING_KINDS = ['1d', '2d'] as const;
export const CUTTING_STATUSES = ['draft', 'planned', 'confirmed', 'completed'] as const;
export type CuttingStatus = (typeof CUTTING_STATUSES)[number];

export const cuttingPieceSchema = z.object({
  ref,
  label: text(80),
  order_ref: text(40),
  length: size.optional(),
  width: size.optional(),
  height: size.optional(),
  quantity: z
    .number()
    .int('validation.numberInvalid')
    .min(1, 'validation.positive')
    .max(10_000, 'validation.numberTooLarge'),
  rotate: z.boolean().optional().default(true),
  /**
   * 1D only: the saw angle at each end of the bar piece, 90 (square) or 45 (mitre: frame and sash
   * pieces of a window). Omitted = 90. `length` is the piece's outer (longest) length; a mitred end
   * adds the job's `weld_allowance` (see `pieceCutLength`).
   */
  angle_start: cutAngle.optional(),
  angle_end: cutAngle.optional(),
});

export const cuttingStockSchema = z.object({
  ref,
  label: text(120),
  item_id: uuid.nullable().optional(),
  lot_id: uuid.nullable().optional(),
  location_id: uuid.nullable().optional(),
  length: size.optional(),
  width: size.optional(),
  height: size.optional(),
  /** null = as many as needed */
  quantity: z
    .number()
    .int('validation.numberInvalid')
    .min(0, 'validation.positive')
    .max(100_000, 'validation.numberTooLarge')
    .nullable(),
  remnant: z.boolean().optional().default(false),
});

const jobFields = {
  name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  kind: z.enum(CUTTING_KINDS),
  kerf: mm(50),
  /** 1D uses left as head trim and right as tail trim. */
  trim: z.object({ left: mm(1000), right: mm(1000), top: mm(1000), bottom: mm(1000) }),
  /** offcuts at least this long (1D) or this wide and high (2D) go back to stock as remnants */
  min_remnant_length: mm(100_000),
  min_remnant_width: mm(100_000),
  /**
   * 1D: millimetres added to a piece's cut length for each mitred (45°) end, the weld allowance
   * of PVC profiles (burnt off when the corner is welded); 0 = mitres are not welded (e.g.
   * aluminium with corner cleats). Omitted = 0.
   */
  weld_allowance: mm(50).optional().default(0),
  time_limit_ms: z.number().int().min(100).max(60_000).optional().default(3000),
  source_type: z.enum(['adhoc', 'work_order']).optional().default('adhoc'),
  source_id: uuid.nullable().optional(),
  /** A list made from a work order: the sheet/bar item its pieces are cut from (null = the lines' own W × H). */
  material_id: uuid.nullable().optional(),
  pieces: z.array(cuttingPieceSchema).min(1, 'validation.required').max(2000, 'validation.tooManyItems'),
  stock: z.array(cuttingStockSchema).min(1, 'validation.required').max(200, 'validation.tooManyItems'),
};

type JobShape = {
  kind: '1d' | '2d';
  pieces: {
    ref: string;
    length?: number;
    width?: number;
    height?: number;
    angle_start?: number;
    angle_end?: number;
  }[];
  stock: { ref: string; length?: number; width?: number; height?: number }[];
};

function checkJob(job: JobShape, ctx: z.RefinementCtx) {
  // Cut angles belong to bar pieces; a sheet piece with one is a mistake, not something to drop.
  if (job.kind === '2d')
    job.pieces.forEach((p, i) => {
      for (const f of ['angle_start', 'angle_end'] as const)
        if (p[f] !== undefined)
          ctx.addIssue({ code: 'custom', path: ['pieces', i, f], message: 'validation.cutAngleInvalid' });
    });
  const need = job.kind === '1d' ? (['length'] as const) : (['width', 'height'] as const);
  const check = (list: { ref: string; length?: number; width?: number; height?: number }[], path: string) => {
    const seen = new Set<string>();
    list.forEach((row, i) => {
      if (seen.has(row.ref))
        ctx.addIssue({ code: 'custom', path: [path, i, 'ref'], message: 'validation.duplicate' });
      seen.add(row.ref);
      for (const f of need)
        if (row[f] === undefined)
          ctx.addIssue({ code: 'custom', path: [path, i, f], message: 'validation.required' });
    });
  };
  check(job.pieces, 'pieces');
  check(job.stock, 'stock');
}

export const cuttingJobInputSchema = z.object(jobFields).superRefine(checkJob);

/**
 * A new list as the API takes it: kerf, trim, remnant minimums and weld allowance may be left out,
 * and then come from the company's cutting defaults (`jobSettingsFromDefaults`).
 */
export const cuttingJobCreateSchema = z
  .object({
    ...jobFields,
    kerf: jobFields.kerf.optional(),
    trim: jobFields.trim.optional(),
    min_remnant_length: jobFields.min_remnant_length.optional(),
    min_remnant_width: jobFields.min_remnant_width.optional(),
    weld_allowance: mm(50).optional(),
  })
  .superRefine(checkJob);
export type CuttingJobCreate = z.output<typeof cuttingJobCreateSchema>;

export type CuttingJobInput = z.output<typeof cuttingJobInputSchema>;
export type CuttingPiece = z.output<typeof cuttingPieceSchema>;
export type CuttingStock = z.output<typeof cuttingStockSchema>;

/** Mitred (45°) ends of a piece: 0, 1 or 2 (a missing angle is square). */
export function mitredEnds(piece: { angle_start?: number; angle_end?: number }): number {
  return (piece.angle_start === 45 ? 1 : 0) + (piece.angle_end === 45 ? 1 : 0);
}

/**
 * The length of a bar piece the optimiser lays on the bar: its outer length plus the weld
 * allowance once per mitred end (1000 mm, 45°/45°, 3 mm → 1006 mm). Kerf comes on top, between
 * pieces, as for square cuts.
 */
export function pieceCutLength(
  piece: { length?: number; angle_start?: number; angle_end?: number },
  weldAllowance: number | undefined,
): number {
  return (piece.length as number) + (weldAllowance ?? 0) * mitredEnds(piece);
}

/** "45°/90°" for a bar piece (square ends included), for labels and lists. */
export function angleText(piece: { angle_start?: number; angle_end?: number }): string {
  return `${piece.angle_start ?? 90}°/${piece.angle_end ?? 90}°`;
}

/** The optimiser input of a job (piece and stock ids are the job's refs; bar pieces at their cut length). */
export function jobToCutInput(job: CuttingJobInput, seed = 1): CutInput {
  const stock = job.stock.filter((s) => s.quantity === null || s.quantity > 0);
  if (job.kind === '1d') {
    return {
      kind: '1d',
      kerf: job.kerf,
      trim: { head: job.trim.left, tail: job.trim.right },
      stock: stock.map((s) => ({
        id: s.ref,
        length: s.length as number,
        quantity: s.quantity,
        remnant: s.remnant,
      })),
      pieces: job.pieces.map((p) => ({
        id: p.ref,
        length: pieceCutLength(p, job.weld_allowance),
        quantity: p.quantity,
        ...(p.label ? { label: p.label } : {}),
      })),
      timeLimitMs: job.time_limit_ms,
      seed,
    };
  }
  return {
    kind: '2d',
    kerf: job.kerf,
    trim: job.trim,
    stageLimit: 3,
    stock: stock.map((s) => ({
      id: s.ref,
      width: s.width as number,
      height: s.height as number,
      quantity: s.quantity,
      remnant: s.remnant,
    })),
    pieces: job.pieces.map((p) => ({
      id: p.ref,
      width: p.width as number,
      height: p.height as number,
      quantity: p.quantity,
      rotate: p.rotate,
      ...(p.label ? { label: p.label } : {}),
    })),
    timeLimitMs: job.time_limit_ms,
    seed,
  };
}

/** Offcuts of a plan large enough to go back to stock, with the layout they come from. */
export type Remnant = { layout: number; stockRef: string; length: number; width: number };

export function remnantsOf(job: CuttingJobInput, plan: CutResult): Remnant[] {
  // The offcuts the plan's figures count as stock (plan-figures.ts), so what the screen and the
  // PDF call "Ostatak → skladište" is exactly what completion receives into inventory.
  return plan.layouts.flatMap((l, i) =>
    keptOffcuts(job, l).map((k) => ({ layout: i, stockRef: l.stockId, length: k.length, width: k.width })),
  );
}

const csvCell = (v: string | number | boolean | undefined): string => {
  const s = v === undefined ? '' : String(v);
  // Quote when needed; a leading formula character is neutralised for spreadsheet safety.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",;\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Cut list: one row per placed piece, in cutting order. */
export function planToCsv(job: CuttingJobInput, plan: CutResult): string {
  const orderOf = new Map(job.pieces.map((p) => [p.ref, p.order_ref ?? '']));
  const rows: (string | number | boolean | undefined)[][] = [];
  if (plan.kind === '1d') {
    // length_mm is what is cut (outer length + weld allowance per mitred end); outer_length_mm the
    // piece's own length; the angles are the saw settings of its two ends.
    const pieceOf = new Map(job.pieces.map((p) => [p.ref, p]));
    rows.push([
      'bar',
      'stock',
      'piece',
      'label',
      'order',
      'x_mm',
      'length_mm',
      'outer_length_mm',
      'angle_start',
      'angle_end',
    ]);
    plan.layouts.forEach((l: Layout1d, i) => {
      for (const p of l.placements) {
        const piece = pieceOf.get(p.pieceId);
        rows.push([
          i + 1,
          l.stockId,
          p.pieceId,
          p.label,
          orderOf.get(p.pieceId),
          p.x,
          p.length,
          piece?.length,
          piece?.angle_start ?? 90,
          piece?.angle_end ?? 90,
        ]);
      }
    });
  } else {
    rows.push([
      'sheet',
      'stock',
      'piece',
      'label',
      'order',
      'x_mm',
      'y_mm',
      'width_mm',
      'height_mm',
      'rotated',
    ]);
    plan.layouts.forEach((l: Layout2d, i) => {
      for (const p of l.placements)
        rows.push([
          i + 1,
          l.stockId,
          p.pieceId,
          p.label,
          orderOf.get(p.pieceId),
          p.x,
          p.y,
          p.width,
          p.height,
          p.rotated,
        ]);
    });
  }
  return `${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/**
 * DXF (R12 ASCII) of every layout side by side: layers SHEET (stock outline), PARTS (piece
 * outlines), CUTS (saw lines), LABELS (piece ids). Y grows upwards in DXF, so rows are flipped.
 */
export function planToDxf(plan: CutResult, job?: CuttingJobInput): string {
  // Bar pieces: the label names the end angles too ("F1 1006 45/45").
  const anglesOf = new Map(
    (job?.pieces ?? []).map((p) => [p.ref, `${p.angle_start ?? 90}/${p.angle_end ?? 90}`]),
  );
  const out: string[] = [];
  const pair = (code: number, value: string | number): void => {
    out.push(String(code), typeof value === 'number' ? fmt(value) : value);
  };
  const layers = ['SHEET', 'PARTS', 'CUTS', 'LABELS'];
  const colours = [7, 3, 1, 5];
  pair(0, 'SECTION');
  pair(2, 'HEADER');
  pair(9, '$INSUNITS');
  pair(70, 4);
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'TABLES');
  pair(0, 'TABLE');
  pair(2, 'LAYER');
  pair(70, layers.length);
  layers.forEach((name, i) => {
    pair(0, 'LAYER');
    pair(2, name);
    pair(70, 0);
    pair(62, colours[i] as number);
    pair(6, 'CONTINUOUS');
  });
  pair(0, 'ENDTAB');
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'ENTITIES');
  const line = (layer: string, x1: number, y1: number, x2: number, y2: number): void => {
    pair(0, 'LINE');
    pair(8, layer);
    pair(10, x1);
    pair(20, y1);
    pair(30, 0);
    pair(11, x2);
    pair(21, y2);
    pair(31, 0);
  };
  const rect = (layer: string, x: number, y: number, w: number, h: number): void => {
    line(layer, x, y, x + w, y);
    line(layer, x + w, y, x + w, y + h);
    line(layer, x + w, y + h, x, y + h);
    line(layer, x, y + h, x, y);
  };
  const label = (x: number, y: number, height: number, value: string): void => {
    pair(0, 'TEXT');
    pair(8, 'LABELS');
    pair(10, x);
    pair(20, y);
    pair(30, 0);
    pair(40, height);
    pair(1, value.replace(/[\r\n]/g, ' '));
  };
  let offset = 0;
  if (plan.kind === '1d') {
    // Bars are stacked downwards, 100 mm apart.
    plan.layouts.forEach((l, i) => {
      const y = -i * 100;
      rect('SHEET', 0, y, l.length, 40);
      for (const p of l.placements) {
        rect('PARTS', p.x, y, p.length, 40);
        const angles = anglesOf.get(p.pieceId);
        label(p.x + 5, y + 15, 12, `${p.pieceId} ${p.length}${angles ? ` ${angles}` : ''}`);
      }
      for (const c of l.cuts) line('CUTS', c.x, y - 5, c.x, y + 45);
    });
  } else {
    for (const l of plan.layouts) {
      const flip = (y: number): number => l.height - y;
      rect('SHEET', offset, 0, l.width, l.height);
      for (const p of l.placements) {
        rect('PARTS', offset + p.x, flip(p.y + p.height), p.width, p.height);
        const h = Math.max(5, Math.min(40, p.height / 5, p.width / 8));
        label(offset + p.x + h / 2, flip(p.y + p.height) + h / 2, h, `${p.pieceId} ${p.width}x${p.height}`);
      }
      for (const c of l.cuts) line('CUTS', offset + c.x1, flip(c.y1), offset + c.x2, flip(c.y2));
      offset += l.width + 200;
    }
  }
  pair(0, 'ENDSEC');
  pair(0, 'EOF');
  return `${out.join('\r\n')}\r\n`;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3);
}

/** Utilisation summary shown next to a plan (percent values rounded to 0.01). */
export function planSummary(plan: CutResult): {
  stockCount: number;
  lowerBound: number;
  wastePercent: number;
} {
  return { stockCount: plan.layouts.length, lowerBound: plan.lowerBound, wastePercent: plan.wastePercent };
}
