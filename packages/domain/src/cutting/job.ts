// Cutting jobs in the app: the wire schema shared by server and web, the optimiser input built
// from a job, and the plain-text exports (CSV cut list, DXF drawing). Sizes are whole millimetres.
import { z } from 'zod';
import type { CutInput, CutResult, Layout1d, Layout2d } from './types.ts';

const mm = (max: number) =>
  z
    .number({ error: 'validation.numberInvalid' })
    .int('validation.numberInvalid')
    .min(0, 'validation.positive')
    .max(max, 'validation.tooLong');
const size = z
  .number({ error: 'validation.numberInvalid' })
  .int('validation.numberInvalid')
  .min(1, 'validation.positive')
  .max(100_000, 'validation.tooLong');
const ref = z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong');
const text = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();
const uuid = z.uuid('validation.invalid');

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
    .max(10_000, 'validation.tooLong'),
  rotate: z.boolean().optional().default(true),
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
  quantity: z.number().int('validation.numberInvalid').min(0, 'validation.positive').max(100_000).nullable(),
  remnant: z.boolean().optional().default(false),
});

export const cuttingJobInputSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
    kind: z.enum(CUTTING_KINDS),
    kerf: mm(50),
    /** 1D uses left as head trim and right as tail trim. */
    trim: z.object({ left: mm(1000), right: mm(1000), top: mm(1000), bottom: mm(1000) }),
    /** offcuts at least this long (1D) or this wide and high (2D) go back to stock as remnants */
    min_remnant_length: mm(100_000),
    min_remnant_width: mm(100_000),
    time_limit_ms: z.number().int().min(100).max(60_000).optional().default(3000),
    source_type: z.enum(['adhoc', 'work_order']).optional().default('adhoc'),
    source_id: uuid.nullable().optional(),
    /** A list made from a work order: the sheet/bar item its pieces are cut from (null = the lines' own W × H). */
    material_id: uuid.nullable().optional(),
    pieces: z.array(cuttingPieceSchema).min(1, 'validation.required').max(2000, 'validation.tooLong'),
    stock: z.array(cuttingStockSchema).min(1, 'validation.required').max(200, 'validation.tooLong'),
  })
  .superRefine((job, ctx) => {
    const need = job.kind === '1d' ? (['length'] as const) : (['width', 'height'] as const);
    const check = (
      list: { ref: string; length?: number; width?: number; height?: number }[],
      path: string,
    ) => {
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
  });

export type CuttingJobInput = z.output<typeof cuttingJobInputSchema>;
export type CuttingPiece = z.output<typeof cuttingPieceSchema>;
export type CuttingStock = z.output<typeof cuttingStockSchema>;

/** The optimiser input of a job (piece and stock ids are the job's refs). */
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
        length: p.length as number,
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
  const out: Remnant[] = [];
  if (plan.kind === '1d') {
    plan.layouts.forEach((l, i) => {
      for (const o of l.offcuts) {
        // The tail trim is waste, not part of a reusable offcut.
        const length = Math.min(o.length, l.length - job.trim.right - o.x);
        if (job.min_remnant_length > 0 && length >= job.min_remnant_length)
          out.push({ layout: i, stockRef: l.stockId, length, width: 0 });
      }
    });
    return out;
  }
  plan.layouts.forEach((l, i) => {
    for (const o of l.offcuts) {
      const long = Math.max(o.width, o.height);
      const short = Math.min(o.width, o.height);
      if (job.min_remnant_length > 0 && long >= job.min_remnant_length && short >= job.min_remnant_width)
        out.push({ layout: i, stockRef: l.stockId, length: long, width: short });
    }
  });
  return out;
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
    rows.push(['bar', 'stock', 'piece', 'label', 'order', 'x_mm', 'length_mm']);
    plan.layouts.forEach((l: Layout1d, i) => {
      for (const p of l.placements)
        rows.push([i + 1, l.stockId, p.pieceId, p.label, orderOf.get(p.pieceId), p.x, p.length]);
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
export function planToDxf(plan: CutResult): string {
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
        label(p.x + 5, y + 15, 12, `${p.pieceId} ${p.length}`);
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
