import { deliveryNoteInputSchema } from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as deliveryNotes from './delivery-notes.service.ts';
import { detailSchema } from './documents.routes.ts';
import { billableDocuments } from './invoice-sources.ts';

// Delivery notes (create from a work order in full or in part, edit, issue, deliver, cancel), the
// delivery/invoicing progress of a work order's lines and what a client still has to be billed for.
// Registered beside documents.routes.ts.

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const s = z.string();
const sN = z.string().nullable();

const progressSchema = z.object({
  work_order: z.object({ id: s, number: sN, status: s, client_id: sN }),
  lines: z.array(
    z.object({
      line_id: s,
      position: z.number(),
      item_id: sN,
      sku: sN,
      description: s,
      unit: s,
      width_mm: sN,
      height_mm: sN,
      lot_number: sN,
      service: z.boolean(),
      ordered: s,
      delivered: s,
      to_deliver: s,
      invoiced: s,
      to_invoice: s,
    }),
  ),
});

const billable = z.object({ id: s, number: sN, doc_date: s, net_left: s });
const billableSchema = z.object({ delivery_notes: z.array(billable), work_orders: z.array(billable) });

export function deliveryNotesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const delivery = { access: 'delivery.write' as const };
    const run = <T>(request: FastifyRequest, fn: Parameters<typeof inCompany<T>>[2]) =>
      inCompany(deps, request, fn);
    const detailResponse = { 200: detailSchema };

    app.get(
      '/api/documents/work-orders/:id/progress',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'Per line of a work order: ordered, on delivery notes (drafts included), invoiced (less credit notes) and what is left',
          params: idParams,
          response: { 200: progressSchema },
        },
      },
      (request) => run(request, (tx) => deliveryNotes.workOrderProgress(tx, request.params.id)),
    );
    app.get(
      '/api/invoices/billable',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            "A client's issued delivery notes and completed work orders with something left to bill, and the net of what is left",
          querystring: z.object({ client_id: z.uuid({ error: 'validation.invalid' }) }),
          response: { 200: billableSchema },
        },
      },
      (request) => run(request, (tx) => billableDocuments(tx, request.query.client_id)),
    );
    app.post(
      '/api/delivery-notes',
      {
        config: delivery,
        schema: {
          tags,
          summary:
            'Create a delivery note: from a completed work order (lines with source_line_id and a quantity, or none = everything left to deliver) or directly',
          body: deliveryNoteInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await run(request, (tx, ctx) => deliveryNotes.create(tx, ctx, request.body))),
    );
    app.put(
      '/api/delivery-notes/:id',
      {
        config: delivery,
        schema: {
          tags,
          summary: 'Edit a draft delivery note',
          params: idParams,
          body: deliveryNoteInputSchema,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => deliveryNotes.update(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/delivery-notes/:id/issue',
      {
        config: delivery,
        schema: {
          tags,
          summary: 'Issue: stock leaves in the same transaction (Idempotency-Key)',
          params: idParams,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => deliveryNotes.issue(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/delivery-notes/:id/deliver',
      {
        config: delivery,
        schema: { tags, summary: 'Mark delivered', params: idParams, response: detailResponse },
      },
      (request) => run(request, (tx, ctx) => deliveryNotes.deliver(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/delivery-notes/:id/cancel',
      {
        config: delivery,
        schema: {
          tags,
          summary: 'Cancel an issued note: posts the reversal (Idempotency-Key)',
          params: idParams,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => deliveryNotes.cancel(tx, ctx, request.params.id)),
    );
  };
}
