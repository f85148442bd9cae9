import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  formatCurrency,
  formatNumberInput,
  formatQuantity,
  formatUnit,
  optionalNumberInputToApi,
} from '../../lib/format.ts';
import { apiErrorMessages, NUM, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { type SupplierItem, usePartnerMutation, useSupplierItems } from '../clients/partners-api.ts';
import { usePermission } from '../team/use-permission.tsx';
import { saveSupplierItems, useItemSearch } from './suppliers-api.ts';

/**
 * The saved rows as the editor shows them: price and minimum order quantity in the language's
 * number format (a Croatian input reads "1.125" as 1 125, and saving sends every row).
 */
export function supplierItemsDraft(items: SupplierItem[], lng?: string): SupplierItem[] {
  return items.map((i) => ({
    ...i,
    price: formatNumberInput(i.price, lng) || null,
    min_order_qty: formatNumberInput(i.min_order_qty, lng) || null,
  }));
}

/** The request body from the rows as typed: numbers read in the language's format, empty = none. */
export function supplierItemsBody(items: SupplierItem[], lng?: string) {
  return items.map((i) => ({
    item_id: i.item_id,
    supplier_sku: i.supplier_sku,
    price: optionalNumberInputToApi(i.price ?? '', lng),
    min_order_qty: optionalNumberInputToApi(i.min_order_qty ?? '', lng),
  }));
}

/** Items a supplier delivers, with the supplier's code, price and minimum order quantity; edited in place. */
export function SupplierItemsTab({ id }: { id: string }) {
  const { t } = useTranslation('partners');
  const { data } = useSupplierItems(id);
  const canWrite = usePermission('partners.write');
  const [draft, setDraft] = useState<SupplierItem[] | null>(null);
  const [q, setQ] = useState('');
  const { data: hits = [] } = useItemSearch(q);
  const save = usePartnerMutation('supplier', (items: SupplierItem[]) =>
    saveSupplierItems(id, supplierItemsBody(items)),
  );
  const rows = draft ?? data ?? [];
  const edit = (i: number, key: 'supplier_sku' | 'price' | 'min_order_qty', value: string) =>
    setDraft(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  if (!draft)
    return (
      <div>
        {rows.length === 0 ? (
          <p className="text-sm text-muted">{t('items.empty')}</p>
        ) : (
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>{t('fields.sku')}</th>
                <th className={TH}>{t('fields.name')}</th>
                <th className={TH}>{t('items.supplierSku')}</th>
                <th className={`${TH} ${NUM}`}>{t('items.price')}</th>
                <th className={`${TH} ${NUM}`}>{t('items.moq')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.item_id}>
                  <td className={TD}>{r.sku}</td>
                  <td className={TD}>{r.item_name}</td>
                  <td className={TD}>{r.supplier_sku}</td>
                  <td className={`${TD} ${NUM}`}>{r.price ? formatCurrency(r.price) : ''}</td>
                  <td className={`${TD} ${NUM}`}>
                    {r.min_order_qty ? `${formatQuantity(r.min_order_qty)} ${formatUnit(r.base_unit)}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canWrite && (
          <Button
            type="button"
            variant="outline"
            className="mt-3"
            onClick={() => setDraft(supplierItemsDraft(rows))}
          >
            {t('common.edit')}
          </Button>
        )}
      </div>
    );
  return (
    <div className="grid gap-3">
      <FormErrors messages={apiErrorMessages(save.error, t)} />
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('fields.sku')}</th>
            <th className={TH}>{t('items.supplierSku')}</th>
            <th className={TH}>{t('items.price')}</th>
            <th className={TH}>{t('items.moq')}</th>
            <th className={TH} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.item_id}>
              <td className={TD}>
                {r.sku} <span className="text-muted">{r.item_name}</span>
              </td>
              <td className={TD}>
                <Input
                  aria-label={t('items.supplierSku')}
                  value={r.supplier_sku ?? ''}
                  onChange={(e) => edit(i, 'supplier_sku', e.target.value)}
                />
              </td>
              <td className={TD}>
                <Input
                  aria-label={t('items.price')}
                  inputMode="decimal"
                  value={r.price ?? ''}
                  onChange={(e) => edit(i, 'price', e.target.value)}
                />
              </td>
              <td className={TD}>
                <Input
                  aria-label={t('items.moq')}
                  inputMode="decimal"
                  value={r.min_order_qty ?? ''}
                  onChange={(e) => edit(i, 'min_order_qty', e.target.value)}
                />
              </td>
              <td className={TD}>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('items.remove', { sku: r.sku })}
                  onClick={() => setDraft(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          className="w-64"
          type="search"
          aria-label={t('items.add')}
          placeholder={t('items.add')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        {hits
          .filter((h) => !rows.some((r) => r.item_id === h.id))
          .slice(0, 5)
          .map((h) => (
            <Button
              key={h.id}
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => {
                setDraft([
                  ...rows,
                  {
                    item_id: h.id,
                    sku: h.sku,
                    item_name: h.name,
                    base_unit: h.base_unit,
                    supplier_sku: null,
                    price: null,
                    min_order_qty: null,
                  },
                ]);
                setQ('');
              }}
            >
              <Plus className="size-3" aria-hidden />
              {h.sku}
            </Button>
          ))}
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          loading={save.isPending}
          onClick={() => save.mutate(rows, { onSuccess: () => setDraft(null) })}
        >
          {t('common:actions.save')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setDraft(null)}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </div>
  );
}
