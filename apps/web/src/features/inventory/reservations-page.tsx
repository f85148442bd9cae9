import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate, formatUnit } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  errorText,
  type Reservation,
  releaseReservation,
  useInventoryMutation,
  useLocations,
  useReservations,
} from './inventory-api.ts';
import { FilterBox, INVENTORY_TABLE, ItemLink, LocationFilter, NUM, Qty, selectClasses } from './parts.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const RESERVATIONS_LIST = defineList({
  key: 'reservations',
  columns: ['sku', 'name', 'location', 'lot', 'quantity', 'source', 'created'],
  fixed: ['sku'],
  bulk: true,
});

const STATUSES = ['active', 'released', 'consumed'] as const;

/** Reservations per item and/or location (filters in the URL); an active one can be released. */
export function ReservationsPage() {
  const { t, i18n } = useTranslation('inventory');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const canWrite = usePermission('inventory.write');
  const list = useList(RESERVATIONS_LIST);
  const query = new URLSearchParams();
  for (const k of ['item_id', 'location_id', 'status']) {
    const v = list.get(k);
    if (v) query.set(k, v);
  }
  const { data: rows = [], isFetching } = useReservations(query);
  const { data: locations = [] } = useLocations();
  const release = useInventoryMutation((id: string) => releaseReservation(id));
  const status = list.get('status') ?? 'active';
  const itemFilter = list.get('item_id') ? rows[0] : undefined;
  const set = (key: string, value: string | null) => list.set(key, value, { replace: true });
  const sourceText = (r: Reservation) =>
    r.source_type ? t(`reservations.sources.${r.source_type}`, { defaultValue: r.source_type }) : '';
  // Issue 12: saved views, hideable columns (the SKU is the link), selection and CSV.
  const columns: ColumnDefs<typeof RESERVATIONS_LIST, Reservation> = {
    sku: {
      label: t('items.sku'),
      cell: (r) => <ItemLink id={r.item_id} sku={r.sku} />,
      text: (r) => r.sku,
    },
    name: {
      label: t('items.name'),
      cell: (r) => (
        <button
          type="button"
          className="text-left hover:underline"
          onClick={() => set('item_id', r.item_id)}
          aria-label={t('reservations.onlyItem', { sku: r.sku })}
        >
          {r.item_name}
        </button>
      ),
      text: (r) => r.item_name,
    },
    location: {
      label: t('items.location'),
      cell: (r) => r.location_code ?? t('reservations.anyLocation'),
      text: (r) => r.location_code ?? '',
    },
    lot: { label: t('lots.lot'), cell: (r) => r.lot_number, text: (r) => r.lot_number ?? '' },
    quantity: {
      label: t('items.quantity'),
      className: NUM,
      cell: (r) => (
        <>
          <Qty value={r.quantity} /> {formatUnit(r.base_unit)}
        </>
      ),
      text: (r) => r.quantity,
    },
    source: {
      label: t('reservations.source'),
      cell: (r) => (
        <>
          {sourceText(r)}
          {r.note ? <span className="block text-xs text-muted">{r.note}</span> : null}
        </>
      ),
      text: sourceText,
    },
    created: {
      label: t('reservations.created'),
      cell: (r) => formatDate(r.created_at, i18n.language),
      text: (r) => r.created_at,
    },
  };

  return (
    <section aria-labelledby="reservations-title" className="space-y-3">
      {confirmElement}
      <h2 id="reservations-title" className="sr-only">
        {t('tabs.reservations')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <LocationFilter
          className="w-56"
          locations={locations}
          value={list.get('location_id') ?? ''}
          onChange={(id) => set('location_id', id)}
        />
        <FilterBox className="w-44">
          <select
            aria-label={t('reservations.status')}
            className={selectClasses}
            value={status}
            onChange={(e) => set('status', e.target.value === 'active' ? null : e.target.value)}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`reservations.statuses.${s}`)}
              </option>
            ))}
          </select>
        </FilterBox>
        {list.get('item_id') && (
          <Button type="button" variant="ghost" size="sm" onClick={() => set('item_id', null)}>
            {t('reservations.allItems')}
            {itemFilter ? ` (${itemFilter.sku})` : ''}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted" role="status" aria-live="polite">
        {t('reservations.count', { count: rows.length })}
        {isFetching ? ` · ${t('common.loading')}` : ''}
      </p>
      {release.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(t, release.error)}
        </p>
      )}
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={rows.length}
        empty={t('reservations.none')}
        emptyText
        rowLabel={(r) => r.sku}
        testId="reservations"
        styles={INVENTORY_TABLE}
        actions={{
          label: t('movements.actions'),
          cell: (r) =>
            r.status === 'active' &&
            canWrite && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                loading={release.isPending && release.variables === r.id}
                onClick={async () => {
                  const yes = await confirm({
                    title: t('reservations.confirmRelease', { sku: r.sku, quantity: r.quantity }),
                    text: tg('confirm.irreversible'),
                    confirm: t('reservations.release'),
                  });
                  if (yes) release.mutate(r.id);
                }}
              >
                {t('reservations.release')}
              </Button>
            ),
        }}
      />
    </section>
  );
}
