import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import { ListFilter, ListSearch, NUM, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { type PurchaseInvoiceRow, usePurchaseInvoices } from './purchase-invoices-api.ts';
import { PurchaseInvoiceStatusBadge } from './purchase-invoices-ui.tsx';

const PAGE_SIZE = 50;

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const PURCHASE_INVOICES_LIST = defineList({
  key: 'purchase-invoices',
  columns: ['number', 'supplier', 'kind', 'issue_date', 'due_date', 'status', 'order', 'total', 'open'],
  fixed: ['number'],
  bulk: false,
  pageSize: PAGE_SIZE,
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

/** Received invoices: the whole list (/suppliers/invoices) or one supplier's (its detail tab). */
export function PurchaseInvoicesList({ supplierId }: { supplierId?: string }) {
  const { t } = useTranslation('purchase-invoices');
  const canUpload = usePermission('purchasing.write');
  const list = useList(PURCHASE_INVOICES_LIST);
  const query = new URLSearchParams();
  for (const k of ['q', 'status', 'page']) {
    const v = list.get(k);
    if (v) query.set(k, v);
  }
  if (supplierId) query.set('supplier_id', supplierId);
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching } = usePurchaseInvoices(query);
  const set = (key: string, value: string | null) => list.set(key, value, { replace: key === 'q' });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const day = (d: string | null) => (d ? formatDate(d) : '');
  const columns: ColumnDefs<typeof PURCHASE_INVOICES_LIST, PurchaseInvoiceRow> = {
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
  };
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
        <ListSearch label={t('list.search')} value={list.get('q')} onChange={(q) => set('q', q)} />
        <ListFilter label={t('fields.status')} value={list.get('status')} onChange={(v) => set('status', v)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`filter.${s}`)}
            </option>
          ))}
        </ListFilter>
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {isFetching ? t('list.loading') : t('list.count', { count: total })}
        </p>
      </div>
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={total}
        loading={!data}
        empty={t('list.empty')}
        rowLabel={(r) => r.number}
        rowProps={() => ({ 'data-testid': 'pi-row' })}
        styles={{ table: TABLE, th: TH, td: TD, thead: '', row: '' }}
      />
    </div>
  );
}
