import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { formatNumber, formatQuantity } from '../../lib/format.ts';
import { apiErrorMessages, NUM, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import {
  createFromLowStock,
  type DraftsFromLowStock,
  useLowStock,
  usePurchasingMutation,
} from './purchasing-api.ts';

type Created = DraftsFromLowStock;

/**
 * One click from low stock to draft purchase orders (one per default supplier). The inventory
 * low-stock view can embed this button as well.
 */
export function CreateFromLowStockButton({
  itemIds,
  onCreated,
}: {
  itemIds?: string[];
  onCreated?: (r: Created) => void;
}) {
  const { t } = useTranslation('purchasing');
  const navigate = useNavigate();
  const create = usePurchasingMutation(() => createFromLowStock(itemIds));
  return (
    <div>
      <FormErrors messages={apiErrorMessages(create.error, t)} className="mb-2" />
      <Button
        type="button"
        loading={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (r) => {
              if (onCreated) onCreated(r);
              else if (r.orders.length === 1) navigate(`/suppliers/orders/${r.orders[0]?.id}`);
              else navigate('/suppliers/orders?status=draft');
            },
          })
        }
      >
        {t('lowStock.create')}
      </Button>
    </div>
  );
}

export function LowStockOrdersPage() {
  const { t } = useTranslation('purchasing');
  const { data = [], isLoading } = useLowStock();
  const withoutSupplier = data.filter((i) => !i.default_supplier_id);
  return (
    <div>
      <PageHeader title={t('lowStock.title')} description={t('lowStock.description')} />
      {isLoading ? null : data.length === 0 ? (
        <p className="text-sm text-muted">{t('lowStock.none')}</p>
      ) : (
        <>
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>{t('fields.sku')}</th>
                <th className={TH}>{t('fields.item')}</th>
                <th className={`${TH} ${NUM}`}>{t('lowStock.available')}</th>
                <th className={`${TH} ${NUM}`}>{t('lowStock.onOrder')}</th>
                <th className={`${TH} ${NUM}`}>{t('lowStock.onDraft')}</th>
                <th className={`${TH} ${NUM}`}>{t('lowStock.reorderPoint')}</th>
                <th className={`${TH} ${NUM}`}>{t('lowStock.reorderQty')}</th>
                <th className={TH}>{t('fields.supplier')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((i) => (
                <tr key={i.id}>
                  <td className={TD}>
                    <Link to={`/inventory/items/${i.id}`} className="text-primary hover:underline">
                      {i.sku}
                    </Link>
                  </td>
                  <td className={TD}>{i.name}</td>
                  <td className={`${TD} ${NUM} text-danger`}>{formatNumber(i.available)}</td>
                  <td className={`${TD} ${NUM}`}>{formatNumber(i.on_order)}</td>
                  <td className={`${TD} ${NUM}`}>
                    {i.draft_order_id ? (
                      <Link
                        to={`/suppliers/orders/${i.draft_order_id}`}
                        className="text-primary hover:underline"
                      >
                        {formatNumber(i.on_draft)}
                      </Link>
                    ) : (
                      formatNumber(i.on_draft)
                    )}
                  </td>
                  <td className={`${TD} ${NUM}`}>{i.reorder_point ? formatNumber(i.reorder_point) : ''}</td>
                  <td className={`${TD} ${NUM}`}>{i.reorder_qty ? formatQuantity(i.reorder_qty) : ''}</td>
                  <td className={TD}>
                    {i.default_supplier_id ? (
                      <Link to={`/suppliers/${i.default_supplier_id}`} className="hover:underline">
                        {t('lowStock.defaultSupplier')}
                      </Link>
                    ) : (
                      <span className="text-warning">{t('lowStock.noSupplier')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.some((i) => i.draft_order_id) && (
            <p className="mt-2 text-sm text-muted">{t('lowStock.onDraftNote')}</p>
          )}
          {withoutSupplier.length > 0 && (
            <p className="mt-2 text-sm text-warning">
              {t('lowStock.skippedNote', { count: withoutSupplier.length })}
            </p>
          )}
          <div className="mt-4">
            <CreateFromLowStockButton />
          </div>
        </>
      )}
    </div>
  );
}
