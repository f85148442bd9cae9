import {
  certificateUploadSchema,
  cisAttemptMessagesSchema,
  cisAttemptParamsSchema,
  fiscalSettingsSchema,
  fiscalSettingsViewSchema,
  fiscalStatusSchema,
  idParamsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import './fiscal.jobs.ts';
import {
  attemptMessages,
  fiscalStatus,
  putSettings,
  removeCertificate,
  retryDelivery,
  settingsView,
  uploadCertificate,
} from './fiscal.service.ts';

/** CIS fiscalisation: settings, the certificate, and each invoice's fiscal state and messages. */
export function fiscalRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['fiscalisation'];
    app.get(
      '/api/fiscal/settings',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'CIS fiscalisation settings and the certificate',
          response: { 200: fiscalSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => settingsView(tx, ctx.companyId)),
    );
    app.put(
      '/api/fiscal/settings',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Turn fiscalisation of consumer invoices on or off, sequence mark, CIS address, premises',
          body: fiscalSettingsSchema,
          response: { 200: fiscalSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => putSettings(tx, ctx, request.body)),
    );
    app.post(
      '/api/fiscal/certificate',
      {
        config: { access: 'company.manage' },
        bodyLimit: 300_000,
        schema: {
          tags,
          summary: 'Upload the PKCS#12 certificate (base64) with its password; stored encrypted',
          body: certificateUploadSchema,
          response: { 200: fiscalSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => uploadCertificate(tx, ctx, request.body)),
    );
    app.delete(
      '/api/fiscal/certificate',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Remove the stored certificate',
          response: { 200: fiscalSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => removeCertificate(tx, ctx)),
    );
    app.get(
      '/api/invoices/:id/fiscal',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'The invoice’s fiscalisation: ZKI, JIR or state, QR link, every attempt (null: not fiscalised)',
          params: idParamsSchema,
          response: { 200: fiscalStatusSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => fiscalStatus(tx, request.params.id)),
    );
    app.post(
      '/api/invoices/:id/fiscal/retry',
      {
        config: { access: 'invoices.write' },
        schema: {
          tags,
          summary: 'Send a pending or failed invoice to CIS again (late delivery)',
          params: idParamsSchema,
          response: { 200: fiscalStatusSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => retryDelivery(tx, ctx, request.params.id)),
    );
    app.get(
      '/api/invoices/:id/fiscal/attempts/:attemptId',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'The request sent to CIS and its answer, as exchanged',
          params: cisAttemptParamsSchema,
          response: {
            200: cisAttemptMessagesSchema,
          },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => attemptMessages(tx, request.params.id, request.params.attemptId)),
    );
  };
}
