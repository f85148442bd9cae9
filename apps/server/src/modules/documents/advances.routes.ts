import { advanceInputSchema, documentDetailSchema, idParamsSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { createAdvance } from './advances.service.ts';

// POST /api/documents/:id/advance-invoices: an advance invoice (račun za predujam, 386) for a
// quote or work order, issued at once (numbered in the invoice series, UBL and PDF frozen). The
// final invoice of the order deducts it when issued (advances.service.ts).

export function advanceRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/documents/:id/advance-invoices',
      {
        config: { access: 'invoices.write' },
        schema: {
          tags: ['documents'],
          summary:
            'Issue an advance invoice (386) for a quote or work order: amount with VAT or % of its total (Idempotency-Key)',
          params: idParamsSchema,
          body: advanceInputSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await inCompany(deps, request, (tx, ctx) =>
              createAdvance(tx, ctx, request.params.id, request.body),
            ),
          ),
    );
  };
}
