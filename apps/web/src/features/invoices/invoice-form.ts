import { invoiceInputSchema, paymentInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { output } from 'zod';
import { numberInputToApi } from '../../lib/format.ts';

// The typed parts of the invoice screens (invoices-pages.tsx), checked with the routes' own body
// schemas: the new invoice's header (the lines are the line grid's and go out in the same body)
// and the payment entry of an issued invoice.

export type InvoiceHeaderValues = {
  client_id: string;
  doc_date: string;
  delivery_date: string;
  due_date: string;
  note: string;
};

export const EMPTY_INVOICE_HEADER: InvoiceHeaderValues = {
  client_id: '',
  doc_date: '',
  delivery_date: '',
  due_date: '',
  note: '',
};

/** The header's part of POST /api/invoices: an empty date is left out (doc_date) or none, an empty note none. */
export function invoiceHeaderBody(h: InvoiceHeaderValues) {
  return {
    client_id: h.client_id,
    ...(h.doc_date ? { doc_date: h.doc_date } : {}),
    delivery_date: h.delivery_date || null,
    due_date: h.due_date || null,
    note: h.note || null,
  };
}

export const invoiceHeaderSchema = formSchema(
  invoiceHeaderBody,
  invoiceInputSchema.omit({ lines: true, delivery_note_ids: true, work_order_ids: true }),
);

export type PaymentValues = { paid_on: string; amount: string };

/** The body of a payment: the amount read like every amount field ("1.000,00" as shown, or "1000.00"). */
export function paymentBody(p: PaymentValues) {
  return { paid_on: p.paid_on, amount: numberInputToApi(p.amount) };
}

export const paymentSchema = formSchema(paymentBody, paymentInputSchema);
export type InvoiceHeaderBody = output<typeof invoiceHeaderSchema>;
