import { Plus, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import {
  BulkBar,
  fetchAllPages,
  SelectPageBox,
  SelectRowBox,
  useBulkSelection,
} from '../saved-views/bulk.tsx';
import { useListColumns } from '../saved-views/list-columns.tsx';
import { type ColumnOf, defineList } from '../saved-views/list-spec.ts';
import { withoutFilters } from '../saved-views/list-state.ts';
import { SavedViews } from '../saved-views/saved-views.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { NUM, selectClasses, TABLE, TD, TH } from './partner-ui.tsx';
import { BASE, PATH, type PartnerRole, usePartners } from './partners-api.ts';

/** The lists' declarations (saved views' key, columns, the always-shown name, bulk selection). */
export const CLIENTS_LIST = defineList({
  key: 'clients',
  columns: ['name', 'oib', 'city', 'email', 'phone', 'payment_terms'],
  fixed: ['name'],
  bulk: true,
});
export const SUPPLIERS_LIST = defineList({
  key: 'suppliers',
  columns: ['name', 'oib', 'city', 'email', 'phone', 'lead_time'],
  fixed: ['name'],
  bulk: true,
});

const FILTER_KEYS = ['q', 'kind', 'active', 'city', 'sort', 'dir', 'page'] as const;
const PAGE_SIZE = 50;

/** Clients or suppliers: search, filters, sort and page live in the URL and run on the server. */
export function PartnerList({ list: role, actions }: { list: PartnerRole; actions?: React.ReactNode }) {
  const { t } = useTranslation('partners');
  const canWrite = usePermission('partners.write');
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching, isError } = usePartners(role, query);
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const page = Number(params.get('page') ?? '1');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: key === 'q' || key === 'city' });
  };
  const sort = params.get('sort') ?? 'name';
  const dir = params.get('dir') ?? 'asc';
  const sortOf = (key: string) =>
    sort === key ? (dir === 'desc' ? ('descending' as const) : ('ascending' as const)) : undefined;
  const sortButton = (key: string, label: string) => {
    const active = sort === key;
    return (
      <button
        type="button"
        className="font-medium hover:text-foreground"
        onClick={() => {
          const next = new URLSearchParams(params);
          next.set('sort', key);
          next.set('dir', active && dir === 'asc' ? 'desc' : 'asc');
          next.delete('page');
          setParams(next);
        }}
      >
        {label}
        {active ? (dir === 'desc' ? ' ↓' : ' ↑') : ''}
      </button>
    );
  };
  const sortable = (key: string, label: string) => ({
    label,
    header: sortButton(key, label),
    sort: sortOf(key),
  });
  // Issue 12: hideable columns (the name is the link and always shows), declared above.
  const columns = useListColumns<
    ColumnOf<typeof CLIENTS_LIST> | ColumnOf<typeof SUPPLIERS_LIST>,
    (typeof rows)[number]
  >(
    role === 'client' ? CLIENTS_LIST : SUPPLIERS_LIST,
    {
      name: {
        ...sortable('name', t('fields.name')),
        cell: (p) => (
          <>
            <Link to={`${PATH[role]}/${p.id}`} className="font-medium text-primary hover:underline">
              {p.name}
            </Link>
            {!p.active && <span className="ml-2 text-xs">({t('list.inactive')})</span>}
          </>
        ),
        text: (p) => p.name,
      },
      oib: {
        ...sortable('oib', t('fields.oib')),
        className: 'tabular-nums',
        cell: (p) => p.oib,
        text: (p) => p.oib ?? '',
      },
      city: {
        ...sortable('city', t('fields.city')),
        cell: (p) => p.billing_address?.city,
        text: (p) => p.billing_address?.city ?? '',
      },
      email: { label: t('fields.email'), cell: (p) => p.email, text: (p) => p.email ?? '' },
      phone: { label: t('fields.phone'), cell: (p) => p.phone, text: (p) => p.phone ?? '' },
      payment_terms: {
        ...sortable('payment_terms_days', t('fields.paymentTermsDays')),
        className: NUM,
        cell: (p) => p.payment_terms_days,
        text: (p) => String(p.payment_terms_days ?? ''),
      },
      lead_time: {
        label: t('fields.leadTimeDays'),
        className: NUM,
        cell: (p) => p.lead_time_days,
        text: (p) => String(p.lead_time_days ?? ''),
      },
    },
    { th: TH, td: TD },
  );
  const filtered =
    ['q', 'kind', 'city'].some((k) => params.get(k)) || (params.get('active') ?? 'active') !== 'active';
  const base = PATH[role];
  // Issue 12: saved views, bulk selection (with "select all matching"), CSV export and archiving.
  const { t: tu } = useTranslation('ux');
  const selection = useBulkSelection(
    rows.map((r) => r.id),
    total,
  );
  const fetchMatching = () =>
    fetchAllPages(async (p, size) => {
      const q = new URLSearchParams(query);
      q.set('page', String(p));
      q.set('page_size', String(size));
      return api<{ rows: typeof rows; total: number }>(`${BASE[role]}?${q}`);
    });

  return (
    <div>
      <PageHeader
        title={t(`${role}.title`)}
        description={t(`${role}.description`)}
        actions={
          <div className="flex flex-wrap gap-2">
            {actions}
            {canWrite && (
              <>
                <Link to={`${base}/import`} className={buttonClasses('outline')}>
                  <Upload className="size-4" aria-hidden />
                  {t('import.title')}
                </Link>
                <Link to={`${base}/new`} className={buttonClasses('primary')}>
                  <Plus className="size-4" aria-hidden />
                  {t(`${role}.new`)}
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
          aria-label={t('fields.kind')}
          value={params.get('kind') ?? 'all'}
          onChange={(e) => set('kind', e.target.value === 'all' ? null : e.target.value)}
        >
          <option value="all">{t('list.allKinds')}</option>
          <option value="company">{t('kind.company')}</option>
          <option value="person">{t('kind.person')}</option>
        </select>
        <select
          className={selectClasses}
          aria-label={t('fields.active')}
          value={params.get('active') ?? 'active'}
          onChange={(e) => set('active', e.target.value === 'active' ? null : e.target.value)}
        >
          <option value="active">{t('list.activeOnly')}</option>
          <option value="inactive">{t('list.inactiveOnly')}</option>
          <option value="all">{t('list.all')}</option>
        </select>
        <Input
          className="w-44"
          aria-label={t('fields.city')}
          placeholder={t('fields.city')}
          defaultValue={params.get('city') ?? ''}
          onChange={(e) => set('city', e.target.value.trim() || null)}
        />
        {filtered && (
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            // Sort and visible columns are not filters: they stay.
            onClick={() => setParams(withoutFilters(params))}
          >
            {t('list.clearFilters')}
          </button>
        )}
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {isFetching ? t('list.loading') : t('list.count', { count: total })}
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
        csv={columns.csv(role === 'client' ? 'clients' : 'suppliers')}
        onDelete={
          canWrite
            ? {
                label: tu('bulk.archive'),
                run: async (ids) => {
                  for (const id of ids)
                    await api(`${BASE[role]}/${id}`, { method: 'PATCH', body: { active: false } });
                  return ids.length;
                },
              }
            : undefined
        }
      />
      {isError && <p className="text-sm text-danger">{t('common.loadError')}</p>}
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
            {rows.map((p) => (
              <tr key={p.id} className={cn(!p.active && 'text-muted')}>
                <td className={TD}>
                  <SelectRowBox selection={selection} id={p.id} label={p.name} />
                </td>
                {columns.rowCells(p)}
              </tr>
            ))}
            {!isFetching && rows.length === 0 && (
              <tr>
                <td colSpan={columns.keys.length + 1} className="p-6 text-center text-muted">
                  {filtered ? t('list.noMatches') : t(`${role}.empty`)}
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
