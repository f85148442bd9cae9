import { z } from 'zod';
import { PURCHASE_INVOICE_STATUSES, REJECTION_CODES } from './types.ts';

// Received invoices' wire shapes (issue 20: one contract per shape): what the UBL reader makes of an
// eRačun, a list row, the detail with its validation, payments and order match. The routes answer
// with these schemas, the parser, matcher and repository type their values with them, and the web
// types its calls with them.

/** A party of a received eRačun (seller or buyer). */
export const receivedPartySchema = z.object({
  name: z.string(),
  oib: z.string().nullable(),
  vat_id: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});
export type ReceivedParty = z.infer<typeof receivedPartySchema>;

export const receivedTaxSubtotalSchema = z.object({
  /** UNCL5305 category: S, Z, E, AE, K, G, O, ... */
  category: z.string(),
  percent: z.string(),
  taxable: z.string(),
  tax: z.string(),
  exemption_reason: z.string().nullable(),
});
export type ReceivedTaxSubtotal = z.infer<typeof receivedTaxSubtotalSchema>;

export const receivedLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.string(),
  unit_code: z.string().nullable(),
  net: z.string(),
  price: z.string(),
  base_quantity: z.string().nullable(),
  seller_item_id: z.string().nullable(),
  buyer_item_id: z.string().nullable(),
  vat_category: z.string().nullable(),
  vat_percent: z.string().nullable(),
  kpd: z.string().nullable(),
});
export type ReceivedLine = z.infer<typeof receivedLineSchema>;

/** A received eRačun as read from its UBL XML (amounts and quantities as decimal strings). */
export const parsedUblSchema = z.object({
  doc_type: z.enum(['invoice', 'credit_note']),
  type_code: z.string(),
  number: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  currency: z.string(),
  note: z.string().nullable(),
  order_reference: z.string().nullable(),
  billing_reference: z.string().nullable(),
  seller: receivedPartySchema,
  buyer: receivedPartySchema,
  payment: z.object({
    means_code: z.string().nullable(),
    reference: z.string().nullable(),
    iban: z.string().nullable(),
    terms: z.string().nullable(),
  }),
  tax_subtotals: z.array(receivedTaxSubtotalSchema),
  totals: z.object({
    line_extension: z.string(),
    tax_exclusive: z.string(),
    tax_inclusive: z.string(),
    allowances: z.string(),
    charges: z.string(),
    prepaid: z.string(),
    rounding: z.string(),
    payable: z.string(),
    vat: z.string(),
  }),
  lines: z.array(receivedLineSchema),
});
export type ParsedUbl = z.infer<typeof parsedUblSchema>;

/** One failed rule of the official validators. */
export const validationFailureSchema = z.object({
  source: z.enum(['XSD', 'EN16931', 'HR-CIUS']),
  id: z.string(),
  text: z.string(),
});
export type ValidationFailure = z.infer<typeof validationFailureSchema>;

/** A received invoice in the list. */
export const purchaseInvoiceRowSchema = z.object({
  id: z.string(),
  source: z.enum(['upload', 'intermediary']),
  source_ref: z.string().nullable(),
  doc_type: z.enum(['invoice', 'credit_note']),
  type_code: z.string(),
  number: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  seller_name: z.string(),
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable(),
  purchase_order_id: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  order_reference: z.string().nullable(),
  net_total: z.string(),
  vat_total: z.string(),
  total: z.string(),
  payable: z.string(),
  paid_total: z.string(),
  open: z.string(),
  status: z.enum(PURCHASE_INVOICE_STATUSES),
  valid: z.boolean(),
  reject_code: z.enum(REJECTION_CODES).nullable(),
  reject_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  xml_sha256: z.string(),
  created_at: z.string(),
});
export type PurchaseInvoiceRow = z.infer<typeof purchaseInvoiceRowSchema>;
export const purchaseInvoicePageSchema = z.object({
  rows: z.array(purchaseInvoiceRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type PurchaseInvoicePage = z.infer<typeof purchaseInvoicePageSchema>;

/** How an invoice line differs from the purchase order (quantities in the order line's unit). */
export const matchDifferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price'), expected: z.string(), actual: z.string(), difference: z.string() }),
  z.object({ kind: z.literal('quantity'), expected: z.string(), actual: z.string(), difference: z.string() }),
  z.object({ kind: z.literal('not_on_order') }),
  z.object({ kind: z.literal('not_invoiced'), expected: z.string() }),
  /**
   * The invoice line's unit (UN/ECE code, BT-130; null when the invoice names none) is none of the
   * item's units, or more than one of them: its quantity and price are not compared with the order line's.
   */
  z.object({ kind: z.literal('unit'), invoice_unit: z.string().nullable(), order_unit: z.string() }),
]);
export type MatchDifference = z.infer<typeof matchDifferenceSchema>;
export const matchedLineSchema = z.object({
  invoice_line_id: z.string().nullable(),
  invoice_line_name: z.string().nullable(),
  po_line_id: z.string().nullable(),
  po_line_no: z.number().nullable(),
  sku: z.string().nullable(),
  /** As the invoice states it, in its own unit (`invoice_unit`). */
  invoiced_qty: z.string().nullable(),
  /** The invoice line's UN/ECE unit code (BT-130). */
  invoice_unit: z.string().nullable(),
  /**
   * The invoiced quantity in the order line's unit (`order_unit`), converted by the item's unit
   * conversions where the invoice bills in another of the item's units; null: not comparable.
   */
  invoiced_in_order_unit: z.string().nullable(),
  order_unit: z.string().nullable(),
  ordered_qty: z.string().nullable(),
  received_qty: z.string().nullable(),
  /** The invoice's net price per the order line's unit (converted like the quantity), else per its own unit. */
  invoice_price: z.string().nullable(),
  order_price: z.string().nullable(),
  /** Billed for the order line by the order's other invoices (less credit notes); null: not on the order. */
  invoiced_elsewhere: z.string().nullable(),
  differences: z.array(matchDifferenceSchema),
});
export type MatchedLine = z.infer<typeof matchedLineSchema>;

export const purchasePaymentRowSchema = z.object({
  id: z.string(),
  paid_on: z.string(),
  amount: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type PurchasePaymentRow = z.infer<typeof purchasePaymentRowSchema>;

/** A received invoice with what it says, its validation, what may be done next, payments and match. */
export const purchaseInvoiceDetailSchema = purchaseInvoiceRowSchema.extend({
  document: parsedUblSchema,
  failures: z.array(validationFailureSchema),
  actions: z.array(z.enum(['approve', 'reject', 'match', 'pay'])),
  /** Whether the buyer's OIB is the company's own (null: the company has no OIB on its profile). */
  addressed_to_us: z.boolean().nullable(),
  payments: z.array(purchasePaymentRowSchema),
  match: z
    .object({
      receipts: z.array(z.object({ id: z.string(), number: z.string(), received_on: z.string() })),
      lines: z.array(matchedLineSchema),
      differences: z.number(),
    })
    .nullable(),
});
export type PurchaseInvoiceDetail = z.infer<typeof purchaseInvoiceDetailSchema>;
