import { z } from 'zod';
import { normaliseVatRate } from '../documents/totals.ts';
import { decimalText } from '../partners/partner.schemas.ts';
import { PO_STATUSES } from './po-status.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'validation.dateInvalid');
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, 'validation.tooLong').nullable(),
  );

export const VAT_RATES = ['25', '13', '5', '0'] as const;

const positiveQty = decimalText(4).refine((s) => /[1-9]/.test(s), 'validation.positive');

export const poLineInputSchema = z.object({
  item_id: z.uuid('validation.invalid'),
  description: optionalText(300).default(null),
  quantity: positiveQty,
  /** Item's base unit or one of its conversion units; defaults to the base unit. */
  unit: z.string().trim().max(16, 'validation.tooLong').nullable().default(null),
  unit_price: decimalText(4),
  /** A Croatian rate (25, 13, 5, 0 %), as on items and documents. */
  vat_rate: decimalText(2, '100')
    .refine((r) => normaliseVatRate(r) !== null, 'validation.vatRateInvalid')
    .default('25'),
});
export type PoLineInput = z.infer<typeof poLineInputSchema>;

export const poInputSchema = z
  .object({
    supplier_id: z.uuid('validation.required'),
    expected_on: isoDate.nullable().default(null),
    note: optionalText(2000).default(null),
    lines: z.array(poLineInputSchema).min(1, 'validation.linesRequired').max(500, 'validation.tooLong'),
  })
  .strict();
export type PoInput = z.infer<typeof poInputSchema>;

export const poListQuerySchema = z.object({
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
  status: z.enum(['all', 'open', ...PO_STATUSES]).default('all'),
  supplier_id: z.uuid('validation.invalid').optional(),
  sort: z
    .enum(['number', 'supplier', 'ordered_on', 'expected_on', 'total', 'created_at'])
    .default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type PoListQuery = z.infer<typeof poListQuerySchema>;

export const receiptLineInputSchema = z.object({
  po_line_id: z.uuid('validation.invalid'),
  quantity: positiveQty,
  /** Actual price per order unit; defaults to the order line's price. */
  unit_price: decimalText(4).nullable().default(null),
  lot_number: optionalText(64).default(null),
  expires_on: isoDate.nullable().default(null),
});
export type ReceiptLineInput = z.infer<typeof receiptLineInputSchema>;

export const receiptInputSchema = z
  .object({
    location_id: z.uuid('validation.required'),
    received_on: isoDate,
    note: optionalText(2000).default(null),
    /** Receiving more than ordered must be confirmed explicitly. */
    confirm_over_receipt: z.boolean().default(false),
    lines: z.array(receiptLineInputSchema).min(1, 'validation.linesRequired').max(500, 'validation.tooLong'),
  })
  .strict();
export type ReceiptInput = z.infer<typeof receiptInputSchema>;

export const purchasingSettingsSchema = z
  .object({
    po_prefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9ČĆŽŠĐčćžšđ/_.-]{1,12}$/, 'validation.prefixInvalid'),
    receipt_prefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9ČĆŽŠĐčćžšđ/_.-]{1,12}$/, 'validation.prefixInvalid'),
  })
  .partial()
  .strict();
export type PurchasingSettingsInput = z.infer<typeof purchasingSettingsSchema>;

export const fromLowStockSchema = z.object({ item_ids: z.array(z.uuid()).max(2000).optional() }).strict();
