import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { usePermission } from '../team/use-permission.tsx';
import { type DraftOrders, draftOrdersFromLowStock, errorText, useLowStock } from './inventory-api.ts';
import { ItemLink, NUM, Qty, TABLE, TD, TH } from './parts.tsx';

/**
 * Items whose available + on order is below the reorder point, with the suggested order quantity.
 * One click makes a draft purchase order (one per default supplier) through purchasing's endpoint.
 */
export function LowStockPage() {
  const { t } = useTranslation('inventory');
  const canOrder = usePermission('purchasing.write');
  const qc = useQueryClient();
  const { data = [] } = useLowStock();
  const draft = useMutation({
    mutationFn: (ids: string[]) => draftOrdersFromLowStock(ids),
    // Drafts add to "on order" only once sent, but the purchasing lists change now.
    onSuccess: () => qc.invalidateQueries(),
  });
  const created: DraftOrders | undefined = draft.data;
  return (
    <section aria-labelledby="low-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="low-title" className="mr-auto font-semibold">
          {t('low.title')}
        </h2>
        {data.length > 0 && canOrder && (
          <Button
            type="button"
            size="sm"
            loading={draft.isPending && draft.variables.length > 1}
            onClick={() => draft.mutate(data.map((i) => i.id))}
          >
            {t('low.draftAll')}
          </Button>
        )}
        <Link to="/suppliers/orders/low-stock" className="text-sm text-primary hover:underline">
          {t('low.toPurchasing')}
        </Link>
      </div>
      {draft.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(t, draft.error)}
        </p>
      )}
      {created && (
        <div
          role="status"
          className="space-y-1 rounded-md border border-border p-3 text-sm"
          data-testid="drafts"
        >
          {created.orders.length === 0 && created.skipped.length === 0 && <p>{t('low.nothingToOrder')}</p>}
          {created.orders.map((o) => (
            <p key={o.id}>
              {t('low.draftCreated', { supplier: o.supplier_name })}{' '}
              <Link to={`/suppliers/orders/${o.id}`} className="font-medium text-primary hover:underline">
                {o.number ?? t('low.openDraft')}
              </Link>
            </p>
          ))}
          {created.skipped.length > 0 && (
            <p className="text-warning">
              {t('low.noSupplier', { skus: created.skipped.map((s) => s.sku).join(', ') })}
            </p>
          )}
        </div>
      )}
      {data.length === 0 ? (
        <p className="text-sm text-muted">{t('low.none')}</p>
      ) : (
        <table className={TABLE}>
          <thead>
            <tr>
              <th className={TH}>{t('items.sku')}</th>
              <th className={TH}>{t('items.name')}</th>
              <th className={cn(TH, NUM)}>{t('items.available')}</th>
              <th className={cn(TH, NUM)}>{t('items.onOrder')}</th>
              <th className={cn(TH, NUM)}>{t('items.reorderPoint')}</th>
              <th className={cn(TH, NUM)}>{t('items.reorderQty')}</th>
              <th className={TH}>
                <span className="sr-only">{t('movements.actions')}</span>
              </th>
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
                <td className={TD}>
                  {canOrder && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t('low.draftOne', { sku: i.sku })}
                      loading={draft.isPending && draft.variables.length === 1 && draft.variables[0] === i.id}
                      onClick={() => draft.mutate([i.id])}
                    >
                      {t('low.draft')}
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
