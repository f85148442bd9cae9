import { receiptInputSchema } from '@erp/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { apiErrorMessages, Field, NUM, selectClasses, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import {
  newIdempotencyKey,
  type Order,
  postIdempotent,
  type Receipt,
  useLocations,
  useOrder,
  usePurchasingMutation,
  useReceipt,
} from './purchasing-api.ts';

type Row = {
  po_line_id: string;
  quantity: string;
  unit_price: string;
  lot_number: string;
  expires_on: string;
};

const todayIso = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

export function ReceiptFormPage() {
  const { id = '' } = useParams();
  const { data } = useOrder(id);
  if (!data) return null;
  return <ReceiptForm key={data.id} order={data} />;
}

/** Goods receipt (primka) against an order: quantities default to what is still open; an excess must be confirmed. */
function ReceiptForm({ order }: { order: Order }) {
  const { t } = useTranslation('purchasing');
  const navigate = useNavigate();
  const { data: locations = [] } = useLocations();
  const storage = locations.filter((l) => l.active);
  const [locationId, setLocationId] = useState('');
  const [receivedOn, setReceivedOn] = useState(todayIso);
  const [confirmOver, setConfirmOver] = useState(false);
  const [rows, setRows] = useState<Row[]>(() =>
    order.lines.map((l) => ({
      po_line_id: l.id,
      quantity: l.open_qty === '0' ? '' : l.open_qty,
      unit_price: l.unit_price,
      lot_number: '',
      expires_on: '',
    })),
  );
  const [clientErrors, setClientErrors] = useState<string[]>([]);
  // One key per form: a double click or a retry after a lost answer posts the receipt once.
  const key = useMemo(newIdempotencyKey, []);
  const post = usePurchasingMutation((body: unknown) =>
    postIdempotent<Receipt>(`/api/purchase-orders/${order.id}/receipts`, body, key),
  );
  const location = locationId || storage[0]?.id || '';
  const edit = (i: number, k: keyof Row, v: string) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const over = post.error instanceof ApiError && post.error.code === 'OVER_RECEIPT';
  const label = (field: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (!m) return t(`fields.${field}`, { defaultValue: '' });
    const sent = rows.filter((r) => r.quantity.trim() !== '')[Number(m[1])];
    const line = order.lines.find((l) => l.id === sent?.po_line_id);
    return `${line?.sku ?? Number(m[1]) + 1} – ${t(`fields.${m[2]}`, { defaultValue: m[2] })}`;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      location_id: location,
      received_on: receivedOn,
      confirm_over_receipt: confirmOver,
      lines: rows
        .filter((r) => r.quantity.trim() !== '')
        .map((r) => ({
          po_line_id: r.po_line_id,
          quantity: r.quantity,
          unit_price: r.unit_price || null,
          lot_number: r.lot_number || null,
          expires_on: r.expires_on || null,
        })),
    };
    const parsed = receiptInputSchema.safeParse(body);
    if (!parsed.success) {
      setClientErrors(
        parsed.error.issues.map(
          (i) => `${label(i.path.join('.'))}${i.path.length ? ': ' : ''}${t(`common:${i.message}`)}`,
        ),
      );
      return;
    }
    setClientErrors([]);
    post.mutate(body, { onSuccess: () => navigate(`/suppliers/orders/${order.id}`) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader title={t('receive.title', { number: order.number })} description={order.supplier_name} />
      <FormErrors
        messages={clientErrors.length ? clientErrors : apiErrorMessages(post.error, t, label)}
        className="mb-4"
      />
      {over && (
        <label className="mb-4 flex items-center gap-2 rounded-md border border-warning/50 bg-warning-soft p-3 text-sm">
          <input
            type="checkbox"
            className="size-5"
            checked={confirmOver}
            onChange={(e) => setConfirmOver(e.target.checked)}
          />
          {t('receive.confirmOver')}
        </label>
      )}
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="gr-location" label={t('receipts.location')}>
              <select
                id="gr-location"
                className={`${selectClasses} w-full`}
                value={location}
                onChange={(e) => setLocationId(e.target.value)}
              >
                {storage.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.code} · {l.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="gr-date" label={t('receipts.date')}>
              <Input
                id="gr-date"
                type="date"
                value={receivedOn}
                onChange={(e) => setReceivedOn(e.target.value)}
              />
            </Field>
          </div>
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>{t('fields.sku')}</th>
                <th className={`${TH} ${NUM}`}>{t('fields.quantity')}</th>
                <th className={`${TH} ${NUM}`}>{t('receive.open')}</th>
                <th className={TH}>{t('receive.quantity')}</th>
                <th className={TH}>{t('receive.price')}</th>
                <th className={TH}>{t('receive.lot')}</th>
                <th className={TH}>{t('receive.expires')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((l, i) => {
                const r = rows[i] as Row;
                return (
                  <tr key={l.id}>
                    <td className={TD}>
                      <span className="font-medium">{l.sku}</span>{' '}
                      <span className="text-muted">{l.item_name}</span>
                    </td>
                    <td className={`${TD} ${NUM}`}>
                      {formatNumber(l.quantity)} {l.unit}
                    </td>
                    <td className={`${TD} ${NUM}`}>{formatNumber(l.open_qty)}</td>
                    <td className={TD}>
                      <Input
                        aria-label={t('receive.quantityOf', { sku: l.sku })}
                        inputMode="decimal"
                        value={r.quantity}
                        onChange={(e) => edit(i, 'quantity', e.target.value)}
                      />
                    </td>
                    <td className={TD}>
                      <Input
                        aria-label={t('receive.priceOf', { sku: l.sku })}
                        inputMode="decimal"
                        value={r.unit_price}
                        onChange={(e) => edit(i, 'unit_price', e.target.value)}
                      />
                    </td>
                    <td className={TD}>
                      {l.lot_tracked && (
                        <Input
                          aria-label={t('receive.lotOf', { sku: l.sku })}
                          value={r.lot_number}
                          onChange={(e) => edit(i, 'lot_number', e.target.value)}
                        />
                      )}
                    </td>
                    <td className={TD}>
                      {l.lot_tracked && (
                        <Input
                          aria-label={t('receive.expiresOf', { sku: l.sku })}
                          type="date"
                          value={r.expires_on}
                          onChange={(e) => edit(i, 'expires_on', e.target.value)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <div className="mt-4 flex gap-2">
        <Button type="submit" loading={post.isPending}>
          {t('receive.post')}
        </Button>
        <Link to={`/suppliers/orders/${order.id}`} className={buttonClasses('outline')}>
          {t('common:actions.cancel')}
        </Link>
      </div>
    </form>
  );
}

export function ReceiptDetailPage() {
  const { t } = useTranslation('purchasing');
  const { receiptId = '' } = useParams();
  const { data: r } = useReceipt(receiptId);
  if (!r) return null;
  return (
    <div>
      <PageHeader
        title={r.number}
        description={`${formatDate(r.received_on)} · ${r.location_code} · ${t(`receipts.status.${r.status}`)}`}
        actions={
          <Link to={`/suppliers/orders/${r.order_id}`} className={buttonClasses('outline')}>
            {t('receipts.toOrder')}
          </Link>
        }
      />
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('fields.sku')}</th>
            <th className={TH}>{t('fields.item')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.quantity')}</th>
            <th className={`${TH} ${NUM}`}>{t('fields.unit_price')}</th>
            <th className={TH}>{t('receive.lot')}</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l) => (
            <tr key={l.line_no}>
              <td className={TD}>{l.sku}</td>
              <td className={TD}>{l.item_name}</td>
              <td className={`${TD} ${NUM}`}>{formatNumber(l.quantity)}</td>
              <td className={`${TD} ${NUM}`}>{formatNumber(l.unit_price)}</td>
              <td className={TD}>{l.lot_number}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
