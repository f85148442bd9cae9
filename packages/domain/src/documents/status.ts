import { AppError } from '../errors.ts';
import { WORK_ORDER_STATUSES } from './work-order-statuses.ts';

/**
 * Document lifecycles. Each machine lists its actions and, per action, the states it may start
 * from and the state it leads to; anything else is refused with INVALID_TRANSITION.
 */
export type Machine<S extends string, A extends string> = {
  name: string;
  states: readonly S[];
  actions: Record<A, { from: readonly S[]; to: S }>;
};

function machine<S extends string, A extends string>(m: Machine<S, A>): Machine<S, A> {
  return m;
}

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired', 'converted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const quoteMachine = machine({
  name: 'quote',
  states: QUOTE_STATUSES,
  actions: {
    send: { from: ['draft'], to: 'sent' },
    accept: { from: ['sent'], to: 'accepted' },
    reject: { from: ['sent'], to: 'rejected' },
    expire: { from: ['sent'], to: 'expired' },
    convert: { from: ['accepted'], to: 'converted' },
  },
});
export type QuoteAction = keyof typeof quoteMachine.actions;

export { WORK_ORDER_STATUSES, type WorkOrderStatus } from './work-order-statuses.ts';
export const workOrderMachine = machine({
  name: 'work_order',
  states: WORK_ORDER_STATUSES,
  actions: {
    plan: { from: ['draft'], to: 'planned' },
    start: { from: ['planned'], to: 'in_progress' },
    complete: { from: ['in_progress'], to: 'completed' },
    cancel: { from: ['draft', 'planned', 'in_progress'], to: 'cancelled' },
  },
});
export type WorkOrderAction = keyof typeof workOrderMachine.actions;

export const OPERATION_STATUSES = ['pending', 'in_progress', 'paused', 'done', 'cancelled'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
/**
 * `cancel` is not a user's action on one operation (no route offers it): cancelling the work
 * order applies it to every operation not done, so a running or paused one is no longer shown
 * open. A cancelled operation takes no further action.
 */
export const operationMachine = machine({
  name: 'operation',
  states: OPERATION_STATUSES,
  actions: {
    start: { from: ['pending', 'paused'], to: 'in_progress' },
    pause: { from: ['in_progress'], to: 'paused' },
    finish: { from: ['in_progress', 'paused'], to: 'done' },
    reopen: { from: ['done'], to: 'in_progress' },
    cancel: { from: ['pending', 'in_progress', 'paused'], to: 'cancelled' },
  },
});
export type OperationAction = keyof typeof operationMachine.actions;

export const DELIVERY_NOTE_STATUSES = ['draft', 'issued', 'delivered', 'cancelled'] as const;
export type DeliveryNoteStatus = (typeof DELIVERY_NOTE_STATUSES)[number];
export const deliveryNoteMachine = machine({
  name: 'delivery_note',
  states: DELIVERY_NOTE_STATUSES,
  actions: {
    issue: { from: ['draft'], to: 'issued' },
    deliver: { from: ['issued'], to: 'delivered' },
    cancel: { from: ['draft', 'issued'], to: 'cancelled' },
  },
});
export type DeliveryNoteAction = keyof typeof deliveryNoteMachine.actions;

export const INVOICE_STATUSES = ['draft', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceMachine = machine({
  name: 'invoice',
  states: INVOICE_STATUSES,
  actions: {
    issue: { from: ['draft'], to: 'issued' },
  },
});
export type InvoiceAction = keyof typeof invoiceMachine.actions;

export function allowedActions<S extends string, A extends string>(m: Machine<S, A>, from: S): A[] {
  return (Object.keys(m.actions) as A[]).filter((a) => m.actions[a].from.includes(from));
}

export function canApply<S extends string, A extends string>(m: Machine<S, A>, from: S, action: A): boolean {
  return m.actions[action]?.from.includes(from) ?? false;
}

/** The state after `action`, or INVALID_TRANSITION naming the document kind, state and action. */
export function applyAction<S extends string, A extends string>(m: Machine<S, A>, from: S, action: A): S {
  const rule = m.actions[action];
  if (!rule?.from.includes(from)) {
    throw new AppError('INVALID_TRANSITION', `Radnja "${action}" nije dopuštena u stanju "${from}"`, [
      { field: 'status', key: 'validation.invalidTransition', params: { machine: m.name, from, action } },
    ]);
  }
  return rule.to;
}

/** Drafts may be edited; after that the document's content is fixed (only status moves). */
export function isDocumentEditable(status: string): boolean {
  return status === 'draft';
}

/**
 * A sent quote past its valid-until date is expired, whatever the stored status says, so lists and
 * actions agree even before the nightly sweep writes it. Dates are ISO `YYYY-MM-DD` in the
 * company's time zone; the quote is valid through the whole of its last day.
 */
export function effectiveQuoteStatus(
  status: QuoteStatus,
  validUntil: string | null,
  today: string,
): QuoteStatus {
  if (status === 'sent' && validUntil !== null && today > validUntil) return 'expired';
  return status;
}

/** The statuses a document list can be filtered by, per kind (as the list shows them). */
export const LIST_STATUSES = {
  quote: QUOTE_STATUSES,
  work_order: WORK_ORDER_STATUSES,
  delivery_note: DELIVERY_NOTE_STATUSES,
  invoice: INVOICE_STATUSES,
  credit_note: INVOICE_STATUSES,
} as const;

/**
 * A document list's `?status=` filter: comma-separated statuses of the listed kinds. A status no
 * listed kind has is refused (validation.invalid), not answered with an empty list.
 */
export function listStatusFilter(kinds: readonly (keyof typeof LIST_STATUSES)[], text: string): string[] {
  const known = new Set<string>(kinds.flatMap((k) => LIST_STATUSES[k]));
  const statuses = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (statuses.length === 0 || statuses.some((s) => !known.has(s)))
    throw new AppError('VALIDATION', `Nepoznat status: ${text}`, [
      { field: 'status', key: 'validation.invalid' },
    ]);
  return statuses;
}

/** refund_due: credit notes took back more than was left to pay; the client is owed the difference. */
export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'overdue', 'refund_due'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
