import { AppError } from '../errors.ts';
import type { DocumentKind } from './schemas.ts';
import {
  applyAction,
  deliveryNoteMachine,
  effectiveQuoteStatus,
  invoiceMachine,
  type Machine,
  type QuoteStatus,
  quoteMachine,
  workOrderMachine,
} from './status.ts';

// Guards of the document lifecycles (issue 20): pure checks that refuse an action before anything
// is written. A service asks them first and only then reads stock, numbers or posts; the write of
// the new status (documents.service transition) applies the same machines.

type AnyMachine = Machine<string, string>;

/** The lifecycle of each kind; a credit note is issued at once, like an invoice. */
export const DOCUMENT_MACHINES: Record<DocumentKind, AnyMachine> = {
  quote: quoteMachine,
  work_order: workOrderMachine,
  delivery_note: deliveryNoteMachine,
  invoice: invoiceMachine,
  credit_note: invoiceMachine,
};

/** Refuses an action the state does not allow, with INVALID_TRANSITION naming machine, state and action. */
export function assertAction<S extends string, A extends string>(m: Machine<S, A>, from: string, action: A) {
  applyAction(m, from as S, action);
}

type Header = { kind: DocumentKind; status: string; valid_until: string | null };

/** The status shown to people: a sent quote past its valid-until date reads as expired. */
export function shownStatus(doc: Header, today: string): string {
  return doc.kind === 'quote'
    ? effectiveQuoteStatus(doc.status as QuoteStatus, doc.valid_until, today)
    : doc.status;
}

/** The actions the document's shown status allows (what the screens offer). */
export function documentActions(doc: Header, today: string): string[] {
  const machine = DOCUMENT_MACHINES[doc.kind];
  const status = shownStatus(doc, today);
  return Object.keys(machine.actions).filter((a) => machine.actions[a]?.from.includes(status));
}

/** Only a draft's content may change. */
export function assertDraft(status: string) {
  if (status !== 'draft')
    throw new AppError('CONFLICT', 'Dokument više nije nacrt i ne može se mijenjati', [
      { field: 'status', key: 'validation.notDraft' },
    ]);
}

/** A quote is sent with at least one line and a client. */
export function assertQuoteSendable(quote: { lineCount: number; clientId: string | null }) {
  if (quote.lineCount === 0)
    throw new AppError('VALIDATION', 'Ponuda nema stavki', [
      { field: 'lines', key: 'validation.linesRequired' },
    ]);
  if (!quote.clientId)
    throw new AppError('VALIDATION', 'Odaberite klijenta', [
      { field: 'client_id', key: 'validation.clientRequired' },
    ]);
}

/** draft → issued, with at least one line (services and free text count: they go on the note). */
export function assertDeliveryNoteIssuable(note: { status: string; lineCount: number }) {
  assertAction(deliveryNoteMachine, note.status, 'issue');
  if (note.lineCount === 0)
    throw new AppError('VALIDATION', 'Otpremnica nema stavki', [
      { field: 'lines', key: 'validation.linesRequired' },
    ]);
}

/**
 * An invoiced note is corrected by a credit note, never cancelled; otherwise draft or issued →
 * cancelled. The refusal names the note (every delivery note is numbered when it is created).
 */
export function assertDeliveryNoteCancellable(note: {
  status: string;
  invoiced: boolean;
  number: string | null;
}) {
  if (note.invoiced)
    throw new AppError('CONFLICT', `Otpremnica ${note.number} je fakturirana: najprije izdajte odobrenje`, [
      { field: 'status', key: 'validation.deliveryNoteInvoiced', params: { number: note.number ?? '' } },
    ]);
  assertAction(deliveryNoteMachine, note.status, 'cancel');
}

/**
 * Only an issued or delivered note is invoiced; the refusal names the note and says why. Every
 * delivery note has its number from the moment it is created, drafts too (the database holds no
 * other document without one but a draft invoice), so the sentence always has it.
 */
export function assertDeliveryNoteInvoiceable(note: { status: string; number: string | null }) {
  if (note.status === 'issued' || note.status === 'delivered') return;
  const params = { number: note.number ?? '' };
  if (note.status === 'cancelled')
    throw new AppError('VALIDATION', `Otpremnica ${note.number} je stornirana i ne može se fakturirati`, [
      { field: 'delivery_note_ids', key: 'validation.deliveryNoteCancelled', params },
    ]);
  throw new AppError(
    'VALIDATION',
    `Otpremnica ${note.number} nije izdana: fakturirati se može samo izdana ili isporučena otpremnica`,
    [{ field: 'delivery_note_ids', key: 'validation.deliveryNoteNotIssued', params }],
  );
}

/**
 * A work order is invoiced directly once it is completed, and only on an invoice of its own client.
 * The refusal names the order and its one problem: another client's order, a cancelled order (never
 * invoiced), or an order not completed yet (draft, planned or in production: complete it first).
 */
export function assertWorkOrderInvoiceable(
  order: { status: string; number: string | null; client_id: string | null },
  clientId: string,
) {
  const params = { number: order.number ?? '' };
  if (order.client_id !== clientId)
    throw new AppError('VALIDATION', `Radni nalog ${order.number} je drugog kupca`, [
      { field: 'work_order_ids', key: 'validation.workOrderOtherClient', params },
    ]);
  if (order.status === 'completed') return;
  if (order.status === 'cancelled')
    throw new AppError('VALIDATION', `Radni nalog ${order.number} je otkazan i ne može se fakturirati`, [
      { field: 'work_order_ids', key: 'validation.workOrderCancelledInvoice', params },
    ]);
  throw new AppError(
    'VALIDATION',
    `Radni nalog ${order.number} nije završen: fakturirati se može samo završen radni nalog`,
    [{ field: 'work_order_ids', key: 'validation.workOrderNotCompletedInvoice', params }],
  );
}

/** Credit notes and payments go only against an issued invoice. */
export function assertInvoiceIssued(status: string, what: 'credit_note' | 'payment') {
  if (status !== 'issued')
    throw new AppError(
      'CONFLICT',
      what === 'credit_note'
        ? 'Odobrenje se izdaje samo za izdani račun'
        : 'Uplata se bilježi samo na izdani račun',
      [{ field: 'status', key: 'validation.notIssued' }],
    );
}

/** Operations move (and take time and checks) only while their work order is in production. */
export function assertWorkOrderInProgress(status: string) {
  if (status !== 'in_progress')
    throw new AppError('CONFLICT', 'Radni nalog nije u izradi', [
      { field: 'status', key: 'validation.notInProgress' },
    ]);
}
