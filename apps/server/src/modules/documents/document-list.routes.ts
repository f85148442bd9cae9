import { type DocumentKind, documentListQuerySchema, documentPageSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { list } from './documents.service.ts';

/** A routes plugin's Fastify instance (zod schemas typed). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The list of one kind's documents (search, filter by status/client/date, sort, page) for every member. */
export function listRoute(
  app: ZodApp,
  deps: Deps,
  route: { path: string; kinds: DocumentKind[]; summary: string },
) {
  app.get(
    route.path,
    {
      config: { access: 'company.read' },
      schema: {
        tags: ['documents'],
        summary: `${route.summary}: search, filter by status/client/date, sort, page`,
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema },
      },
    },
    (request) => inCompany(deps, request, (tx) => list(tx, route.kinds, request.query)),
  );
}
