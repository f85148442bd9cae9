import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { errorText, type Movement, useInventoryMutation, useMovements } from './inventory-api.ts';
import { ItemLink, Money, NUM, Qty, TABLE, TD, TH } from './parts.tsx';

export function MovementTable({ query, movements }: { query?: URLSearchParams; movements?: Movement[] }) {
  const { t, i18n } = useTranslation('inventory');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const fetched = useMovements(query ?? new URLSearchParams());
  const rows = movements ?? fetched.data ?? [];
  const canWrite = usePermission('inventory.write');
  const reverse = useInventoryMutation((documentId: string) =>
    api(`/api/inventory/documents/${documentId}/reverse`, { method: 'POST' }),
  );
  if (rows.length === 0) return <p className="text-sm text-muted">{t('movements.none')}</p>;
  return (
    <>
      {confirmElement}
      {reverse.error && (
        <p role="alert" className="mb-2 text-sm text-danger">
          {errorText(t, reverse.error)}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className={TABLE} data-testid="movements">
          <thead>
            <tr>
              <th className={TH}>{t('movements.when')}</th>
              <th className={TH}>{t('movements.type')}</th>
              <th className={TH}>{t('items.sku')}</th>
              <th className={TH}>{t('items.location')}</th>
              <th className={TH}>{t('lots.lot')}</th>
              <th className={cn(TH, NUM)}>{t('items.quantity')}</th>
              <th className={cn(TH, NUM)}>{t('movements.unitCost')}</th>
              <th className={TH}>{t('movements.reference')}</th>
              <th className={TH}>
                <span className="sr-only">{t('movements.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td className={cn(TD, 'whitespace-nowrap')}>
                  {formatDate(m.created_at, i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
                </td>
                <td className={TD}>{t(`movementTypes.${m.type}`)}</td>
                <td className={TD}>
                  <ItemLink id={m.item_id} sku={m.sku} />
                </td>
                <td className={TD}>
                  <Link className="hover:underline" to={`/inventory/locations/${m.location_id}`}>
                    {m.location_code}
                  </Link>
                </td>
                <td className={TD}>
                  {m.lot_id && (
                    <Link className="text-primary hover:underline" to={`/inventory/lots/${m.lot_id}`}>
                      {m.lot_number}
                    </Link>
                  )}
                </td>
                <td className={cn(TD, NUM, Number(m.quantity) < 0 && 'text-danger')}>
                  <Qty value={m.quantity} />
                </td>
                <td className={cn(TD, NUM)}>
                  <Money value={m.unit_cost} />
                </td>
                <td className={TD}>{m.reference}</td>
                <td className={TD}>
                  {m.reversed ? (
                    <span className="text-xs text-muted">{t('movements.reversed')}</span>
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
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
