import type { ItemKind, LocationType, MovementType } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Inventory tables (migration 0002_inventory.sql is the source of truth; these only type queries).
// Quantities and money are numeric columns read as decimal strings.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });

export const companySettings = pgTable('company_settings', {
  companyId: uuid('company_id').primaryKey(),
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  // Measure pricing (0024_glass_pricing.sql)
  dimensionStepMm: numeric('dimension_step_mm', { precision: 8, scale: 2 }).notNull().default('30'),
  minAreaFloatM2: numeric('min_area_float_m2', { precision: 10, scale: 4 }).notNull().default('0.30'),
  minAreaLaminatedM2: numeric('min_area_laminated_m2', { precision: 10, scale: 4 }).notNull().default('0.30'),
  minAreaInsulatingM2: numeric('min_area_insulating_m2', { precision: 10, scale: 4 })
    .notNull()
    .default('0.40'),
  minAreaTemperedM2: numeric('min_area_tempered_m2', { precision: 10, scale: 4 }).notNull().default('0.50'),
  minEdgeMm: numeric('min_edge_mm', { precision: 10, scale: 2 }).notNull().default('300'),
  shapeSurchargePct: numeric('shape_surcharge_pct', { precision: 7, scale: 2 }).notNull().default('0'),
  // Cutting defaults (0029_cutting_defaults.sql): what a new cutting list starts with, whole mm
  cuttingKerf2d: integer('cutting_kerf_2d').notNull().default(4),
  cuttingTrim2d: integer('cutting_trim_2d').notNull().default(10),
  cuttingMinRemnantLength2d: integer('cutting_min_remnant_length_2d').notNull().default(300),
  cuttingMinRemnantWidth2d: integer('cutting_min_remnant_width_2d').notNull().default(300),
  cuttingKerf1d: integer('cutting_kerf_1d').notNull().default(4),
  cuttingTrimHead1d: integer('cutting_trim_head_1d').notNull().default(10),
  cuttingTrimTail1d: integer('cutting_trim_tail_1d').notNull().default(10),
  cuttingMinRemnantLength1d: integer('cutting_min_remnant_length_1d').notNull().default(500),
  cuttingBarLength1d: integer('cutting_bar_length_1d').notNull().default(6000),
  cuttingWeldAllowance1d: integer('cutting_weld_allowance_1d').notNull().default(0),
  // Glass work (0028_glass_work.sql): price bands by pane area, hole and cut-out prices
  areaBands: jsonb('area_bands')
    .$type<{ max_area_m2: string; surcharge_pct: string }[]>()
    .notNull()
    .default([]),
  holePrice: numeric('hole_price', { precision: 18, scale: 4 }).notNull().default('0'),
  cutoutPrice: numeric('cutout_price', { precision: 18, scale: 4 }).notNull().default('0'),
  // Edge work by edge type and the oversize surcharge (0031_edge_work_surcharges.sql)
  edgePriceKgs: numeric('edge_price_kgs', { precision: 18, scale: 4 }).notNull().default('0'),
  edgePriceKmg: numeric('edge_price_kmg', { precision: 18, scale: 4 }).notNull().default('0'),
  edgePriceKgn: numeric('edge_price_kgn', { precision: 18, scale: 4 }).notNull().default('0'),
  edgePriceKpo: numeric('edge_price_kpo', { precision: 18, scale: 4 }).notNull().default('0'),
  edgeMinCharge: numeric('edge_min_charge', { precision: 18, scale: 4 }).notNull().default('0'),
  coatingRemovalPrice: numeric('coating_removal_price', { precision: 18, scale: 4 }).notNull().default('0'),
  rushSurchargePct: numeric('rush_surcharge_pct', { precision: 8, scale: 2 }).notNull().default('0'),
  oversizeSurchargePct: numeric('oversize_surcharge_pct', { precision: 8, scale: 2 }).notNull().default('0'),
  oversizeMaxSideMm: numeric('oversize_max_side_mm', { precision: 10, scale: 2 }).notNull().default('3210'),
  oversizeMaxAreaM2: numeric('oversize_max_area_m2', { precision: 10, scale: 4 }).notNull().default('6'),
  oversizeMaxAspect: numeric('oversize_max_aspect', { precision: 8, scale: 2 }).notNull().default('10'),
  // Default production locations of work orders (0033_production_locations.sql); null = fallback
  productionSourceLocationId: uuid('production_source_location_id'),
  productionOutputLocationId: uuid('production_output_location_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const units = pgTable('units', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const locations = pgTable('locations', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<LocationType>().notNull().default('storage'),
  parentId: uuid('parent_id'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const items = pgTable('items', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  sku: text('sku').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<ItemKind>().notNull(),
  baseUnit: text('base_unit').notNull(),
  lengthMm: numeric('length_mm', { precision: 12, scale: 2 }),
  widthMm: numeric('width_mm', { precision: 12, scale: 2 }),
  thicknessMm: numeric('thickness_mm', { precision: 12, scale: 2 }),
  lotTracked: boolean('lot_tracked').notNull().default(false),
  reorderPoint: qty('reorder_point'),
  reorderQty: qty('reorder_qty'),
  defaultSupplierId: uuid('default_supplier_id'),
  purchasePrice: numeric('purchase_price', { precision: 18, scale: 4 }),
  salesPrice: numeric('sales_price', { precision: 18, scale: 4 }),
  vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('25'),
  kpdCode: text('kpd_code'),
  priceBasis: text('price_basis').notNull().default('unit'),
  glassKind: text('glass_kind'),
  minCharge: numeric('min_charge', { precision: 18, scale: 2 }),
  /** A grained sheet: pieces cut from it never rotate (the grain runs along length_mm). */
  grain: boolean('grain').notNull().default(false),
  active: boolean('active').notNull().default(true),
  imageFileId: uuid('image_file_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const itemUnitConversions = pgTable('item_unit_conversions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  itemId: uuid('item_id').notNull(),
  unit: text('unit').notNull(),
  factor: numeric('factor', { precision: 18, scale: 6 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const lots = pgTable('lots', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  itemId: uuid('item_id').notNull(),
  lotNumber: text('lot_number').notNull(),
  supplierId: uuid('supplier_id'),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  expiresOn: date('expires_on', { mode: 'string' }),
  // A remnant of a cut sheet/bar: a lot of its parent item with its own size (0032_remnant_lots.sql)
  remnant: boolean('remnant').notNull().default(false),
  lengthMm: numeric('length_mm', { precision: 12, scale: 2 }),
  widthMm: numeric('width_mm', { precision: 12, scale: 2 }),
  parentLotId: uuid('parent_lot_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const lotLinks = pgTable('lot_links', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  consumedLotId: uuid('consumed_lot_id').notNull(),
  producedLotId: uuid('produced_lot_id').notNull(),
  quantity: qty('quantity').notNull(),
  sourceType: text('source_type'),
  sourceId: uuid('source_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const stockDocuments = pgTable('stock_documents', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  type: text('type').notNull(),
  reference: text('reference'),
  note: text('note'),
  reversesDocumentId: uuid('reverses_document_id'),
  sourceType: text('source_type'),
  sourceId: uuid('source_id'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const stockMovements = pgTable('stock_movements', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  documentId: uuid('document_id').notNull(),
  lineNo: integer('line_no').notNull(),
  type: text('type').$type<MovementType>().notNull(),
  itemId: uuid('item_id').notNull(),
  locationId: uuid('location_id').notNull(),
  lotId: uuid('lot_id'),
  quantity: qty('quantity').notNull(),
  unitCost: numeric('unit_cost', { precision: 18, scale: 6 }).notNull(),
  reversesMovementId: uuid('reverses_movement_id'),
  sourceType: text('source_type'),
  sourceId: uuid('source_id'),
  sourceLineId: uuid('source_line_id'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const itemStock = pgTable('item_stock', {
  itemId: uuid('item_id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  onHand: qty('on_hand').notNull(),
  avgCost: numeric('avg_cost', { precision: 18, scale: 6 }).notNull(),
  onOrder: qty('on_order').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const stockBalances = pgTable('stock_balances', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  itemId: uuid('item_id').notNull(),
  locationId: uuid('location_id').notNull(),
  lotId: uuid('lot_id'),
  quantity: qty('quantity').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const reservations = pgTable('reservations', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  itemId: uuid('item_id').notNull(),
  locationId: uuid('location_id'),
  lotId: uuid('lot_id'),
  quantity: qty('quantity').notNull(),
  status: text('status').$type<'active' | 'released' | 'consumed'>().notNull().default('active'),
  sourceType: text('source_type'),
  sourceId: uuid('source_id'),
  note: text('note'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const stockCounts = pgTable('stock_counts', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  locationId: uuid('location_id').notNull(),
  status: text('status').$type<'draft' | 'posted'>().notNull().default('draft'),
  note: text('note'),
  documentId: uuid('document_id'),
  createdBy: uuid('created_by'),
  postedAt: ts('posted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const stockCountLines = pgTable('stock_count_lines', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  countId: uuid('count_id').notNull(),
  itemId: uuid('item_id').notNull(),
  lotId: uuid('lot_id'),
  expectedQty: qty('expected_qty').notNull(),
  countedQty: qty('counted_qty'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
