import { z } from 'zod';
import { wireDecimal as dec, wireDecimalOrNull as decN } from '../contracts.ts';
import { PO_STATUSES } from './po-status.ts';

// The HTTP contract of purchase orders and goods receipts (/api/purchase-orders,
// /api/goods-receipts, /api/purchasing/settings, /api/suppliers/:id/performance).

export const PO_SOURCES = ['manual', 'low_stock'] as const;
export const PO_ACTIONS = ['edit', 'send', 'receive', 'cancel', 'close'] as const;
export const RECEIPT_STATUSES = ['posted', 'cancelled'] as const;

export const poHeaderSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(PO_STATUSES),
  supplier_id: z.string(),
  supplier_name: z.string(),
  supplier_oib: z.string().nullable(),
  ordered_on: z.string().nullable(),
  expected_on: z.string().nullable(),
  note: z.string().nullable(),
  net_total: dec,
  vat_total: dec,
  total: dec,
  source: z.enum(PO_SOURCES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type PoHeader = z.infer<typeof poHeaderSchema>;
export const poPageSchema = z.object({
  rows: z.array(poHeaderSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type PoPage = z.infer<typeof poPageSchema>;

export const goodsReceiptLineSchema = z.object({
  line_no: z.number(),
  po_line_id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  quantity: dec,
  base_quantity: dec,
  unit_price: dec,
  lot_number: z.string().nullable(),
  expires_on: z.string().nullable(),
});
export type GoodsReceiptLine = z.infer<typeof goodsReceiptLineSchema>;
export const goodsReceiptHeaderSchema = z.object({
  id: z.string(),
  number: z.string(),
  order_id: z.string(),
  location_id: z.string(),
  location_code: z.string(),
  location_name: z.string(),
  received_on: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  stock_document_id: z.string().nullable(),
  reversal_document_id: z.string().nullable(),
  over_receipt_confirmed: z.boolean(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type GoodsReceiptHeader = z.infer<typeof goodsReceiptHeaderSchema>;
export const goodsReceiptSchema = goodsReceiptHeaderSchema.extend({ lines: z.array(goodsReceiptLineSchema) });
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

export const poLineSchema = z.object({
  id: z.string(),
  line_no: z.number(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  lot_tracked: z.boolean(),
  description: z.string().nullable(),
  quantity: dec,
  unit: z.string(),
  unit_factor: dec,
  unit_price: dec,
  vat_rate: dec,
  net: dec,
  received_qty: dec,
  open_qty: dec,
});
export type PoLine = z.infer<typeof poLineSchema>;
export const purchaseOrderSchema = poHeaderSchema.extend({
  vat: z.array(z.object({ rate: dec, base: dec, vat: dec })),
  actions: z.array(z.enum(PO_ACTIONS)),
  lines: z.array(poLineSchema),
  receipts: z.array(goodsReceiptSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** What "order the low-stock items" made: one draft per supplier, and the items it left out. */
export const draftOrdersSchema = z.object({
  orders: z.array(poHeaderSchema),
  skipped: z.array(z.object({ item_id: z.string(), sku: z.string() })),
  /** Items already on a draft order: skipped, the draft is topped up by hand. */
  on_draft: z.array(z.object({ item_id: z.string(), sku: z.string(), order_id: z.string() })),
});
export type DraftOrders = z.infer<typeof draftOrdersSchema>;

export const purchasingPrefixesSchema = z.object({ po_prefix: z.string(), receipt_prefix: z.string() });
export type PurchasingPrefixes = z.infer<typeof purchasingPrefixesSchema>;

export const supplierPerformanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number(),
  receipts: z.number(),
  on_time_rate: decN,
  avg_lead_time_days: decN,
  fill_rate: decN,
  months: z.array(
    z.object({
      month: z.string(),
      receipts: z.number(),
      on_time: z.number(),
      late: z.number(),
      avg_lead_time_days: decN,
    }),
  ),
});
export type SupplierPerformanceReport = z.infer<typeof supplierPerformanceSchema>;

/** An optional Idempotency-Key header, declared for the API description. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().min(8).max(200).optional(),
});
