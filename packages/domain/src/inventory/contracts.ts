import { z } from 'zod';
import { wireDecimal as dec, wireDecimalOrNull as decN, importIssueSchema, uuidParam } from '../contracts.ts';
import { GLASS_KINDS, PRICE_BASES } from '../pricing/measure-pricing.ts';
import { ITEM_KINDS, LOT_STRATEGIES, stockQuantity, unitConversionSchema } from './schemas.ts';

// The HTTP contract of /api/inventory: what the routes validate and serialise, what the repos
// return and what the web reads. Request bodies that are also forms live in schemas.ts.

export const unitSchema = z.object({ code: z.string(), name: z.string() });
export type Unit = z.infer<typeof unitSchema>;

export const inventoryItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.enum(ITEM_KINDS),
  base_unit: z.string(),
  length_mm: decN,
  width_mm: decN,
  thickness_mm: decN,
  lot_tracked: z.boolean(),
  reorder_point: decN,
  reorder_qty: decN,
  default_supplier_id: z.string().nullable(),
  purchase_price: decN,
  sales_price: decN,
  vat_rate: dec,
  kpd_code: z.string().nullable(),
  vat_exemption: z.string().nullable(),
  price_basis: z.enum(PRICE_BASES),
  glass_kind: z.enum(GLASS_KINDS).nullable(),
  min_charge: decN,
  /** A grained sheet: pieces cut from it never rotate. */
  grain: z.boolean(),
  active: z.boolean(),
  image_file_id: z.string().nullable(),
  on_hand: dec,
  reserved: dec,
  available: dec,
  on_order: dec,
  avg_cost: dec,
  /** sheets/bars (item with a size, unit m², m or a count): whole pieces and remnants on hand */
  pieces_on_hand: z.number().nullable().optional(),
  remnants_on_hand: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** Sheets/bars: whole pieces in a balance and the size of one (a remnant lot's own size). */
const pieceFields = {
  pieces: z.number().nullable().optional(),
  remnant: z.boolean().optional(),
  piece_length_mm: decN.optional(),
  piece_width_mm: decN.optional(),
};

export const stockBalanceSchema = z.object({
  location_id: z.string(),
  location_code: z.string(),
  location_name: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  expires_on: z.string().nullable(),
  quantity: dec,
  value: dec,
  ...pieceFields,
});
export type StockBalance = z.infer<typeof stockBalanceSchema>;

export const unitConversionRowSchema = z.object({ unit: z.string(), factor: dec, purchase: z.boolean() });
export const itemDetailSchema = z.object({
  item: inventoryItemSchema,
  balances: z.array(stockBalanceSchema),
  conversions: z.array(unitConversionRowSchema),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;
export const itemPageSchema = z.object({ items: z.array(inventoryItemSchema), total: z.number() });
export type ItemPage = z.infer<typeof itemPageSchema>;
export const conversionsBodySchema = z.object({
  conversions: z
    .array(unitConversionSchema)
    .max(20, 'validation.tooManyItems')
    .refine((list) => list.filter((c) => c.purchase).length <= 1, 'validation.purchaseUnitRepeated'),
});

export const stockLocationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  parent_id: z.string().nullable(),
  active: z.boolean(),
  quantity: dec,
  value: dec,
  item_count: z.number(),
  /** The location and every place under it (a warehouse and its shelves). */
  total_value: dec,
  total_item_count: z.number(),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;
export const locationStockSchema = z.object({
  item_id: z.string(),
  sku: z.string(),
  name: z.string(),
  base_unit: z.string(),
  /** The location itself or a place under it. */
  location_id: z.string(),
  location_code: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  quantity: dec,
  avg_cost: dec,
  value: dec,
  ...pieceFields,
});
export type LocationStock = z.infer<typeof locationStockSchema>;
export const locationDetailSchema = z.object({
  location: stockLocationSchema,
  stock: z.array(locationStockSchema),
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

export const stockMovementSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  line_no: z.number(),
  type: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  location_id: z.string(),
  location_code: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  quantity: dec,
  unit_cost: dec,
  reverses_movement_id: z.string().nullable(),
  reference: z.string().nullable(),
  document_type: z.string(),
  reversed: z.boolean(),
  /** Why it was issued, moved or adjusted by hand (STOCK_REASONS) and the document's note. */
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** The business day of the document (a receipt's received date). */
  document_date: z.string(),
  source_type: z.string().nullable(),
  source_id: z.string().nullable(),
  /** The other area's document that made the movement: reversed only through it. */
  owner_kind: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_number: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockDocumentSchema = z.object({
  id: z.string(),
  type: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  document_date: z.string(),
  owner_kind: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_number: z.string().nullable(),
  reverses_document_id: z.string().nullable(),
  reversed_by: z.string().nullable(),
  source_type: z.string().nullable(),
  source_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(stockMovementSchema),
});
export type StockDocument = z.infer<typeof stockDocumentSchema>;

export const lotSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  lot_number: z.string(),
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable().optional(),
  received_on: z.string(),
  expires_on: z.string().nullable(),
  quantity: dec,
  /** a remnant of a cut sheet/bar: its own size and the lot it was cut from */
  remnant: z.boolean().optional(),
  length_mm: decN.optional(),
  width_mm: decN.optional(),
  parent_lot_id: z.string().nullable().optional(),
  parent_lot_number: z.string().nullable().optional(),
  base_unit: z.string().optional(),
  /** sheets/bars: whole pieces in the lot; null for other items */
  pieces: z.number().nullable().optional(),
});
export type Lot = z.infer<typeof lotSchema>;
export const lotTraceSchema = z.object({
  lot_id: z.string(),
  depth: z.number(),
  lot_number: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
});
export type LotTrace = z.infer<typeof lotTraceSchema>;
export const lotDetailSchema = z.object({
  lot: lotSchema,
  movements: z.array(stockMovementSchema),
  produced_into: z.array(lotTraceSchema),
  made_from: z.array(lotTraceSchema),
});
export type LotDetail = z.infer<typeof lotDetailSchema>;
export const lotListQuerySchema = z.object({
  item_id: uuidParam.optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(200),
  offset: z.coerce.number().int().min(0).optional().default(0),
});
export const lotLinkInputSchema = z.object({
  consumed_lot_id: uuidParam,
  produced_lot_id: uuidParam,
  quantity: stockQuantity,
  source_type: z.string().max(40).nullable().optional(),
  source_id: uuidParam.nullable().optional(),
});

export const lowStockItemSchema = inventoryItemSchema.extend({
  on_draft: dec,
  draft_order_id: z.string().nullable(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const reservationSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  base_unit: z.string(),
  location_id: z.string().nullable(),
  location_code: z.string().nullable(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  quantity: dec,
  status: z.string(),
  source_type: z.string().nullable(),
  source_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListQuerySchema = z.object({
  item_id: uuidParam.optional(),
  location_id: uuidParam.optional(),
  status: z.enum(['active', 'released', 'consumed']).optional(),
});

export const itemImportResultSchema = z.object({
  valid: z.boolean(),
  committed: z.boolean(),
  total: z.number(),
  created: z.number(),
  stock_lines: z.number(),
  document_id: z.string().nullable(),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  file_errors: z.array(importIssueSchema),
  rows: z.array(
    z.object({
      line: z.number(),
      sku: z.string(),
      name: z.string(),
      location: z.string().nullable(),
      quantity: z.string().nullable(),
      /** The row as understood, per field (API values: `material`, `true`, `12.50`, `2027-12-31`). */
      values: z.record(z.string(), z.string()),
      errors: z.array(importIssueSchema),
    }),
  ),
});
export type ItemImportResult = z.infer<typeof itemImportResultSchema>;
/** `?commit=true` writes every row or none; otherwise the file is only checked. */
export const importCommitQuerySchema = z.object({ commit: z.enum(['true', 'false']).default('false') });

// Stock counts (inventura)
export const stockCountSchema = z.object({
  id: z.string(),
  location_id: z.string(),
  location_code: z.string(),
  location_name: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  document_id: z.string().nullable(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
  line_count: z.number(),
});
export type StockCount = z.infer<typeof stockCountSchema>;
export const stockCountLineSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  base_unit: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  /** Book quantity when the sheet was opened, the line added or reset for a re-count. */
  expected_qty: dec,
  counted_qty: decN,
  /** Book quantity when the line was counted; the posted difference is counted − book_qty. */
  book_qty: decN,
  counted_at: z.string().nullable(),
  difference: decN,
  /** The balance now (a draft line with current_qty <> book_qty has moved since counting). */
  current_qty: dec,
  moved: z.boolean(),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;
export const stockCountDetailSchema = stockCountSchema.extend({ lines: z.array(stockCountLineSchema) });
export type StockCountDetail = z.infer<typeof stockCountDetailSchema>;
export const countLineAddSchema = z.object({ item_id: uuidParam, lot_id: uuidParam.nullable().optional() });

// Lot suggestion of the operation forms (FEFO/FIFO)
export const lotPicksQuerySchema = z.object({
  item_id: uuidParam,
  location_id: uuidParam,
  quantity: z
    .string()
    .regex(/^\d{1,14}(\.\d{1,6})?$/, 'validation.decimalInvalid')
    .optional(),
  strategy: z.enum(LOT_STRATEGIES).default('fefo'),
});
export const lotPicksSchema = z.object({
  strategy: z.enum(LOT_STRATEGIES),
  lots: z.array(
    z.object({
      lot_id: z.string(),
      lot_number: z.string(),
      available: dec,
      expires_on: z.string().nullable(),
      received_on: z.string(),
    }),
  ),
  picks: z.array(z.object({ lot_id: z.string(), quantity: dec })),
  enough: z.boolean(),
});
export type LotPicks = z.infer<typeof lotPicksSchema>;
