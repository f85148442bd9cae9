import { z } from 'zod';
import { decimalInputToApi } from '../number-input.ts';
import { EDGE_TYPES } from '../pricing/measure-pricing.ts';
import { REFERENCE_MODELS } from './payment-reference.ts';
import {
  DELIVERY_NOTE_STATUSES,
  INVOICE_STATUSES,
  PAYMENT_STATUSES,
  QUOTE_STATUSES,
  WORK_ORDER_STATUSES,
} from './status.ts';
import { DOCUMENT_VAT_RATES } from './totals.ts';
import { profileSystemsField, windowLineFields } from './window-line.ts';

// Shapes shared by the server (validation, OpenAPI) and the web (forms). Wire names are
// snake_case; money and quantities are decimal strings ("12.50"), never JSON numbers.

export const DOCUMENT_KINDS = ['quote', 'work_order', 'delivery_note', 'invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const ALL_DOCUMENT_STATUSES = [
  ...new Set([...QUOTE_STATUSES, ...WORK_ORDER_STATUSES, ...DELIVERY_NOTE_STATUSES, ...INVOICE_STATUSES]),
] as const;

const decimal = (places: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .transform((s) => decimalInputToApi(s))
    .refine((s) => new RegExp(`^-?\\d{1,12}(\\.\\d{1,${places}})?$`).test(s), 'validation.numberInvalid');
const nonNegative = (places: number) =>
  decimal(places).refine((s) => !s.startsWith('-'), 'validation.positive');
const positive = (places: number) =>
  nonNegative(places).refine((s) => /[1-9]/.test(s), 'validation.positive');
/**
 * A quantity that may reach stock (a line delivered or produced, a material consumed): the ledger,
 * balances and reservations keep 4 decimals (numeric(18, 4)), so a fifth would make the note or
 * the order say one thing and the ledger another. Refused by name rather than rounded.
 */
const stockQuantity = (base: z.ZodType<string>) =>
  base.refine((s) => !/\.\d{5,}$/.test(s), 'validation.quantityDecimals');

/** A count of holes or cut-outs on one pane: a whole number 0–999. */
const pieceCount = z
  .number({ error: 'validation.countNotWhole' })
  .int('validation.countNotWhole')
  .min(0, 'validation.countNotWhole')
  .max(999, 'validation.outOfRange')
  .default(0);

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'validation.dateInvalid');

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, 'validation.tooLong').nullable().default(null),
  );

export const documentLineInputSchema = z.object({
  item_id: z.uuid('validation.invalid').nullable().default(null),
  description: z.string().trim().max(1000, 'validation.tooLong').default(''),
  quantity: stockQuantity(positive(6)),
  /** Omitted: the item's base unit (`kom` for free text). */
  unit: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(16, 'validation.tooLong')
    .nullable()
    .default(null),
  width_mm: positive(2).nullable().default(null),
  height_mm: positive(2).nullable().default(null),
  /** Omitted: the item's sales price. */
  unit_price: nonNegative(4).nullable().default(null),
  /** KPD 2025 code of the line (eRačun); omitted: the item's. Checked against the list at issue. */
  kpd_code: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(8, 'validation.tooLong').nullable().optional(),
  ),
  /** Omitted: the client's default discount. */
  discount_pct: nonNegative(2)
    .refine((s) => Number(s) <= 100, 'validation.discountRange')
    .nullable()
    .default(null),
  /** Omitted: the item's VAT rate (25 % for free text). */
  vat_rate: z.enum(DOCUMENT_VAT_RATES, { error: 'validation.vatRateInvalid' }).nullable().default(null),
  lot_id: z.uuid('validation.invalid').nullable().default(null),
  /**
   * The line this one delivers or bills (a work-order line on a delivery note; a delivery-note or
   * work-order line on an invoice; an invoice line on a credit note); kept when a draft is edited.
   */
  source_line_id: z.uuid('validation.invalid').nullable().default(null),
  /** A shaped (non-rectangular) pane, W × H its circumscribing rectangle (measure pricing). */
  shaped: z.boolean({ error: 'validation.invalid' }).default(false),
  /** Glass work per pane (pricing/glass-work.ts): holes, their diameter and least edge distance, cut-outs. */
  hole_count: pieceCount,
  hole_diameter_mm: positive(2).nullable().default(null),
  hole_edge_mm: nonNegative(2).nullable().default(null),
  cutout_count: pieceCount,
  /** Edge work of each pane (measure-pricing.ts): rezano (cut, none), kgs, kmg, kgn, kpo. */
  edge_type: z.enum(EDGE_TYPES, { error: 'validation.invalid' }).default('rezano'),
  /** Coating edge deletion around each pane (coated glass; priced per running metre). */
  coating_removal: z.boolean({ error: 'validation.invalid' }).default(false),
  /** Window/door lines: profile system, glass make-up, colour, hardware set (window-line.ts). */
  ...windowLineFields,
});
export type DocumentLineInput = z.input<typeof documentLineInputSchema>;

const lines = z.array(documentLineInputSchema).max(500, 'validation.tooLong');

export const quoteInputSchema = z
  .object({
    client_id: z.uuid('validation.required').nullable().default(null),
    doc_date: isoDate.optional(),
    valid_until: isoDate.nullable().default(null),
    /** Rush order: the company's rush surcharge % on rule-priced lines (measure-pricing.ts). */
    rush: z.boolean({ error: 'validation.invalid' }).default(false),
    note: optionalText(4000),
    lines: lines.default([]),
  })
  .strict();
export type QuoteInput = z.input<typeof quoteInputSchema>;

export const workOrderInputSchema = z
  .object({
    client_id: z.uuid('validation.invalid').nullable().default(null),
    doc_date: isoDate.optional(),
    due_date: isoDate.nullable().default(null),
    source_location_id: z.uuid('validation.invalid').nullable().default(null),
    output_location_id: z.uuid('validation.invalid').nullable().default(null),
    /** Rush order: the company's rush surcharge % on rule-priced lines (measure-pricing.ts). */
    rush: z.boolean({ error: 'validation.invalid' }).default(false),
    note: optionalText(4000),
    lines: lines.default([]),
  })
  .strict();
export type WorkOrderInput = z.input<typeof workOrderInputSchema>;

export const deliveryNoteInputSchema = z
  .object({
    client_id: z.uuid('validation.required'),
    doc_date: isoDate.optional(),
    delivery_address: optionalText(500),
    source_location_id: z.uuid('validation.required'),
    work_order_id: z.uuid('validation.invalid').nullable().default(null),
    note: optionalText(4000),
    lines: lines.default([]),
  })
  .strict();
export type DeliveryNoteInput = z.input<typeof deliveryNoteInputSchema>;

export const invoiceInputSchema = z
  .object({
    client_id: z.uuid('validation.required'),
    doc_date: isoDate.optional(),
    delivery_date: isoDate.nullable().default(null),
    due_date: isoDate.nullable().default(null),
    delivery_note_ids: z.array(z.uuid('validation.invalid')).max(100).default([]),
    /** Completed work orders invoiced directly (all their lines, services too). */
    work_order_ids: z.array(z.uuid('validation.invalid')).max(100).default([]),
    note: optionalText(4000),
    lines: lines.default([]),
  })
  .strict();
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

export const creditNoteInputSchema = z
  .object({
    note: optionalText(4000),
    /** Lines to credit; omitted = the whole invoice. */
    lines: lines.optional(),
  })
  .strict();

export const paymentInputSchema = z
  .object({
    paid_on: isoDate,
    amount: positive(2),
    note: optionalText(500),
  })
  .strict();

export const DOCUMENT_SORTS = [
  'number',
  '-number',
  'doc_date',
  '-doc_date',
  'total',
  '-total',
  'client',
  '-client',
] as const;

export const documentListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.string().trim().max(200).optional(),
  client_id: z.uuid().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('-number'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentSettingsSchema = z
  .object({
    quote_prefix: z
      .string()
      .max(12)
      .regex(/^[A-Za-z0-9ČĆŽŠĐčćžšđ/_.-]*$/, 'validation.invalid'),
    work_order_prefix: z
      .string()
      .max(12)
      .regex(/^[A-Za-z0-9ČĆŽŠĐčćžšđ/_.-]*$/, 'validation.invalid'),
    delivery_note_prefix: z
      .string()
      .max(12)
      .regex(/^[A-Za-z0-9ČĆŽŠĐčćžšđ/_.-]*$/, 'validation.invalid'),
    invoice_premises: z.string().regex(/^[0-9A-Za-z]{1,20}$/, 'validation.invalid'),
    invoice_device: z.string().regex(/^[1-9][0-9]{0,19}$/, 'validation.invalid'),
    invoice_separator: z.enum(['-', '/']),
    reference_model: z.enum(REFERENCE_MODELS),
    quote_valid_days: z.number().int().min(0).max(365),
    place_of_issue: z.string().trim().max(100).nullable(),
    /** The company's profile systems offered on window lines (omitted on a PUT: kept). */
    profile_systems: profileSystemsField.optional(),
  })
  .strict();
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

export const completionInputSchema = z
  .object({
    /** Actual quantities per material line (item id → quantity); omitted = planned. */
    actual: z
      .array(z.object({ item_id: z.uuid(), quantity: stockQuantity(nonNegative(6)) }))
      .max(2000)
      .default([]),
    output_location_id: z.uuid('validation.required').optional(),
    lot_number: z.string().trim().max(64).optional(),
  })
  .strict();

export const timeLogInputSchema = z.object({ minutes: positive(2), note: optionalText(500) }).strict();

export const qualityCheckInputSchema = z
  .object({ result: z.enum(['pass', 'fail', 'note']), note: optionalText(1000) })
  .strict();
