import { PackagePlus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import { NUM, selectClasses, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import {
  BulkBar,
  fetchAllPages,
  SelectPageBox,
  SelectRowBox,
  useBulkSelection,
} from '../saved-views/bulk.tsx';
import { useListColumns } from '../saved-views/list-columns.tsx';
import { type ColumnOf, defineList } from '../saved-views/list-spec.ts';
import { SavedViews } from '../saved-views/saved-views.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { type PoHeader, useOrders } from './purchasing-api.ts';
import { StatusBadge } from './purchasing-ui.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const PURCHASE_ORDERS_LIST = defineList({
  key: 'purchase-orders',
  columns: ['number', 'supplier', 'status', 'ordered_on', 'expected_on', 'total'],
  fixed: ['number'],
  bulk: true,
});

const STATUSES = ['all', 'open', 'draft', 'sent', 'partially_received', 'received', 'cancelled'] as const;
const PAGE_SIZE = 50;

export function PurchaseOrdersList() {
  const { t } = useTranslation('purchasing');
  const canWrite = usePermission('purchasing.write');
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams();
  for (const k of ['q', 'status', 'supplier_id', 'page']) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching } = useOrders(query);
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
  const total = data?.total ?? 0;
  const day = (d: string | null) => (d ? formatDate(d, undefined, { dateStyle: 'medium' }) : '');
  // Issue 12: hideable columns (the number is the link) and the selection with CSV export.
  const columns = useListColumns<ColumnOf<typeof PURCHASE_ORDERS_LIST>, PoHeader>(
    PURCHASE_ORDERS_LIST,
    {
      number: {
        label: t('fields.number'),
        cell: (o) => (
          <Link to={`/suppliers/orders/${o.id}`} className="font-medium text-primary hover:underline">
            {o.number ?? t('draft')}
          </Link>
        ),
        text: (o) => o.number ?? '',
      },
      supplier: {
        label: t('fields.supplier'),
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
        cell: (o) => day(o.ordered_on),
        text: (o) => o.ordered_on ?? '',
      },
      expected_on: {
        label: t('fields.expectedOn'),
        cell: (o) => day(o.expected_on),
        text: (o) => o.expected_on ?? '',
      },
      total: {
        label: t('fields.total'),
        className: NUM,
        cell: (o) => formatCurrency(o.total),
        text: (o) => o.total,
      },
    },
    { th: TH, td: TD },
  );
  const selection = useBulkSelection(
    rows.map((o) => o.id),
    total,
  );
  const fetchMatching = () =>
    fetchAllPages(async (p, size) => {
      const q = new URLSearchParams(query);
      q.set('page', String(p));
      q.set('page_size', String(size));
      return api<{ rows: PoHeader[]; total: number }>(`/api/purchase-orders?${q}`);
    });
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
        <Input
          className="w-72"
          type="search"
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          defaultValue={params.get('q') ?? ''}
          onChange={(e) => set('q', e.target.value.trim() || null)}
        />
        <select
          className={selectClasses}
          aria-label={t('fields.status')}
          value={params.get('status') ?? 'all'}
          onChange={(e) => set('status', e.target.value === 'all' ? null : e.target.value)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? t('list.allStatuses') : s === 'open' ? t('list.open') : t(`status.${s}`)}
            </option>
          ))}
        </select>
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {isFetching ? t('list.loading') : t('list.count', { count: data?.total ?? 0 })}
        </p>
      </div>
      <div className="mb-2">
        <SavedViews {...columns.views} />
      </div>
      <BulkBar
        selection={selection}
        total={total}
        pageCount={rows.length}
        loaded={rows}
        fetchMatching={fetchMatching}
        csv={columns.csv('purchase-orders')}
      />
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className={TABLE}>
          <thead>
            <tr>
              <th className={cn(TH, 'w-8')}>
                <SelectPageBox selection={selection} />
              </th>
              {columns.headerCells}
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                <td className={TD}>
                  <SelectRowBox selection={selection} id={o.id} label={o.number ?? t('draft')} />
                </td>
                {columns.rowCells(o)}
              </tr>
            ))}
            {data && data.rows.length === 0 && (
              <tr>
                <td colSpan={columns.keys.length + 1} className="p-6 text-center text-muted">
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
