import { certificateUploadSchema, fiscalSettingsSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

const certificateOut = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  oib: z.string().nullable(),
  not_before: z.string(),
  not_after: z.string(),
});
const settingsOut = z.object({
  enabled: z.boolean(),
  sequence_mark: z.enum(['P', 'N']),
  cis_url: z.string(),
  timeout_ms: z.number(),
  registered_premises: z.string().nullable(),
  invoice_premises: z.string(),
  invoice_device: z.string(),
  certificate: certificateOut.nullable(),
});
const attemptOut = z.object({
  id: z.string(),
  message_id: z.string(),
  late: z.boolean(),
  outcome: z.enum(['jir', 'error', 'unavailable']),
  http_status: z.number().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  duration_ms: z.number(),
  created_at: z.string(),
});
const statusOut = z
  .object({
    state: z.enum(['pending', 'delivered', 'failed']),
    zki: z.string(),
    jir: z.string().nullable(),
    late: z.boolean(),
    issued_at: z.string(),
    amount: z.string(),
    deadline: z.string(),
    delivered_at: z.string().nullable(),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
    qr_url: z.string(),
    attempts: z.array(attemptOut),
  })
  .nullable();
const idParams = z.object({ id: z.uuid() });

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
          response: { 200: settingsOut },
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
          response: { 200: settingsOut },
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
          response: { 200: settingsOut },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => uploadCertificate(tx, ctx, request.body)),
    );
    app.delete(
      '/api/fiscal/certificate',
      {
        config: { access: 'company.manage' },
        schema: { tags, summary: 'Remove the stored certificate', response: { 200: settingsOut } },
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
          params: idParams,
          response: { 200: statusOut },
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
          params: idParams,
          response: { 200: statusOut },
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
          params: z.object({ id: z.uuid(), attemptId: z.uuid() }),
          response: {
            200: z.object({ request_xml: z.string(), response_xml: z.string().nullable() }).nullable(),
          },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) => attemptMessages(tx, request.params.id, request.params.attemptId)),
    );
  };
}
