import Decimal from 'decimal.js';
import { FileDown, PackageCheck, PackageX, Pencil, Send, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { useStatusChange } from '../../components/editing/status-change.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import {
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatUnit,
  formatUnitPrice,
} from '../../lib/format.ts';
import { apiErrorMessages, NUM, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { partnerKeys } from '../clients/partners-api.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  newIdempotencyKey,
  type Order,
  type OrderChange,
  orderAction,
  postIdempotent,
  predictOrder,
  purchasingKeys,
  type Receipt,
  useOrder,
} from './purchasing-api.ts';
import { StatusBadge } from './purchasing-ui.tsx';

export function PurchaseOrderDetail() {
  const { t } = useTranslation('purchasing');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: o, isError } = useOrder(id);
  const canWrite = usePermission('purchasing.write');
  // Send, cancel and cancelling a receipt answer at once; a refusal puts them back with a toast.
  const change = useStatusChange<Order, OrderChange, Order | Receipt>({
    queryKey: purchasingKeys.order(id),
    mutationFn: (v) =>
      v.type === 'order'
        ? orderAction(id, v.action)
        : postIdempotent<Receipt>(`/api/goods-receipts/${v.receiptId}/cancel`, {}, newIdempotencyKey()),
    predict: predictOrder,
    answer: (r, v) => (v.type === 'order' ? (r as Order) : undefined),
    // Stock figures and the supplier's pages move with an order too.
    refresh: [purchasingKeys.all, partnerKeys.all, ['inventory']],
    errorText: (e) => apiErrorMessages(e, t).join(' · '),
  });
  if (isError) return <p className="text-danger">{t('notFound')}</p>;
  if (!o) return null;
  const title = o.number ?? t('draftTitle');
  // Received with less than ordered: the order was closed and its rest is not expected.
  const closedShort =
    o.status === 'received' && o.lines.some((l) => new Decimal(l.received_qty).lt(l.quantity));
  return (
    <div>
      {confirmElement}
      <PageHeader
        title={title}
        description={o.supplier_name}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={o.status} />
            <a
              href={`/api/purchase-orders/${o.id}/pdf`}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses('outline')}
              data-testid="po-pdf"
            >
              <FileDown className="size-4" aria-hidden />
              {t('actions.pdf')}
            </a>
            {canWrite && o.actions.includes('edit') && (
              <Link to={`/suppliers/orders/${o.id}/edit`} className={buttonClasses('outline')}>
                <Pencil className="size-4" aria-hidden />
                {t('actions.edit')}
              </Link>
            )}
            {/* Cancelling and closing ask once, naming the order. */}
            {canWrite &&
              (['cancel', 'close'] as const)
                .filter((action) => o.actions.includes(action))
                .map((action) => (
                  <Button
                    key={action}
                    type="button"
                    variant="outline"
                    disabled={change.pending}
                    onClick={async () => {
                      const yes = await confirm({
                        title: t(`actions.${action}Confirm`, { number: title }),
                        text: action === 'cancel' ? tg('confirm.irreversible') : t('actions.closeText'),
                        confirm: t(`actions.${action}`),
                      });
                      if (yes) change.run({ type: 'order', action });
                    }}
                  >
                    {action === 'cancel' ? (
                      <XCircle className="size-4" aria-hidden />
                    ) : (
                      <PackageX className="size-4" aria-hidden />
                    )}
                    {t(`actions.${action}`)}
                  </Button>
                ))}
            {canWrite && o.actions.includes('send') && (
              <Button
                type="button"
                disabled={change.pending}
                onClick={() => change.run({ type: 'order', action: 'send' })}
              >
                <Send className="size-4" aria-hidden />
                {t('actions.send')}
              </Button>
            )}
            {canWrite && o.actions.includes('receive') && (
              <Button type="button" onClick={() => navigate(`/suppliers/orders/${o.id}/receive`)}>
                <PackageCheck className="size-4" aria-hidden />
                {t('actions.receive')}
              </Button>
            )}
          </div>
        }
      />
      <Card className="mb-4">
        <CardContent className="grid gap-2 pt-5 text-sm sm:grid-cols-4">
          <div>
            <p className="text-muted">{t('fields.supplier')}</p>
            <Link to={`/suppliers/${o.supplier_id}`} className="text-primary hover:underline">
              {o.supplier_name}
            </Link>
          </div>
          <div>
            <p className="text-muted">{t('fields.orderedOn')}</p>
            <p>{o.ordered_on ? formatDate(o.ordered_on) : '—'}</p>
          </div>
          <div>
            <p className="text-muted">{t('fields.expectedOn')}</p>
            <p>{o.expected_on ? formatDate(o.expected_on) : '—'}</p>
          </div>
          <div>
            <p className="text-muted">{t('fields.total')}</p>
            <p className="font-semibold">{formatCurrency(o.total)}</p>
          </div>
          {o.note && <p className="sm:col-span-4 whitespace-pre-wrap">{o.note}</p>}
          {closedShort && (
            <p className="sm:col-span-4 text-muted" data-testid="po-closed-short">
              {t('closedShort')}
            </p>
          )}
        </CardContent>
      </Card>
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>#</th>
            <th className={TH}>{t('fields.sku')}</th>
            <th className={TH}>{t('fields.item')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.quantity')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.received')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.unit_price')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.vat_rate')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.net')}</th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l) => (
            <tr key={l.id}>
              <td className={TD}>{l.line_no}</td>
              <td className={TD}>
                <Link to={`/inventory/items/${l.item_id}`} className="text-primary hover:underline">
                  {l.sku}
                </Link>
              </td>
              <td className={TD}>{l.item_name}</td>
              <td className={`${TD} ${NUM}`}>
                {formatQuantity(l.quantity)} {formatUnit(l.unit)}
              </td>
              <td className={`${TD} ${NUM}`} data-testid={`received-${l.sku}`}>
                {formatQuantity(l.received_qty)}
              </td>
              <td className={`${TD} ${NUM}`}>{formatUnitPrice(l.unit_price)}</td>
              <td className={`${TD} ${NUM}`}>{formatPercent(l.vat_rate)}</td>
              <td className={`${TD} ${NUM}`}>{formatCurrency(l.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={7} className={`${TD} ${NUM}`}>
              {t('totals.net')}
            </td>
            <td className={`${TD} ${NUM}`}>{formatCurrency(o.net_total)}</td>
          </tr>
          {o.vat.map((g) => (
            <tr key={g.rate}>
              <td colSpan={7} className={`${TD} ${NUM}`}>
                {t('totals.vat', { rate: formatNumber(g.rate), base: formatCurrency(g.base) })}
              </td>
              <td className={`${TD} ${NUM}`}>{formatCurrency(g.vat)}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={7} className={`${TD} ${NUM} font-semibold`}>
              {t('totals.total')}
            </td>
            <td className={`${TD} ${NUM} font-semibold`}>{formatCurrency(o.total)}</td>
          </tr>
        </tfoot>
      </table>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{t('receipts.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {o.receipts.length === 0 ? (
            <p className="text-sm text-muted">{t('receipts.none')}</p>
          ) : (
            <table className={TABLE}>
              <thead>
                <tr>
                  <th className={TH}>{t('fields.number')}</th>
                  <th className={TH}>{t('receipts.date')}</th>
                  <th className={TH}>{t('receipts.location')}</th>
                  <th className={TH}>{t('receipts.lines')}</th>
                  <th className={TH}>{t('fields.status')}</th>
                  <th className={TH} />
                </tr>
              </thead>
              <tbody>
                {o.receipts.map((r) => (
                  <tr key={r.id}>
                    <td className={TD}>
                      <Link
                        to={`/suppliers/orders/receipts/${r.id}`}
                        className="text-primary hover:underline"
                      >
                        {r.number}
                      </Link>
                    </td>
                    <td className={TD}>{formatDate(r.received_on)}</td>
                    <td className={TD}>{r.location_code}</td>
                    <td className={TD}>
                      {r.lines
                        .map(
                          (l) =>
                            `${l.sku} ${formatQuantity(l.quantity)}${l.lot_number ? ` (${l.lot_number})` : ''}`,
                        )
                        .join(', ')}
                    </td>
                    <td className={TD}>{t(`receipts.status.${r.status}`)}</td>
                    <td className={TD}>
                      {canWrite && r.status === 'posted' && (
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          disabled={change.pending}
                          onClick={async () => {
                            const yes = await confirm({
                              title: t('receipts.cancelConfirm', { number: r.number }),
                              text: tg('confirm.irreversible'),
                              confirm: t('receipts.cancel'),
                            });
                            if (yes) change.run({ type: 'receipt-cancel', receiptId: r.id });
                          }}
                        >
                          {t('receipts.cancel')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
