import type {
  DeliveryState,
  EinvoiceDelivery,
  FiscalAttempt,
  FiscalExchangeSettings,
  FiscalMessage,
  FiscalMessageKind,
  FiscalMessageState,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';
import { decryptField, encryptField } from '../../security/field-crypto.ts';

// The request texts name both parties by OIB, so they are stored encrypted like every OIB
// (field-crypto, context "<table>.<column>"; listed in security/encrypted-columns.ts).
const sealed = (table: string, column: string, xml: string) => encryptField(xml, `${table}.${column}`);
const opened = (table: string, column: string, stored: string | null) =>
  stored === null ? null : decryptField(stored, `${table}.${column}`);

/** The stored settings: the contract's fields with the (sealed) secret itself. */
export type SettingsRow = Omit<FiscalExchangeSettings, 'intermediary_secret_set'> & {
  intermediary_secret: string | null;
};

export function getSettings(tx: Tx): Promise<SettingsRow | undefined> {
  return one<SettingsRow>(
    tx,
    sql`select enabled, porezna_url, intermediary_kind, intermediary_url, intermediary_username,
          intermediary_secret, auto_send from fiscal_exchange_settings`,
  );
}

export async function putSettings(tx: Tx, companyId: string, s: SettingsRow): Promise<void> {
  await tx.execute(sql`
    insert into fiscal_exchange_settings (company_id, enabled, porezna_url, intermediary_kind, intermediary_url,
      intermediary_username, intermediary_secret, auto_send)
    values (${companyId}, ${s.enabled}, ${s.porezna_url}, ${s.intermediary_kind}, ${s.intermediary_url},
      ${s.intermediary_username}, ${s.intermediary_secret}, ${s.auto_send})
    on conflict (company_id) do update set enabled = excluded.enabled, porezna_url = excluded.porezna_url,
      intermediary_kind = excluded.intermediary_kind, intermediary_url = excluded.intermediary_url,
      intermediary_username = excluded.intermediary_username, intermediary_secret = excluded.intermediary_secret,
      auto_send = excluded.auto_send, updated_at = now()`);
}

export type NewMessage = {
  id: string;
  companyId: string;
  kind: FiscalMessageKind;
  documentId: string | null;
  paymentId: string | null;
  purchaseInvoiceId: string | null;
  documentNumber: string;
  issueDate: string;
  amount: string | null;
  eventDate: string | null;
  dueOn: string;
  bodyXml: string;
  userId: string;
};

/** Adds a message; null when the fact already has one (the unique indexes of 0043). */
export async function insertMessage(tx: Tx, m: NewMessage): Promise<string | null> {
  const inserted = await rows<{ id: string }>(
    tx,
    sql`insert into fiscal_messages (id, company_id, kind, document_id, payment_id, purchase_invoice_id,
          document_number, issue_date, amount, event_date, due_on, body_xml, created_by)
        values (${m.id}, ${m.companyId}, ${m.kind}, ${m.documentId}, ${m.paymentId}, ${m.purchaseInvoiceId},
          ${m.documentNumber}, ${m.issueDate}, ${m.amount}, ${m.eventDate}, ${m.dueOn}, ${sealed('fiscal_messages', 'body_xml', m.bodyXml)}, ${m.userId})
        on conflict do nothing returning id`,
  );
  return inserted[0]?.id ?? null;
}

export type MessageRow = FiscalMessage;

const MESSAGE_COLUMNS = sql.raw(`id, kind, document_id, purchase_invoice_id, payment_id, document_number,
  issue_date::text as issue_date, amount::text as amount, event_date::text as event_date, due_on::text as due_on,
  state, attempts, error_code, error_text, answer_id, accepted_at::text as accepted_at, created_at::text as created_at`);

/** The message, locked for this transaction, with its request texts (opened). */
export async function lockMessage(tx: Tx, id: string) {
  const row = await one<MessageRow & { body_xml: string; request_xml: string | null }>(
    tx,
    sql`select ${MESSAGE_COLUMNS}, body_xml, request_xml from fiscal_messages where id = ${id} for update`,
  );
  if (!row) return undefined;
  return {
    ...row,
    body_xml: opened('fiscal_messages', 'body_xml', row.body_xml) as string,
    request_xml: opened('fiscal_messages', 'request_xml', row.request_xml),
  };
}

export async function startAttempt(tx: Tx, id: string, requestXml: string): Promise<number> {
  const row = await one<{ attempts: number }>(
    tx,
    sql`update fiscal_messages set request_xml = coalesce(request_xml, ${sealed('fiscal_messages', 'request_xml', requestXml)}), state = 'sending',
          attempts = attempts + 1, updated_at = now()
        where id = ${id} returning attempts`,
  );
  return Number(row?.attempts ?? 0);
}

export async function recordAttempt(
  tx: Tx,
  a: {
    companyId: string;
    messageId: string;
    attempt: number;
    worker: string;
    outcome: string;
    httpStatus: number | null;
    requestXml: string;
    answerXml: string | null;
    errorText: string | null;
    startedAt: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into fiscal_message_attempts (company_id, message_id, attempt, worker, outcome, http_status,
      request_xml, answer_xml, error_text, started_at)
    values (${a.companyId}, ${a.messageId}, ${a.attempt}, ${a.worker}, ${a.outcome}, ${a.httpStatus},
      ${sealed('fiscal_message_attempts', 'request_xml', a.requestXml)}, ${a.answerXml}, ${a.errorText},
      ${a.startedAt.toISOString()}::timestamptz)`);
}

/** Sets the outcome; an accepted message stays accepted (a late, stale worker cannot undo it). */
export async function settle(
  tx: Tx,
  id: string,
  s: {
    state: FiscalMessageState;
    errorCode: string | null;
    errorText: string | null;
    answerId: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    update fiscal_messages set state = ${s.state}, error_code = ${s.errorCode}, error_text = ${s.errorText},
      answer_id = coalesce(${s.answerId}, answer_id),
      accepted_at = case when ${s.state} = 'accepted' then now() else accepted_at end, updated_at = now()
    where id = ${id} and state <> 'accepted'`);
}

export function messagesOf(tx: Tx, where: { documentId?: string; purchaseInvoiceId?: string }) {
  const filter = where.documentId
    ? sql`document_id = ${where.documentId}`
    : sql`purchase_invoice_id = ${where.purchaseInvoiceId ?? null}`;
  return rows<MessageRow>(
    tx,
    sql`select ${MESSAGE_COLUMNS} from fiscal_messages where ${filter} order by created_at, id`,
  );
}

export function getMessage(tx: Tx, id: string) {
  return one<MessageRow>(tx, sql`select ${MESSAGE_COLUMNS} from fiscal_messages where id = ${id}`);
}

export async function attemptsOf(tx: Tx, messageId: string) {
  const list = await rows<FiscalAttempt>(
    tx,
    sql`select attempt, outcome, http_status, request_xml, answer_xml, error_text, started_at::text as started_at,
          finished_at::text as finished_at
        from fiscal_message_attempts where message_id = ${messageId} order by attempt, started_at`,
  );
  return list.map((a) => ({
    ...a,
    request_xml: opened('fiscal_message_attempts', 'request_xml', a.request_xml) as string,
  }));
}

/** Messages not yet accepted, earliest deadline first. */
export function openMessages(tx: Tx, limit = 200) {
  return rows<MessageRow>(
    tx,
    sql`select ${MESSAGE_COLUMNS} from fiscal_messages where state <> 'accepted'
        order by due_on, created_at limit ${limit}`,
  );
}

/**
 * Payments of an issued document that have no message yet: money received (Art. 53). A refund paid
 * back to the client (a negative payment, migration 0059) is no collection and is never reported;
 * a negative naplaceniIznos would cancel an earlier report (docs/fiscal-exchange.md, "Refunds").
 */
export function unreportedPayments(tx: Tx, documentId: string) {
  return rows<{ id: string; paid_on: string; amount: string }>(
    tx,
    sql`select p.id, p.paid_on::text as paid_on, p.amount::text as amount from invoice_payments p
        where p.document_id = ${documentId} and p.advance_id is null -- an advance deducted is no new payment
          and p.amount > 0
          and not exists (select 1 from fiscal_messages m where m.payment_id = p.id and m.kind = 'payment')
        order by p.paid_on, p.created_at`,
  );
}

/** The stored eRačun of an issued document (document_files), or null. */
export async function storedUbl(tx: Tx, documentId: string): Promise<string | null> {
  const row = await one<{ data64: string }>(
    tx,
    sql`select encode(data, 'base64') as data64 from document_files where document_id = ${documentId} and format = 'ubl'`,
  );
  return row ? Buffer.from(row.data64, 'base64').toString('utf8') : null;
}

export function documentHeader(tx: Tx, id: string) {
  return one<{ id: string; kind: string; status: string; number: string | null; client_kind: string | null }>(
    tx,
    sql`select d.id, d.kind, d.status, d.number, p.kind as client_kind
        from documents d left join partners p on p.id = d.client_id where d.id = ${id}`,
  );
}

export async function today(tx: Tx): Promise<string> {
  const row = await one<{ d: string }>(tx, sql`select (now() at time zone 'Europe/Zagreb')::date::text as d`);
  return row?.d as string;
}

// Deliveries through the intermediary.

export type DeliveryRow = EinvoiceDelivery;
const DELIVERY_COLUMN_LIST = `e.id, e.document_id, e.state, e.intermediary_ref, e.attempts, e.error_text,
  e.sent_at::text as sent_at, e.delivered_at::text as delivered_at, e.checked_at::text as checked_at`;
const DELIVERY_COLUMNS = sql.raw(DELIVERY_COLUMN_LIST);

export async function insertDelivery(tx: Tx, companyId: string, documentId: string, userId: string) {
  const inserted = await rows<{ id: string }>(
    tx,
    sql`insert into einvoice_deliveries (company_id, document_id, created_by) values (${companyId}, ${documentId}, ${userId})
        on conflict (document_id) do nothing returning id`,
  );
  return inserted[0]?.id ?? null;
}

export function deliveryOf(tx: Tx, documentId: string, lock = false) {
  return one<DeliveryRow>(
    tx,
    sql`select ${DELIVERY_COLUMNS} from einvoice_deliveries e where document_id = ${documentId} ${lock ? sql`for update` : sql``}`,
  );
}

export async function updateDelivery(
  tx: Tx,
  documentId: string,
  s: {
    state: DeliveryState;
    ref?: string | null;
    error?: string | null;
    attempt?: boolean;
    checked?: boolean;
  },
) {
  await tx.execute(sql`
    update einvoice_deliveries set state = ${s.state}, intermediary_ref = coalesce(${s.ref ?? null}, intermediary_ref),
      error_text = ${s.error ?? null}, attempts = attempts + ${s.attempt ? 1 : 0},
      sent_at = case when ${s.state} = 'sent' and sent_at is null then now() else sent_at end,
      delivered_at = case when ${s.state} = 'delivered' and delivered_at is null then now() else delivered_at end,
      checked_at = case when ${Boolean(s.checked)} then now() else checked_at end, updated_at = now()
    where document_id = ${documentId}`);
}

export function deliveriesToCheck(tx: Tx) {
  return rows<DeliveryRow>(
    tx,
    sql`select ${DELIVERY_COLUMNS} from einvoice_deliveries e where state = 'sent' order by sent_at limit 100`,
  );
}

export function openDeliveries(tx: Tx) {
  return rows<DeliveryRow & { number: string | null }>(
    tx,
    sql`select ${DELIVERY_COLUMNS}, (select number from documents d where d.id = e.document_id) as number
        from einvoice_deliveries e where state in ('queued', 'refused', 'failed') order by created_at limit 100`,
  );
}
