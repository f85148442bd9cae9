import {
  BOM_STATUSES,
  bomInputSchema,
  explosionQuerySchema,
  processCategorySchema,
  processInputSchema,
  processListQuerySchema,
  processSchema,
  routingInputSchema,
  routingWarningSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './production.service.ts';

const idParams = z.object({ id: z.uuid() });
const bomParams = z.object({ id: z.uuid(), bomId: z.uuid() });
const dec = z.string();

const itemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  baseUnit: z.string(),
  cost: dec.nullable(),
  salesPrice: dec.nullable(),
});

const bomHeaderSchema = z.object({
  id: z.string(),
  productId: z.string(),
  version: z.number(),
  status: z.enum(BOM_STATUSES),
  note: z.string(),
  variables: z.array(z.object({ name: z.string(), value: z.string() })),
  activatedAt: z.string().nullable(),
  updatedAt: z.string(),
  lineCount: z.number(),
});

const bomLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  componentId: z.string(),
  quantity: dec.nullable(),
  formula: z.string().nullable(),
  unit: z.string(),
  scrapPct: dec,
  childWidth: z.string().nullable(),
  childHeight: z.string().nullable(),
  cutCount: z.string().nullable(),
  cutLength: z.string().nullable(),
  cutWidth: z.string().nullable(),
  cutHeight: z.string().nullable(),
  /** bar lines: saw angle at each end of the pieces, 90 or 45 (mitre) */
  cutAngleStart: z.number(),
  cutAngleEnd: z.number(),
  component: itemSchema.nullable(),
  componentHasBom: z.boolean(),
});

const routingStepSchema = z.object({
  position: z.number(),
  processId: z.string(),
  processCode: z.string(),
  processName: z.string(),
  workCentre: z.string(),
  setupMinutes: dec.nullable(),
  minutesPerUnit: dec.nullable(),
  defaultSetupMinutes: dec,
  defaultMinutesPerUnit: dec,
  costPerHour: dec,
  qualityCheckRequired: z.boolean(),
  category: processCategorySchema,
  note: z.string(),
});

const productRowSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  baseUnit: z.string(),
  salesPrice: dec.nullable(),
  activeVersion: z.number().nullable(),
  versions: z.number(),
  routingSteps: z.number(),
  updatedAt: z.string(),
});

const explosionSchema = z.object({
  productId: z.string(),
  bom: z.object({ id: z.string(), version: z.number(), status: z.enum(BOM_STATUSES) }),
  quantity: dec,
  W: dec.nullable(),
  H: dec.nullable(),
  requirements: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: dec,
      scrapQuantity: dec,
    }),
  ),
  tree: z.array(
    z.object({
      level: z.number(),
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      unit: z.string(),
      perUnit: dec,
      scrapPct: dec,
      quantity: dec,
      made: z.boolean(),
      width: dec.nullable(),
      height: dec.nullable(),
    }),
  ),
  treeTruncated: z.boolean(),
});

const costSchema = z.object({
  materials: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: dec,
      unitCost: dec,
      amount: dec,
      missingCost: z.boolean(),
    }),
  ),
  labour: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      processId: z.string(),
      processCode: z.string(),
      processName: z.string(),
      quantity: dec,
      minutes: dec,
      amount: dec,
    }),
  ),
  materialCost: dec,
  labourCost: dec,
  totalCost: dec,
  unitCost: dec,
  marginPct: dec,
  suggestedUnitPrice: dec,
  suggestedTotalPrice: dec,
});

const productCreateSchema = z.object({
  sku: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  baseUnit: z.string().trim().min(1, 'validation.required').max(16, 'validation.tooLong'),
  salesPrice: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, 'validation.decimalInvalid')
    .nullable()
    .default(null),
  kind: z.enum(['product', 'component']).default('product'),
});

const productListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(['sku', 'name']).default('sku'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

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
          response: { 200: z.object({ items: z.array(processSchema), total: z.number() }) },
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
          response: { 200: z.object({ items: z.array(productRowSchema), total: z.number() }) },
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
          response: { 201: z.object({ id: z.string() }) },
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
          querystring: z.object({ q: z.string().trim().max(100).default('') }),
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
          response: {
            200: z.object({
              product: itemSchema,
              boms: z.array(bomHeaderSchema),
              routing: z.array(routingStepSchema),
              routingWarnings: z.array(routingWarningSchema),
            }),
          },
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
          response: { 200: bomHeaderSchema.extend({ lines: z.array(bomLineSchema) }) },
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
          response: { 201: z.object({ id: z.string() }) },
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
          response: { 200: z.object({ id: z.string() }) },
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
            response: { 200: z.object({ id: z.string() }) },
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
          response: { 200: explosionSchema },
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
          response: { 200: explosionSchema.extend({ cost: costSchema }) },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => service.explodeAndCost(tx, request.params.id, request.query)),
    );
  };
}
