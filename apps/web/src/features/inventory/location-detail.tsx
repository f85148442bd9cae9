import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { cn } from '../../lib/cn.ts';
import { formatUnit } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { LabelsButton } from '../warehouse-scan/labels-button.tsx';
import { useLocation } from './inventory-api.ts';
import { LocationEdit } from './location-edit.tsx';
import { ItemLink, Money, NUM, Qty, TABLE, TD, TH } from './parts.tsx';
import { Pieces, pieceSizeText } from './pieces.tsx';

/**
 * One location's page: its code, type and value, its label sheet and the stock on it and on the
 * places under it (a detail page, not a list).
 */
export function LocationDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inventory');
  const { data } = useLocation(id);
  const canWrite = usePermission('inventory.write');
  if (!data) return <DelayedSkeleton loading rows={6} />;
  // A warehouse lists the stock of its places too; the column says where each balance is.
  const places = data.stock.some((s) => s.location_id !== data.location.id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-xl font-semibold">
          {data.location.code} · {data.location.name}
        </h2>
        <LabelsButton kind="location" ids={[data.location.id]} name={data.location.code} />
      </div>
      <p className="text-sm text-muted">
        {t(`locationTypes.${data.location.type}`)}
        {!data.location.active && ` · ${t('locations.inactive')}`} · {t('items.value')}:{' '}
        <Money value={data.location.total_value} />
      </p>
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('items.sku')}</th>
            <th className={TH}>{t('items.name')}</th>
            {places && <th className={TH}>{t('items.location')}</th>}
            <th className={TH}>{t('lots.lot')}</th>
            <th className={cn(TH, NUM)}>{t('items.quantity')}</th>
            <th className={cn(TH, NUM)}>{t('items.value')}</th>
          </tr>
        </thead>
        <tbody>
          {data.stock.map((s) => (
            <tr key={`${s.item_id}-${s.location_id}-${s.lot_id}`}>
              <td className={TD}>
                <ItemLink id={s.item_id} sku={s.sku} />
              </td>
              <td className={TD}>{s.name}</td>
              {places && (
                <td className={TD}>
                  <Link className="text-primary hover:underline" to={`/inventory/locations/${s.location_id}`}>
                    {s.location_code}
                  </Link>
                </td>
              )}
              <td className={TD}>{s.lot_number}</td>
              <td className={cn(TD, NUM)}>
                <Qty value={s.quantity} /> {formatUnit(s.base_unit)}
                {s.pieces != null ? (
                  <div data-testid="location-pieces">
                    <Pieces pieces={s.pieces} />
                    {s.remnant
                      ? ` · ${t('pieces.remnant', { size: pieceSizeText(s.piece_length_mm, s.piece_width_mm) })}`
                      : ''}
                  </div>
                ) : null}
              </td>
              <td className={cn(TD, NUM)}>
                <Money value={s.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canWrite && <LocationEdit location={data.location} />}
    </div>
  );
}
