import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { figures } from './dashboard.service.ts';

const money = z.string();
export const dashboardSchema = z.object({
  open_quotes: z.object({ count: z.number(), value: money }),
  work_orders: z.object({
    by_status: z.array(z.object({ status: z.string(), count: z.number() })),
    overdue: z.number(),
  }),
  revenue: z.object({
    this_month: money,
    last_month: money,
    months: z.array(z.object({ month: z.string(), net: money })),
  }),
  low_stock: z.object({
    count: z.number(),
    items: z.array(
      z.object({
        id: z.string(),
        sku: z.string(),
        name: z.string(),
        available: z.string(),
        reorder_point: z.string(),
      }),
    ),
  }),
  on_time: z.object({ delivered: z.number(), on_time: z.number(), rate: z.string().nullable() }),
});

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
