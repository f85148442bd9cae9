import { healthSchema, publicConfigSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../http/context.ts';
import { health } from './health.service.ts';

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: { 200: healthSchema },
        },
      },
      () => health(deps),
    );
    app.get(
      '/api/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Public runtime configuration of the web app',
          response: { 200: publicConfigSchema },
        },
      },
      async () => ({ contact: deps.config.contact, sentry: deps.config.sentry }),
    );
  };
}
