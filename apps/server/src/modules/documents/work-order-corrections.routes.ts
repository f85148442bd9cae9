import { consumptionCorrectionSchema, documentDetailSchema, idParamsSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { correctConsumption } from './work-order-corrections.ts';
import { workOrderDetail } from './work-orders.service.ts';

// POST /api/documents/work-orders/:id/consumption-corrections: a completed work order corrects its
// own consumption (returns what was not used, issues what was used on top). The Idempotency-Key
// comes with inCompany: a replay answers the first response and posts nothing.

export function workOrderCorrectionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/documents/work-orders/:id/consumption-corrections',
      {
        config: { access: 'production.write' },
        schema: {
          tags: ['documents'],
          summary:
            'Correct a completed work order’s consumption: quantity > 0 returns material, < 0 issues more (Idempotency-Key)',
          params: idParamsSchema,
          body: consumptionCorrectionSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await inCompany(deps, request, async (tx, ctx) => {
            await correctConsumption(tx, ctx, request.params.id, request.body);
            return workOrderDetail(tx, request.params.id);
          }),
        ),
    );
  };
}
