import { Plus, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { ListFilter, ListSearch, NUM, selectClasses, TABLE, TD, TH } from './partner-ui.tsx';
import { archivePartners, fetchPartners, PATH, type PartnerRole, usePartners } from './partners-api.ts';

const PAGE_SIZE = 50;

/** The lists' declarations (saved views' key, columns, the always-shown name, bulk selection). */
export const CLIENTS_LIST = defineList({
  key: 'clients',
  columns: ['name', 'oib', 'city', 'email', 'phone', 'payment_terms'],
  fixed: ['name'],
  bulk: true,
  sort: 'name',
  pageSize: PAGE_SIZE,
});
export const SUPPLIERS_LIST = defineList({
  key: 'suppliers',
  columns: ['name', 'oib', 'city', 'email', 'phone', 'lead_time'],
  fixed: ['name'],
  bulk: true,
  sort: 'name',
  pageSize: PAGE_SIZE,
});

const FILTER_KEYS = ['q', 'kind', 'active', 'city', 'sort', 'dir', 'page'] as const;

/** Clients or suppliers: search, filters, sort and page live in the URL and run on the server. */
export function PartnerList({ list: role, actions }: { list: PartnerRole; actions?: React.ReactNode }) {
  const { t } = useTranslation('partners');
  const canWrite = usePermission('partners.write');
  const list = useList(role === 'client' ? CLIENTS_LIST : SUPPLIERS_LIST);
  const query = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = list.get(k);
    if (v) query.set(k, v);
  }
  query.set('page_size', String(PAGE_SIZE));
  const { data, isFetching, isError } = usePartners(role, query);
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const set = (key: string, value: string | null) =>
    list.set(key, value, { replace: key === 'q' || key === 'city' });
  // Issue 12: hideable columns (the name is the link and always shows), declared above.
  const columns: ColumnDefs<typeof CLIENTS_LIST | typeof SUPPLIERS_LIST, (typeof rows)[number]> = {
    name: {
      label: t('fields.name'),
      sortBy: 'name',
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
      label: t('fields.oib'),
      sortBy: 'oib',
      className: 'tabular-nums',
      cell: (p) => p.oib,
      text: (p) => p.oib ?? '',
    },
    city: {
      label: t('fields.city'),
      sortBy: 'city',
      cell: (p) => p.billing_address?.city,
      text: (p) => p.billing_address?.city ?? '',
    },
    email: { label: t('fields.email'), cell: (p) => p.email, text: (p) => p.email ?? '' },
    phone: { label: t('fields.phone'), cell: (p) => p.phone, text: (p) => p.phone ?? '' },
    payment_terms: {
      label: t('fields.paymentTermsDays'),
      sortBy: 'payment_terms_days',
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
  };
  const filtered =
    ['q', 'kind', 'city'].some((k) => list.get(k)) || (list.get('active') ?? 'active') !== 'active';
  const base = PATH[role];
  // Issue 12: saved views, bulk selection (with "select all matching"), CSV export and archiving.
  const { t: tu } = useTranslation('ux');
  const fetchPage = (p: number, size: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    q.set('page_size', String(size));
    return fetchPartners(role, q);
  };

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
        <ListSearch label={t('list.search')} value={list.get('q')} onChange={(q) => set('q', q)} />
        <ListFilter label={t('fields.kind')} value={list.get('kind')} onChange={(v) => set('kind', v)}>
          <option value="all">{t('list.allKinds')}</option>
          <option value="company">{t('kind.company')}</option>
          <option value="person">{t('kind.person')}</option>
        </ListFilter>
        <select
          className={selectClasses}
          aria-label={t('fields.active')}
          value={list.get('active') ?? 'active'}
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
          defaultValue={list.get('city') ?? ''}
          onChange={(e) => set('city', e.target.value.trim() || null)}
        />
        {filtered && (
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            // Sort and visible columns are not filters: they stay.
            onClick={list.clearFilters}
          >
            {t('list.clearFilters')}
          </button>
        )}
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {isFetching ? t('list.loading') : t('list.count', { count: total })}
        </p>
      </div>
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={total}
        loading={isFetching}
        empty={filtered ? t('list.noMatches') : t(`${role}.empty`)}
        rowLabel={(p) => p.name}
        rowProps={(p) => ({ className: cn(!p.active && 'text-muted') })}
        fetchPage={fetchPage}
        onDelete={
          canWrite ? { label: tu('bulk.archive'), run: (ids) => archivePartners(role, ids) } : undefined
        }
        styles={{ table: TABLE, th: TH, td: TD, thead: '', row: '' }}
      >
        {isError && <p className="text-sm text-danger">{t('common.loadError')}</p>}
      </DataTable>
    </div>
  );
}
