import { z } from 'zod';
import { decimalText } from '../partners/partner.schemas.ts';

/** `checking`: an uploaded file stored, its validators still running in the background. */
export const PURCHASE_INVOICE_STATUSES = ['checking', 'received', 'invalid', 'approved', 'rejected'] as const;
export type PurchaseInvoiceStatus = (typeof PURCHASE_INVOICE_STATUSES)[number];

/**
 * Kinds of rejection reason (Porezna's VRSTARAZLOGAODBIJANJA, HUP rejection spec AR-BT-12):
 * N – data mismatch that does not affect the tax, U – mismatch that affects the tax, O – other.
 */
export const REJECTION_CODES = ['N', 'U', 'O'] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'validation.dateInvalid');

export const purchaseInvoiceListQuerySchema = z.object({
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
  status: z.enum(['all', 'open', 'unpaid', ...PURCHASE_INVOICE_STATUSES]).default('all'),
  supplier_id: z.uuid('validation.invalid').optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type PurchaseInvoiceListQuery = z.infer<typeof purchaseInvoiceListQuerySchema>;

export const rejectPurchaseInvoiceSchema = z
  .object({
    code: z.enum(REJECTION_CODES, 'validation.required'),
    reason: z.string().trim().min(1, 'validation.required').max(500, 'validation.tooLong'),
  })
  .strict();

export const matchPurchaseInvoiceSchema = z
  .object({
    supplier_id: z.uuid('validation.invalid').nullable().optional(),
    purchase_order_id: z.uuid('validation.invalid').nullable().optional(),
  })
  .strict();

export const purchasePaymentSchema = z
  .object({
    paid_on: isoDate,
    amount: decimalText(2).refine((s) => /[1-9]/.test(s), 'validation.positive'),
    note: z.string().trim().max(500, 'validation.tooLong').nullable().default(null),
  })
  .strict();

export const registerPeriodSchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((p) => p.from <= p.to, { message: 'validation.periodOrder', path: ['to'] });
