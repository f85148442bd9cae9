import {
  DELIVERY_STATES,
  FISCAL_MESSAGE_KINDS,
  FISCAL_MESSAGE_STATES,
  fiscalExchangeSettingsSchema,
  INTERMEDIARY_KINDS,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import './fiscal-exchange.jobs.ts';
import * as service from './fiscal-exchange.service.ts';

const settingsOut = z.object({
  enabled: z.boolean(),
  porezna_url: z.string().nullable(),
  intermediary_kind: z.enum(INTERMEDIARY_KINDS),
  intermediary_url: z.string().nullable(),
  intermediary_username: z.string().nullable(),
  intermediary_secret_set: z.boolean(),
  auto_send: z.boolean(),
});
const messageOut = z.object({
  id: z.string(),
  kind: z.enum(FISCAL_MESSAGE_KINDS),
  document_id: z.string().nullable(),
  purchase_invoice_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  document_number: z.string(),
  issue_date: z.string(),
  amount: z.string().nullable(),
  event_date: z.string().nullable(),
  due_on: z.string(),
  state: z.enum(FISCAL_MESSAGE_STATES),
  attempts: z.coerce.number(),
  error_code: z.string().nullable(),
  error_text: z.string().nullable(),
  answer_id: z.string().nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
});
const deliveryOut = z.object({
  id: z.string(),
  document_id: z.string(),
  state: z.enum(DELIVERY_STATES),
  intermediary_ref: z.string().nullable(),
  attempts: z.coerce.number(),
  error_text: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  checked_at: z.string().nullable(),
});
const documentStateOut = z.object({ messages: z.array(messageOut), delivery: deliveryOut.nullable() });
const messageDetailOut = messageOut.extend({
  attempts_log: z.array(
    z.object({
      attempt: z.coerce.number(),
      outcome: z.string(),
      http_status: z.coerce.number().nullable(),
      request_xml: z.string(),
      answer_xml: z.string().nullable(),
      error_text: z.string().nullable(),
      started_at: z.string(),
      finished_at: z.string(),
    }),
  ),
});
const todoOut = z.array(
  z.object({
    kind: z.string(),
    message_id: z.string().nullable(),
    document_id: z.string().nullable(),
    purchase_invoice_id: z.string().nullable(),
    number: z.string().nullable(),
    state: z.string(),
    due_on: z.string().nullable(),
    overdue: z.boolean(),
    error_text: z.string().nullable(),
  }),
);
const idParams = z.object({ id: z.uuid() });

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
          response: { 200: settingsOut },
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
          response: { 200: settingsOut },
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
          response: { 200: todoOut },
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
          params: idParams,
          response: { 200: documentStateOut },
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
          params: idParams,
          response: { 200: documentStateOut },
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
          params: idParams,
          response: { 200: documentStateOut },
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
          params: idParams,
          response: { 200: z.array(messageOut) },
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
          params: idParams,
          response: { 200: messageDetailOut },
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
          params: idParams,
          response: { 200: messageDetailOut },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => service.retryMessage(tx, ctx, request.params.id)),
    );
  };
}
