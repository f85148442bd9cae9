import {
  billableSchema,
  clientIdQuerySchema,
  creditNoteInputSchema,
  documentDetailSchema,
  idParamsSchema,
  invoiceInputSchema,
  paymentInputSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { listRoute } from './document-list.routes.ts';
import { billableDocuments } from './invoice-sources.ts';
import * as invoices from './invoices.service.ts';

// Invoices and credit notes: list, what a client still has to be billed for, create and edit a
// draft, issue, credit, record payments, the UBL e-invoice. Advance invoices: advances.routes.ts.

export function invoicesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const billing = { access: 'invoices.write' as const };
    const params = idParamsSchema;
    const response = { 200: documentDetailSchema };

    listRoute(app, deps, {
      path: '/api/invoices',
      kinds: ['invoice', 'credit_note'],
      summary: 'Invoices and credit notes',
    });
    app.get(
      '/api/invoices/billable',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            "A client's issued delivery notes and completed work orders with something left to bill, and the net of what is left",
          querystring: clientIdQuerySchema,
          response: { 200: billableSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => billableDocuments(tx, request.query.client_id)),
    );
    app.post(
      '/api/invoices',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Create a draft invoice (from delivery notes and/or lines)',
          body: invoiceInputSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => invoices.create(tx, ctx, request.body))),
    );
    app.put(
      '/api/invoices/:id',
      {
        config: billing,
        schema: { tags, summary: 'Edit a draft invoice', params, body: invoiceInputSchema, response },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => invoices.update(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/invoices/:id/issue',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Issue: number, time, payment reference; immutable after (Idempotency-Key)',
          params,
          response,
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => invoices.issue(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/invoices/:id/credit-notes',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Issue a credit note against an issued invoice (Idempotency-Key)',
          params,
          body: creditNoteInputSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await inCompany(deps, request, (tx, ctx) =>
              invoices.creditNote(tx, ctx, request.params.id, request.body),
            ),
          ),
    );
    app.post(
      '/api/invoices/:id/payments',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Record a payment (Idempotency-Key)',
          params,
          body: paymentInputSchema,
          response,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => invoices.addPayment(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/invoices/:id/refunds',
      {
        config: billing,
        schema: {
          tags,
          summary:
            'Record a refund paid back to the client, up to what credit notes left owed (Idempotency-Key)',
          params,
          body: paymentInputSchema,
          response,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => invoices.addRefund(tx, ctx, request.params.id, request.body)),
    );
    app.get(
      '/api/invoices/:id/ubl',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'EN 16931 UBL 2.1 e-invoice (Croatian CIUS)', params },
      },
      async (request, reply) => {
        const { number, xml } = await inCompany(deps, request, (tx, ctx) =>
          invoices.ublFile(tx, ctx, request.params.id),
        );
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${number.replace(/[^\w.-]+/g, '_')}.xml"`)
          .send(xml);
      },
    );
  };
}
