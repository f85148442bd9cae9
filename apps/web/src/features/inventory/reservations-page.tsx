import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  errorText,
  releaseReservation,
  useInventoryMutation,
  useLocations,
  useReservations,
} from './inventory-api.ts';
import { FilterBox, ItemLink, NUM, Qty, selectClasses, TABLE, TD, TH } from './parts.tsx';

const STATUSES = ['active', 'released', 'consumed'] as const;

/** Reservations per item and/or location (filters in the URL); an active one can be released. */
export function ReservationsPage() {
  const { t, i18n } = useTranslation('inventory');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const canWrite = usePermission('inventory.write');
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams();
  for (const k of ['item_id', 'location_id', 'status']) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const { data: rows = [], isFetching } = useReservations(query);
  const { data: locations = [] } = useLocations();
  const release = useInventoryMutation((id: string) => releaseReservation(id));
  const status = params.get('status') ?? 'active';
  const itemFilter = params.get('item_id') ? rows[0] : undefined;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="reservations-title" className="space-y-3">
      {confirmElement}
      <h2 id="reservations-title" className="sr-only">
        {t('tabs.reservations')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <FilterBox className="w-56">
          <select
            aria-label={t('items.location')}
            className={selectClasses}
            value={params.get('location_id') ?? ''}
            onChange={(e) => set('location_id', e.target.value || null)}
          >
            <option value="">{t('items.allLocations')}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.code} · {l.name}
              </option>
            ))}
          </select>
        </FilterBox>
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
        {params.get('item_id') && (
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
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('reservations.none')}</p>
      ) : (
        <table className={TABLE} data-testid="reservations">
          <thead>
            <tr>
              <th className={TH}>{t('items.sku')}</th>
              <th className={TH}>{t('items.name')}</th>
              <th className={TH}>{t('items.location')}</th>
              <th className={TH}>{t('lots.lot')}</th>
              <th className={cn(TH, NUM)}>{t('items.quantity')}</th>
              <th className={TH}>{t('reservations.source')}</th>
              <th className={TH}>{t('reservations.created')}</th>
              <th className={TH}>
                <span className="sr-only">{t('movements.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className={TD}>
                  <ItemLink id={r.item_id} sku={r.sku} />
                </td>
                <td className={TD}>
                  <button
                    type="button"
                    className="text-left hover:underline"
                    onClick={() => set('item_id', r.item_id)}
                    aria-label={t('reservations.onlyItem', { sku: r.sku })}
                  >
                    {r.item_name}
                  </button>
                </td>
                <td className={TD}>{r.location_code ?? t('reservations.anyLocation')}</td>
                <td className={TD}>{r.lot_number}</td>
                <td className={cn(TD, NUM)}>
                  <Qty value={r.quantity} /> {r.base_unit}
                </td>
                <td className={TD}>
                  {r.source_type
                    ? t(`reservations.sources.${r.source_type}`, { defaultValue: r.source_type })
                    : ''}
                  {r.note ? <span className="block text-xs text-muted">{r.note}</span> : null}
                </td>
                <td className={TD}>{formatDate(r.created_at, i18n.language, { dateStyle: 'medium' })}</td>
                <td className={TD}>
                  {r.status === 'active' && canWrite && (
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
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
