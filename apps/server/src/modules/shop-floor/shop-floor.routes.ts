import {
  floorCardSchema as cardSchema,
  finishInputSchema,
  idParamsSchema as idParams,
  floorOperationSchema as operationSchema,
  scanQuerySchema,
  scanResultSchema as scanSchema,
  floorTodaySchema as todaySchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './shop-floor.service.ts';

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
          querystring: scanQuerySchema,
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
          body: finishInputSchema,
          response: op,
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => service.finish(tx, ctx, request.params.id, request.body)),
    );
  };
}
