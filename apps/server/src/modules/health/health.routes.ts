import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../http/context.ts';

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
        },
      },
      async () => {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: deps.database.kind };
      },
    );
    app.get(
      '/api/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Public runtime configuration of the web app',
          response: {
            200: z.object({
              contact: z.object({ email: z.string(), phone: z.string(), city: z.string() }),
              sentry: z
                .object({ dsn: z.string(), environment: z.string(), tracesSampleRate: z.number() })
                .nullable(),
            }),
          },
        },
      },
      async () => ({ contact: deps.config.contact, sentry: deps.config.sentry }),
    );
  };
}
