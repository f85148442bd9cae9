import {
  countCreateSchema,
  stockCountDetailSchema as countDetailSchema,
  countLineAddSchema,
  countLinesSchema,
  countRecountSchema,
  stockCountSchema as countSchema,
  idParamsSchema as idParams,
  lotPicksQuerySchema,
  lotPicksSchema,
} from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { countSheetPdf } from './count-sheet.pdf.ts';
import * as counts from './counts.service.ts';
import { lotPicks } from './lot-picks.ts';
import * as reads from './stock-reads.service.ts';

/** Stock counts (inventura) and the lot suggestion of the operation forms. */
export function countRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['inventory'];
    const read = { access: 'company.read' as const };
    const write = { access: 'inventory.write' as const };
    const run = <T>(request: FastifyRequest, fn: Parameters<typeof inCompany<T>>[2]) =>
      inCompany(deps, request, fn);

    app.get(
      '/api/inventory/counts',
      { config: read, schema: { tags, summary: 'Stock counts', response: { 200: z.array(countSchema) } } },
      (request) => run(request, (tx) => reads.listCounts(tx) as never),
    );
    app.post(
      '/api/inventory/counts',
      {
        config: write,
        schema: {
          tags,
          summary: 'Open a count sheet for a location',
          body: countCreateSchema,
          response: { 201: countDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send((await run(request, (tx, ctx) => counts.createCount(tx, ctx, request.body))) as never),
    );
    app.get(
      '/api/inventory/counts/:id',
      {
        config: read,
        schema: {
          tags,
          summary:
            'A count sheet: per line the book quantity at counting, the difference, and whether stock moved since',
          params: idParams,
          response: { 200: countDetailSchema },
        },
      },
      (request) => run(request, async (tx) => (await reads.getCount(tx, request.params.id)) as never),
    );
    app.get(
      '/api/inventory/counts/:id/pdf',
      { config: read, schema: { tags, summary: 'Printable count sheet (PDF)', params: idParams } },
      async (request, reply) => {
        const { filename, pdf } = await run(request, (tx, ctx) =>
          countSheetPdf(tx, ctx.companyId, request.params.id),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
    app.put(
      '/api/inventory/counts/:id/lines',
      {
        config: write,
        schema: {
          tags,
          summary: 'Save counted quantities (a changed quantity takes the book quantity of this moment)',
          params: idParams,
          body: countLinesSchema,
          response: { 200: countDetailSchema },
        },
      },
      (request) =>
        run(request, (tx) => counts.saveCountLines(tx, request.params.id, request.body.lines) as never),
    );
    app.post(
      '/api/inventory/counts/:id/lines',
      {
        config: write,
        schema: {
          tags,
          summary: 'Add an item (and lot) to a count sheet',
          params: idParams,
          body: countLineAddSchema,
          response: { 200: countDetailSchema },
        },
      },
      (request) =>
        run(request, (tx, ctx) => counts.addCountLine(tx, ctx, request.params.id, request.body) as never),
    );
    app.post(
      '/api/inventory/counts/:id/recount',
      {
        config: write,
        schema: {
          tags,
          summary: 'Clear lines to count them again (their sheet book quantity is refreshed)',
          params: idParams,
          body: countRecountSchema,
          response: { 200: countDetailSchema },
        },
      },
      (request) =>
        run(request, (tx) => counts.recountLines(tx, request.params.id, request.body.line_ids) as never),
    );
    app.post(
      '/api/inventory/counts/:id/post',
      {
        config: write,
        schema: {
          tags,
          summary:
            'Post counted - book quantity at counting as adjustments; 409 listing the lines whose stock moved after counting',
          params: idParams,
          response: { 200: countDetailSchema },
        },
      },
      (request) => run(request, (tx, ctx) => counts.postCount(tx, ctx, request.params.id) as never),
    );

    app.get(
      '/api/inventory/lot-picks',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Lots of an item at a location and the FEFO/FIFO default for a quantity (the forms preselect it)',
          querystring: lotPicksQuerySchema,
          response: { 200: lotPicksSchema },
        },
      },
      (request) => run(request, (tx) => lotPicks(tx, request.query)),
    );
  };
}
