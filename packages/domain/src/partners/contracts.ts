import { z } from 'zod';
import { businessDay } from '../business-day.ts';
import { wireDecimal as dec, wireDecimalOrNull as decN } from '../contracts.ts';
import { PARTNER_KINDS, PARTNER_ROLES } from './partner.schemas.ts';

// The HTTP contract of /api/clients and /api/suppliers (and the period query that purchasing's
// supplier performance shares).

const addressOutSchema = z
  .object({
    street: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  })
  .nullable();

export const partnerSchema = z.object({
  id: z.string(),
  role: z.enum(PARTNER_ROLES),
  kind: z.enum(PARTNER_KINDS),
  name: z.string(),
  oib: z.string().nullable(),
  vat_id: z.string().nullable(),
  einvoice_address: z.string().nullable(),
  billing_address: addressOutSchema,
  delivery_address: addressOutSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  payment_terms_days: z.number(),
  default_discount: dec,
  notes: z.string().nullable(),
  active: z.boolean(),
  lead_time_days: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
export type PartnerAddress = NonNullable<Partner['billing_address']>;
export const partnerContactSchema = z.object({
  name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PartnerContact = z.infer<typeof partnerContactSchema>;
export const partnerDetailSchema = partnerSchema.extend({ contacts: z.array(partnerContactSchema) });
export type PartnerDetail = z.infer<typeof partnerDetailSchema>;
export const partnerPageSchema = z.object({
  rows: z.array(partnerSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type PartnerPage = z.infer<typeof partnerPageSchema>;

export const DUPLICATE_REASONS = ['oib', 'name'] as const;
export const duplicateQuerySchema = z.object({
  name: z.string().trim().max(200).optional(),
  oib: z.string().trim().max(11).optional(),
  exclude_id: z.uuid().optional(),
});
export const partnerDuplicateSchema = z.object({
  id: z.string(),
  name: z.string(),
  oib: z.string().nullable(),
  reason: z.enum(DUPLICATE_REASONS),
  similarity: z.string(),
});
export type PartnerDuplicate = z.infer<typeof partnerDuplicateSchema>;

const rowIssueSchema = z.object({
  field: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const partnerImportResultSchema = z.object({
  valid: z.boolean(),
  committed: z.boolean(),
  total: z.number(),
  created: z.number(),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  rows: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      oib: z.string().nullable(),
      errors: z.array(rowIssueSchema),
      warnings: z.array(z.object({ id: z.string(), name: z.string(), reason: z.enum(DUPLICATE_REASONS) })),
    }),
  ),
});
export type PartnerImportResult = z.infer<typeof partnerImportResultSchema>;

/** Documents that can name a partner, in the order the history filter offers them. */
export const HISTORY_TYPES = [
  'quote',
  'work_order',
  'delivery_note',
  'invoice',
  'purchase_order',
  'goods_receipt',
  'purchase_invoice',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
export const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const historyEntrySchema = z.object({
  type: z.enum(HISTORY_TYPES),
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  status: z.string(),
  total: decN,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const partnerHistorySchema = z.object({
  types: z.array(z.enum(HISTORY_TYPES)),
  entries: z.array(historyEntrySchema),
});
export type PartnerHistory = z.infer<typeof partnerHistorySchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid');
/** `?from&to` (business days); by default the twelve months up to today. */
export const periodQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .transform((q) => {
    const to = q.to ?? businessDay();
    const from = q.from ?? `${Number(to.slice(0, 4)) - 1}-${to.slice(5, 7)}-01`;
    return { from, to };
  })
  .refine((p) => p.from <= p.to, { message: 'validation.dateInvalid', path: ['from'] });

export const clientAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.object({ month: z.string(), revenue: dec })),
  revenue_total: dec,
  quote_win_rate: decN,
  quotes_total: z.number(),
  average_order_value: decN,
  orders_total: z.number(),
  top_products: z.array(
    z.object({
      item_id: z.string(),
      sku: z.string(),
      name: z.string(),
      quantity: dec,
      revenue: dec,
    }),
  ),
  open_items: dec,
  sources: z.array(z.string()),
});
export type ClientAnalytics = z.infer<typeof clientAnalyticsSchema>;

export const supplierItemSchema = z.object({
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  base_unit: z.string(),
  supplier_sku: z.string().nullable(),
  price: decN,
  min_order_qty: decN,
});
export type SupplierItem = z.infer<typeof supplierItemSchema>;
