import { businessDay, poTotals, receiptInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { type GridColumn, LineGrid } from '../../components/line-grid/line-grid.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import {
  formatCurrency,
  formatDate,
  formatNumber,
  formatNumberInput,
  formatQuantity,
  formatUnit,
  formatUnitPrice,
  numberInputToApi,
} from '../../lib/format.ts';
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
import { defaultReceiptLocation } from './receipt-location.ts';

type Row = {
  po_line_id: string;
  sku: string;
  item_name: string;
  ordered: string;
  unit: string;
  open_qty: string;
  lot_tracked: boolean;
  quantity: string;
  unit_price: string;
  lot_number: string;
  expires_on: string;
};

const dec = (s: string) => numberInputToApi(s);
const isDec = (s: string) => /^\d+(\.\d+)?$/.test(dec(s));

type Values = { location_id: string; received_on: string; confirm_over_receipt: boolean; rows: Row[] };
/** The lines with a quantity typed, amounts in the language's format; then the route's schema. */
export const receiptFormSchema = formSchema(
  (v: Values) => ({
    location_id: v.location_id,
    received_on: v.received_on,
    confirm_over_receipt: v.confirm_over_receipt,
    lines: v.rows
      .filter((r) => r.quantity.trim() !== '')
      .map((r) => ({
        po_line_id: r.po_line_id,
        quantity: dec(r.quantity),
        unit_price: r.unit_price ? dec(r.unit_price) : null,
        lot_number: r.lot_number || null,
        expires_on: r.expires_on || null,
      })),
  }),
  receiptInputSchema,
);

export function ReceiptFormPage() {
  const { id = '' } = useParams();
  const { data } = useOrder(id);
  if (!data) return null;
  return <ReceiptForm key={data.id} order={data} />;
}

/** Goods receipt (primka) against an order: quantities default to what is still open; an excess must be confirmed. */
/**
 * The receipt's rows as first shown: the open quantity and the order's price put into the inputs
 * in the language's number format (a Croatian input reads "2.125" as 2 125).
 */
export function receiptRows(lines: Order['lines'], lng?: string): Row[] {
  return lines.map((l) => ({
    po_line_id: l.id,
    sku: l.sku,
    item_name: l.item_name,
    ordered: l.quantity,
    unit: l.unit,
    open_qty: l.open_qty,
    lot_tracked: l.lot_tracked,
    quantity: l.open_qty === '0' ? '' : formatNumberInput(l.open_qty, lng),
    unit_price: formatNumberInput(l.unit_price, lng),
    lot_number: '',
    expires_on: '',
  }));
}

function ReceiptForm({ order }: { order: Order }) {
  const { t } = useTranslation('purchasing');
  const navigate = useNavigate();
  const { data: locations = [] } = useLocations();
  const active = locations.filter((l) => l.active);
  const form = useZodForm<typeof receiptFormSchema, Values>(receiptFormSchema, {
    defaultValues: {
      location_id: '',
      // Today in Zagreb; the server refuses a date after it or before the order was sent.
      received_on: businessDay(),
      confirm_over_receipt: false,
      rows: receiptRows(order.lines),
    },
  });
  const rows = form.watch('rows');
  // One key per form: a double click or a retry after a lost answer posts the receipt once.
  const key = useMemo(newIdempotencyKey, []);
  const post = usePurchasingMutation((body: unknown) =>
    postIdempotent<Receipt>(`/api/purchase-orders/${order.id}/receipts`, body, key),
  );
  // Where this order's last receipt went, else the first active storage location, until another
  // is picked.
  const initial = defaultReceiptLocation(locations, order.receipts);
  useEffect(() => {
    if (initial && !form.getValues('location_id')) form.resetField('location_id', { defaultValue: initial });
  }, [initial, form]);
  const dirty = form.formState.isDirty;
  const columns = useMemo<GridColumn<Row>[]>(() => {
    const input = (
      id: 'quantity' | 'unit_price' | 'lot_number' | 'expires_on',
      header: string,
      kind: 'decimal' | 'text' | 'date',
      width: string,
      labelKey: string,
      lotOnly = false,
    ) =>
      ({
        id,
        header,
        kind,
        width,
        className: kind === 'decimal' ? 'text-right' : undefined,
        label: (_n: number, r: Row) => t(labelKey, { sku: r.sku }),
        value: (r: Row) => r[id],
        set: (r: Row, v: string) => ({ ...r, [id]: v }),
        editable: lotOnly ? (r: Row) => r.lot_tracked : undefined,
      }) satisfies GridColumn<Row>;
    return [
      {
        id: 'sku',
        header: t('fields.sku'),
        kind: 'display',
        width: 'minmax(12rem, 1fr)',
        render: (r) => (
          <span className="block px-1.5">
            <span className="font-medium">{r.sku}</span> <span className="text-muted">{r.item_name}</span>
          </span>
        ),
      },
      {
        id: 'ordered',
        header: t('fields.quantity'),
        kind: 'display',
        width: '7rem',
        className: NUM,
        render: (r) => (
          <span className="block px-1.5 text-right tabular-nums">
            {formatNumber(r.ordered)} {formatUnit(r.unit)}
          </span>
        ),
      },
      {
        id: 'open',
        header: t('receive.open'),
        kind: 'display',
        width: '6rem',
        className: NUM,
        render: (r) => (
          <span className="block px-1.5 text-right tabular-nums">{formatQuantity(r.open_qty)}</span>
        ),
      },
      input('quantity', t('receive.quantity'), 'decimal', '7rem', 'receive.quantityOf'),
      input('unit_price', t('receive.price'), 'decimal', '7rem', 'receive.priceOf'),
      input('lot_number', t('receive.lot'), 'text', '8rem', 'receive.lotOf', true),
      input('expires_on', t('receive.expires'), 'date', '9.5rem', 'receive.expiresOf', true),
    ];
  }, [t]);
  // The receipt's value as you type (quantity × price per line, exact decimals, the order's rule).
  const value = poTotals(
    rows
      .filter((r) => isDec(r.quantity) && isDec(r.unit_price || '0'))
      .map((r) => ({ quantity: dec(r.quantity), unit_price: dec(r.unit_price || '0'), vat_rate: '0' })),
  ).net;
  const over = post.error instanceof ApiError && post.error.code === 'OVER_RECEIPT';
  const label = (field: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (!m) return t(`fields.${field}`, { defaultValue: '' });
    const sent = rows.filter((r) => r.quantity.trim() !== '')[Number(m[1])];
    const line = order.lines.find((l) => l.id === sent?.po_line_id);
    return `${line?.sku ?? Number(m[1]) + 1} – ${t(`fields.${m[2]}`, { defaultValue: m[2] })}`;
  };
  const clientFailed = Object.keys(form.formState.errors).length > 0;
  const messages = useFormMessages(form.formState.errors, {
    label,
    server: clientFailed ? [] : apiErrorMessages(post.error, t, label),
  });
  const submit = form.handleSubmit((body) => {
    post.mutate(body, { onSuccess: () => navigate(`/suppliers/orders/${order.id}`, afterSave()) });
  });
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={t('receive.title', { number: order.number })}
        description={order.supplier_name}
        actions={
          <SaveState status={saveStatus({ saving: post.isPending, dirty: dirty && !post.isSuccess })} />
        }
      />
      <UnsavedChangesGuard when={dirty && !post.isSuccess} />
      <FormErrors messages={messages} className="mb-4" />
      {over && (
        <label className="mb-4 flex items-center gap-2 rounded-md border border-warning/50 bg-warning-soft p-3 text-sm">
          <input type="checkbox" className="size-5" {...form.register('confirm_over_receipt')} />
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
                {...form.register('location_id')}
                // The locations arrive after the field: the select follows the form's value.
                value={form.watch('location_id')}
              >
                {active.map((l) => (
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
                min={order.ordered_on ?? undefined}
                max={businessDay()}
                {...form.register('received_on')}
              />
            </Field>
          </div>
          <LineGrid<Row>
            label={t('fields.lines')}
            rows={rows}
            rowKey={(r) => r.po_line_id}
            columns={columns}
            onChange={(next) => form.setValue('rows', next, { shouldDirty: true })}
            footer={
              <dl className="grid grid-cols-[auto_auto] gap-x-6 text-sm" data-testid="totals">
                <dt className="font-semibold">{t('totals.net')}</dt>
                <dd className={`${NUM} font-semibold`} data-testid="total-net">
                  {formatCurrency(value)}
                </dd>
              </dl>
            }
          />
        </CardContent>
      </Card>
      <div className="mt-4 flex gap-2">
        <Button type="submit" loading={post.isPending}>
          {t('receive.post')}
        </Button>
        <Link to={`/suppliers/orders/${order.id}`} className={buttonClasses('outline')} data-discard>
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
              <td className={`${TD} ${NUM}`}>{formatQuantity(l.quantity)}</td>
              <td className={`${TD} ${NUM}`}>{formatUnitPrice(l.unit_price)}</td>
              <td className={TD}>{l.lot_number}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
