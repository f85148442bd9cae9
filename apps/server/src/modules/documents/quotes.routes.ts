import { documentDetailSchema, idParamsSchema, quoteInputSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { listRoute } from './document-list.routes.ts';
import * as quotes from './quotes.service.ts';

// Quotes: list, create (numbered at once), edit a draft, send / accept / reject, convert into a
// work order. Sending by e-mail is in mail.routes.ts, advance invoices in advances.routes.ts.

export function quotesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const write = { access: 'documents.write' as const };
    const params = idParamsSchema;

    listRoute(app, deps, { path: '/api/documents/quotes', kinds: ['quote'], summary: 'Quotes' });
    app.post(
      '/api/documents/quotes',
      {
        config: write,
        schema: {
          tags,
          summary: 'Create a quote (numbered at once)',
          body: quoteInputSchema,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => quotes.createQuote(tx, ctx, request.body))),
    );
    app.put(
      '/api/documents/quotes/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Edit a draft quote',
          params,
          body: quoteInputSchema,
          response: { 200: documentDetailSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => quotes.updateQuote(tx, ctx, request.params.id, request.body)),
    );
    for (const action of ['send', 'accept', 'reject'] as const) {
      app.post(
        `/api/documents/quotes/:id/${action}`,
        {
          config: write,
          schema: { tags, summary: `Quote: ${action}`, params, response: { 200: documentDetailSchema } },
        },
        (request) =>
          inCompany(deps, request, (tx, ctx) => quotes.quoteAction(tx, ctx, request.params.id, action)),
      );
    }
    app.post(
      '/api/documents/quotes/:id/convert',
      {
        config: write,
        schema: {
          tags,
          summary: 'Accepted quote → linked work order (Idempotency-Key)',
          params,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => quotes.convertQuote(tx, ctx, request.params.id))),
    );
  };
}
