import { z } from 'zod';
import { wireDecimal as dec, wireDecimalOrNull as decN, uuidParam } from '../contracts.ts';

// The HTTP contract of /api/cutting: cutting jobs, their plans, usable stock and the defaults.

const int = z.number().int();
export const CUT_KINDS = ['1d', '2d'] as const;
export const CUTTING_JOB_STATUSES = ['draft', 'planned', 'confirmed', 'completed'] as const;
export const CUTTING_SOURCES = ['adhoc', 'work_order'] as const;

const placementSchema = z.object({
  pieceId: z.string(),
  label: z.string().optional(),
  x: int,
  y: int.optional(),
  length: int.optional(),
  width: int.optional(),
  height: int.optional(),
  rotated: z.boolean().optional(),
});
const layoutSchema = z.object({
  stockId: z.string(),
  length: int.optional(),
  width: int.optional(),
  height: int.optional(),
  placements: z.array(placementSchema),
  cuts: z.array(
    z.object({
      x: int.optional(),
      width: int.optional(),
      stage: int.optional(),
      x1: int.optional(),
      y1: int.optional(),
      x2: int.optional(),
      y2: int.optional(),
    }),
  ),
  offcuts: z.array(
    z.object({
      x: int,
      y: int.optional(),
      length: int.optional(),
      width: int.optional(),
      height: int.optional(),
    }),
  ),
  wastePercent: z.number(),
});
/** The optimiser's result as it travels (allow-list both ways; the plan checker checks the rest). */
export const cutResultSchema = z.object({
  kind: z.enum(CUT_KINDS),
  stockUsed: z.array(z.object({ stockId: z.string(), count: int })),
  layouts: z.array(layoutSchema).max(5000),
  lowerBound: int,
  wastePercent: z.number(),
  timeMs: z.number(),
  optimal: z.boolean(),
  distinctPatterns: int.optional(),
});

const figureFields = {
  total: int,
  pieces: int,
  offcuts: int,
  waste: int,
  wastePercent: z.string(),
  offcutPercent: z.string(),
  offcutMeasure: z.string(),
};
/** A plan's figures as the server computes them (`planFigures`), per sheet/bar and in total. */
export const planFiguresSchema = z.object({
  layouts: z.array(
    z.object({
      ...figureFields,
      kept: z.array(z.object({ index: int, length: int, width: int })),
    }),
  ),
  total: z.object(figureFields),
});

export const cuttingJobSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  kind: z.enum(CUT_KINDS),
  status: z.enum(CUTTING_JOB_STATUSES),
  source_type: z.enum(CUTTING_SOURCES),
  source_id: z.string().nullable(),
  stock_count: z.number().nullable(),
  lower_bound: z.number().nullable(),
  waste_percent: decN,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CuttingJobSummary = z.infer<typeof cuttingJobSummarySchema>;
export const cuttingJobPageSchema = z.object({ items: z.array(cuttingJobSummarySchema), total: z.number() });
export type CuttingJobPage = z.infer<typeof cuttingJobPageSchema>;
export const cuttingJobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  offset: z.coerce.number().int().min(0).optional().default(0),
  /** only the jobs made from this source (a work order) */
  source_id: z.uuid().optional(),
});

export const cuttingRemnantSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  parent_lot_id: z.string().nullable(),
  length_mm: z.number(),
  width_mm: z.number(),
  /** the item's base unit and the remnant in it (area in m², length in m, or 1 piece) */
  unit: z.string(),
  measure: decN,
});
export type CuttingRemnant = z.infer<typeof cuttingRemnantSchema>;
/** A job with its stored input (the cutting list, typed by `CuttingJobInput`) and plan. */
export const cuttingJobDetailSchema = cuttingJobSummarySchema.extend({
  input: z.any(),
  plan: cutResultSchema.nullable(),
  /** the server's figures of the plan (`planFigures`): pieces, offcuts kept as stock, waste */
  figures: planFiguresSchema.nullable(),
  remnants: z.array(cuttingRemnantSchema),
});

export const cuttingDefaultsOutSchema = z.object({
  kerf_2d: int,
  trim_2d: int,
  min_remnant_length_2d: int,
  min_remnant_width_2d: int,
  kerf_1d: int,
  trim_head_1d: int,
  trim_tail_1d: int,
  min_remnant_length_1d: int,
  bar_length_1d: int,
  weld_allowance_1d: int,
});

export const materialGroupSchema = z.object({
  material_id: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  kind: z.enum(CUT_KINDS),
  /** distinct pieces (rows of the cutting list) */
  lines: z.number(),
  /** pieces to cut in total */
  pieces: z.number(),
});
export type MaterialGroup = z.infer<typeof materialGroupSchema>;
export const workOrderMaterialsSchema = z.object({ groups: z.array(materialGroupSchema) });
export type WorkOrderMaterials = z.infer<typeof workOrderMaterialsSchema>;
export const fromWorkOrderBodySchema = z
  .object({
    /** the material group to cut; null = the lines' own W × H; omitted = the only group */
    material_id: uuidParam.nullable().optional(),
  })
  .nullish();
export const cuttingStockBodySchema = z.object({ stock: z.array(z.unknown()).max(200) });
export const optimiseBodySchema = z.object({ background: z.boolean().optional().default(false) }).nullish();
export const optimiseQueuedSchema = z.object({ job_id: z.string() });
export type OptimiseQueued = z.infer<typeof optimiseQueuedSchema>;

export const cuttingStockQuerySchema = z.object({
  kind: z.enum(CUT_KINDS),
  /** a list: its work order's reservations of the list's material count as free */
  job_id: z.uuid().optional(),
});
export const cuttingStockRowSchema = z.object({
  item_id: z.string(),
  sku: z.string(),
  name: z.string(),
  location_id: z.string(),
  location_code: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  length: z.number(),
  width: z.number().nullable(),
  /** whole pieces free to plan with (the inventory's free-stock rule, as confirmation checks) */
  quantity: z.number(),
  /** whole pieces on hand (of the remnant's own size, else the item's) */
  pieces_on_hand: z.number(),
  /** the item's base unit (m2, m, kom) and the balance in it */
  unit: z.string(),
  on_hand: dec,
  /** on hand − free: its own reservations and its share of lot-less ones */
  reserved: dec,
  remnant: z.boolean(),
  /** a remnant: the standard sheet/bar item it was cut from (through remnants of remnants); else null */
  material_id: z.string().nullable(),
});
export type CuttingStockRow = z.infer<typeof cuttingStockRowSchema>;
export const cuttingExportParamsSchema = z.object({ id: z.uuid(), format: z.enum(['pdf', 'csv', 'dxf']) });
