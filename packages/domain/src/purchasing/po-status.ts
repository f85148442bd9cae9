import Decimal from 'decimal.js';
import { dueDateFrom } from '../documents/payments.ts';

/**
 * Purchase order lifecycle: draft → sent → partially received → received, or cancelled (from
 * draft or sent, before anything arrived). Receipts move an order between sent, partially received
 * and received in both directions (cancelling a receipt can take an order back). A partially
 * received order the supplier will not complete is closed: received, its rest no longer on order.
 */
export const PO_STATUSES = ['draft', 'sent', 'partially_received', 'received', 'cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

export const PO_TRANSITIONS: Record<PoStatus, readonly PoStatus[]> = {
  draft: ['sent', 'cancelled'],
  sent: ['partially_received', 'received', 'cancelled'],
  partially_received: ['partially_received', 'received', 'sent'],
  received: ['partially_received', 'sent'],
  cancelled: [],
};

export function canTransition(from: PoStatus, to: PoStatus): boolean {
  return PO_TRANSITIONS[from].includes(to);
}

/** Orders whose lines may still be edited. */
export const isEditable = (status: PoStatus) => status === 'draft';
/** Orders that goods may be received against. */
export const isReceivable = (status: PoStatus) => status === 'sent' || status === 'partially_received';

/** The status that the received quantities imply for an order that has been sent. */
export function statusFromReceipts(lines: { ordered: string; received: string }[]): PoStatus {
  const anyReceived = lines.some((l) => new Decimal(l.received).gt(0));
  if (!anyReceived) return 'sent';
  return lines.every((l) => new Decimal(l.received).gte(l.ordered)) ? 'received' : 'partially_received';
}

/** Actions the user may take on an order in a status (the web offers only these). */
export function poActions(status: PoStatus): ('edit' | 'send' | 'receive' | 'cancel' | 'close')[] {
  switch (status) {
    case 'draft':
      return ['edit', 'send', 'cancel'];
    case 'sent':
      return ['receive', 'cancel'];
    case 'partially_received':
      return ['receive', 'close'];
    default:
      return [];
  }
}

/**
 * The delivery date an order is sent with when none was typed: the send date plus the supplier's
 * lead time in calendar days (null without a lead time). The supplier's on-time rate is measured
 * against it.
 */
export function expectedDelivery(
  typed: string | null,
  orderedOn: string,
  leadTimeDays: number | null,
): string | null {
  if (typed) return typed;
  return leadTimeDays === null ? null : dueDateFrom(orderedOn, leadTimeDays);
}
