import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './shop-floor.service.ts';

const s = z.string();
const sN = z.string().nullable();

const operationSchema = z.object({
  id: s,
  work_order_id: s,
  work_order_number: sN,
  work_order_status: s,
  client_name: sN,
  due_date: sN,
  position: z.number(),
  code: s,
  name: s,
  status: z.enum(['pending', 'in_progress', 'paused', 'done']),
  quality_check_required: z.boolean(),
  last_check: z.enum(['pass', 'fail', 'note']).nullable(),
  planned_minutes: s,
  logged_minutes: s,
  quantity: s,
  good_qty: s,
  scrap_qty: s,
  started_at: sN,
  line_position: z.number().nullable(),
  line_label: sN,
  width_mm: sN,
  height_mm: sN,
});

const todaySchema = z.object({
  work_centres: z.array(z.object({ code: s, name: s, operations: z.array(operationSchema) })),
});

const cardSchema = z.object({
  work_order: z.object({ id: s, number: sN, status: s, client_name: sN, due_date: sN }),
  operations: z.array(operationSchema),
  cutting_jobs: z.array(z.object({ id: s, number: z.number(), name: s, status: s, has_plan: z.boolean() })),
  drawings: z.array(z.object({ file_id: s, sku: s, name: s })),
});

const scanSchema = z.object({
  code: s,
  hits: z.array(
    z.object({
      kind: z.enum(['work_order', 'item', 'lot', 'location']),
      id: s,
      label: s,
      item_id: s.optional(),
    }),
  ),
});

const idParams = z.object({ id: z.uuid() });

/**
 * Shop floor (issue 12): today's operations per work centre, one work order's card, scanned-code
 * lookup, and one-tap start / pause / finish. Reads need company.read; the taps production.write
 * (owners, admins and planners — a shop-floor worker is given the planner role).
 */
export function shopFloorRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['shop-floor'];
    app.get(
      '/api/shop-floor/today',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: "Today's operations grouped by work centre",
          response: { 200: todaySchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.today(tx)),
    );
    app.get(
      '/api/shop-floor/work-orders/:id',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'A work order at the station: operations with progress, cutting sheets, drawings',
          params: idParams,
          response: { 200: cardSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.card(tx, request.params.id)),
    );
    app.get(
      '/api/shop-floor/scan',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'What a scanned code names: work order number, item SKU, lot number or location code',
          querystring: z.object({ code: z.string().trim().min(1).max(200) }),
          response: { 200: scanSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.scan(tx, request.query.code)),
    );
    const op = { 200: operationSchema };
    app.post(
      '/api/shop-floor/operations/:id/start',
      {
        config: { access: 'production.write' },
        schema: { tags, summary: 'Start (a planned order starts with it)', params: idParams, response: op },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.start(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/shop-floor/operations/:id/pause',
      {
        config: { access: 'production.write' },
        schema: { tags, summary: 'Pause (the running time is logged)', params: idParams, response: op },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.pause(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/shop-floor/operations/:id/finish',
      {
        config: { access: 'production.write' },
        schema: {
          tags,
          summary: 'Finish with quantities good and scrap and, where required, the quality check',
          params: idParams,
          body: service.finishInputSchema,
          response: op,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => service.finish(tx, ctx, request.params.id, request.body)),
    );
  };
}
