import {
  bomDetailSchema,
  bomInputSchema,
  bomParamsSchema as bomParams,
  costedExplosionSchema,
  createdIdSchema,
  explosionQuerySchema,
  explosionResultSchema,
  idParamsSchema as idParams,
  productItemSchema as itemSchema,
  processInputSchema,
  processListQuerySchema,
  processPageSchema,
  processSchema,
  productCreateSchema,
  productDetailSchema,
  productItemsQuerySchema,
  productListQuerySchema as productListQuery,
  productPageSchema,
  routingInputSchema,
  routingStepSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './production.service.ts';

export function productionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: 'company.read' as const };
    const write = { access: 'production.write' as const };

    // --- processes ---
    app.get(
      '/api/processes',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'List processes (search, active filter, sort, page)',
          querystring: processListQuerySchema,
          response: { 200: processPageSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.listProcesses(tx, request.query)),
    );
    app.get(
      '/api/processes/:id',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'One process',
          params: idParams,
          response: { 200: processSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.getProcess(tx, request.params.id)),
    );
    app.post(
      '/api/processes',
      {
        config: write,
        schema: {
          tags: ['production'],
          summary: 'Create a process',
          body: processInputSchema,
          response: { 201: processSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => service.createProcess(tx, ctx, request.body))),
    );
    app.put(
      '/api/processes/:id',
      {
        config: write,
        schema: {
          tags: ['production'],
          summary: 'Update a process',
          params: idParams,
          body: processInputSchema,
          response: { 200: processSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => service.updateProcess(tx, request.params.id, request.body)),
    );
    app.delete(
      '/api/processes/:id',
      {
        config: write,
        schema: { tags: ['production'], summary: 'Delete an unused process', params: idParams },
      },
      async (request, reply) => {
        await inCompany(deps, request, (tx) => service.deleteProcess(tx, request.params.id));
        return reply.status(204).send();
      },
    );

    // --- products ---
    app.get(
      '/api/products',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'Products (items of kind product, and any item with a BOM)',
          querystring: productListQuery,
          response: { 200: productPageSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.listProducts(tx, request.query)),
    );
    app.post(
      '/api/products',
      {
        config: write,
        schema: {
          tags: ['production'],
          summary: 'Create a product item (kind product or component)',
          body: productCreateSchema,
          response: { 201: createdIdSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => service.createProduct(tx, ctx, request.body))),
    );
    app.get(
      '/api/products/items',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'Item picker for BOM lines (SKU or name)',
          querystring: productItemsQuerySchema,
          response: { 200: z.array(itemSchema) },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.searchItems(tx, request.query.q)),
    );
    app.get(
      '/api/products/:id',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'Product with its BOM versions, routing and processing-order warnings of the routing',
          params: idParams,
          response: { 200: productDetailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.productDetail(tx, request.params.id)),
    );
    app.get(
      '/api/products/:id/boms/:bomId',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'One BOM version with its lines',
          params: bomParams,
          response: { 200: bomDetailSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => service.bomDetail(tx, request.params.id, request.params.bomId)),
    );
    app.post(
      '/api/products/:id/boms',
      {
        config: write,
        schema: {
          tags: ['production'],
          summary: 'New BOM version (draft); formulas checked, cycles refused',
          params: idParams,
          body: bomInputSchema,
          response: { 201: createdIdSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await inCompany(deps, request, (tx, ctx) =>
              service.createBom(tx, ctx, request.params.id, request.body),
            ),
          ),
    );
    app.put(
      '/api/products/:id/boms/:bomId',
      {
        config: write,
        schema: {
          tags: ['production'],
          summary: 'Replace a draft BOM version',
          params: bomParams,
          body: bomInputSchema,
          response: { 200: createdIdSchema },
        },
      },
      async (request) => {
        const { id, bomId } = request.params;
        await inCompany(deps, request, (tx, ctx) => service.updateBom(tx, ctx, id, bomId, request.body));
        return { id: bomId };
      },
    );
    for (const action of ['activate', 'archive'] as const) {
      app.post(
        `/api/products/:id/boms/:bomId/${action}`,
        {
          config: write,
          schema: {
            tags: ['production'],
            summary: action === 'activate' ? 'Make this version the active one' : 'Archive this version',
            params: bomParams,
            response: { 200: createdIdSchema },
          },
        },
        async (request) => {
          const { id, bomId } = request.params;
          await inCompany(deps, request, (tx) =>
            action === 'activate' ? service.activateBom(tx, id, bomId) : service.archiveBom(tx, id, bomId),
          );
          return { id: bomId };
        },
      );
    }
    app.delete(
      '/api/products/:id/boms/:bomId',
      {
        config: write,
        schema: { tags: ['production'], summary: 'Delete a draft BOM version', params: bomParams },
      },
      async (request, reply) => {
        const { id, bomId } = request.params;
        await inCompany(deps, request, (tx) => service.deleteDraftBom(tx, id, bomId));
        return reply.status(204).send();
      },
    );
    app.put(
      '/api/products/:id/routing',
      {
        config: write,
        schema: {
          tags: ['production'],
          summary: 'Replace the routing (ordered process steps)',
          params: idParams,
          body: routingInputSchema,
          response: { 200: z.array(routingStepSchema) },
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => service.saveRouting(tx, ctx, request.params.id, request.body)),
    );
    app.get(
      '/api/products/:id/explosion',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'BOM explosion for a quantity and W × H (mm): tree and flattened requirements',
          params: idParams,
          querystring: explosionQuerySchema,
          response: { 200: explosionResultSchema },
        },
      },
      (request) =>
        inCompany(deps, request, async (tx) => {
          const { cost: _cost, ...explosion } = await service.explodeAndCost(
            tx,
            request.params.id,
            request.query,
          );
          return explosion;
        }),
    );
    app.get(
      '/api/products/:id/cost',
      {
        config: read,
        schema: {
          tags: ['production'],
          summary: 'Cost roll-up (materials at average cost + labour) and suggested price at a margin',
          params: idParams,
          querystring: explosionQuerySchema,
          response: { 200: costedExplosionSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => service.explodeAndCost(tx, request.params.id, request.query)),
    );
  };
}
