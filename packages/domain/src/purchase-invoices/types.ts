import { z } from 'zod';
import { decimalText } from '../partners/partner.schemas.ts';

/** A received eRačun as read from its UBL XML (amounts and quantities as decimal strings). */
export type ReceivedParty = {
  name: string;
  oib: string | null;
  vat_id: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
};

export type ReceivedTaxSubtotal = {
  /** UNCL5305 category: S, Z, E, AE, K, G, O, ... */
  category: string;
  percent: string;
  taxable: string;
  tax: string;
  exemption_reason: string | null;
};

export type ReceivedLine = {
  id: string;
  name: string;
  description: string | null;
  quantity: string;
  unit_code: string | null;
  net: string;
  price: string;
  base_quantity: string | null;
  seller_item_id: string | null;
  buyer_item_id: string | null;
  vat_category: string | null;
  vat_percent: string | null;
  kpd: string | null;
};

export type ParsedUbl = {
  doc_type: 'invoice' | 'credit_note';
  type_code: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  delivery_date: string | null;
  currency: string;
  note: string | null;
  order_reference: string | null;
  billing_reference: string | null;
  seller: ReceivedParty;
  buyer: ReceivedParty;
  payment: {
    means_code: string | null;
    reference: string | null;
    iban: string | null;
    terms: string | null;
  };
  tax_subtotals: ReceivedTaxSubtotal[];
  totals: {
    line_extension: string;
    tax_exclusive: string;
    tax_inclusive: string;
    allowances: string;
    charges: string;
    prepaid: string;
    rounding: string;
    payable: string;
    vat: string;
  };
  lines: ReceivedLine[];
};

/** `checking`: an uploaded file stored, its validators still running in the background. */
export const PURCHASE_INVOICE_STATUSES = ['checking', 'received', 'invalid', 'approved', 'rejected'] as const;
export type PurchaseInvoiceStatus = (typeof PURCHASE_INVOICE_STATUSES)[number];

/**
 * Kinds of rejection reason (Porezna's VRSTARAZLOGAODBIJANJA, HUP rejection spec AR-BT-12):
 * N – data mismatch that does not affect the tax, U – mismatch that affects the tax, O – other.
 */
export const REJECTION_CODES = ['N', 'U', 'O'] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** One failed rule of the official validators. */
export type ValidationFailure = { source: 'XSD' | 'EN16931' | 'HR-CIUS'; id: string; text: string };

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
