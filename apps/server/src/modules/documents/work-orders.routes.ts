import {
  completionInputSchema,
  documentDetailSchema,
  idParamsSchema,
  operationParamsSchema,
  qualityCheckInputSchema,
  timeLogInputSchema,
  workOrderInputSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { listRoute } from './document-list.routes.ts';
import * as workOrders from './work-orders.service.ts';

// Work orders: list, create, edit a draft, plan (BOMs → reservations, routings → operations),
// start, complete, cancel, and the shop floor's operations (status, time, quality checks). The
// completion preview, consumption corrections and delivery progress have their own routes files.

export function workOrdersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const write = { access: 'documents.write' as const };
    const prod = { access: 'production.write' as const };
    const params = idParamsSchema;
    const response = { 200: documentDetailSchema };

    listRoute(app, deps, {
      path: '/api/documents/work-orders',
      kinds: ['work_order'],
      summary: 'Work orders',
    });
    app.post(
      '/api/documents/work-orders',
      {
        config: write,
        schema: {
          tags,
          summary: 'Create a work order',
          body: workOrderInputSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await inCompany(deps, request, (tx, ctx) => workOrders.createWorkOrder(tx, ctx, request.body)),
          ),
    );
    app.put(
      '/api/documents/work-orders/:id',
      {
        config: write,
        schema: { tags, summary: 'Edit a draft work order', params, body: workOrderInputSchema, response },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) =>
          workOrders.updateWorkOrder(tx, ctx, request.params.id, request.body),
        ),
    );
    app.post(
      '/api/documents/work-orders/:id/plan',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Plan: explode BOMs, reserve materials, create operations (Idempotency-Key)',
          params,
          response,
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => workOrders.plan(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/documents/work-orders/:id/start',
      { config: prod, schema: { tags, summary: 'Start production', params, response } },
      (request) => inCompany(deps, request, (tx, ctx) => workOrders.start(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/documents/work-orders/:id/complete',
      {
        config: prod,
        schema: {
          tags,
          summary:
            'Complete: consumption, output with a new lot, lot links, actual cost, in one transaction (Idempotency-Key)',
          params,
          body: completionInputSchema,
          response,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => workOrders.complete(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/documents/work-orders/:id/cancel',
      { config: prod, schema: { tags, summary: 'Cancel and release reservations', params, response } },
      (request) => inCompany(deps, request, (tx, ctx) => workOrders.cancel(tx, ctx, request.params.id)),
    );
    for (const action of ['start', 'pause', 'finish', 'reopen'] as const) {
      app.post(
        `/api/documents/work-orders/:id/operations/:opId/${action}`,
        {
          config: prod,
          schema: { tags, summary: `Operation: ${action}`, params: operationParamsSchema, response },
        },
        (request) =>
          inCompany(deps, request, (tx, ctx) =>
            workOrders.operationAction(tx, ctx, request.params.id, request.params.opId, action),
          ),
      );
    }
    app.post(
      '/api/documents/work-orders/:id/operations/:opId/time',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Log time on an operation',
          params: operationParamsSchema,
          body: timeLogInputSchema,
          response,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) =>
          workOrders.logTime(tx, ctx, request.params.id, request.params.opId, request.body),
        ),
    );
    app.post(
      '/api/documents/work-orders/:id/operations/:opId/checks',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Record a quality check (pass/fail/note)',
          params: operationParamsSchema,
          body: qualityCheckInputSchema,
          response,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) =>
          workOrders.qualityCheck(tx, ctx, request.params.id, request.params.opId, request.body),
        ),
    );
  };
}
