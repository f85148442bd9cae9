import { businessDay } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import {
  purchasePaymentSchema,
  REJECTION_CODES,
  rejectPurchaseInvoiceSchema,
} from '@erp/domain/purchase-invoices/types';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';
import {
  formatCurrency,
  formatDate,
  formatNumber,
  formatQuantity,
  formatUnit,
  numberInputToApi,
} from '../../lib/format.ts';
import {
  apiErrorMessages,
  NUM,
  PartnerOptions,
  selectClasses,
  TABLE,
  TD,
  TH,
} from '../clients/partner-ui.tsx';
import { usePartners, useUnlistedPartner } from '../clients/partners-api.ts';
import { useOrders } from '../purchasing/purchasing-api.ts';
import { type Difference, type PurchaseInvoice, usePurchaseInvoiceAction } from './purchase-invoices-api.ts';

const qty = (v: string | null) => (v === null ? '—' : formatQuantity(v));
/** A quantity with its unit ('28,89 MTK', '4 plo'); the invoice's unit is its UN/ECE code as sent. */
const withUnit = (v: string | null, unit: string | null) =>
  v === null ? '—' : `${formatQuantity(v)} ${unit ?? ''}`.trim();
const price = (v: string | null) =>
  v === null ? '—' : formatNumber(v, undefined, { minimumFractionDigits: 2 });

function DifferenceText({ d }: { d: Difference }) {
  const { t } = useTranslation('purchase-invoices');
  if (d.kind === 'not_on_order' || d.kind === 'not_invoiced') return <>{t(`match.${d.kind}`)}</>;
  if (d.kind === 'unit')
    return (
      <>
        {d.invoice_unit === null
          ? t('match.unitMissing', { orderUnit: formatUnit(d.order_unit) })
          : t('match.unit', { invoiceUnit: d.invoice_unit, orderUnit: formatUnit(d.order_unit) })}
      </>
    );
  return (
    <>
      {t(`match.${d.kind}`, {
        expected: d.kind === 'price' ? price(d.expected ?? null) : qty(d.expected ?? null),
        actual: d.kind === 'price' ? price(d.actual ?? null) : qty(d.actual ?? null),
        difference: d.kind === 'price' ? price(d.difference ?? null) : qty(d.difference ?? null),
      })}
    </>
  );
}

/** The invoice against its purchase order and goods receipts, line by line. */
export function MatchPanel({ pi, canEdit }: { pi: PurchaseInvoice; canEdit: boolean }) {
  const { t } = useTranslation('purchase-invoices');
  const action = usePurchaseInvoiceAction(pi.id);
  const suppliers = usePartners('supplier', new URLSearchParams({ page_size: '200' }));
  // A supplier deactivated since the invoice was matched is still its supplier: offered, marked inactive.
  const unlistedSupplier = useUnlistedPartner('supplier', suppliers.data?.rows, pi.supplier_id);
  const orders = useOrders(
    new URLSearchParams(
      pi.supplier_id ? { supplier_id: pi.supplier_id, page_size: '100' } : { page_size: '100' },
    ),
  );
  const editable = canEdit && pi.actions.includes('match');
  const sentOrders = (orders.data?.rows ?? []).filter(
    (o) => o.status !== 'draft' && o.status !== 'cancelled',
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('match.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="pi-supplier">{t('fields.supplier')}</Label>
            {editable ? (
              <select
                id="pi-supplier"
                className={selectClasses}
                value={pi.supplier_id ?? ''}
                onChange={(e) =>
                  action.mutate({ path: 'match', body: { supplier_id: e.target.value || null } })
                }
              >
                <option value="">{t('match.noSupplier')}</option>
                <PartnerOptions listed={suppliers.data?.rows} unlisted={unlistedSupplier} />
              </select>
            ) : pi.supplier_id ? (
              <Link to={`/suppliers/${pi.supplier_id}`} className="block text-primary hover:underline">
                {pi.supplier_name}
              </Link>
            ) : (
              <p className="text-muted">{t('match.noSupplier')}</p>
            )}
          </div>
          <div className="space-y-1">
            <Label htmlFor="pi-order">{t('fields.order')}</Label>
            {editable ? (
              <select
                id="pi-order"
                className={selectClasses}
                value={pi.purchase_order_id ?? ''}
                onChange={(e) =>
                  action.mutate({ path: 'match', body: { purchase_order_id: e.target.value || null } })
                }
              >
                <option value="">{t('match.noOrder')}</option>
                {sentOrders.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.number} · {o.supplier_name}
                  </option>
                ))}
              </select>
            ) : pi.purchase_order_id ? (
              <Link
                to={`/suppliers/orders/${pi.purchase_order_id}`}
                className="block text-primary hover:underline"
              >
                {pi.purchase_order_number}
              </Link>
            ) : (
              <p className="text-muted">{t('match.noOrder')}</p>
            )}
          </div>
        </div>
        {apiErrorMessages(action.error, t).map((m) => (
          <p key={m} role="alert" className="text-danger">
            {m}
          </p>
        ))}
        {pi.match && (
          <>
            <p data-testid="pi-receipts">
              {t('match.receipts')}{' '}
              {pi.match.receipts.length === 0
                ? t('match.noReceipts')
                : pi.match.receipts.map((r, i) => (
                    <span key={r.id}>
                      {i > 0 && ', '}
                      <Link
                        to={`/suppliers/orders/receipts/${r.id}`}
                        className="text-primary hover:underline"
                      >
                        {r.number}
                      </Link>{' '}
                      ({formatDate(r.received_on)})
                    </span>
                  ))}
            </p>
            <p className={cn('font-medium', pi.match.differences > 0 ? 'text-warning' : 'text-success')}>
              {pi.match.differences > 0
                ? t('match.differences', { count: pi.match.differences })
                : t('match.agrees')}
            </p>
            <div className="overflow-x-auto">
              <table className={TABLE} data-testid="pi-match">
                <thead>
                  <tr>
                    <th className={TH}>{t('match.invoiceLine')}</th>
                    <th className={TH}>{t('match.orderLine')}</th>
                    <th className={cn(TH, NUM)}>{t('match.invoiced')}</th>
                    <th className={cn(TH, NUM)}>{t('match.ordered')}</th>
                    <th className={cn(TH, NUM)}>{t('match.received')}</th>
                    <th className={cn(TH, NUM)}>{t('match.invoicedElsewhere')}</th>
                    <th className={cn(TH, NUM)}>{t('match.invoicePrice')}</th>
                    <th className={cn(TH, NUM)}>{t('match.orderPrice')}</th>
                    <th className={TH}>{t('match.difference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {pi.match.lines.map((l) => (
                    <tr
                      key={`${l.invoice_line_id}-${l.po_line_id}`}
                      className={l.differences.length ? 'bg-warning-soft/40' : ''}
                    >
                      <td className={TD}>{l.invoice_line_name ?? '—'}</td>
                      <td className={TD}>{l.po_line_no === null ? '—' : `${l.po_line_no}. ${l.sku}`}</td>
                      <td className={cn(TD, NUM)} data-testid="pi-invoiced">
                        {withUnit(l.invoiced_qty, l.invoice_unit)}
                        {l.invoiced_in_order_unit !== null && l.invoiced_in_order_unit !== l.invoiced_qty && (
                          <span className="block text-muted">
                            = {withUnit(l.invoiced_in_order_unit, formatUnit(l.order_unit))}
                          </span>
                        )}
                      </td>
                      <td className={cn(TD, NUM)}>{withUnit(l.ordered_qty, formatUnit(l.order_unit))}</td>
                      <td className={cn(TD, NUM)}>{qty(l.received_qty)}</td>
                      <td className={cn(TD, NUM)}>{qty(l.invoiced_elsewhere)}</td>
                      <td className={cn(TD, NUM)}>{price(l.invoice_price)}</td>
                      <td className={cn(TD, NUM)}>{price(l.order_price)}</td>
                      <td className={TD} data-testid="pi-difference">
                        {l.differences.length === 0
                          ? '✓'
                          : l.differences.map((d) => (
                              <p key={d.kind}>
                                <DifferenceText d={d} />
                              </p>
                            ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Reject with a reason kind (N, U, O) and the reason text. */
export function RejectDialog({ pi }: { pi: PurchaseInvoice }) {
  const { t } = useTranslation('purchase-invoices');
  const action = usePurchaseInvoiceAction(pi.id);
  const [open, setOpen] = useState(false);
  const form = useZodForm(rejectPurchaseInvoiceSchema, { defaultValues: { code: 'U', reason: '' } });
  const reason = form.watch('reason') ?? '';
  const messages = useFormMessages(form.formState.errors, { server: apiErrorMessages(action.error, t) });
  const submit = form.handleSubmit((body) =>
    action.mutate({ path: 'reject', body }, { onSuccess: () => setOpen(false) }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger">
          <Ban className="size-4" aria-hidden />
          {t('actions.reject')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('reject.title', { number: pi.number })} description={t('reject.description')}>
        <form className="space-y-3" onSubmit={submit}>
          <div className="space-y-1">
            <Label htmlFor="pi-reject-code">{t('reject.code')}</Label>
            <select id="pi-reject-code" className={selectClasses} {...form.register('code')}>
              {REJECTION_CODES.map((c) => (
                <option key={c} value={c}>
                  {t(`reject.codes.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="pi-reject-reason">{t('reject.reason')}</Label>
            <Textarea id="pi-reject-reason" rows={3} {...form.register('reason')} />
          </div>
          <FormErrors messages={messages} />
          <Button type="submit" variant="danger" disabled={action.isPending || reason.trim() === ''}>
            {t('actions.reject')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Payments made to the supplier: the list, the open amount and a form for the next one. */
export function PaymentsPanel({ pi, canPay }: { pi: PurchaseInvoice; canPay: boolean }) {
  const { t } = useTranslation('purchase-invoices');
  const action = usePurchaseInvoiceAction(pi.id);
  const form = useZodForm<typeof paymentFormSchema, PaymentValues>(paymentFormSchema, {
    defaultValues: { paid_on: businessDay(), amount: '' },
  });
  const amount = form.watch('amount') ?? '';
  const messages = useFormMessages(form.formState.errors, {
    label: (path) =>
      path === 'amount' ? t('payments.amount') : path === 'paid_on' ? t('payments.date') : '',
    server: apiErrorMessages(action.error, t),
  });
  const submit = form.handleSubmit((body) =>
    action.mutate(
      { path: 'payments', body },
      { onSuccess: () => form.reset({ paid_on: businessDay(), amount: '' }) },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payments.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          {t('payments.paid')}: <strong>{formatCurrency(pi.paid_total, pi.currency)}</strong> ·{' '}
          {t('fields.open')}: <strong data-testid="pi-open">{formatCurrency(pi.open, pi.currency)}</strong>
          {pi.due_date && (
            <>
              {' '}
              · {t('fields.dueDate')}: {formatDate(pi.due_date)}
            </>
          )}
        </p>
        {pi.payments.length > 0 && (
          <ul className="space-y-1">
            {pi.payments.map((p) => (
              <li key={p.id}>
                {formatDate(p.paid_on)} — {formatCurrency(p.amount, pi.currency)}
                {p.note ? ` (${p.note})` : ''}
              </li>
            ))}
          </ul>
        )}
        {canPay && pi.actions.includes('pay') && (
          <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
            <UnsavedChangesGuard when={form.formState.isDirty} />
            <div className="space-y-1">
              <Label htmlFor="pi-paid-on">{t('payments.date')}</Label>
              <Input id="pi-paid-on" type="date" {...form.register('paid_on')} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="pi-amount">{t('payments.amount')}</Label>
              <Input id="pi-amount" inputMode="decimal" {...form.register('amount')} />
            </div>
            <Button type="submit" disabled={action.isPending || amount.trim() === ''}>
              {t('payments.record')}
            </Button>
          </form>
        )}
        <FormErrors messages={messages} />
      </CardContent>
    </Card>
  );
}

type PaymentValues = { paid_on: string; amount: string };
/** The amount as typed in the language's format; the payment has no note from this form. */
const paymentFormSchema = formSchema(
  (v: PaymentValues) => ({ paid_on: v.paid_on, amount: numberInputToApi(v.amount ?? ''), note: null }),
  purchasePaymentSchema,
);
