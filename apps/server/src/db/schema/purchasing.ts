import { sql } from 'drizzle-orm';
import { boolean, date, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Purchasing (migration 0007_purchasing.sql is the source of truth; these only type queries).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

export const purchasingSettings = pgTable('purchasing_settings', {
  companyId: uuid('company_id').primaryKey(),
  poPrefix: text('po_prefix').notNull().default('NB-'),
  receiptPrefix: text('receipt_prefix').notNull().default('PR-'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const purchasingCounters = pgTable('purchasing_counters', {
  companyId: uuid('company_id').notNull(),
  series: text('series').$type<'purchase_order' | 'goods_receipt'>().notNull(),
  year: integer('year').notNull(),
  lastSeq: integer('last_seq').notNull().default(0),
});

export const purchaseOrders = pgTable('purchase_orders', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  number: text('number'),
  status: text('status')
    .$type<'draft' | 'sent' | 'partially_received' | 'received' | 'cancelled'>()
    .notNull(),
  supplierId: uuid('supplier_id').notNull(),
  orderedOn: date('ordered_on', { mode: 'string' }),
  expectedOn: date('expected_on', { mode: 'string' }),
  note: text('note'),
  netTotal: money('net_total').notNull(),
  vatTotal: money('vat_total').notNull(),
  total: money('total').notNull(),
  source: text('source').$type<'manual' | 'low_stock'>().notNull(),
  createdBy: uuid('created_by'),
  sentAt: ts('sent_at'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const purchaseOrderLines = pgTable('purchase_order_lines', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  orderId: uuid('order_id').notNull(),
  lineNo: integer('line_no').notNull(),
  itemId: uuid('item_id').notNull(),
  description: text('description'),
  quantity: qty('quantity').notNull(),
  unit: text('unit').notNull(),
  unitFactor: numeric('unit_factor', { precision: 18, scale: 6 }).notNull(),
  unitPrice: qty('unit_price').notNull(),
  vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
  net: money('net').notNull(),
  receivedQty: qty('received_qty').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const goodsReceipts = pgTable('goods_receipts', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  number: text('number').notNull(),
  orderId: uuid('order_id').notNull(),
  supplierId: uuid('supplier_id').notNull(),
  locationId: uuid('location_id').notNull(),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  status: text('status').$type<'posted' | 'cancelled'>().notNull(),
  stockDocumentId: uuid('stock_document_id'),
  reversalDocumentId: uuid('reversal_document_id'),
  overReceiptConfirmed: boolean('over_receipt_confirmed').notNull(),
  note: text('note'),
  createdBy: uuid('created_by'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const goodsReceiptLines = pgTable('goods_receipt_lines', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  receiptId: uuid('receipt_id').notNull(),
  lineNo: integer('line_no').notNull(),
  poLineId: uuid('po_line_id').notNull(),
  itemId: uuid('item_id').notNull(),
  quantity: qty('quantity').notNull(),
  baseQuantity: qty('base_quantity').notNull(),
  unitPrice: qty('unit_price').notNull(),
  lotNumber: text('lot_number'),
  expiresOn: date('expires_on', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});
