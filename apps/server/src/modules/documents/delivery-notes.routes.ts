import {
  deliveryNoteInputSchema,
  documentDetailSchema,
  idParamsSchema,
  workOrderProgressSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as deliveryNotes from './delivery-notes.service.ts';
import { listRoute } from './document-list.routes.ts';

// Delivery notes: list, create from a work order in full or in part (or directly), edit, issue,
// deliver, cancel, and the delivery/invoicing progress of a work order's lines.

export function deliveryNotesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const delivery = { access: 'delivery.write' as const };
    const params = idParamsSchema;
    const detailResponse = { 200: documentDetailSchema };

    listRoute(app, deps, {
      path: '/api/delivery-notes',
      kinds: ['delivery_note'],
      summary: 'Delivery notes',
    });

    app.get(
      '/api/documents/work-orders/:id/progress',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'Per line of a work order: ordered, on delivery notes (drafts included), invoiced (less credit notes) and what is left',
          params,
          response: { 200: workOrderProgressSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => deliveryNotes.workOrderProgress(tx, request.params.id)),
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
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => deliveryNotes.create(tx, ctx, request.body))),
    );
    app.put(
      '/api/delivery-notes/:id',
      {
        config: delivery,
        schema: {
          tags,
          summary: 'Edit a draft delivery note',
          params,
          body: deliveryNoteInputSchema,
          response: detailResponse,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => deliveryNotes.update(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/delivery-notes/:id/issue',
      {
        config: delivery,
        schema: {
          tags,
          summary: 'Issue: stock leaves in the same transaction (Idempotency-Key)',
          params,
          response: detailResponse,
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => deliveryNotes.issue(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/delivery-notes/:id/deliver',
      {
        config: delivery,
        schema: { tags, summary: 'Mark delivered', params, response: detailResponse },
      },
      (request) => inCompany(deps, request, (tx, ctx) => deliveryNotes.deliver(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/delivery-notes/:id/cancel',
      {
        config: delivery,
        schema: {
          tags,
          summary: 'Cancel an issued note: posts the reversal (Idempotency-Key)',
          params,
          response: detailResponse,
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => deliveryNotes.cancel(tx, ctx, request.params.id)),
    );
  };
}
