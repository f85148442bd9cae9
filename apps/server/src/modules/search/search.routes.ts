import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { SEARCH_KINDS, search } from './search.service.ts';

const querySchema = z.object({
  q: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
const hitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  label: z.string().nullable(),
  detail: z.string().nullable(),
  status: z.string().nullable(),
  match: z.enum(['oib', 'text']),
});

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
          querystring: querySchema,
          response: { 200: z.object({ hits: z.array(hitSchema) }) },
        },
      },
      async (request) => inCompany(deps, request, (tx) => search(tx, request.query.q, request.query.limit)),
    );
  };
}
