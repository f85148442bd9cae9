import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import { ListFilter, ListSearch, NUM, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { useListColumns } from '../saved-views/list-columns.tsx';
import { type ColumnOf, defineList } from '../saved-views/list-spec.ts';
import { SavedViews } from '../saved-views/saved-views.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { type PurchaseInvoiceRow, usePurchaseInvoices } from './purchase-invoices-api.ts';
import { PurchaseInvoiceStatusBadge } from './purchase-invoices-ui.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const PURCHASE_INVOICES_LIST = defineList({
  key: 'purchase-invoices',
  columns: ['number', 'supplier', 'kind', 'issue_date', 'due_date', 'status', 'order', 'total', 'open'],
  fixed: ['number'],
  bulk: false,
});

const STATUSES = [
  'all',
  'open',
  'unpaid',
  'checking',
  'received',
  'invalid',
  'approved',
  'rejected',
] as const;
const PAGE_SIZE = 50;

/** Received invoices: the whole list (/suppliers/invoices) or one supplier's (its detail tab). */
export function PurchaseInvoicesList({ supplierId }: { supplierId?: string }) {
  const { t } = useTranslation('purchase-invoices');
  const canUpload = usePermission('purchasing.write');
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams();
  for (const k of ['q', 'status', 'page']) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  if (supplierId) query.set('supplier_id', supplierId);
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching } = usePurchaseInvoices(query);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: key === 'q' });
  };
  const page = Number(params.get('page') ?? '1');
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const rows = data?.rows ?? [];
  const day = (d: string | null) => (d ? formatDate(d, undefined, { dateStyle: 'medium' }) : '');
  const columns = useListColumns<ColumnOf<typeof PURCHASE_INVOICES_LIST>, PurchaseInvoiceRow>(
    PURCHASE_INVOICES_LIST,
    {
      number: {
        label: t('fields.number'),
        cell: (r) => (
          <Link to={`/suppliers/invoices/${r.id}`} className="font-medium text-primary hover:underline">
            {r.number}
          </Link>
        ),
        text: (r) => r.number,
      },
      supplier: {
        label: t('fields.supplier'),
        cell: (r) =>
          r.supplier_id ? (
            <Link to={`/suppliers/${r.supplier_id}`} className="hover:underline">
              {r.supplier_name}
            </Link>
          ) : (
            <span className="text-muted">{r.seller_name}</span>
          ),
        text: (r) => r.supplier_name ?? r.seller_name,
      },
      kind: {
        label: t('fields.kind'),
        cell: (r) => t(`kind.${r.doc_type}`),
        text: (r) => t(`kind.${r.doc_type}`),
      },
      issue_date: { label: t('fields.issueDate'), cell: (r) => day(r.issue_date), text: (r) => r.issue_date },
      due_date: { label: t('fields.dueDate'), cell: (r) => day(r.due_date), text: (r) => r.due_date ?? '' },
      status: {
        label: t('fields.status'),
        cell: (r) => <PurchaseInvoiceStatusBadge status={r.status} />,
        text: (r) => t(`status.${r.status}`),
      },
      order: {
        label: t('fields.order'),
        cell: (r) =>
          r.purchase_order_id ? (
            <Link to={`/suppliers/orders/${r.purchase_order_id}`} className="hover:underline">
              {r.purchase_order_number}
            </Link>
          ) : (
            ''
          ),
        text: (r) => r.purchase_order_number ?? '',
      },
      total: {
        label: t('fields.total'),
        className: NUM,
        cell: (r) => formatCurrency(r.total, r.currency),
        text: (r) => r.total,
      },
      open: {
        label: t('fields.open'),
        className: NUM,
        cell: (r) => formatCurrency(r.open, r.currency),
        text: (r) => r.open,
      },
    },
    { th: TH, td: TD },
  );
  return (
    <div>
      {!supplierId && (
        <PageHeader
          title={t('list.title')}
          description={t('list.description')}
          actions={
            <div className="flex flex-wrap gap-2">
              <Link to="/suppliers/orders" className={buttonClasses('ghost')}>
                {t('list.orders')}
              </Link>
              {canUpload && (
                <Link to="/suppliers/invoices/upload" className={buttonClasses('primary')}>
                  <Upload className="size-4" aria-hidden />
                  {t('upload.title')}
                </Link>
              )}
            </div>
          }
        />
      )}
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <ListSearch label={t('list.search')} value={params.get('q')} onChange={(q) => set('q', q)} />
        <ListFilter
          label={t('fields.status')}
          value={params.get('status')}
          onChange={(v) => set('status', v)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`filter.${s}`)}
            </option>
          ))}
        </ListFilter>
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {isFetching ? t('list.loading') : t('list.count', { count: data?.total ?? 0 })}
        </p>
      </div>
      <div className="mb-2">
        <SavedViews {...columns.views} />
      </div>
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className={TABLE}>
          <thead>
            <tr>{columns.headerCells}</tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="pi-row">
                {columns.rowCells(r)}
              </tr>
            ))}
            {data && rows.length === 0 && (
              <tr>
                <td colSpan={columns.keys.length} className="p-6 text-center text-muted">
                  {t('list.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="mt-3 flex items-center justify-end gap-2 text-sm" aria-label={t('list.pages')}>
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            disabled={page <= 1}
            onClick={() => set('page', String(page - 1))}
          >
            {t('list.previous')}
          </button>
          <span>{t('list.pageOf', { page, pages })}</span>
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            disabled={page >= pages}
            onClick={() => set('page', String(page + 1))}
          >
            {t('list.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
