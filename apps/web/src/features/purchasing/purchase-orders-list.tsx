import { PackagePlus, Plus } from 'lucide-react';
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
import { fetchOrders, type PoHeader, useOrders } from './purchasing-api.ts';
import { StatusBadge } from './purchasing-ui.tsx';

const PAGE_SIZE = 50;

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const PURCHASE_ORDERS_LIST = defineList({
  key: 'purchase-orders',
  columns: ['number', 'supplier', 'status', 'ordered_on', 'expected_on', 'total'],
  fixed: ['number'],
  bulk: true,
  sort: 'created_at',
  dir: 'desc',
  pageSize: PAGE_SIZE,
});

const STATUSES = ['all', 'open', 'draft', 'sent', 'partially_received', 'received', 'cancelled'] as const;

export function PurchaseOrdersList() {
  const { t } = useTranslation('purchasing');
  const canWrite = usePermission('purchasing.write');
  const list = useList(PURCHASE_ORDERS_LIST);
  const query = new URLSearchParams();
  for (const k of ['q', 'status', 'supplier_id', 'sort', 'dir', 'page']) {
    const v = list.get(k);
    if (v) query.set(k, v);
  }
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching } = useOrders(query);
  const set = (key: string, value: string | null) => list.set(key, value, { replace: key === 'q' });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const day = (d: string | null) => (d ? formatDate(d) : '');
  // Issue 12: hideable columns (the number is the link) and the selection with CSV export.
  const columns: ColumnDefs<typeof PURCHASE_ORDERS_LIST, PoHeader> = {
    number: {
      label: t('fields.number'),
      sortBy: 'number',
      cell: (o) => (
        <Link to={`/suppliers/orders/${o.id}`} className="font-medium text-primary hover:underline">
          {o.number ?? t('draft')}
        </Link>
      ),
      text: (o) => o.number ?? '',
    },
    supplier: {
      label: t('fields.supplier'),
      sortBy: 'supplier',
      cell: (o) => (
        <Link to={`/suppliers/${o.supplier_id}`} className="hover:underline">
          {o.supplier_name}
        </Link>
      ),
      text: (o) => o.supplier_name ?? '',
    },
    status: {
      label: t('fields.status'),
      cell: (o) => <StatusBadge status={o.status} />,
      text: (o) => t(`status.${o.status}`),
    },
    ordered_on: {
      label: t('fields.orderedOn'),
      sortBy: 'ordered_on',
      cell: (o) => day(o.ordered_on),
      text: (o) => o.ordered_on ?? '',
    },
    expected_on: {
      label: t('fields.expectedOn'),
      sortBy: 'expected_on',
      cell: (o) => day(o.expected_on),
      text: (o) => o.expected_on ?? '',
    },
    total: {
      label: t('fields.total'),
      sortBy: 'total',
      className: NUM,
      cell: (o) => formatCurrency(o.total),
      text: (o) => o.total,
    },
  };
  const fetchPage = (p: number, size: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    q.set('page_size', String(size));
    return fetchOrders(q);
  };
  return (
    <div>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/suppliers" className={buttonClasses('ghost')}>
              {t('list.suppliers')}
            </Link>
            {canWrite && (
              <>
                <Link to="/suppliers/orders/low-stock" className={buttonClasses('outline')}>
                  <PackagePlus className="size-4" aria-hidden />
                  {t('lowStock.title')}
                </Link>
                <Link to="/suppliers/orders/new" className={buttonClasses('primary')}>
                  <Plus className="size-4" aria-hidden />
                  {t('list.new')}
                </Link>
              </>
            )}
          </div>
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <ListSearch label={t('list.search')} value={list.get('q')} onChange={(q) => set('q', q)} />
        <ListFilter label={t('fields.status')} value={list.get('status')} onChange={(v) => set('status', v)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? t('list.allStatuses') : s === 'open' ? t('list.open') : t(`status.${s}`)}
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
        rowLabel={(o) => o.number ?? t('draft')}
        fetchPage={fetchPage}
        styles={{ table: TABLE, th: TH, td: TD, thead: '', row: '' }}
      />
    </div>
  );
}
