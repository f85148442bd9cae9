import { dashboardSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { figures } from './dashboard.service.ts';

export function dashboardRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dashboard',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['dashboard'],
          summary: 'Dashboard figures (SQL aggregates)',
          response: { 200: dashboardSchema },
        },
      },
      async (request) => inCompany(deps, request, (tx) => figures(tx)),
    );
  };
}
