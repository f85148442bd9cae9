import { MOVEMENT_TYPES } from '@erp/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  errorText,
  type Item,
  type Movement,
  reverseDocument,
  useInventoryMutation,
  useLocations,
  useMovements,
} from './inventory-api.ts';
import {
  FilterBox,
  INVENTORY_TABLE,
  ItemLink,
  ItemPicker,
  LocationFilter,
  Money,
  NUM,
  Qty,
  selectClasses,
} from './parts.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const MOVEMENTS_LIST = defineList({
  key: 'movements',
  columns: ['when', 'type', 'sku', 'location', 'lot', 'quantity', 'unit_cost', 'reference', 'reason'],
  fixed: ['when'],
  bulk: true,
});

const MOVEMENT_FILTERS = ['type', 'location_id', 'item_id', 'lot', 'from', 'to'] as const;
/** Rows per page; one more is asked for to know whether a next page exists. */
const MOVEMENTS_PAGE = 100;

/** The screen of the document that owns a movement. */
function ownerPath(kind: NonNullable<Movement['owner_kind']>, id: string): string {
  if (kind === 'delivery_note') return `/delivery-notes/${id}`;
  if (kind === 'work_order') return `/documents/work-orders/${id}/edit`;
  if (kind === 'cutting') return `/cutting/${id}`;
  return `/suppliers/orders/receipts/${id}`;
}

/**
 * /inventory/movements: the movements, newest first, paged on the server, filtered by type,
 * location, item, lot number and business date (all in the URL).
 */
export function MovementsPage() {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const { data: locations = [] } = useLocations();
  const [item, setItem] = useState<Item | null>(null);
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const query = new URLSearchParams({
    limit: String(MOVEMENTS_PAGE + 1),
    offset: String(page * MOVEMENTS_PAGE),
  });
  for (const k of MOVEMENT_FILTERS) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const set = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          // Another filter starts again at the first page.
          if (key !== 'page') next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const pickItem = useCallback(
    (picked: Item | null) => {
      setItem(picked);
      set('item_id', picked?.id ?? null);
    },
    [set],
  );
  return (
    <section className="space-y-3" aria-labelledby="movements-title">
      <h2 id="movements-title" className="sr-only">
        {t('movements.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <FilterBox className="w-56">
          <select
            aria-label={t('movements.type')}
            className={selectClasses}
            value={params.get('type') ?? ''}
            onChange={(e) => set('type', e.target.value || null)}
          >
            <option value="">{t('movements.allTypes')}</option>
            {MOVEMENT_TYPES.map((m) => (
              <option key={m} value={m}>
                {t(`movementTypes.${m}`)}
              </option>
            ))}
          </select>
        </FilterBox>
        <LocationFilter
          className="w-56"
          locations={locations}
          value={params.get('location_id') ?? ''}
          onChange={(id) => set('location_id', id)}
        />
        <FilterBox className="w-64">
          <ItemPicker id="movements-item" label={t('movements.item')} value={item} onChange={pickItem} />
        </FilterBox>
        <FilterBox className="w-40">
          <Input
            aria-label={t('movements.lot')}
            placeholder={t('movements.lot')}
            value={params.get('lot') ?? ''}
            onChange={(e) => set('lot', e.target.value.trim() ? e.target.value : null)}
          />
        </FilterBox>
        <FilterBox className="w-40">
          <Input
            type="date"
            aria-label={t('movements.from')}
            value={params.get('from') ?? ''}
            onChange={(e) => set('from', e.target.value || null)}
          />
        </FilterBox>
        <FilterBox className="w-40">
          <Input
            type="date"
            aria-label={t('movements.to')}
            value={params.get('to') ?? ''}
            onChange={(e) => set('to', e.target.value || null)}
          />
        </FilterBox>
      </div>
      <MovementTable query={query} pageSize={MOVEMENTS_PAGE} list />
      <MovementPager page={page} query={query} onPage={(p) => set('page', p > 0 ? String(p) : null)} />
    </section>
  );
}

/** Previous / next under the movements list (the server answers one row more when a next page exists). */
function MovementPager({
  page,
  query,
  onPage,
}: {
  page: number;
  query: URLSearchParams;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('inventory');
  const { data = [] } = useMovements(query);
  const hasNext = data.length > MOVEMENTS_PAGE;
  if (page === 0 && !hasNext) return null;
  return (
    <div className="flex items-center gap-2 text-sm" data-testid="movements-pager">
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span>{t('movements.pageNumber', { page: page + 1 })}</span>
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </div>
  );
}

/**
 * Stock movements with the reverse action. As the movements list (`list`) it has saved views, the
 * column picker and the selection with CSV; inside an item or lot page it is a plain table whose
 * columns still follow `cols` when present.
 */
export function MovementTable({
  query,
  movements,
  list = false,
  pageSize,
}: {
  query?: URLSearchParams;
  movements?: Movement[];
  list?: boolean;
  /** Rows shown from the fetched ones (the list asks for one more to know about a next page). */
  pageSize?: number;
}) {
  const { t, i18n } = useTranslation('inventory');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const fetched = useMovements(query ?? new URLSearchParams());
  const rows = (movements ?? fetched.data ?? []).slice(0, pageSize);
  const canWrite = usePermission('inventory.write');
  const reverse = useInventoryMutation((documentId: string) => reverseDocument(documentId));
  /** The reason of a manual posting (translated) and its note. */
  const reasonText = (m: Movement) =>
    [m.reason ? t(`reasons.${m.reason}`) : '', m.note ?? ''].filter(Boolean).join(' · ');
  const when = (m: Movement) => formatDateTime(m.created_at, i18n.language);
  const listState = useList(MOVEMENTS_LIST);
  // Issue 12: hideable columns (the time always shows; the reverse action is not a column).
  const columns: ColumnDefs<typeof MOVEMENTS_LIST, Movement> = {
    when: {
      label: t('movements.when'),
      className: 'whitespace-nowrap',
      cell: when,
      text: (m) => m.created_at,
    },
    type: {
      label: t('movements.type'),
      cell: (m) => t(`movementTypes.${m.type}`),
      text: (m) => t(`movementTypes.${m.type}`),
    },
    sku: {
      label: t('items.sku'),
      cell: (m) => <ItemLink id={m.item_id} sku={m.sku} />,
      text: (m) => m.sku,
    },
    location: {
      label: t('items.location'),
      cell: (m) => (
        <Link className="hover:underline" to={`/inventory/locations/${m.location_id}`}>
          {m.location_code}
        </Link>
      ),
      text: (m) => m.location_code,
    },
    lot: {
      label: t('lots.lot'),
      cell: (m) =>
        m.lot_id && (
          <Link className="text-primary hover:underline" to={`/inventory/lots/${m.lot_id}`}>
            {m.lot_number}
          </Link>
        ),
      text: (m) => m.lot_number ?? '',
    },
    quantity: {
      label: t('items.quantity'),
      className: NUM,
      cell: (m) => (
        <span className={cn(Number(m.quantity) < 0 && 'text-danger')}>
          <Qty value={m.quantity} />
        </span>
      ),
      text: (m) => m.quantity,
    },
    unit_cost: {
      label: t('movements.unitCost'),
      className: NUM,
      cell: (m) => <Money value={m.unit_cost} />,
      text: (m) => m.unit_cost,
    },
    reference: {
      label: t('movements.reference'),
      cell: (m) => m.reference,
      text: (m) => m.reference ?? '',
    },
    reason: {
      label: t('movements.reason'),
      cell: (m) => reasonText(m),
      text: (m) => reasonText(m),
    },
  };
  return (
    <>
      {confirmElement}
      {reverse.error && (
        <p role="alert" className="mb-2 text-sm text-danger">
          {errorText(t, reverse.error)}
        </p>
      )}
      <DataTable
        list={listState}
        columns={columns}
        rows={rows}
        total={rows.length}
        embedded={!list}
        empty={t('movements.none')}
        emptyText
        rowLabel={(m) => `${when(m)} ${m.sku}`}
        testId="movements"
        styles={INVENTORY_TABLE}
        actions={{
          label: t('movements.actions'),
          cell: (m) =>
            m.reversed ? (
              <span className="text-xs text-muted">{t('movements.reversed')}</span>
            ) : m.owner_kind && m.owner_id ? (
              // Stock of another area's document changes only through that document.
              <Link
                className={buttonClasses('link', 'sm')}
                to={ownerPath(m.owner_kind, m.owner_id)}
                data-testid="movement-owner"
              >
                {t(`movements.owner.${m.owner_kind}`, { number: m.owner_number ?? '' })}
              </Link>
            ) : m.type !== 'reversal' && canWrite ? (
              <button
                type="button"
                className={buttonClasses('link', 'sm')}
                onClick={async () => {
                  const yes = await confirm({
                    title: t('movements.confirmReverse', {
                      reference: m.reference ?? m.document_id.slice(0, 8),
                    }),
                    text: tg('confirm.irreversible'),
                    confirm: t('movements.reverse'),
                  });
                  if (yes) reverse.mutate(m.document_id);
                }}
              >
                {t('movements.reverse')}
              </button>
            ) : null,
        }}
      />
    </>
  );
}
