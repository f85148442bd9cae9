import {
  adjustmentSchema,
  conversionsBodySchema,
  createdIdSchema,
  idParamsSchema as idParams,
  importCommitQuerySchema,
  issueSchema,
  itemDetailSchema,
  itemImportResultSchema,
  itemInputSchema,
  itemListQuerySchema,
  itemPageSchema,
  inventoryItemSchema as itemSchema,
  itemUpdateSchema,
  locationDetailSchema,
  locationInputSchema,
  locationUpdateSchema,
  lotDetailSchema,
  lotLinkInputSchema,
  lotListQuerySchema,
  lotSchema,
  lowStockItemSchema,
  movementListQuerySchema,
  receiptSchema,
  reservationInputSchema,
  reservationListQuerySchema,
  reservationSchema,
  settingsSchema,
  stockDocumentSchema,
  stockLocationSchema,
  stockMovementSchema,
  transferSchema,
  unitConversionRowSchema,
  unitSchema,
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
import { postingAhead } from './posting.ts';
import { reverseManual } from './reverse.service.ts';
import { balancesWithPieces, itemDetailWithPieces, itemsWithPieces } from './sheet-stock.ts';
import * as reads from './stock-reads.service.ts';

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
          response: { 200: z.array(unitSchema) },
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
          response: { 200: itemPageSchema },
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
          response: { 200: itemDetailSchema },
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
          body: conversionsBodySchema,
          response: { 200: z.array(unitConversionRowSchema) },
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
          response: { 200: z.array(stockLocationSchema) },
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
          response: { 201: stockLocationSchema },
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
          response: { 200: locationDetailSchema },
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
          response: { 200: stockLocationSchema },
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
            response: { 201: stockDocumentSchema },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              (await fn(request as FastifyRequest & { body: z.output<S> })) as z.infer<
                typeof stockDocumentSchema
              >,
            ),
      );
    // Each of these use-cases starts with its item lock (service.posting: the same items and
    // locations) and, when it takes stock away, the balance read: sent with the company's entry.
    // Each ends with its posting's write (postLocked): the COMMIT may go with it.
    const lockFirst = (lines: { item_id: string }[], locations: string[], outgoing = true) => ({
      lastStatementCommits: true,
      ahead: postingAhead(
        lines.map((l) => l.item_id),
        locations,
        outgoing,
      ),
    });
    posting('/api/inventory/receipts', 'Receive stock', receiptSchema, (r) =>
      inCompany(
        deps,
        r,
        (tx, ctx) => service.receive(tx, ctx, r.body),
        lockFirst(r.body.lines, [r.body.location_id], false),
      ),
    );
    posting('/api/inventory/issues', 'Issue stock', issueSchema, (r) =>
      inCompany(
        deps,
        r,
        (tx, ctx) => service.issue(tx, ctx, r.body),
        lockFirst(r.body.lines, [r.body.location_id]),
      ),
    );
    posting('/api/inventory/transfers', 'Transfer stock between locations', transferSchema, (r) =>
      inCompany(
        deps,
        r,
        (tx, ctx) => service.transfer(tx, ctx, r.body),
        lockFirst(r.body.lines, [r.body.from_location_id, r.body.to_location_id]),
      ),
    );
    posting('/api/inventory/adjustments', 'Adjust stock (signed quantities)', adjustmentSchema, (r) =>
      inCompany(
        deps,
        r,
        (tx, ctx) => service.adjust(tx, ctx, r.body),
        lockFirst(
          r.body.lines,
          [r.body.location_id],
          r.body.lines.some((l) => l.quantity.startsWith('-')),
        ),
      ),
    );
    app.post(
      '/api/inventory/documents/:id/reverse',
      {
        config: write,
        schema: {
          tags,
          summary: 'Reverse a posted document (Idempotency-Key supported)',
          params: idParams,
          response: { 201: stockDocumentSchema },
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
          response: { 200: stockDocumentSchema },
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
          response: { 200: z.array(stockMovementSchema) },
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
          querystring: lotListQuerySchema,
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
          response: { 200: lotDetailSchema },
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
          body: lotLinkInputSchema,
          response: { 201: createdIdSchema },
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
          response: { 200: z.array(lowStockItemSchema) },
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
          querystring: reservationListQuerySchema,
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
          summary: 'Reserve stock (refused above what is free at the location, or for the item)',
          body: reservationInputSchema,
          response: { 201: createdIdSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ id: await run(request, (tx, ctx) => service.reserveManual(tx, ctx, request.body)) }),
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
          querystring: importCommitQuerySchema,
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
