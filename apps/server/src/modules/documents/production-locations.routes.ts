import { productionLocationsSchema, productionLocationsViewSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { productionLocationsView, putProductionLocations } from './production-locations.ts';

/** Company default locations of work orders (materials from, products to). */
export function productionLocationsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    app.get(
      '/api/documents/production-locations',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'Default locations of new and converted work orders (null = not set: the first active storage location by code, else the first active location)',
          response: { 200: productionLocationsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => productionLocationsView(tx)),
    );
    app.put(
      '/api/documents/production-locations',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Change the default locations of work orders (each must be an active location)',
          body: productionLocationsSchema,
          response: { 200: productionLocationsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => putProductionLocations(tx, ctx, request.body)),
    );
  };
}
