import {
  documentFiscalStateSchema,
  fiscalExchangeSettingsSchema,
  fiscalExchangeSettingsViewSchema,
  fiscalMessageDetailSchema,
  fiscalMessageSchema,
  fiscalTodoItemSchema,
  idParamsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import './fiscal-exchange.jobs.ts';
import * as service from './fiscal-exchange.service.ts';

/** Fiskalizacija 2.0: settings, the messages of a document, sending through the intermediary, the to-do. */
export function fiscalExchangeRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['fiscal-exchange'];
    app.get(
      '/api/fiscal-exchange/settings',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Fiskalizacija 2.0 and intermediary settings',
          response: { 200: fiscalExchangeSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.getSettings(tx)),
    );
    app.put(
      '/api/fiscal-exchange/settings',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary:
            'Set the fiscalisation service address and the intermediary (its secret is stored encrypted)',
          body: fiscalExchangeSettingsSchema,
          response: { 200: fiscalExchangeSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.putSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/fiscal-exchange/todo',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Messages not yet accepted (by legal deadline) and eRačuni not delivered',
          response: { 200: z.array(fiscalTodoItemSchema) },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.todo(tx)),
    );
    app.get(
      '/api/invoices/:id/fiscal-exchange',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'The fiscalisation messages and the intermediary delivery of an invoice or credit note',
          params: idParamsSchema,
          response: { 200: documentFiscalStateSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.documentState(tx, request.params.id)),
    );
    app.post(
      '/api/invoices/:id/send-einvoice',
      {
        config: { access: 'invoices.write' },
        schema: {
          tags,
          summary: 'Send the issued eRačun through the intermediary (once per document)',
          params: idParamsSchema,
          response: { 200: documentFiscalStateSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.sendDocument(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/invoices/:id/report-without-eracun',
      {
        config: { access: 'invoices.write' },
        schema: {
          tags,
          summary:
            'Report a supply for which no eRačun could be issued (EvidentirajIsporukuZaKojuNijeIzdanERacun)',
          params: idParamsSchema,
          response: { 200: documentFiscalStateSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) => service.reportWithoutEracun(tx, ctx, request.params.id)),
    );
    app.get(
      '/api/purchase-invoices/:id/fiscal-exchange',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'The fiscalisation messages of a received eRačun',
          params: idParamsSchema,
          response: { 200: z.array(fiscalMessageSchema) },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.purchaseInvoiceState(tx, request.params.id)),
    );
    app.get(
      '/api/fiscal-messages/:id',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'One message with every attempt (request and answer as exchanged)',
          params: idParamsSchema,
          response: { 200: fiscalMessageDetailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.messageDetail(tx, request.params.id)),
    );
    app.post(
      '/api/fiscal-messages/:id/retry',
      {
        config: { access: 'invoices.write' },
        schema: {
          tags,
          summary: 'Send a failed message again',
          params: idParamsSchema,
          response: { 200: fiscalMessageDetailSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.retryMessage(tx, ctx, request.params.id)),
    );
  };
}
