import {
  AppError,
  businessDay,
  type PartnerRole,
  partnerInputSchema,
  partnerListQuerySchema,
  partnerPatchSchema,
  supplierItemsInputSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { readTable } from '../../imports/read-table.ts';
import { clientAnalytics } from './partners.analytics.ts';
import { HISTORY_TYPES, partnerHistory } from './partners.history.ts';
import * as service from './partners.service.ts';

const idParams = z.object({ id: z.uuid() });
const address = z
  .object({
    street: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  })
  .nullable();

export const partnerSchema = z.object({
  id: z.string(),
  role: z.enum(['client', 'supplier']),
  kind: z.enum(['company', 'person']),
  name: z.string(),
  oib: z.string().nullable(),
  vat_id: z.string().nullable(),
  einvoice_address: z.string().nullable(),
  billing_address: address,
  delivery_address: address,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  payment_terms_days: z.number(),
  default_discount: z.string(),
  notes: z.string().nullable(),
  active: z.boolean(),
  lead_time_days: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const contactOutSchema = z.object({
  name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
const partnerDetailSchema = partnerSchema.extend({ contacts: z.array(contactOutSchema) });
const listSchema = z.object({
  rows: z.array(partnerSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
const duplicateSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    oib: z.string().nullable(),
    reason: z.enum(['oib', 'name']),
    similarity: z.string(),
  }),
);
const issueSchema = z.object({
  field: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const importResultSchema = z.object({
  valid: z.boolean(),
  committed: z.boolean(),
  total: z.number(),
  created: z.number(),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  rows: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      oib: z.string().nullable(),
      errors: z.array(issueSchema),
      warnings: z.array(z.object({ id: z.string(), name: z.string(), reason: z.enum(['oib', 'name']) })),
    }),
  ),
});
const historySchema = z.object({
  types: z.array(z.enum(HISTORY_TYPES)),
  entries: z.array(
    z.object({
      type: z.enum(HISTORY_TYPES),
      id: z.string(),
      number: z.string().nullable(),
      date: z.string(),
      status: z.string(),
      total: z.string().nullable(),
    }),
  ),
});
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid');
export const periodQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .transform((q) => {
    const to = q.to ?? businessDay();
    const from = q.from ?? `${Number(to.slice(0, 4)) - 1}-${to.slice(5, 7)}-01`;
    return { from, to };
  })
  .refine((p) => p.from <= p.to, { message: 'validation.dateInvalid', path: ['from'] });
const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.object({ month: z.string(), revenue: z.string() })),
  revenue_total: z.string(),
  quote_win_rate: z.string().nullable(),
  quotes_total: z.number(),
  average_order_value: z.string().nullable(),
  orders_total: z.number(),
  top_products: z.array(
    z.object({
      item_id: z.string(),
      sku: z.string(),
      name: z.string(),
      quantity: z.string(),
      revenue: z.string(),
    }),
  ),
  open_items: z.string(),
  sources: z.array(z.string()),
});
const supplierItemSchema = z.object({
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  base_unit: z.string(),
  supplier_sku: z.string().nullable(),
  price: z.string().nullable(),
  min_order_qty: z.string().nullable(),
});

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
          response: { 200: listSchema },
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
          querystring: z.object({
            name: z.string().trim().max(200).optional(),
            oib: z.string().trim().max(11).optional(),
            exclude_id: z.uuid().optional(),
          }),
          response: { 200: duplicateSchema },
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
          querystring: z.object({ commit: z.enum(['true', 'false']).default('false') }),
          response: { 200: importResultSchema },
        },
      },
      async (request) => {
        const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
        if (!part)
          throw new AppError('VALIDATION', 'Datoteka nije poslana', [
            { field: 'file', key: 'validation.required' },
          ]);
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
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
          response: { 200: historySchema },
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
            response: { 200: analyticsSchema },
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
