import {
  draftOrdersSchema,
  fromLowStockSchema,
  idempotencyHeadersSchema as idempotencyHeaders,
  idParamsSchema as idParams,
  purchaseOrderSchema as orderSchema,
  supplierPerformanceSchema as performanceSchema,
  periodQuerySchema,
  poInputSchema,
  poListQuerySchema,
  poPageSchema,
  purchasingSettingsSchema,
  receiptInputSchema,
  goodsReceiptSchema as receiptSchema,
  purchasingPrefixesSchema as settingsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { purchaseOrderPdf } from './purchase-order.pdf.ts';
import './purchasing.history.ts';
import * as service from './purchasing.service.ts';

export function purchasingRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['purchasing'];
    const read = { access: 'company.read' as const };
    const write = { access: 'purchasing.write' as const };

    app.get(
      '/api/purchase-orders',
      {
        config: read,
        schema: {
          tags,
          summary: 'Purchase orders (search by number or supplier, filter by status and supplier)',
          querystring: poListQuerySchema,
          response: { 200: poPageSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.listOrders(tx, request.query)),
    );
    app.post(
      '/api/purchase-orders',
      {
        config: write,
        schema: {
          tags,
          summary: 'Create a draft order',
          body: poInputSchema,
          response: { 201: orderSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await inCompany(deps, request, async (tx, ctx) =>
              service.getOrder(tx, await service.createOrder(tx, ctx, request.body)),
            ),
          ),
    );
    app.post(
      '/api/purchase-orders/from-low-stock',
      {
        config: write,
        schema: {
          tags,
          summary:
            'One draft order per default supplier for the low-stock items (optionally only the listed ones)',
          body: fromLowStockSchema,
          response: { 201: draftOrdersSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await inCompany(deps, request, async (tx, ctx) => {
            const { orders, skipped, on_draft } = await service.createFromLowStock(
              tx,
              ctx,
              request.body.item_ids,
            );
            return { orders: await service.orderHeaders(tx, orders), skipped, on_draft };
          }),
        ),
    );
    app.get(
      '/api/purchase-orders/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'Order with lines and receipts',
          params: idParams,
          response: { 200: orderSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.getOrder(tx, request.params.id)),
    );
    app.put(
      '/api/purchase-orders/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Replace a draft',
          params: idParams,
          body: poInputSchema,
          response: { 200: orderSchema },
        },
      },
      (request) =>
        inCompany(deps, request, async (tx, ctx) => {
          await service.updateOrder(tx, ctx, request.params.id, request.body);
          return service.getOrder(tx, request.params.id);
        }),
    );
    for (const [action, run] of [
      ['send', service.sendOrder],
      ['cancel', service.cancelOrder],
      ['close', service.closeOrder],
    ] as const) {
      app.post(
        `/api/purchase-orders/:id/${action}`,
        {
          config: write,
          schema: {
            tags,
            summary: {
              send: 'Send a draft (allocates its number)',
              cancel: 'Cancel (draft or sent, nothing received)',
              close: 'Close a partially received order (its rest is no longer expected)',
            }[action],
            params: idParams,
            response: { 200: orderSchema },
          },
        },
        (request) =>
          inCompany(deps, request, async (tx, ctx) => {
            await run(tx, ctx, request.params.id);
            return service.getOrder(tx, request.params.id);
          }),
      );
    }
    app.get(
      '/api/purchase-orders/:id/pdf',
      { config: read, schema: { tags, summary: 'Printable PDF', params: idParams } },
      async (request, reply) => {
        const { filename, pdf } = await inCompany(deps, request, (tx, ctx) =>
          purchaseOrderPdf(tx, ctx.companyId, request.params.id),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
    app.post(
      '/api/purchase-orders/:id/receipts',
      {
        config: write,
        schema: {
          tags,
          summary: 'Post a goods receipt against the order (Idempotency-Key supported)',
          params: idParams,
          headers: idempotencyHeaders,
          body: receiptInputSchema,
          response: { 201: receiptSchema },
        },
      },
      async (request, reply) => {
        const receipt = await inCompany(deps, request, async (tx, ctx) =>
          service.getReceipt(tx, await service.receive(tx, ctx, request.params.id, request.body)),
        );
        return reply.status(201).send(receipt);
      },
    );
    app.get(
      '/api/goods-receipts/:id',
      {
        config: read,
        schema: { tags, summary: 'Goods receipt', params: idParams, response: { 200: receiptSchema } },
      },
      (request) => inCompany(deps, request, (tx) => service.getReceipt(tx, request.params.id)),
    );
    app.post(
      '/api/goods-receipts/:id/cancel',
      {
        config: write,
        schema: {
          tags,
          summary: 'Cancel a posted receipt (posts stock reversals)',
          params: idParams,
          headers: idempotencyHeaders,
          response: { 200: receiptSchema },
        },
      },
      (request) =>
        inCompany(deps, request, async (tx, ctx) =>
          service.getReceipt(tx, await service.cancelReceipt(tx, ctx, request.params.id)),
        ),
    );
    app.get(
      '/api/purchasing/settings',
      { config: read, schema: { tags, summary: 'Number prefixes', response: { 200: settingsSchema } } },
      (request) => inCompany(deps, request, (tx) => service.getSettings(tx)),
    );
    app.put(
      '/api/purchasing/settings',
      {
        config: write,
        schema: {
          tags,
          summary: 'Change number prefixes',
          body: purchasingSettingsSchema,
          response: { 200: settingsSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.putSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/suppliers/:id/performance',
      {
        config: read,
        schema: {
          tags: ['suppliers'],
          summary: 'Delivery performance: on-time rate, average lead time, fill rate, per month',
          params: idParams,
          querystring: periodQuerySchema,
          response: { 200: performanceSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => service.performance(tx, request.params.id, request.query)),
    );
  };
}
