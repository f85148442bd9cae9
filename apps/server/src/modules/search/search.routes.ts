import { searchQuerySchema, searchResultSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { search } from './search.service.ts';

/** GET /api/search: the command palette's one search across items, partners and documents. */
export function searchRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/search',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['search'],
          summary: 'Search items, clients, suppliers and documents (a few hits per kind)',
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema },
        },
      },
      async (request) => inCompany(deps, request, (tx) => search(tx, request.query.q, request.query.limit)),
    );
  };
}
