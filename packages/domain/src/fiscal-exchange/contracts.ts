import { z } from 'zod';
import {
  DELIVERY_STATES,
  FISCAL_MESSAGE_KINDS,
  FISCAL_MESSAGE_STATES,
  INTERMEDIARY_KINDS,
} from './fiscal-exchange.ts';

// Fiskalizacija 2.0's wire shapes (issue 20: one contract per shape): the settings, a document's
// messages and eRačun delivery, a message with its attempts, the to-do. The routes answer with
// these schemas, the repository types its rows with them, the web types its calls with them.

/** The company's settings as they are read back: the intermediary's secret only as "set or not". */
export const fiscalExchangeSettingsViewSchema = z.object({
  enabled: z.boolean(),
  porezna_url: z.string().nullable(),
  intermediary_kind: z.enum(INTERMEDIARY_KINDS),
  intermediary_url: z.string().nullable(),
  intermediary_username: z.string().nullable(),
  intermediary_secret_set: z.boolean(),
  auto_send: z.boolean(),
});
export type FiscalExchangeSettings = z.infer<typeof fiscalExchangeSettingsViewSchema>;

/** One message to the tax administration (fiscalisation of an eRačun, a payment, a rejection…). */
export const fiscalMessageSchema = z.object({
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
export type FiscalMessage = z.infer<typeof fiscalMessageSchema>;

/** An issued eRačun's delivery through the intermediary. */
export const einvoiceDeliverySchema = z.object({
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
export type EinvoiceDelivery = z.infer<typeof einvoiceDeliverySchema>;

/** An invoice's messages and its delivery. */
export const documentFiscalStateSchema = z.object({
  messages: z.array(fiscalMessageSchema),
  delivery: einvoiceDeliverySchema.nullable(),
});
export type DocumentFiscalState = z.infer<typeof documentFiscalStateSchema>;

/** A message with every attempt's request and answer, for the message's detail. */
export const fiscalAttemptSchema = z.object({
  attempt: z.coerce.number(),
  outcome: z.string(),
  http_status: z.coerce.number().nullable(),
  request_xml: z.string(),
  answer_xml: z.string().nullable(),
  error_text: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
});
export type FiscalAttempt = z.infer<typeof fiscalAttemptSchema>;
export const fiscalMessageDetailSchema = fiscalMessageSchema.extend({
  attempts_log: z.array(fiscalAttemptSchema),
});
export type FiscalMessageDetail = z.infer<typeof fiscalMessageDetailSchema>;

/** The dashboard's to-do: messages not yet accepted (by deadline) and eRačuni not delivered. */
export const fiscalTodoItemSchema = z.object({
  kind: z.enum([...FISCAL_MESSAGE_KINDS, 'delivery']),
  message_id: z.string().nullable(),
  document_id: z.string().nullable(),
  purchase_invoice_id: z.string().nullable(),
  number: z.string().nullable(),
  state: z.string(),
  due_on: z.string().nullable(),
  overdue: z.boolean(),
  error_text: z.string().nullable(),
});
export type FiscalTodoItem = z.infer<typeof fiscalTodoItemSchema>;
