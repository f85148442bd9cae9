import {
  adjustmentSchema,
  issueSchema,
  itemInputSchema,
  itemListQuerySchema,
  itemUpdateSchema,
  locationInputSchema,
  locationUpdateSchema,
  movementListQuerySchema,
  positiveDecimal,
  receiptSchema,
  reservationInputSchema,
  settingsSchema,
  transferSchema,
  unitConversionSchema,
} from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { readUploadedSheet } from '../../imports/read-table.ts';
import { storeFile } from '../files/files.service.ts';
import { readImageUpload } from '../files/image-upload.ts';
import { countRoutes } from './counts.routes.ts';
import { importItems } from './inventory.import.ts';
import * as service from './inventory.service.ts';
import { reverseManual } from './reverse.service.ts';
import { balancesWithPieces, itemDetailWithPieces, itemsWithPieces } from './sheet-stock.ts';
import * as reads from './stock-reads.service.ts';

const uuid = z.uuid({ error: 'validation.invalid' });
const idParams = z.object({ id: uuid });
const dec = z.string();
const decN = z.string().nullable();
/** Item images: what a browser shows everywhere. */

export const itemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  base_unit: z.string(),
  length_mm: decN,
  width_mm: decN,
  thickness_mm: decN,
  lot_tracked: z.boolean(),
  reorder_point: decN,
  reorder_qty: decN,
  default_supplier_id: z.string().nullable(),
  purchase_price: decN,
  sales_price: decN,
  vat_rate: dec,
  kpd_code: z.string().nullable(),
  vat_exemption: z.string().nullable(),
  price_basis: z.string(),
  glass_kind: z.string().nullable(),
  min_charge: decN,
  grain: z.boolean(),
  active: z.boolean(),
  image_file_id: z.string().nullable(),
  on_hand: dec,
  reserved: dec,
  available: dec,
  on_order: dec,
  avg_cost: dec,
  /** sheets/bars (item with a size, unit m², m or a count): whole pieces and remnants on hand */
  pieces_on_hand: z.number().nullable().optional(),
  remnants_on_hand: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
const balanceSchema = z.object({
  location_id: z.string(),
  location_code: z.string(),
  location_name: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  expires_on: z.string().nullable(),
  quantity: dec,
  value: dec,
  /** sheets/bars: whole pieces in the balance and the size of one (a remnant lot's own size) */
  pieces: z.number().nullable().optional(),
  remnant: z.boolean().optional(),
  piece_length_mm: decN.optional(),
  piece_width_mm: decN.optional(),
});
const conversionSchema = z.object({ unit: z.string(), factor: dec });
const locationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  parent_id: z.string().nullable(),
  active: z.boolean(),
  quantity: dec,
  value: dec,
  item_count: z.number(),
});
const locationStockSchema = z.object({
  item_id: z.string(),
  sku: z.string(),
  name: z.string(),
  base_unit: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  quantity: dec,
  avg_cost: dec,
  value: dec,
  /** sheets/bars: whole pieces in the balance and the size of one (a remnant lot's own size) */
  pieces: z.number().nullable().optional(),
  remnant: z.boolean().optional(),
  piece_length_mm: decN.optional(),
  piece_width_mm: decN.optional(),
});
export const movementSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  line_no: z.number(),
  type: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  location_id: z.string(),
  location_code: z.string(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  quantity: dec,
  unit_cost: dec,
  reverses_movement_id: z.string().nullable(),
  reference: z.string().nullable(),
  document_type: z.string(),
  reversed: z.boolean(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  document_date: z.string(),
  source_type: z.string().nullable(),
  source_id: z.string().nullable(),
  owner_kind: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_number: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export const documentSchema = z.object({
  id: z.string(),
  type: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  document_date: z.string(),
  owner_kind: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_number: z.string().nullable(),
  reverses_document_id: z.string().nullable(),
  reversed_by: z.string().nullable(),
  source_type: z.string().nullable(),
  source_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(movementSchema),
});
const lotSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  lot_number: z.string(),
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable().optional(),
  received_on: z.string(),
  expires_on: z.string().nullable(),
  quantity: dec,
  /** a remnant of a cut sheet/bar: its own size and the lot it was cut from */
  remnant: z.boolean().optional(),
  length_mm: decN.optional(),
  width_mm: decN.optional(),
  parent_lot_id: z.string().nullable().optional(),
  parent_lot_number: z.string().nullable().optional(),
  base_unit: z.string().optional(),
  /** sheets/bars: whole pieces in the lot; null for other items */
  pieces: z.number().nullable().optional(),
});
const traceSchema = z.array(
  z.object({
    lot_id: z.string(),
    depth: z.number(),
    lot_number: z.string(),
    item_id: z.string(),
    sku: z.string(),
    item_name: z.string(),
  }),
);
const reservationSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  base_unit: z.string(),
  location_id: z.string().nullable(),
  location_code: z.string().nullable(),
  lot_id: z.string().nullable(),
  lot_number: z.string().nullable(),
  quantity: dec,
  status: z.string(),
  source_type: z.string().nullable(),
  source_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
const importIssueSchema = z.object({
  field: z.string(),
  column: z.string().nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const itemImportResultSchema = z.object({
  valid: z.boolean(),
  committed: z.boolean(),
  total: z.number(),
  created: z.number(),
  stock_lines: z.number(),
  document_id: z.string().nullable(),
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  file_errors: z.array(importIssueSchema),
  rows: z.array(
    z.object({
      line: z.number(),
      sku: z.string(),
      name: z.string(),
      location: z.string().nullable(),
      quantity: z.string().nullable(),
      errors: z.array(importIssueSchema),
    }),
  ),
});

export function inventoryRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['inventory'];
    const read = { access: 'company.read' as const };
    const master = { access: 'master.write' as const };
    const write = { access: 'inventory.write' as const };
    const run = <T>(request: FastifyRequest, fn: Parameters<typeof inCompany<T>>[2]) =>
      inCompany(deps, request, fn);

    // Units
    app.get(
      '/api/inventory/units',
      {
        config: read,
        schema: {
          tags,
          summary: 'Units of measure',
          response: { 200: z.array(z.object({ code: z.string(), name: z.string() })) },
        },
      },
      (request) => run(request, (tx) => reads.listUnits(tx)),
    );

    // Items
    app.get(
      '/api/inventory/items',
      {
        config: read,
        schema: {
          tags,
          summary: 'Search, filter, sort and page items (with on hand, reserved, available, on order)',
          querystring: itemListQuerySchema,
          response: { 200: z.object({ items: z.array(itemSchema), total: z.number() }) },
        },
      },
      (request) =>
        run(request, async (tx) => {
          const list = await service.listItems(tx, request.query);
          return { ...list, items: await itemsWithPieces(tx, list.items) };
        }),
    );
    app.post(
      '/api/inventory/items',
      {
        config: master,
        schema: { tags, summary: 'Create an item', body: itemInputSchema, response: { 201: itemSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await run(request, (tx, ctx) => service.createItem(tx, ctx, request.body))),
    );
    app.get(
      '/api/inventory/items/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'Item with balances per location and lot, and unit conversions',
          params: idParams,
          response: {
            200: z.object({
              item: itemSchema,
              balances: z.array(balanceSchema),
              conversions: z.array(conversionSchema),
            }),
          },
        },
      },
      (request) =>
        run(request, async (tx) => itemDetailWithPieces(tx, await service.itemDetail(tx, request.params.id))),
    );
    app.patch(
      '/api/inventory/items/:id',
      {
        config: master,
        schema: {
          tags,
          summary: 'Update an item',
          params: idParams,
          body: itemUpdateSchema,
          response: { 200: itemSchema },
        },
      },
      (request) => run(request, (tx, ctx) => service.updateItem(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/inventory/items/:id/image',
      {
        config: master,
        schema: {
          tags,
          summary: 'Upload the item image (PNG, JPEG or WebP, at most 2 MB; multipart field "file")',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: itemSchema },
        },
      },
      async (request) => {
        const { data, mime } = await readImageUpload(request, 'Slika mora biti PNG, JPEG ili WebP');
        return run(request, async (tx, ctx) => {
          const fileId = await storeFile(tx, {
            companyId: ctx.companyId,
            createdBy: ctx.userId,
            contentType: mime,
            data,
          });
          return service.updateItem(tx, ctx, request.params.id, { image_file_id: fileId });
        });
      },
    );
    app.put(
      '/api/inventory/items/:id/conversions',
      {
        config: master,
        schema: {
          tags,
          summary: 'Replace the unit conversions of an item (1 unit = factor × base unit)',
          params: idParams,
          body: z.object({ conversions: z.array(unitConversionSchema).max(20) }),
          response: { 200: z.array(conversionSchema) },
        },
      },
      (request) =>
        run(request, (tx, ctx) =>
          service.replaceConversions(tx, ctx, request.params.id, request.body.conversions),
        ),
    );

    // Locations
    app.get(
      '/api/inventory/locations',
      {
        config: read,
        schema: {
          tags,
          summary: 'Locations with stock quantity and value at average cost',
          response: { 200: z.array(locationSchema) },
        },
      },
      (request) => run(request, (tx) => reads.listLocations(tx)),
    );
    app.post(
      '/api/inventory/locations',
      {
        config: write,
        schema: {
          tags,
          summary: 'Create a location',
          body: locationInputSchema,
          response: { 201: locationSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await run(request, (tx, ctx) => service.createLocation(tx, ctx, request.body))),
    );
    app.get(
      '/api/inventory/locations/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'A location and its stock',
          params: idParams,
          response: { 200: z.object({ location: locationSchema, stock: z.array(locationStockSchema) }) },
        },
      },
      (request) =>
        run(request, async (tx) => {
          const detail = await service.locationDetail(tx, request.params.id);
          return { ...detail, stock: await balancesWithPieces(tx, detail.stock) };
        }),
    );
    app.patch(
      '/api/inventory/locations/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Update a location',
          params: idParams,
          body: locationUpdateSchema,
          response: { 200: locationSchema },
        },
      },
      (request) => run(request, (tx) => service.updateLocation(tx, request.params.id, request.body)),
    );

    // Postings (Idempotency-Key header supported on each)
    const posting = <S extends z.ZodType>(
      path: string,
      summary: string,
      body: S,
      fn: (request: FastifyRequest & { body: z.output<S> }) => Promise<unknown>,
    ) =>
      app.post(
        path,
        {
          config: write,
          schema: {
            tags,
            summary: `${summary} (header Idempotency-Key replays once)`,
            body,
            response: { 201: documentSchema },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              (await fn(request as FastifyRequest & { body: z.output<S> })) as z.infer<typeof documentSchema>,
            ),
      );
    posting('/api/inventory/receipts', 'Receive stock', receiptSchema, (r) =>
      run(r, (tx, ctx) => service.receive(tx, ctx, r.body)),
    );
    posting('/api/inventory/issues', 'Issue stock', issueSchema, (r) =>
      run(r, (tx, ctx) => service.issue(tx, ctx, r.body)),
    );
    posting('/api/inventory/transfers', 'Transfer stock between locations', transferSchema, (r) =>
      run(r, (tx, ctx) => service.transfer(tx, ctx, r.body)),
    );
    posting('/api/inventory/adjustments', 'Adjust stock (signed quantities)', adjustmentSchema, (r) =>
      run(r, (tx, ctx) => service.adjust(tx, ctx, r.body)),
    );
    app.post(
      '/api/inventory/documents/:id/reverse',
      {
        config: write,
        schema: {
          tags,
          summary: 'Reverse a posted document (Idempotency-Key supported)',
          params: idParams,
          response: { 201: documentSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await run(request, (tx, ctx) => reverseManual(tx, ctx, request.params.id))),
    );
    app.get(
      '/api/inventory/documents/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'A posted document with its movements',
          params: idParams,
          response: { 200: documentSchema },
        },
      },
      (request) => run(request, (tx) => reads.getDocument(tx, request.params.id)),
    );
    app.get(
      '/api/inventory/movements',
      {
        config: read,
        schema: {
          tags,
          summary: 'Movement history with filters',
          querystring: movementListQuerySchema,
          response: { 200: z.array(movementSchema) },
        },
      },
      (request) => run(request, (tx) => reads.listMovements(tx, request.query)),
    );

    // Lots
    app.get(
      '/api/inventory/lots',
      {
        config: read,
        schema: {
          tags,
          summary: 'Lots',
          querystring: z.object({
            item_id: uuid.optional(),
            q: z.string().trim().max(100).optional(),
            limit: z.coerce.number().int().min(1).max(500).optional().default(200),
            offset: z.coerce.number().int().min(0).optional().default(0),
          }),
          response: { 200: z.array(lotSchema) },
        },
      },
      (request) => run(request, (tx) => reads.listLots(tx, request.query)),
    );
    app.get(
      '/api/inventory/lots/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'A lot with its movements and trace both ways',
          params: idParams,
          response: {
            200: z.object({
              lot: lotSchema,
              movements: z.array(movementSchema),
              produced_into: traceSchema,
              made_from: traceSchema,
            }),
          },
        },
      },
      (request) => run(request, async (tx) => (await reads.lotDetail(tx, request.params.id)) as never),
    );
    app.post(
      '/api/inventory/lot-links',
      {
        config: { access: 'production.write' },
        schema: {
          tags,
          summary: 'Record that a consumed lot went into a produced lot (production)',
          body: z.object({
            consumed_lot_id: uuid,
            produced_lot_id: uuid,
            quantity: positiveDecimal,
            source_type: z.string().max(40).nullable().optional(),
            source_id: uuid.nullable().optional(),
          }),
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ id: await run(request, (tx, ctx) => service.linkLots(tx, ctx, request.body)) }),
    );

    // Availability
    app.get(
      '/api/inventory/low-stock',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Items whose available + on order is below the reorder point, with the quantity already on draft purchase orders',
          response: {
            200: z.array(itemSchema.extend({ on_draft: dec, draft_order_id: z.string().nullable() })),
          },
        },
      },
      (request) => run(request, (tx) => reads.lowStock(tx)),
    );
    app.get(
      '/api/inventory/reservations',
      {
        config: read,
        schema: {
          tags,
          summary: 'Reservations per item and/or location (active unless a status is given)',
          querystring: z.object({
            item_id: uuid.optional(),
            location_id: uuid.optional(),
            status: z.enum(['active', 'released', 'consumed']).optional(),
          }),
          response: { 200: z.array(reservationSchema) },
        },
      },
      (request) => run(request, (tx) => reads.listReservations(tx, request.query)),
    );
    app.post(
      '/api/inventory/reservations',
      {
        config: write,
        schema: {
          tags,
          summary: 'Reserve stock',
          body: reservationInputSchema,
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ id: await run(request, (tx, ctx) => service.reserve(tx, ctx, request.body)) }),
    );
    app.post(
      '/api/inventory/reservations/:id/release',
      { config: write, schema: { tags, summary: 'Release a reservation', params: idParams } },
      async (request, reply) => {
        await run(request, (tx, ctx) => service.releaseReservation(tx, ctx, request.params.id));
        return reply.status(204).send();
      },
    );

    await app.register(countRoutes(deps));

    // Import of items and opening stock
    app.post(
      '/api/inventory/import',
      {
        config: master,
        schema: {
          tags,
          summary:
            'Import items and opening stock from CSV or XLSX (multipart field "file"); ?commit=true writes every row or none (Idempotency-Key supported)',
          consumes: ['multipart/form-data'],
          querystring: z.object({ commit: z.enum(['true', 'false']).default('false') }),
          response: { 200: itemImportResultSchema },
        },
      },
      async (request) => {
        const table = await readUploadedSheet(request);
        // A replayed upload is checked against the file's rows (the multipart body is not JSON).
        request.idempotencyBody = table;
        return run(request, (tx, ctx) => importItems(tx, ctx, table, request.query.commit === 'true'));
      },
    );

    // Settings
    app.get(
      '/api/inventory/settings',
      {
        config: read,
        schema: { tags, summary: 'Inventory settings of the company', response: { 200: settingsSchema } },
      },
      (request) => run(request, (tx) => service.getSettings(tx)),
    );
    app.put(
      '/api/inventory/settings',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Change inventory settings',
          body: settingsSchema,
          response: { 200: settingsSchema },
        },
      },
      (request) => run(request, (tx, ctx) => service.putSettings(tx, ctx, request.body)),
    );
  };
}
