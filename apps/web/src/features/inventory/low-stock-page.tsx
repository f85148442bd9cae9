import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { useLowStock } from './inventory-api.ts';
import { ItemLink, NUM, Qty, TABLE, TD, TH } from './parts.tsx';

/** Items whose available + on order is below the reorder point, with the suggested order quantity. */
export function LowStockPage() {
  const { t } = useTranslation('inventory');
  const { data = [] } = useLowStock();
  if (data.length === 0) return <p className="text-sm text-muted">{t('low.none')}</p>;
  return (
    <table className={TABLE}>
      <thead>
        <tr>
          <th className={TH}>{t('items.sku')}</th>
          <th className={TH}>{t('items.name')}</th>
          <th className={cn(TH, NUM)}>{t('items.available')}</th>
          <th className={cn(TH, NUM)}>{t('items.onOrder')}</th>
          <th className={cn(TH, NUM)}>{t('items.reorderPoint')}</th>
          <th className={cn(TH, NUM)}>{t('items.reorderQty')}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((i) => (
          <tr key={i.id}>
            <td className={TD}>
              <ItemLink id={i.id} sku={i.sku} />
            </td>
            <td className={TD}>{i.name}</td>
            <td className={cn(TD, NUM, 'text-danger')}>
              <Qty value={i.available} />
            </td>
            <td className={cn(TD, NUM)}>
              <Qty value={i.on_order} />
            </td>
            <td className={cn(TD, NUM)}>
              <Qty value={i.reorder_point} />
            </td>
            <td className={cn(TD, NUM)}>
              <Qty value={i.reorder_qty} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
