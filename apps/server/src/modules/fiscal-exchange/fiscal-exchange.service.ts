import { randomUUID } from 'node:crypto';
import { AppError, type FiscalExchangeSettingsInput, type FiscalTodoItem, fiscalDeadline } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import { decryptField, encryptField } from '../../security/field-crypto.ts';
import { decisionHeader, storedXmlText } from '../purchase-invoices/purchase-invoices.service.ts';
import * as repo from './fiscal-exchange.repo.ts';
import type { IntermediaryConfig } from './intermediary.ts';
import { eracunRequest, noEracunRequest, paymentRequest, rejectionRequest, sendingTime } from './messages.ts';
import { readUblFacts, type UblFacts } from './ubl-facts.ts';

// Queues the Fiskalizacija 2.0 messages in the transaction of the fact they report (an invoice
// issued, a payment recorded, a supplier's eRačun received or rejected), so a message exists
// exactly when its fact committed; the send job (fiscal-exchange.jobs.ts) delivers them.

export const SEND_JOB = 'fiscal-exchange.send';
export const DELIVER_JOB = 'fiscal-exchange.deliver';
export const POLL_JOB = 'fiscal-exchange.poll';
/** Tries per message before it is marked failed (back-off 2 s … 1 h: about a day in all). */
export const SEND_ATTEMPTS = 30;

const SECRET_CONTEXT = 'fiscal_exchange_settings.intermediary_secret';

export type Settings = Omit<repo.SettingsRow, 'intermediary_secret'> & { intermediary_secret_set: boolean };

const DEFAULTS: repo.SettingsRow = {
  enabled: false,
  porezna_url: null,
  intermediary_kind: 'none',
  intermediary_url: null,
  intermediary_username: null,
  intermediary_secret: null,
  auto_send: false,
};

export async function getSettings(tx: Tx): Promise<Settings> {
  const { intermediary_secret, ...rest } = (await repo.getSettings(tx)) ?? DEFAULTS;
  return { ...rest, intermediary_secret_set: Boolean(intermediary_secret) };
}

export async function putSettings(
  tx: Tx,
  ctx: CompanyContext,
  input: FiscalExchangeSettingsInput,
): Promise<Settings> {
  const current = (await repo.getSettings(tx)) ?? DEFAULTS;
  const secret =
    input.intermediary_secret === undefined
      ? current.intermediary_secret
      : input.intermediary_secret
        ? encryptField(input.intermediary_secret, SECRET_CONTEXT)
        : null;
  await repo.putSettings(tx, ctx.companyId, {
    enabled: input.enabled,
    porezna_url: input.porezna_url,
    intermediary_kind: input.intermediary_kind,
    intermediary_url: input.intermediary_kind === 'http' ? input.intermediary_url : null,
    intermediary_username: input.intermediary_kind === 'http' ? input.intermediary_username : null,
    intermediary_secret: input.intermediary_kind === 'http' ? secret : null,
    auto_send: input.intermediary_kind === 'none' ? false : input.auto_send,
  });
  if (input.intermediary_kind !== 'none') await schedulePoll(tx, ctx.companyId, ctx.userId);
  return getSettings(tx);
}

/** The adapter configuration with the secret opened (jobs only; never sent to the web). */
export async function intermediaryConfig(tx: Tx): Promise<IntermediaryConfig> {
  const s = (await repo.getSettings(tx)) ?? DEFAULTS;
  if (s.intermediary_kind === 'http' && s.intermediary_url)
    return {
      kind: 'http',
      url: s.intermediary_url,
      username: s.intermediary_username,
      secret: decryptField(s.intermediary_secret, SECRET_CONTEXT),
    };
  return s.intermediary_kind === 'demo' ? { kind: 'demo' } : { kind: 'none' };
}

/** Who a message is queued for: the company and the user whose action caused it. */
type Actor = Pick<CompanyContext, 'companyId' | 'userId'>;

async function queue(
  tx: Tx,
  ctx: Actor,
  m: Omit<repo.NewMessage, 'id' | 'companyId' | 'userId' | 'bodyXml' | 'dueOn'> & {
    build: (id: string) => string;
    eventDay: string;
  },
): Promise<string | null> {
  const id = randomUUID();
  const inserted = await repo.insertMessage(tx, {
    id,
    companyId: ctx.companyId,
    userId: ctx.userId,
    kind: m.kind,
    documentId: m.documentId,
    paymentId: m.paymentId,
    purchaseInvoiceId: m.purchaseInvoiceId,
    documentNumber: m.documentNumber,
    issueDate: m.issueDate,
    amount: m.amount,
    eventDate: m.eventDate,
    dueOn: fiscalDeadline(m.kind, m.eventDay),
    bodyXml: m.build(id),
  });
  if (!inserted) return null;
  await enqueueJob(tx, {
    companyId: ctx.companyId,
    kind: SEND_JOB,
    payload: { messageId: id },
    dedupeKey: `${SEND_JOB}:${id}`,
    maxAttempts: SEND_ATTEMPTS,
  });
  return id;
}

/** An issued document's eRačun facts when it is one (a company buyer with an OIB), else null. */
async function issuedEracun(tx: Tx, documentId: string): Promise<UblFacts | null> {
  const doc = await repo.documentHeader(tx, documentId);
  if (!doc || doc.status !== 'issued' || !['invoice', 'credit_note'].includes(doc.kind)) return null;
  if (doc.client_kind === 'person') return null; // B2C: fiscalised through CIS instead
  const xml = await repo.storedUbl(tx, documentId);
  if (!xml) return null;
  const facts = readUblFacts(xml);
  return facts.buyer.oib ? facts : null;
}

/**
 * After an invoice or credit note is issued (its UBL stored): EvidentirajERacun when it is a
 * domestic B2B eRačun and the company takes part; then, when the company chose it, the eRačun is
 * sent through the intermediary.
 */
export async function onDocumentIssued(tx: Tx, ctx: CompanyContext, documentId: string): Promise<void> {
  const settings = await repo.getSettings(tx);
  if (!settings?.enabled && !settings?.auto_send) return;
  const facts = await issuedEracun(tx, documentId);
  if (!facts) return;
  if (settings.enabled) {
    const day = await repo.today(tx);
    await queue(tx, ctx, {
      kind: 'eracun_issued',
      documentId,
      paymentId: null,
      purchaseInvoiceId: null,
      documentNumber: facts.number,
      issueDate: facts.issueDate,
      amount: facts.totals.payable,
      eventDate: day,
      eventDay: day,
      build: (id) => eracunRequest({ id, sentAt: sendingTime(), direction: 'I', facts }),
    });
  }
  if (settings.auto_send && settings.intermediary_kind !== 'none') await sendDocument(tx, ctx, documentId);
}

/**
 * After payments are recorded on an issued invoice: one EvidentirajNaplatu per payment not yet
 * reported, when the invoice was fiscalised as an eRačun or reported as a supply without one.
 */
export async function onPaymentsRecorded(tx: Tx, ctx: CompanyContext, documentId: string): Promise<void> {
  const settings = await repo.getSettings(tx);
  if (!settings?.enabled) return;
  const reported = (await repo.messagesOf(tx, { documentId })).some(
    (m) => m.kind === 'eracun_issued' || m.kind === 'no_eracun',
  );
  if (!reported) return;
  const xml = await repo.storedUbl(tx, documentId);
  if (!xml) return;
  const facts = readUblFacts(xml);
  for (const p of await repo.unreportedPayments(tx, documentId)) {
    await queue(tx, ctx, {
      kind: 'payment',
      documentId,
      paymentId: p.id,
      purchaseInvoiceId: null,
      documentNumber: facts.number,
      issueDate: facts.issueDate,
      amount: p.amount,
      eventDate: p.paid_on,
      eventDay: p.paid_on,
      build: (id) =>
        paymentRequest({
          id,
          sentAt: sendingTime(),
          payments: [
            {
              number: facts.number,
              issueDate: facts.issueDate,
              sellerOib: facts.seller.oib,
              buyerOib: facts.buyer.oib ?? '',
              paidOn: p.paid_on,
              amount: p.amount,
              method: 'T',
            },
          ],
        }),
    });
  }
}

/** Art. 40/51: an issued invoice that could not go out as an eRačun is reported instead. */
export async function reportWithoutEracun(tx: Tx, ctx: CompanyContext, documentId: string) {
  const doc = await repo.documentHeader(tx, documentId);
  if (!doc) throw new AppError('NOT_FOUND', 'Dokument nije pronađen.');
  if (doc.status !== 'issued' || !['invoice', 'credit_note'].includes(doc.kind))
    throw new AppError('CONFLICT', 'Prijaviti se može samo izdani račun.', [
      { field: 'status', key: 'validation.notIssued' },
    ]);
  if (
    (await repo.messagesOf(tx, { documentId })).some(
      (m) => m.kind === 'eracun_issued' || m.kind === 'no_eracun',
    )
  )
    throw new AppError('CONFLICT', 'Račun je već fiskaliziran.', [
      { field: 'document_id', key: 'validation.fiscalAlreadyReported' },
    ]);
  const xml = await repo.storedUbl(tx, documentId);
  const facts = xml ? readUblFacts(xml) : null;
  if (!facts?.buyer.oib)
    throw new AppError('VALIDATION', 'Kupac nema OIB.', [
      { field: 'document_id', key: 'validation.fiscalBuyerOibMissing' },
    ]);
  const day = await repo.today(tx);
  await queue(tx, ctx, {
    kind: 'no_eracun',
    documentId,
    paymentId: null,
    purchaseInvoiceId: null,
    documentNumber: facts.number,
    issueDate: facts.issueDate,
    amount: facts.totals.payable,
    eventDate: day,
    eventDay: day,
    build: (id) => noEracunRequest({ id, sentAt: sendingTime(), facts }),
  });
  await onPaymentsRecorded(tx, ctx, documentId);
  return documentState(tx, documentId);
}

async function purchaseFacts(tx: Tx, purchaseInvoiceId: string) {
  const head = await decisionHeader(tx, purchaseInvoiceId);
  const xml = head ? await storedXmlText(tx, purchaseInvoiceId) : null;
  if (!head || !xml) return null;
  try {
    const facts = readUblFacts(xml);
    return facts.buyer.oib ? { head, facts } : null;
  } catch {
    return null; // not readable as an eRačun: nothing the fiscalisation system could take
  }
}

/** A supplier's eRačun was received (and passed the validators): EvidentirajERacun with vrsta U. */
export async function onPurchaseInvoiceReceived(tx: Tx, ctx: Actor, purchaseInvoiceId: string) {
  if (!(await repo.getSettings(tx))?.enabled) return;
  const found = await purchaseFacts(tx, purchaseInvoiceId);
  if (!found || found.head.status !== 'received') return;
  const { head, facts } = found;
  await queue(tx, ctx, {
    kind: 'eracun_received',
    documentId: null,
    paymentId: null,
    purchaseInvoiceId,
    documentNumber: facts.number,
    issueDate: facts.issueDate,
    amount: facts.totals.payable,
    eventDate: head.received_on,
    eventDay: head.received_on,
    build: (id) => eracunRequest({ id, sentAt: sendingTime(), direction: 'U', facts }),
  });
}

/** A supplier's eRačun was rejected: EvidentirajOdbijanje with the reason kind and text. */
export async function onPurchaseInvoiceRejected(tx: Tx, ctx: CompanyContext, purchaseInvoiceId: string) {
  if (!(await repo.getSettings(tx))?.enabled) return;
  const found = await purchaseFacts(tx, purchaseInvoiceId);
  if (!found || found.head.status !== 'rejected' || !found.head.reject_code) return;
  const { head, facts } = found;
  const day = head.decided_on ?? (await repo.today(tx));
  await queue(tx, ctx, {
    kind: 'rejection',
    documentId: null,
    paymentId: null,
    purchaseInvoiceId,
    documentNumber: facts.number,
    issueDate: facts.issueDate,
    amount: null,
    eventDate: day,
    eventDay: day,
    build: (id) =>
      rejectionRequest({
        id,
        sentAt: sendingTime(),
        rejections: [
          {
            number: facts.number,
            issueDate: facts.issueDate,
            sellerOib: facts.seller.oib,
            buyerOib: facts.buyer.oib ?? '',
            rejectedOn: day,
            reasonKind: head.reject_code as 'N' | 'U' | 'O',
            reason: head.reject_reason ?? '-',
          },
        ],
      }),
  });
}

/** Queues sending an issued eRačun through the company's intermediary (idempotent per document). */
export async function sendDocument(tx: Tx, ctx: CompanyContext, documentId: string) {
  const settings = await repo.getSettings(tx);
  if (!settings || settings.intermediary_kind === 'none')
    throw new AppError('VALIDATION', 'Informacijski posrednik nije podešen.', [
      { field: 'intermediary_kind', key: 'validation.intermediaryMissing' },
    ]);
  const doc = await repo.documentHeader(tx, documentId);
  if (!doc) throw new AppError('NOT_FOUND', 'Dokument nije pronađen.');
  if (
    doc.status !== 'issued' ||
    !['invoice', 'credit_note'].includes(doc.kind) ||
    !(await repo.storedUbl(tx, documentId))
  )
    throw new AppError('CONFLICT', 'Poslati se može samo izdani eRačun.', [
      { field: 'status', key: 'validation.notIssued' },
    ]);
  const existing = await repo.deliveryOf(tx, documentId, true);
  if (!existing) await repo.insertDelivery(tx, ctx.companyId, documentId, ctx.userId);
  else if (existing.state === 'failed') await repo.updateDelivery(tx, documentId, { state: 'queued' });
  if (!existing || existing.state === 'failed')
    await enqueueJob(tx, {
      companyId: ctx.companyId,
      kind: DELIVER_JOB,
      payload: { documentId },
      dedupeKey: `${DELIVER_JOB}:${documentId}:${existing?.attempts ?? 0}`,
      maxAttempts: 10,
    });
  return documentState(tx, documentId);
}

/** Every five minutes while the company has an intermediary: delivery status and incoming eRačuni. */
export async function schedulePoll(tx: Tx, companyId: string, userId: string, at?: Date): Promise<void> {
  const runAt = at ?? new Date();
  const slot = Math.floor(runAt.getTime() / 300_000);
  await enqueueJob(tx, {
    companyId,
    kind: POLL_JOB,
    runAt,
    dedupeKey: `${POLL_JOB}:${slot}`,
    userId,
    maxAttempts: 3,
  });
}

/** The messages and the delivery of one issued document (the invoice page). */
export async function documentState(tx: Tx, documentId: string) {
  return {
    messages: await repo.messagesOf(tx, { documentId }),
    delivery: (await repo.deliveryOf(tx, documentId)) ?? null,
  };
}

export function purchaseInvoiceState(tx: Tx, purchaseInvoiceId: string) {
  return repo.messagesOf(tx, { purchaseInvoiceId });
}

export async function messageDetail(tx: Tx, id: string) {
  const message = await repo.getMessage(tx, id);
  if (!message) throw new AppError('NOT_FOUND', 'Poruka nije pronađena.');
  return { ...message, attempts_log: await repo.attemptsOf(tx, id) };
}

/** Sends a failed message again (after the certificate or the address was fixed). */
export async function retryMessage(tx: Tx, ctx: CompanyContext, id: string) {
  const message = await repo.lockMessage(tx, id);
  if (!message) throw new AppError('NOT_FOUND', 'Poruka nije pronađena.');
  if (message.state !== 'failed')
    throw new AppError('CONFLICT', 'Ponovo se šalje samo neuspjela poruka.', [
      { field: 'state', key: 'validation.fiscalNotFailed' },
    ]);
  await repo.settle(tx, id, {
    state: 'queued',
    errorCode: message.error_code,
    errorText: message.error_text,
    answerId: null,
  });
  await enqueueJob(tx, {
    companyId: ctx.companyId,
    kind: SEND_JOB,
    payload: { messageId: id },
    dedupeKey: `${SEND_JOB}:${id}:${message.attempts}`,
    maxAttempts: SEND_ATTEMPTS,
  });
  return messageDetail(tx, id);
}

export type TodoItem = FiscalTodoItem;

/** The dashboard's to-do: messages not yet accepted (by deadline) and eRačuni not delivered. */
export async function todo(tx: Tx): Promise<TodoItem[]> {
  const day = await repo.today(tx);
  const messages = (await repo.openMessages(tx)).map<TodoItem>((m) => ({
    kind: m.kind,
    message_id: m.id,
    document_id: m.document_id,
    purchase_invoice_id: m.purchase_invoice_id,
    number: m.document_number,
    state: m.state,
    due_on: m.due_on,
    overdue: m.due_on < day,
    error_text: m.error_text,
  }));
  const deliveries = (await repo.openDeliveries(tx)).map<TodoItem>((d) => ({
    kind: 'delivery',
    message_id: null,
    document_id: d.document_id,
    purchase_invoice_id: null,
    number: d.number,
    state: d.state,
    due_on: null,
    overdue: false,
    error_text: d.error_text,
  }));
  return [...messages, ...deliveries];
}
