import { createHash } from 'node:crypto';
import {
  AppError,
  idParamsSchema,
  matchPurchaseInvoiceSchema,
  purchaseInvoiceDetailSchema,
  purchaseInvoiceListQuerySchema,
  purchaseInvoicePageSchema,
  purchasePaymentSchema,
  rejectPurchaseInvoiceSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { fileNotSent } from '../../imports/read-table.ts';
import * as service from './purchase-invoices.service.ts';
import './purchase-invoices.history.ts';
import './purchase-invoices.jobs.ts';
import { parseUbl } from './ubl-parse.ts';

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
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
            200: purchaseInvoicePageSchema,
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
          response: { 201: purchaseInvoiceDetailSchema },
        },
      },
      async (request, reply) => {
        const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (!part) throw fileNotSent();
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
          params: idParamsSchema,
          response: { 200: purchaseInvoiceDetailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.get(tx, request.params.id, ctx.companyId)),
    );
    app.get(
      '/api/purchase-invoices/:id/xml',
      { config: read, schema: { tags, summary: 'The original file as received', params: idParamsSchema } },
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
          params: idParamsSchema,
          body: matchPurchaseInvoiceSchema,
          response: { 200: purchaseInvoiceDetailSchema },
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
        schema: {
          tags,
          summary: 'Approve',
          params: idParamsSchema,
          response: { 200: purchaseInvoiceDetailSchema },
        },
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
          params: idParamsSchema,
          body: rejectPurchaseInvoiceSchema,
          response: { 200: purchaseInvoiceDetailSchema },
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
          params: idParamsSchema,
          body: purchasePaymentSchema,
          response: { 201: purchaseInvoiceDetailSchema },
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
