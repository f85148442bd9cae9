import type Decimal from 'decimal.js';
import { daysBetween } from '../partners/supplier-performance.ts';
import { Dec } from '../production/decimal.ts';
import type { PaymentStatus } from './status.ts';

/**
 * What is still owed on an issued invoice: its total, less credit notes issued against it, less
 * payments received (refunds paid back count as negative payments). Paid when nothing is owed;
 * refund due when credit notes took back more than was left to pay (it is negative); overdue when something is owed after the due date
 * (ISO dates; due through the whole due day).
 */
export function outstanding(input: {
  total: Decimal.Value;
  credited?: Decimal.Value;
  paid: Decimal.Value;
}): Decimal {
  return new Dec(input.total).minus(input.credited ?? 0).minus(input.paid);
}

export function paymentStatus(input: {
  total: Decimal.Value;
  credited?: Decimal.Value;
  paid: Decimal.Value;
  dueDate: string | null;
  today: string;
}): PaymentStatus {
  const owed = outstanding(input);
  if (owed.lt(0)) return 'refund_due';
  if (owed.eq(0)) return 'paid';
  if (input.dueDate !== null && input.today > input.dueDate) return 'overdue';
  return new Dec(input.paid).gt(0) ? 'partially_paid' : 'unpaid';
}

/** A payment may not exceed what is owed (overpayment is a separate, later feature). */
export function paymentFits(amount: Decimal.Value, owed: Decimal.Value): boolean {
  const a = new Dec(amount);
  return a.gt(0) && a.lte(owed);
}

/**
 * A refund paid back to the client (recorded as a negative payment) may not exceed what credit
 * notes left owed back: `owed` is the invoice's outstanding, negative when a refund is due.
 */
export function refundFits(amount: Decimal.Value, owed: Decimal.Value): boolean {
  const a = new Dec(amount);
  return a.gt(0) && a.lte(new Dec(owed).neg());
}

/** Due date = issue date + the client's payment terms in days (ISO dates, calendar days). */
export function dueDateFrom(issueDate: string, termsDays: number): string {
  const [y = 0, m = 1, d = 1] = issueDate.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + termsDays));
  return date.toISOString().slice(0, 10);
}

/**
 * The due date of an invoice issued on `issueDate`. Issuing dates the invoice on the day of issue,
 * so its due date moves with it: the draft's terms (due − date, in days) are kept, and a draft
 * written a month ago is not issued already overdue. No due date stays none.
 */
export function dueDateAtIssue(
  draft: { doc_date: string; due_date: string | null },
  issueDate: string,
): string | null {
  if (draft.due_date === null) return null;
  return dueDateFrom(issueDate, daysBetween(draft.doc_date, draft.due_date));
}
