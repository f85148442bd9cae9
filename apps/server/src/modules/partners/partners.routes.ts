import {
  AppError,
  clientAnalyticsSchema,
  duplicateQuerySchema,
  historyQuerySchema,
  idParamsSchema as idParams,
  importCommitQuerySchema,
  type PartnerRole,
  partnerDetailSchema,
  partnerDuplicateSchema,
  partnerHistorySchema,
  partnerImportResultSchema,
  partnerInputSchema,
  partnerListQuerySchema,
  partnerPageSchema,
  partnerPatchSchema,
  periodQuerySchema,
  supplierItemSchema,
  supplierItemsInputSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { fileNotSent, readTable } from '../../imports/read-table.ts';
import { clientAnalytics } from './partners.analytics.ts';
import { partnerHistory } from './partners.history.ts';
import * as service from './partners.service.ts';

const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

function routesFor(deps: Deps, role: PartnerRole, base: string): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [role === 'client' ? 'clients' : 'suppliers'];
    const read = { access: 'company.read' as const };
    const write = { access: 'partners.write' as const };

    app.get(
      base,
      {
        config: read,
        schema: {
          tags,
          summary: 'List (search, filters, sort, paging)',
          querystring: partnerListQuerySchema,
          response: { 200: partnerPageSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.listPartners(tx, role, request.query)),
    );
    app.post(
      base,
      {
        config: write,
        schema: { tags, summary: 'Create', body: partnerInputSchema, response: { 201: partnerDetailSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await inCompany(deps, request, (tx, ctx) => service.createPartner(tx, ctx, role, request.body)),
          ),
    );
    app.get(
      `${base}/duplicates`,
      {
        config: read,
        schema: {
          tags,
          summary: 'Partners with the same OIB or a near-identical name (warning before saving)',
          querystring: duplicateQuerySchema,
          response: { 200: z.array(partnerDuplicateSchema) },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.duplicates(tx, role, request.query)),
    );
    app.post(
      `${base}/import`,
      {
        config: write,
        schema: {
          tags,
          summary: 'Import from CSV or XLSX (multipart field "file"); ?commit=true writes all rows or none',
          consumes: ['multipart/form-data'],
          querystring: importCommitQuerySchema,
          response: { 200: partnerImportResultSchema },
        },
      },
      async (request) => {
        const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
        if (!part) throw fileNotSent();
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Datoteka je veća od 2 MB');
        const table = await readTable(part.filename, data);
        return inCompany(deps, request, (tx, ctx) =>
          service.importPartners(tx, ctx, role, table, request.query.commit === 'true'),
        );
      },
    );
    app.get(
      `${base}/:id`,
      {
        config: read,
        schema: {
          tags,
          summary: 'Detail with contacts',
          params: idParams,
          response: { 200: partnerDetailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.getPartner(tx, role, request.params.id)),
    );
    app.patch(
      `${base}/:id`,
      {
        config: write,
        schema: {
          tags,
          summary: 'Update any subset of fields',
          params: idParams,
          body: partnerPatchSchema,
          response: { 200: partnerDetailSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) =>
          service.updatePartner(tx, ctx, role, request.params.id, request.body),
        ),
    );
    app.get(
      `${base}/:id/history`,
      {
        config: read,
        schema: {
          tags,
          summary: 'Documents naming this partner, newest first',
          params: idParams,
          querystring: historyQuerySchema,
          response: { 200: partnerHistorySchema },
        },
      },
      (request) =>
        inCompany(deps, request, async (tx) => {
          await service.getPartner(tx, role, request.params.id);
          return partnerHistory(tx, role, request.params.id, request.query.limit);
        }),
    );

    if (role === 'client') {
      app.get(
        `${base}/:id/analytics`,
        {
          config: read,
          schema: {
            tags,
            summary: 'Revenue by month, quote win rate, average order value, top products, open items',
            params: idParams,
            querystring: periodQuerySchema,
            response: { 200: clientAnalyticsSchema },
          },
        },
        (request) =>
          inCompany(deps, request, async (tx) => {
            await service.getPartner(tx, role, request.params.id);
            return clientAnalytics(tx, request.params.id, request.query);
          }),
      );
    } else {
      app.get(
        `${base}/:id/items`,
        {
          config: read,
          schema: {
            tags,
            summary: 'Items this supplier delivers',
            params: idParams,
            response: { 200: z.array(supplierItemSchema) },
          },
        },
        (request) => inCompany(deps, request, (tx) => service.supplierItems(tx, request.params.id)),
      );
      app.put(
        `${base}/:id/items`,
        {
          config: write,
          schema: {
            tags,
            summary: 'Replace the supplied items',
            params: idParams,
            body: supplierItemsInputSchema,
            response: { 200: z.array(supplierItemSchema) },
          },
        },
        (request) =>
          inCompany(deps, request, (tx, ctx) =>
            service.replaceSupplierItems(tx, ctx, request.params.id, request.body.items),
          ),
      );
    }
  };
}

export function partnersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(routesFor(deps, 'client', '/api/clients'));
    await app.register(routesFor(deps, 'supplier', '/api/suppliers'));
  };
}
