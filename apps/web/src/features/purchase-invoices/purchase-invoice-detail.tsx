import { CheckCircle2, FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { formatCurrency, formatDate, formatNumber, formatPercent, formatQuantity } from '../../lib/format.ts';
import { apiErrorMessages, NUM, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { PurchaseInvoiceFiscalPanel } from '../fiscal-exchange/fiscal-exchange-panel.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { MatchPanel, PaymentsPanel, RejectDialog } from './purchase-invoice-panels.tsx';
import {
  type PurchaseInvoice,
  usePurchaseInvoice,
  usePurchaseInvoiceAction,
} from './purchase-invoices-api.ts';
import { PurchaseInvoiceStatusBadge } from './purchase-invoices-ui.tsx';

type Party = PurchaseInvoice['document']['seller'];

function PartyBlock({ title, party }: { title: string; party: Party }) {
  const address = [party.street, [party.postal_code, party.city].filter(Boolean).join(' '), party.country]
    .filter(Boolean)
    .join(', ');
  return (
    <div>
      <p className="text-muted">{title}</p>
      <p className="font-medium">{party.name}</p>
      {party.oib && <p>OIB {party.oib}</p>}
      {party.vat_id && party.vat_id !== `HR${party.oib}` && <p>{party.vat_id}</p>}
      {address && <p>{address}</p>}
    </div>
  );
}

const day = (d: string | null) => (d ? formatDate(d) : '—');

/** A received invoice as a readable document, with its checks, match, decision and payments. */
export function PurchaseInvoiceDetail() {
  const { t } = useTranslation('purchase-invoices');
  const { id = '' } = useParams();
  const { data: pi, isError } = usePurchaseInvoice(id);
  const canMatch = usePermission('purchasing.write');
  const canDecide = usePermission('invoices.write');
  const approve = usePurchaseInvoiceAction(id);
  if (isError) return <p className="text-danger">{t('notFound')}</p>;
  if (!pi) return null;
  const doc = pi.document;
  const money = (v: string) => formatCurrency(v, pi.currency);
  return (
    <div className="space-y-4">
      <PageHeader
        title={`${t(`kind.${pi.doc_type}`)} ${pi.number}`}
        description={doc.seller.name}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <PurchaseInvoiceStatusBadge status={pi.status} />
            <a href={`/api/purchase-invoices/${pi.id}/xml`} className={buttonClasses('outline')}>
              <FileDown className="size-4" aria-hidden />
              {t('actions.xml')}
            </a>
            {canDecide && pi.actions.includes('reject') && <RejectDialog pi={pi} />}
            {canDecide && pi.actions.includes('approve') && (
              <Button
                type="button"
                disabled={approve.isPending}
                onClick={() => approve.mutate({ path: 'approve' })}
              >
                <CheckCircle2 className="size-4" aria-hidden />
                {t('actions.approve')}
              </Button>
            )}
          </div>
        }
      />
      {apiErrorMessages(approve.error, t).map((m) => (
        <p key={m} role="alert" className="text-danger">
          {m}
        </p>
      ))}
      {pi.status === 'checking' && (
        <p
          role="status"
          className="rounded-md border border-border bg-surface p-3 text-sm text-muted"
          data-testid="pi-checking"
        >
          {t('checking')}
        </p>
      )}
      {pi.failures.length > 0 && (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning-soft p-3 text-sm">
          <p className="font-medium text-warning">{t('validation.failed')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="pi-failures">
            {pi.failures.map((f) => (
              <li key={`${f.source}-${f.id}`} data-rule={f.id}>
                <strong>{t('validation.rule', { rule: f.id })}</strong>
                {` (${t(`validation.sources.${f.source}`)}): `}
                {f.id === 'notUbl' ? t('validation.notUbl') : f.text}
                {f.source !== 'HR-CIUS' && f.id !== 'notUbl' && (
                  <span className="text-muted"> ({t('validation.original')})</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {pi.addressed_to_us === false && (
        <p
          role="alert"
          className="rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning"
        >
          {t('buyerNotUs', { name: doc.buyer.name, oib: doc.buyer.oib ?? '—' })}
        </p>
      )}
      {pi.status === 'rejected' && (
        <p className="rounded-md border border-danger/40 bg-danger-soft p-3 text-sm text-danger">
          {t('reject.shown', {
            code: t(`reject.codes.${pi.reject_code ?? 'O'}`),
            reason: pi.reject_reason ?? '',
          })}
        </p>
      )}
      <PurchaseInvoiceFiscalPanel purchaseInvoiceId={pi.id} />
      <Card>
        <CardContent className="grid gap-4 pt-5 text-sm sm:grid-cols-3">
          <PartyBlock title={t('fields.seller')} party={doc.seller} />
          <PartyBlock title={t('fields.buyer')} party={doc.buyer} />
          <div className="space-y-1">
            <p>
              <span className="text-muted">{t('fields.issueDate')}:</span> {day(doc.issue_date)}
            </p>
            <p>
              <span className="text-muted">{t('fields.dueDate')}:</span> {day(doc.due_date)}
            </p>
            <p>
              <span className="text-muted">{t('fields.deliveryDate')}:</span> {day(doc.delivery_date)}
            </p>
            {doc.order_reference && (
              <p>
                <span className="text-muted">{t('fields.orderReference')}:</span> {doc.order_reference}
              </p>
            )}
            {doc.billing_reference && (
              <p>
                <span className="text-muted">{t('fields.billingReference')}:</span> {doc.billing_reference}
              </p>
            )}
            {doc.payment.iban && (
              <p>
                <span className="text-muted">IBAN</span>: {doc.payment.iban}
              </p>
            )}
            {doc.payment.reference && (
              <p>
                <span className="text-muted">{t('fields.paymentReference')}:</span> {doc.payment.reference}
              </p>
            )}
            {doc.payment.terms && <p>{doc.payment.terms}</p>}
          </div>
          {doc.note && <p className="whitespace-pre-wrap sm:col-span-3">{doc.note}</p>}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('lines.title')}</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>#</th>
                <th className={TH}>{t('lines.item')}</th>
                <th className={cn(TH, NUM)}>{t('lines.quantity')}</th>
                <th className={TH}>{t('lines.unit')}</th>
                <th className={cn(TH, NUM)}>{t('lines.price')}</th>
                <th className={cn(TH, NUM)}>{t('lines.vat')}</th>
                <th className={cn(TH, NUM)}>{t('lines.net')}</th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((l) => (
                <tr key={l.id}>
                  <td className={TD}>{l.id}</td>
                  <td className={TD}>
                    {l.name}
                    {l.description && <p className="text-xs text-muted">{l.description}</p>}
                    {l.kpd && <p className="text-xs text-muted">{t('lines.kpd', { code: l.kpd })}</p>}
                  </td>
                  <td className={cn(TD, NUM)}>{formatQuantity(l.quantity)}</td>
                  <td className={TD}>{l.unit_code ?? ''}</td>
                  <td className={cn(TD, NUM)}>
                    {formatNumber(l.price, undefined, { minimumFractionDigits: 2 })}
                    {l.base_quantity && l.base_quantity !== '1'
                      ? ` / ${formatQuantity(l.base_quantity)}`
                      : ''}
                  </td>
                  <td className={cn(TD, NUM)}>
                    {l.vat_category} {l.vat_percent === null ? '' : formatPercent(l.vat_percent)}
                  </td>
                  <td className={cn(TD, NUM)}>{money(l.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <table className={TABLE}>
              <thead>
                <tr>
                  <th className={TH}>{t('vat.category')}</th>
                  <th className={cn(TH, NUM)}>{t('vat.base')}</th>
                  <th className={cn(TH, NUM)}>{t('vat.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {doc.tax_subtotals.map((s) => (
                  <tr key={`${s.category}-${s.percent}`}>
                    <td className={TD}>
                      {s.category} {formatPercent(s.percent)}
                      {s.exemption_reason && <p className="text-xs text-muted">{s.exemption_reason}</p>}
                    </td>
                    <td className={cn(TD, NUM)}>{money(s.taxable)}</td>
                    <td className={cn(TD, NUM)}>{money(s.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="grid grid-cols-2 gap-1 text-sm" data-testid="pi-totals">
              <dt className="text-muted">{t('totals.net')}</dt>
              <dd className={NUM}>{money(doc.totals.tax_exclusive)}</dd>
              <dt className="text-muted">{t('totals.vat')}</dt>
              <dd className={NUM}>{money(doc.totals.vat)}</dd>
              <dt className="text-muted">{t('totals.total')}</dt>
              <dd className={NUM}>{money(doc.totals.tax_inclusive)}</dd>
              {doc.totals.prepaid !== '0.00' && (
                <>
                  <dt className="text-muted">{t('totals.prepaid')}</dt>
                  <dd className={NUM}>{money(doc.totals.prepaid)}</dd>
                </>
              )}
              <dt className="font-semibold">{t('totals.payable')}</dt>
              <dd className={cn(NUM, 'font-semibold')}>{money(doc.totals.payable)}</dd>
            </dl>
          </div>
        </CardContent>
      </Card>
      <MatchPanel pi={pi} canEdit={canMatch} />
      {pi.status === 'approved' && pi.doc_type === 'invoice' && <PaymentsPanel pi={pi} canPay={canDecide} />}
    </div>
  );
}
