import {
  deliveryNoteMachine,
  invoiceMachine,
  operationMachine,
  quoteMachine,
  workOrderMachine,
} from '@erp/domain/documents/status';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useStatusChange } from '../../components/editing/status-change.ts';
import {
  type Detail,
  type DocKind,
  documentAction,
  documentKeys,
  errorText,
  operationAction,
  recordPayment,
} from './documents-api.ts';

type AnyMachine = { actions: Record<string, { from: readonly string[]; to: string }> };
// The same lifecycles the server applies (packages/domain), so the prediction offers what it will.
const MACHINES: Record<DocKind, AnyMachine> = {
  quote: quoteMachine,
  work_order: workOrderMachine,
  delivery_note: deliveryNoteMachine,
  invoice: invoiceMachine,
  credit_note: invoiceMachine,
};

const actionsFrom = (m: AnyMachine, status: string) =>
  Object.keys(m.actions).filter((a) => m.actions[a]?.from.includes(status));

/** The document after `action`, as the server will show it: the new status and that status's actions. */
export function predictDocument(detail: Detail, action: string): Detail {
  const m = MACHINES[detail.document.kind];
  const rule = m.actions[action];
  if (!rule?.from.includes(detail.document.status)) return detail;
  return { ...detail, document: { ...detail.document, status: rule.to, actions: actionsFrom(m, rule.to) } };
}

/** The work order after an operation's start / pause / finish / reopen. */
export function predictOperation(detail: Detail, opId: string, action: string): Detail {
  const rule = (operationMachine as AnyMachine).actions[action];
  if (!rule) return detail;
  return {
    ...detail,
    operations: detail.operations?.map((o) =>
      o.id === opId && rule.from.includes(o.status) ? { ...o, status: rule.to as typeof o.status } : o,
    ),
  };
}

/**
 * The invoice after a payment: paid and outstanding move by the amount (exact decimals), the payment
 * status follows the server's rule (paid when nothing is owed; overdue stays overdue; otherwise
 * partially paid), and the payment is listed. An amount that is not a number predicts nothing.
 */
export function predictPayment(detail: Detail, payment: { paid_on: string; amount: string }): Detail {
  const doc = detail.document;
  if (!/^\d+(\.\d+)?$/.test(payment.amount) || doc.outstanding === null) return detail;
  const owed = new Decimal(doc.outstanding).minus(payment.amount);
  return {
    ...detail,
    document: {
      ...doc,
      paid_total: new Decimal(doc.paid_total).plus(payment.amount).toFixed(2),
      outstanding: owed.toFixed(2),
      payment_status: owed.lte(0) ? 'paid' : doc.payment_status === 'overdue' ? 'overdue' : 'partially_paid',
    },
    payments: [
      ...(detail.payments ?? []),
      { id: 'pending', paid_on: payment.paid_on, amount: new Decimal(payment.amount).toFixed(2), note: null },
    ],
  };
}

export type DocumentChange =
  | { type: 'action'; action: string; body?: unknown }
  | { type: 'operation'; opId: string; action: string }
  | { type: 'payment'; paid_on: string; amount: string };

/**
 * Status changes of one document (its own actions, a work order's operations, an invoice's
 * payments), optimistic with rollback (components/editing/status-change.ts). `kind` names where the
 * document's actions go (documentAction). Finishing an operation offers Undo (reopen).
 */
export function useDocumentStatusChange(id: string, kind: DocKind) {
  const { t } = useTranslation('documents');
  const { t: tg } = useTranslation('ux-grid');
  return useStatusChange<Detail, DocumentChange, Detail>({
    queryKey: documentKeys.detail(id),
    mutationFn: (v) => {
      if (v.type === 'operation') return operationAction(id, v.opId, v.action);
      if (v.type === 'payment') return recordPayment(id, { paid_on: v.paid_on, amount: v.amount });
      return documentAction(kind, id, v.action, v.body);
    },
    predict: (d, v) =>
      v.type === 'operation'
        ? predictOperation(d, v.opId, v.action)
        : v.type === 'payment'
          ? predictPayment(d, v)
          : predictDocument(d, v.action),
    answer: (r) => (r.document.id === id ? r : undefined),
    refresh: [documentKeys.all],
    errorText: (e) => errorText(t, e),
    undo: (r, v) => {
      if (v.type !== 'operation' || v.action !== 'finish') return null;
      const op = r.operations?.find((o) => o.id === v.opId);
      return op
        ? {
            title: tg('opFinished', { op: op.code }),
            label: tg('undo'),
            vars: { type: 'operation', opId: v.opId, action: 'reopen' },
          }
        : null;
    },
  });
}
