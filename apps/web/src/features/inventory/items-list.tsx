import { ITEM_KINDS } from '@erp/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatUnit } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { usePermission } from '../team/use-permission.tsx';
import { fetchItemPage, type Item, useItems, useLocations } from './inventory-api.ts';
import { FilterBox, LocationFilter, Money, NUM, Qty, selectClasses } from './parts.tsx';
import { Pieces } from './pieces.tsx';

/** Rows a page: the API's page, rendered virtualised (only the rows in view are in the page). */
const PAGE = 200;

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const ITEMS_LIST = defineList({
  key: 'items',
  columns: ['sku', 'name', 'kind', 'unit', 'on_hand', 'pieces', 'available', 'on_order', 'avg_cost'],
  fixed: ['sku'],
  bulk: true,
  sort: 'sku',
  signedSort: true,
  pageSize: PAGE,
});

const ROW_HEIGHT = 36;
const isLow = (item: Item) =>
  item.reorder_point !== null && Number(item.available) + Number(item.on_order) < Number(item.reorder_point);

/** Item catalogue: search, filters, sort and page live in the URL; the rows are virtualised. */
export function ItemsList() {
  const { t } = useTranslation('inventory');
  const canWrite = usePermission('master.write');
  const list = useList(ITEMS_LIST);
  // The API's own paging (limit/offset of 200) and the URL's filters, as the search benchmark reads them.
  const query = new URLSearchParams();
  for (const k of ['q', 'kind', 'location_id', 'low_stock', 'sort', 'active']) {
    const v = list.get(k);
    if (v) query.set(k, v);
  }
  query.set('limit', String(PAGE));
  query.set('offset', String((list.page - 1) * PAGE));
  const { data, isFetching } = useItems(query);
  const { data: locations } = useLocations();
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const set = (key: string, value: string | null) => list.set(key, value, { replace: key === 'q' });

  // Issue 12: hideable columns (the SKU always shows), the selection and its CSV export.
  const columns: ColumnDefs<typeof ITEMS_LIST, Item> = {
    sku: {
      label: t('items.sku'),
      sortBy: 'sku',
      width: '8rem',
      className: 'truncate',
      // The row's link: open in a new tab, bookmark and Back work (UX.md).
      cell: (i) => (
        <Link to={`/inventory/items/${i.id}`} className="font-medium text-primary hover:underline">
          {i.sku}
        </Link>
      ),
      text: (i) => i.sku,
    },
    name: {
      label: t('items.name'),
      sortBy: 'name',
      width: '12rem',
      className: 'truncate',
      cell: (i) => i.name,
      text: (i) => i.name,
    },
    kind: {
      label: t('items.kind'),
      sortBy: 'kind',
      width: '7rem',
      className: 'truncate',
      cell: (i) => t(`kinds.${i.kind}`),
      text: (i) => t(`kinds.${i.kind}`),
    },
    unit: {
      label: t('items.unit'),
      width: '5rem',
      cell: (i) => formatUnit(i.base_unit),
      text: (i) => formatUnit(i.base_unit),
    },
    on_hand: {
      label: t('items.onHand'),
      sortBy: 'on_hand',
      width: '7rem',
      className: NUM,
      cell: (i) => (
        <span className={cn(isLow(i) && 'font-semibold text-danger')}>
          <Qty value={i.on_hand} />
        </span>
      ),
      text: (i) => i.on_hand,
    },
    // Sheets and bars: whole pieces (and remnants) beside the base unit.
    pieces: {
      label: t('pieces.column'),
      width: '8rem',
      className: NUM,
      cell: (i) => <Pieces pieces={i.pieces_on_hand} remnants={i.remnants_on_hand} />,
      text: (i) => (i.pieces_on_hand == null ? '' : String(i.pieces_on_hand)),
    },
    available: {
      label: t('items.available'),
      width: '7rem',
      className: NUM,
      cell: (i) => <Qty value={i.available} />,
      text: (i) => i.available,
    },
    on_order: {
      label: t('items.onOrder'),
      width: '7rem',
      className: NUM,
      cell: (i) => <Qty value={i.on_order} />,
      text: (i) => i.on_order,
    },
    avg_cost: {
      label: t('items.avgCost'),
      width: '8rem',
      className: NUM,
      cell: (i) => <Money value={i.avg_cost} />,
      text: (i) => i.avg_cost,
    },
  };
  const fetchPage = async (p: number, size: number) => {
    const q = new URLSearchParams(query);
    q.set('limit', String(size));
    q.set('offset', String((p - 1) * size));
    const r = await fetchItemPage(q);
    return { rows: r.items, total: r.total };
  };

  return (
    <section aria-labelledby="items-title">
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <h2 id="items-title" className="sr-only">
          {t('tabs.items')}
        </h2>
        <FilterBox className="w-64">
          <Input
            type="search"
            aria-label={t('items.search')}
            placeholder={t('items.search')}
            defaultValue={list.get('q') ?? ''}
            onChange={(e) => set('q', e.target.value.trim() || null)}
          />
        </FilterBox>
        <FilterBox className="w-44">
          <select
            aria-label={t('items.kind')}
            className={selectClasses}
            value={list.get('kind') ?? ''}
            onChange={(e) => set('kind', e.target.value || null)}
          >
            <option value="">{t('items.allKinds')}</option>
            {ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </FilterBox>
        <LocationFilter
          className="w-52"
          locations={locations}
          value={list.get('location_id') ?? ''}
          onChange={(id) => set('location_id', id)}
        />
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={list.get('low_stock') === 'true'}
            onChange={(e) => set('low_stock', e.target.checked ? 'true' : null)}
          />
          {t('items.lowOnly')}
        </label>
        {list.filtered && (
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            // Sort and visible columns are not filters: they stay.
            onClick={list.clearFilters}
          >
            {t('items.clearFilters')}
          </button>
        )}
        <div className="ml-auto flex items-center gap-2">
          {canWrite && (
            <Link to="/inventory/items/new" className={buttonClasses('primary', 'md')}>
              {t('items.new')}
            </Link>
          )}
        </div>
      </div>
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={total}
        loading={!data}
        testId="items-table"
        rowLabel={(i) => i.sku}
        rowProps={(i) => ({ 'data-testid': 'item-row', className: cn(!i.active && 'text-muted') })}
        fetchPage={fetchPage}
        virtual={{ rowHeight: ROW_HEIGHT }}
        styles={{
          frame: 'rounded-md border border-border',
          thead: 'border-b border-border bg-surface-2 text-sm',
          th: 'px-2 py-2 font-medium text-muted',
          td: 'px-2',
          row: 'border-b border-border text-sm hover:bg-surface-2',
        }}
      >
        <p className="mb-2 text-sm text-muted" role="status" aria-live="polite">
          {t('items.count', { count: total })}
          {isFetching ? ` · ${t('common.loading')}` : ''}
        </p>
      </DataTable>
    </section>
  );
}
