import { PAYMENT_STATUSES } from '@erp/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { useBulkSelection } from '../saved-views/bulk.tsx';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { type ColumnOf, defineList, type ListSpec } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  type Doc,
  type DocKind,
  docHref,
  fetchDocumentPage,
  useClients,
  useDocuments,
  useLiveDocuments,
} from './documents-api.ts';
import { DateText, Money, NUM, SELECT, STATUSES, StatusBadge, TABLE, TD, TH } from './parts.tsx';

const PAGE_SIZE = 50;
const DOC_LIST = {
  fixed: ['number'],
  bulk: true,
  sort: '-number',
  signedSort: true,
  pageSize: PAGE_SIZE,
} as const;
const DOC_COLUMNS = ['number', 'client', 'date', 'status', 'total'] as const;
/** The lists' declarations: one list (and set of saved views) per document kind; credit notes list with invoices. */
export const QUOTES_LIST = defineList({ key: 'quotes', columns: DOC_COLUMNS, ...DOC_LIST });
export const WORK_ORDERS_LIST = defineList({
  key: 'work-orders',
  columns: DOC_COLUMNS,
  fixed: ['number'],
  bulk: true,
});
export const DELIVERY_NOTES_LIST = defineList({ key: 'delivery-notes', columns: DOC_COLUMNS, ...DOC_LIST });
export const INVOICES_LIST = defineList({
  key: 'invoices',
  columns: ['number', 'client', 'date', 'status', 'payment', 'total'],
  ...DOC_LIST,
});
type DocColumn = ColumnOf<typeof INVOICES_LIST>;
const LISTS: Record<DocKind, ListSpec<DocColumn>> = {
  quote: QUOTES_LIST,
  work_order: WORK_ORDERS_LIST,
  delivery_note: DELIVERY_NOTES_LIST,
  invoice: INVOICES_LIST,
  credit_note: INVOICES_LIST,
};
const FILTERS = ['q', 'status', 'client_id', 'from', 'to', 'payment_status'] as const;

/**
 * The list of one document kind. Search, filters, sort and page live in the URL (bookmarkable,
 * Back works); the server filters, sorts and pages; every row is a real link; a selection of rows
 * prints as one PDF.
 */
export function DocumentList({
  kind,
  newHref,
  bulkActions,
}: {
  kind: DocKind;
  newHref: string;
  /** More actions for the selected rows of this page (e.g. one invoice from several delivery notes). */
  bulkActions?: (selected: Doc[]) => ReactNode;
}) {
  const { t } = useTranslation('documents');
  useLiveDocuments();
  const canCreate = usePermission(
    kind === 'delivery_note'
      ? 'delivery.write'
      : kind === 'invoice' || kind === 'credit_note'
        ? 'invoices.write'
        : 'documents.write',
  );
  const list = useList(LISTS[kind]);
  const query = new URLSearchParams();
  for (const k of FILTERS) {
    const v = list.get(k);
    if (v) query.set(k, v);
  }
  query.set('sort', list.get('sort') ?? '-number');
  query.set('page', String(list.page));
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching, error } = useDocuments(kind, query);
  const clients = useClients();
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const set = (key: string, value: string | null) => list.set(key, value, { replace: key === 'q' });
  const filtersActive = FILTERS.some((k) => list.get(k));
  const isInvoice = kind === 'invoice';
  // Issue 12: row selection with "select all matching" (paged from the server by the current filter).
  const selection = useBulkSelection(
    rows.map((r) => r.id),
    total,
  );
  const selected = selection.selected;
  const fetchPage = async (p: number, size: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    q.set('page_size', String(size));
    const r = await fetchDocumentPage(kind, q);
    return { rows: r.items, total: r.total };
  };
  // Issue 12: hideable columns (the number column always shows: it is the link), declared above.
  const columns: ColumnDefs<typeof INVOICES_LIST, (typeof rows)[number]> = {
    number: {
      label: t('list.number'),
      sortBy: 'number',
      text: (d) => d.number ?? '',
      cell: (d) => (
        <>
          <Link to={docHref(d.kind, d.id)} className="font-medium text-primary hover:underline">
            {d.number ?? t('detail.draftNumber')}
          </Link>
          {d.kind === 'credit_note' && (
            <span className="ml-1 text-xs text-muted">({t('kinds.credit_note')})</span>
          )}
        </>
      ),
    },
    client: {
      label: t('list.client'),
      sortBy: 'client',
      cell: (d) => d.client_name ?? '—',
      text: (d) => d.client_name ?? '',
    },
    date: {
      label: t('list.date'),
      sortBy: 'doc_date',
      cell: (d) => <DateText value={d.doc_date} />,
      text: (d) => d.doc_date,
    },
    status: {
      label: t('list.status'),
      cell: (d) => <StatusBadge status={d.status} kind={kind} />,
      text: (d) => t(`status.${d.status}`, { context: kind }),
    },
    payment: {
      label: t('list.paymentStatus'),
      cell: (d) => d.payment_status && <StatusBadge status={d.payment_status} scope="payment" />,
      text: (d) => (d.payment_status ? t(`payment.${d.payment_status}`) : ''),
    },
    total: {
      label: t('list.total'),
      sortBy: 'total',
      className: NUM,
      cell: (d) => <Money value={d.total} />,
      text: (d) => d.total,
    },
  };

  return (
    <section aria-labelledby={`list-${kind}`}>
      <h2 id={`list-${kind}`} className="sr-only">
        {t(`kindsPlural.${kind}`)}
      </h2>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <div className="w-72">
          <Input
            type="search"
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            defaultValue={list.get('q') ?? ''}
            onChange={(e) => set('q', e.target.value.trim() || null)}
          />
        </div>
        <select
          aria-label={t('list.status')}
          className={cn(SELECT, 'w-44')}
          value={list.get('status') ?? ''}
          onChange={(e) => set('status', e.target.value || null)}
        >
          <option value="">{t('list.allStatuses')}</option>
          {STATUSES[kind].map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`, { context: kind })}
            </option>
          ))}
        </select>
        {isInvoice && (
          <select
            aria-label={t('list.paymentStatus')}
            className={cn(SELECT, 'w-44')}
            value={list.get('payment_status') ?? ''}
            onChange={(e) => set('payment_status', e.target.value || null)}
          >
            <option value="">{t('list.allPayments')}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payment.${s}`)}
              </option>
            ))}
          </select>
        )}
        <select
          aria-label={t('list.client')}
          className={cn(SELECT, 'w-56')}
          value={list.get('client_id') ?? ''}
          onChange={(e) => set('client_id', e.target.value || null)}
        >
          <option value="">{t('list.allClients')}</option>
          {clients.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <div className="flex flex-col text-xs text-muted">
          <label htmlFor={`from-${kind}`}>{t('list.from')}</label>
          <Input
            id={`from-${kind}`}
            type="date"
            className="w-40"
            value={list.get('from') ?? ''}
            onChange={(e) => set('from', e.target.value || null)}
          />
        </div>
        <div className="flex flex-col text-xs text-muted">
          <label htmlFor={`to-${kind}`}>{t('list.to')}</label>
          <Input
            id={`to-${kind}`}
            type="date"
            className="w-40"
            value={list.get('to') ?? ''}
            onChange={(e) => set('to', e.target.value || null)}
          />
        </div>
        {filtersActive && (
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            // Sort and visible columns are not filters: they stay.
            onClick={list.clearFilters}
          >
            {t('list.clearFilters')}
          </button>
        )}
        <div className="ml-auto flex items-center gap-2">
          {selected.size > 0 &&
            !selection.allMatching &&
            bulkActions?.(rows.filter((r) => selection.isSelected(r.id)))}
          {selected.size > 0 && !selection.allMatching && (
            <a
              className={buttonClasses('outline', 'md')}
              href={`/api/documents/pdf?ids=${[...selected].join(',')}`}
              target="_blank"
              rel="noreferrer"
              data-testid="bulk-pdf"
            >
              {t('list.bulkPdf', { count: selected.size })}
            </a>
          )}
          {canCreate && (
            <Link to={newHref} className={buttonClasses('primary', 'md')}>
              {t(`new.${kind}`)}
            </Link>
          )}
        </div>
      </div>
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={total}
        loading={isFetching}
        empty={t('list.empty')}
        rowLabel={(d) => d.number ?? ''}
        rowProps={() => ({ className: 'hover:bg-surface-2', 'data-testid': 'document-row' })}
        selection={selection}
        selectLabels={{
          page: t('list.selectPage'),
          row: (d) => t('list.select', { number: d.number ?? '' }),
        }}
        fetchPage={fetchPage}
        pdfHref={selection.allMatching ? (ids) => `/api/documents/pdf?ids=${ids.join(',')}` : undefined}
        styles={{
          frame: 'overflow-x-auto rounded-md border border-border',
          table: TABLE,
          thead: 'bg-surface-2',
          th: TH,
          td: TD,
          row: '',
        }}
      >
        <p className="mb-2 text-sm text-muted" role="status" aria-live="polite">
          {t('list.count', { count: total })}
          {filtersActive ? ` · ${t('list.filtered')}` : ''}
          {isFetching ? ` · ${t('list.loading')}` : ''}
        </p>
        {error && (
          <p role="alert" className="mb-2 text-sm text-danger">
            {t('list.loadError')}
          </p>
        )}
      </DataTable>
    </section>
  );
}
