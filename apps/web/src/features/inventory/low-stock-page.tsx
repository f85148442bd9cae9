import type { LowStockItem } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useBulkSelection } from '../saved-views/bulk.tsx';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { usePermission } from '../team/use-permission.tsx';
import { type DraftOrders, draftOrdersFromLowStock, errorText, useLowStock } from './inventory-api.ts';
import { INVENTORY_TABLE, ItemLink, NUM, Qty } from './parts.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const LOW_STOCK_LIST = defineList({
  key: 'low-stock',
  columns: ['sku', 'name', 'available', 'on_order', 'on_draft', 'reorder_point', 'reorder_qty'],
  fixed: ['sku'],
  bulk: true,
});

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
  const qty = (label: string, value: (i: LowStockItem) => string | null, className?: string) => ({
    label,
    className: NUM,
    cell: (i: LowStockItem) => (
      <span className={className}>
        <Qty value={value(i)} />
      </span>
    ),
    text: (i: LowStockItem) => value(i) ?? '',
  });
  // Issue 12: saved views, hideable columns (the SKU is the link), selection and CSV.
  const columns: ColumnDefs<typeof LOW_STOCK_LIST, LowStockItem> = {
    sku: { label: t('items.sku'), cell: (i) => <ItemLink id={i.id} sku={i.sku} />, text: (i) => i.sku },
    name: { label: t('items.name'), cell: (i) => i.name, text: (i) => i.name },
    available: qty(t('items.available'), (i) => i.available, 'text-danger'),
    on_order: qty(t('items.onOrder'), (i) => i.on_order),
    // Already on a draft purchase order (not sent, so not on order yet): the draft is topped up there.
    on_draft: {
      label: t('low.onDraft'),
      className: NUM,
      cell: (i: LowStockItem) =>
        i.draft_order_id ? (
          <Link to={`/suppliers/orders/${i.draft_order_id}`} className="text-primary hover:underline">
            <Qty value={i.on_draft} />
          </Link>
        ) : (
          <Qty value={i.on_draft} />
        ),
      text: (i: LowStockItem) => i.on_draft,
    },
    reorder_point: qty(t('items.reorderPoint'), (i) => i.reorder_point),
    reorder_qty: qty(t('items.reorderQty'), (i) => i.reorder_qty),
  };
  const list = useList(LOW_STOCK_LIST);
  const selection = useBulkSelection(
    data.map((i) => i.id),
    data.length,
  );
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
            // With rows ticked, the drafts cover the selection; otherwise every listed item.
            onClick={() =>
              draft.mutate(
                selection.count > 0
                  ? data.filter((i) => selection.isSelected(i.id)).map((i) => i.id)
                  : data.map((i) => i.id),
              )
            }
            data-testid="low-draft"
          >
            {selection.count > 0 ? t('low.draftSelected', { count: selection.count }) : t('low.draftAll')}
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
          {created.orders.length === 0 && created.skipped.length === 0 && created.on_draft.length === 0 && (
            <p>{t('low.nothingToOrder')}</p>
          )}
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
          {created.on_draft.length > 0 && (
            <p data-testid="drafts-skipped">
              {t('low.alreadyOnDraft', { skus: created.on_draft.map((s) => s.sku).join(', ') })}
            </p>
          )}
        </div>
      )}
      <DataTable
        list={list}
        columns={columns}
        rows={data}
        total={data.length}
        empty={t('low.none')}
        emptyText
        rowLabel={(i) => i.sku}
        selection={selection}
        styles={INVENTORY_TABLE}
        actions={{
          label: t('movements.actions'),
          cell: (i) =>
            canOrder && (
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
            ),
        }}
      />
    </section>
  );
}
