import {
  type DocumentKind,
  documentMailInputSchema,
  idParamsSchema,
  mailDraftSchema,
  mailSentSchema,
  mailSettingsInputSchema,
  mailSettingsViewSchema,
} from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import {
  getMailSettings,
  logFailedMail,
  MailSendFailed,
  mailDraft,
  putMailSettings,
  sendDocumentMail,
} from './mail.service.ts';

/** Sending documents by e-mail through the company's SMTP server, and its settings. */
export function documentMailRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    app.get(
      '/api/settings/mail',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: "The company's SMTP server (the password is never returned)",
          response: { 200: mailSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => getMailSettings(tx)),
    );
    app.put(
      '/api/settings/mail',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Set the SMTP server documents are sent through (an empty password keeps the stored one)',
          body: mailSettingsInputSchema,
          response: { 200: mailSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => putMailSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/documents/:id/mail',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'The send dialog prefilled (recipient, subject, message, attachments) and the sent log',
          params: idParamsSchema,
          response: { 200: mailDraftSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => mailDraft(tx, request.params.id)),
    );

    // One route per permission: quotes (documents.write), delivery notes, invoices and credit notes.
    const senders: {
      path: string;
      kinds: DocumentKind[];
      access: 'documents.write' | 'delivery.write' | 'invoices.write';
    }[] = [
      { path: '/api/documents/quotes/:id/mail', kinds: ['quote'], access: 'documents.write' },
      { path: '/api/delivery-notes/:id/mail', kinds: ['delivery_note'], access: 'delivery.write' },
      { path: '/api/invoices/:id/mail', kinds: ['invoice', 'credit_note'], access: 'invoices.write' },
    ];
    for (const sender of senders) {
      app.post(
        sender.path,
        {
          config: { access: sender.access },
          schema: {
            tags,
            summary:
              'E-mail the document with its stored PDF (and eRačun XML) through the company SMTP server; a draft quote is sent first',
            params: idParamsSchema,
            body: documentMailInputSchema,
            response: { 200: mailSentSchema },
          },
        },
        (request) => send(request, sender.kinds, request.params.id, request.body),
      );
    }

    async function send(
      request: FastifyRequest,
      kinds: DocumentKind[],
      id: string,
      body: z.output<typeof documentMailInputSchema>,
    ) {
      try {
        return await inCompany(deps, request, (tx, ctx) => sendDocumentMail(tx, ctx, id, body, kinds));
      } catch (error) {
        // The send transaction rolled back (nothing marked sent); the attempt is logged on its own.
        if (error instanceof MailSendFailed)
          await inCompany(deps, request, (tx, ctx) => logFailedMail(tx, ctx, id, error));
        throw error;
      }
    }
  };
}
