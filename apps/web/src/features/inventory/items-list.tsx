import { ITEM_KINDS } from '@erp/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatUnit } from '../../lib/format.ts';
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
import { usePermission } from '../team/use-permission.tsx';
import { fetchItemPage, type Item, useItems, useLocations } from './inventory-api.ts';
import { FilterBox, LocationFilter, Money, NUM, Qty, selectClasses } from './parts.tsx';
import { Pieces } from './pieces.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const ITEMS_LIST = defineList({
  key: 'items',
  columns: ['sku', 'name', 'kind', 'unit', 'on_hand', 'pieces', 'available', 'on_order', 'avg_cost'],
  fixed: ['sku'],
  bulk: true,
});

const PAGE = 200;
const ROW_HEIGHT = 36;
// The columns' tracks come from the visible columns (list-registry.ts, `useListColumns`).
const GRID = 'grid items-center gap-2 px-2';
const isLow = (item: Item) =>
  item.reorder_point !== null && Number(item.available) + Number(item.on_order) < Number(item.reorder_point);

/** Item catalogue: search, filters, sort and page live in the URL; rows are virtualised links. */
export function ItemsList() {
  const { t } = useTranslation('inventory');
  const canWrite = usePermission('master.write');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '0');
  const query = new URLSearchParams();
  for (const k of ['q', 'kind', 'location_id', 'low_stock', 'sort', 'active']) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  query.set('limit', String(PAGE));
  query.set('offset', String(page * PAGE));
  const { data, isFetching } = useItems(query);
  const { data: locations } = useLocations();
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: key === 'q' });
  };
  const sort = params.get('sort') ?? 'sku';
  const sortHeader = (key: string, label: string, align?: string) => {
    const active = sort === key || sort === `-${key}`;
    const next = sort === key ? `-${key}` : key;
    return (
      <button
        type="button"
        className={cn('font-medium text-muted hover:text-foreground', align)}
        onClick={() => set('sort', next)}
      >
        {label}
        {active ? (sort.startsWith('-') ? ' ↓' : ' ↑') : ''}
      </button>
    );
  };
  const filtersActive = ['q', 'kind', 'location_id', 'low_stock'].some((k) => params.get(k));

  // Issue 12: hideable columns (the SKU always shows), the selection and its CSV export.
  const columns = useListColumns<ColumnOf<typeof ITEMS_LIST>, Item>(
    ITEMS_LIST,
    {
      sku: {
        label: t('items.sku'),
        header: sortHeader('sku', t('items.sku'), 'text-left'),
        width: 'minmax(8rem,1fr)',
        className: 'truncate',
        cell: (i) => <span className="font-medium text-primary">{i.sku}</span>,
        text: (i) => i.sku,
      },
      name: {
        label: t('items.name'),
        header: sortHeader('name', t('items.name'), 'text-left'),
        width: 'minmax(12rem,2fr)',
        className: 'truncate',
        cell: (i) => i.name,
        text: (i) => i.name,
      },
      kind: {
        label: t('items.kind'),
        header: sortHeader('kind', t('items.kind'), 'text-left'),
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
        header: sortHeader('on_hand', t('items.onHand'), 'text-right'),
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
    },
    { th: 'text-sm font-medium text-muted', grid: true },
  );
  const selection = useBulkSelection(
    rows.map((i) => i.id),
    total,
  );
  const fetchMatching = () =>
    fetchAllPages(async (p, size) => {
      const q = new URLSearchParams(query);
      q.set('limit', String(size));
      q.set('offset', String((p - 1) * size));
      const r = await fetchItemPage(q);
      return { rows: r.items, total: r.total };
    });
  const gridStyle = { gridTemplateColumns: columns.gridTemplate };

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
            defaultValue={params.get('q') ?? ''}
            onChange={(e) => set('q', e.target.value.trim() || null)}
          />
        </FilterBox>
        <FilterBox className="w-44">
          <select
            aria-label={t('items.kind')}
            className={selectClasses}
            value={params.get('kind') ?? ''}
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
          value={params.get('location_id') ?? ''}
          onChange={(id) => set('location_id', id)}
        />
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={params.get('low_stock') === 'true'}
            onChange={(e) => set('low_stock', e.target.checked ? 'true' : null)}
          />
          {t('items.lowOnly')}
        </label>
        {filtersActive && (
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            // Sort and visible columns are not filters: they stay.
            onClick={() => setParams(withoutFilters(params))}
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
      <SavedViews {...columns.views} />
      <BulkBar
        selection={selection}
        total={total}
        pageCount={rows.length}
        loaded={rows}
        fetchMatching={fetchMatching}
        csv={columns.csv('items')}
      />
      <p className="mb-2 text-sm text-muted" role="status" aria-live="polite">
        {t('items.count', { count: total })}
        {isFetching ? ` · ${t('common.loading')}` : ''}
      </p>
      {/* Header and rows scroll sideways together inside the frame, never the page (a phone is 390 px). */}
      <div className="overflow-x-auto rounded-md border border-border" data-testid="items-frame">
        <div className="min-w-fit">
          <div className="flex h-9 items-center border-b border-border bg-surface-2 text-sm">
            <span className="flex w-8 shrink-0 justify-center">
              <SelectPageBox selection={selection} />
            </span>
            <div className={cn(GRID, 'flex-1')} style={gridStyle}>
              {columns.headerCells}
            </div>
          </div>
          <div
            ref={scrollRef}
            className="h-[60vh] overflow-y-auto overflow-x-hidden"
            data-testid="items-scroll"
          >
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((v) => {
                const item = rows[v.index];
                if (!item) return null;
                // The checkbox sits beside the row's link (a control inside a link is not allowed).
                return (
                  <div
                    key={item.id}
                    className="absolute inset-x-0 flex items-center border-b border-border text-sm hover:bg-surface-2"
                    style={{ height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
                  >
                    <span className="flex w-8 shrink-0 justify-center">
                      <SelectRowBox selection={selection} id={item.id} label={item.sku} />
                    </span>
                    <Link
                      to={`/inventory/items/${item.id}`}
                      data-testid="item-row"
                      className={cn(GRID, 'h-full flex-1', !item.active && 'text-muted')}
                      style={gridStyle}
                    >
                      {columns.rowCells(item)}
                    </Link>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
      {total > PAGE && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            disabled={page === 0}
            onClick={() => set('page', String(page - 1))}
          >
            {t('common.previous')}
          </button>
          <span>{t('common.page', { page: page + 1, pages: Math.ceil(total / PAGE) })}</span>
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            disabled={(page + 1) * PAGE >= total}
            onClick={() => set('page', String(page + 1))}
          >
            {t('common.next')}
          </button>
        </div>
      )}
    </section>
  );
}
