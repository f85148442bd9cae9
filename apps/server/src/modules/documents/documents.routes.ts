import {
  documentDetailSchema,
  documentHistorySchema,
  documentIdsQuerySchema,
  documentSettingsSchema,
  idParamsSchema,
  pricingSettingsSchema,
  pricingSettingsViewSchema,
} from '@erp/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { contentDisposition } from '../../pdf/content-disposition.ts';
import { bulkPdf, documentPdfFile, documentView } from './document-views.service.ts';
import * as service from './documents.service.ts';
import { getPricingSettings, putPricingSettings } from './pricing-settings.ts';
import { trace } from './trace.service.ts';
import './documents.history.ts';

// What every document kind shares: the detail of any document, its history and PDF, bulk print,
// copies, lot traceability and the numbering and pricing settings. Each kind's own routes are in
// quotes.routes.ts, work-orders.routes.ts, delivery-notes.routes.ts and invoices.routes.ts.

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('inline', filename))
    .header('cache-control', 'no-store')
    .send(pdf);
}

export function documentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const read = { access: 'company.read' as const };
    const manage = { access: 'company.manage' as const };
    const params = idParamsSchema;

    app.get(
      '/api/documents/settings',
      {
        config: read,
        schema: {
          tags,
          summary: 'Numbering and invoice settings',
          response: { 200: documentSettingsSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.getSettings(tx, ctx)),
    );
    app.put(
      '/api/documents/settings',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Change numbering and invoice settings',
          body: documentSettingsSchema,
          response: { 200: documentSettingsSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.putSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/documents/pricing-settings',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Measure pricing settings (dimension step, minimum areas, minimum edge, shape surcharge, hole and cut-out prices, price bands by pane area)',
          response: { 200: pricingSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => getPricingSettings(tx)),
    );
    app.put(
      '/api/documents/pricing-settings',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Change the measure pricing settings',
          body: pricingSettingsSchema,
          response: { 200: pricingSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => putPricingSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/documents/pdf',
      {
        config: read,
        schema: {
          tags,
          summary: 'Several documents in one PDF (bulk print)',
          querystring: documentIdsQuerySchema,
        },
      },
      async (request, reply) => {
        const ids = request.query.ids.split(',').filter(Boolean);
        const pdf = await inCompany(deps, request, (tx, ctx) => bulkPdf(tx, ctx, ids));
        return sendPdf(reply, 'dokumenti.pdf', pdf);
      },
    );
    app.get(
      '/api/documents/trace/lots/:id',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Traceability of a lot: what it went into, which delivery notes and clients got it, and back',
          params,
        },
      },
      (request) => inCompany(deps, request, (tx) => trace(tx, request.params.id)),
    );
    app.get(
      '/api/documents/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'Any document with lines, links and kind-specific detail',
          params,
          response: { 200: documentDetailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => documentView(tx, request.params.id)),
    );
    app.post(
      '/api/documents/:id/duplicate',
      {
        config: { access: 'documents.write' },
        schema: {
          tags,
          summary: 'Copy a quote or work order as a new draft',
          params,
          response: { 201: documentDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => service.duplicate(tx, ctx, request.params.id))),
    );
    app.get(
      '/api/documents/:id/history',
      {
        config: read,
        schema: {
          tags,
          summary: 'Change history from the audit trail',
          params,
          response: { 200: documentHistorySchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.history(tx, request.params.id)),
    );
    app.get(
      '/api/documents/:id/pdf',
      { config: read, schema: { tags, summary: 'Printable PDF', params } },
      async (request, reply) => {
        const { pdf, name } = await inCompany(deps, request, (tx, ctx) =>
          documentPdfFile(tx, ctx, request.params.id),
        );
        return sendPdf(reply, name, pdf);
      },
    );
  };
}
