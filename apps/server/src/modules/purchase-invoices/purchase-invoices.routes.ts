import { createHash } from 'node:crypto';
import {
  AppError,
  matchPurchaseInvoiceSchema,
  PURCHASE_INVOICE_STATUSES,
  purchaseInvoiceListQuerySchema,
  purchasePaymentSchema,
  REJECTION_CODES,
  rejectPurchaseInvoiceSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './purchase-invoices.service.ts';
import './purchase-invoices.history.ts';
import './purchase-invoices.jobs.ts';
import { parseUbl } from './ubl-parse.ts';

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const idParams = z.object({ id: z.uuid() });
const failure = z.object({ source: z.enum(['XSD', 'EN16931', 'HR-CIUS']), id: z.string(), text: z.string() });
const party = z.object({
  name: z.string(),
  oib: z.string().nullable(),
  vat_id: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});
const documentSchema = z.object({
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
  seller: party,
  buyer: party,
  payment: z.object({
    means_code: z.string().nullable(),
    reference: z.string().nullable(),
    iban: z.string().nullable(),
    terms: z.string().nullable(),
  }),
  tax_subtotals: z.array(
    z.object({
      category: z.string(),
      percent: z.string(),
      taxable: z.string(),
      tax: z.string(),
      exemption_reason: z.string().nullable(),
    }),
  ),
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
  lines: z.array(
    z.object({
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
    }),
  ),
});
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
const difference = z.object({
  kind: z.enum(['price', 'quantity', 'not_on_order', 'not_invoiced']),
  expected: z.string().optional(),
  actual: z.string().optional(),
  difference: z.string().optional(),
});
const detailSchema = purchaseInvoiceRowSchema.extend({
  document: documentSchema,
  failures: z.array(failure),
  actions: z.array(z.enum(['approve', 'reject', 'match', 'pay'])),
  addressed_to_us: z.boolean().nullable(),
  payments: z.array(
    z.object({
      id: z.string(),
      paid_on: z.string(),
      amount: z.string(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  match: z
    .object({
      receipts: z.array(z.object({ id: z.string(), number: z.string(), received_on: z.string() })),
      lines: z.array(
        z.object({
          invoice_line_id: z.string().nullable(),
          invoice_line_name: z.string().nullable(),
          po_line_id: z.string().nullable(),
          po_line_no: z.number().nullable(),
          sku: z.string().nullable(),
          invoiced_qty: z.string().nullable(),
          ordered_qty: z.string().nullable(),
          received_qty: z.string().nullable(),
          invoice_price: z.string().nullable(),
          order_price: z.string().nullable(),
          differences: z.array(difference),
        }),
      ),
      differences: z.number(),
    })
    .nullable(),
});

/** Purchase invoices: upload, list, read, match, approve / reject, payments, original file. */
export function purchaseInvoicesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['purchase-invoices'];
    const read = { access: 'company.read' as const };
    const receive = { access: 'purchasing.write' as const };
    const decide = { access: 'invoices.write' as const };

    app.get(
      '/api/purchase-invoices',
      {
        config: read,
        schema: {
          tags,
          summary: 'Received invoices (search by number or seller, filter by status and supplier)',
          querystring: purchaseInvoiceListQuerySchema,
          response: {
            200: z.object({
              rows: z.array(purchaseInvoiceRowSchema),
              total: z.number(),
              page: z.number(),
              page_size: z.number(),
            }),
          },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.list(tx, request.query)),
    );
    app.post(
      '/api/purchase-invoices/upload',
      {
        config: receive,
        schema: {
          tags,
          summary:
            'Upload a supplier’s UBL eRačun (Invoice or CreditNote, multipart field "file"): stored at once as `checking` while the official validators run in the background; then `received`, or `invalid` with its failed rules (to be rejected)',
          consumes: ['multipart/form-data'],
          response: { 201: detailSchema },
        },
      },
      async (request, reply) => {
        const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (!part)
          throw new AppError('VALIDATION', 'Datoteka nije poslana', [
            { field: 'file', key: 'validation.required' },
          ]);
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Datoteka je veća od 5 MB');
        const xml = data.toString('utf8');
        // A file that is not UBL is refused at once; the validators (tens of seconds) run in a
        // background job (purchase-invoices.jobs.ts): the answer is the stored invoice, `checking`.
        parseUbl(xml);
        service.requireValidators();
        request.idempotencyBody = { sha256: createHash('sha256').update(data).digest('hex') };
        const detail = await inCompany(deps, request, async (tx, ctx) => {
          const received = await service.receiveUbl(
            tx,
            ctx.companyId,
            data,
            { kind: 'upload', userId: ctx.userId },
            { checkLater: true },
          );
          return service.get(tx, received.id, ctx.companyId);
        });
        return reply.status(201).send(detail);
      },
    );
    app.get(
      '/api/purchase-invoices/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'The readable document, validation report, match with order and receipts, payments',
          params: idParams,
          response: { 200: detailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.get(tx, request.params.id, ctx.companyId)),
    );
    app.get(
      '/api/purchase-invoices/:id/xml',
      { config: read, schema: { tags, summary: 'The original file as received', params: idParams } },
      async (request, reply) => {
        const { data, number } = await inCompany(deps, request, async (tx, ctx) => ({
          data: await service.originalXml(tx, request.params.id),
          number: (await service.get(tx, request.params.id, ctx.companyId)).number,
        }));
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${number.replace(/[^\w.-]+/g, '_')}.xml"`)
          .header('cache-control', 'no-store')
          .send(data);
      },
    );
    app.put(
      '/api/purchase-invoices/:id/match',
      {
        config: receive,
        schema: {
          tags,
          summary: 'Set the supplier and the purchase order by hand (while awaiting a decision)',
          params: idParams,
          body: matchPurchaseInvoiceSchema,
          response: { 200: detailSchema },
        },
      },
      (request) =>
        inCompany(deps, request, async (tx, ctx) => {
          await service.setMatch(tx, ctx, request.params.id, request.body);
          return service.get(tx, request.params.id, ctx.companyId);
        }),
    );
    app.post(
      '/api/purchase-invoices/:id/approve',
      {
        config: decide,
        schema: { tags, summary: 'Approve', params: idParams, response: { 200: detailSchema } },
      },
      (request) =>
        inCompany(deps, request, async (tx, ctx) => {
          await service.approve(tx, ctx, request.params.id);
          return service.get(tx, request.params.id, ctx.companyId);
        }),
    );
    app.post(
      '/api/purchase-invoices/:id/reject',
      {
        config: decide,
        schema: {
          tags,
          summary: 'Reject with a reason kind (N, U, O) and text',
          params: idParams,
          body: rejectPurchaseInvoiceSchema,
          response: { 200: detailSchema },
        },
      },
      (request) =>
        inCompany(deps, request, async (tx, ctx) => {
          await service.reject(tx, ctx, request.params.id, request.body);
          return service.get(tx, request.params.id, ctx.companyId);
        }),
    );
    app.post(
      '/api/purchase-invoices/:id/payments',
      {
        config: decide,
        schema: {
          tags,
          summary: 'Record a payment of an approved invoice (at most what is open)',
          params: idParams,
          body: purchasePaymentSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await inCompany(deps, request, async (tx, ctx) => {
            await service.addPayment(tx, ctx, request.params.id, request.body);
            return service.get(tx, request.params.id, ctx.companyId);
          }),
        ),
    );
  };
}
