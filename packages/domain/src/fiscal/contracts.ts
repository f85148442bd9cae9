import { z } from 'zod';
import { uuidParam } from '../contracts.ts';

// CIS fiscalisation's wire shapes (issue 20: one contract per shape): the settings with the stored
// certificate, an invoice's fiscal state with its attempts, one attempt's request and answer.

/** The stored certificate, as far as the screen shows it (never the key). */
export const fiscalCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  oib: z.string().nullable(),
  not_before: z.string(),
  not_after: z.string(),
});
export type FiscalCertificate = z.infer<typeof fiscalCertificateSchema>;

/** GET/PUT /api/fiscal/settings (and the certificate routes) answer the settings as stored. */
export const fiscalSettingsViewSchema = z.object({
  enabled: z.boolean(),
  sequence_mark: z.enum(['P', 'N']),
  cis_url: z.string(),
  timeout_ms: z.number(),
  registered_premises: z.string().nullable(),
  invoice_premises: z.string(),
  invoice_device: z.string(),
  certificate: fiscalCertificateSchema.nullable(),
});
export type FiscalSettingsView = z.infer<typeof fiscalSettingsViewSchema>;

/** One delivery attempt to CIS. */
export const cisAttemptSchema = z.object({
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
export type CisAttempt = z.infer<typeof cisAttemptSchema>;

/** An invoice's fiscal state (null: the invoice is not fiscalised). */
export const fiscalStatusSchema = z
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
    attempts: z.array(cisAttemptSchema),
  })
  .nullable();
export type FiscalStatus = z.infer<typeof fiscalStatusSchema>;

/** /api/invoices/:id/fiscal/attempts/:attemptId: the request sent and the answer received. */
export const cisAttemptParamsSchema = z.object({ id: uuidParam, attemptId: uuidParam });
export const cisAttemptMessagesSchema = z
  .object({ request_xml: z.string(), response_xml: z.string().nullable() })
  .nullable();
export type CisAttemptMessages = z.infer<typeof cisAttemptMessagesSchema>;
