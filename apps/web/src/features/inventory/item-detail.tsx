import { MOVEMENT_TYPES } from '@erp/domain';
import Decimal from 'decimal.js';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatUnit } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { LabelsButton } from '../warehouse-scan/labels-button.tsx';
import {
  type Conversion,
  type ConversionValues,
  conversionSchema,
  emptyConversion,
  withConversion,
} from './conversion-values.ts';
import {
  errorText,
  type Item,
  removeItemImage,
  saveConversions,
  uploadItemImage,
  useInventoryMutation,
  useItem,
  useLocations,
} from './inventory-api.ts';
import { MovementTable } from './movement-table.tsx';
import { FilterBox, Money, NUM, Qty, selectClasses, TABLE, TD, TH } from './parts.tsx';
import { Pieces, pieceSizeText } from './pieces.tsx';

export function ItemDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inventory');
  const { data, error } = useItem(id);
  const canWrite = usePermission('master.write');
  if (error) return <p role="alert">{errorText(t, error)}</p>;
  if (!data) return <DelayedSkeleton loading rows={6} />;
  const { item, balances } = data;
  const value = new Decimal(item.on_hand).times(item.avg_cost).toFixed(2);
  // A sheet or bar: its stock is shown in pieces beside the base unit.
  const sheet = item.pieces_on_hand != null;
  const stats: [string, string, boolean?][] = [
    ['items.onHand', item.on_hand],
    ['items.reserved', item.reserved],
    ['items.available', item.available],
    ['items.onOrder', item.on_order],
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold break-words">
            {item.sku} · {item.name}
          </h2>
          <p className="text-sm text-muted">
            {t(`kinds.${item.kind}`)} · {formatUnit(item.base_unit)}
            {item.lot_tracked ? ` · ${t('items.lotTracked')}` : ''}
            {item.grain ? ` · ${t('items.grain')}` : ''}
            {item.active ? '' : ` · ${t('items.inactive')}`}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <ItemImage itemId={item.id} fileId={item.image_file_id} canWrite={canWrite} />
          <LabelsButton kind="item" ids={[item.id]} name={item.sku} />
          {canWrite && (
            <Link to={`/inventory/items/${item.id}/edit`} className={buttonClasses('outline')}>
              {t('items.edit')}
            </Link>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {stats.map(([key, v]) => (
          <Card key={key} className="p-3">
            <p className="text-xs text-muted">{t(key)}</p>
            <p className="text-lg font-semibold tabular-nums" data-testid={`stat-${key}`}>
              <Qty value={v} /> {formatUnit(item.base_unit)}
            </p>
            {key === 'items.onHand' ? (
              <Pieces pieces={item.pieces_on_hand} remnants={item.remnants_on_hand} />
            ) : null}
          </Card>
        ))}
        <Card className="p-3">
          <p className="text-xs text-muted">{t('items.avgCost')}</p>
          <p className="text-lg font-semibold tabular-nums">
            <Money value={item.avg_cost} />
          </p>
        </Card>
        <Card className="p-3">
          <p className="text-xs text-muted">{t('items.value')}</p>
          <p className="text-lg font-semibold tabular-nums">
            <Money value={value} />
          </p>
        </Card>
      </div>
      <ItemPricing item={item} />
      <section>
        <h3 className="mb-2 font-semibold">{t('items.balances')}</h3>
        {balances.length === 0 ? (
          <p className="text-sm text-muted">{t('items.noStock')}</p>
        ) : (
          // On a phone the table scrolls inside its own box (relative: its hidden labels too), never the page.
          <div className="relative overflow-x-auto">
            <table className={TABLE} data-testid="balances">
              <thead>
                <tr>
                  <th className={TH}>{t('items.location')}</th>
                  <th className={TH}>{t('lots.lot')}</th>
                  <th className={TH}>{t('lots.expires')}</th>
                  <th className={cn(TH, NUM)}>{t('items.quantity')}</th>
                  {sheet ? <th className={cn(TH, NUM)}>{t('pieces.column')}</th> : null}
                  <th className={cn(TH, NUM)}>{t('items.value')}</th>
                </tr>
              </thead>
              <tbody>
                {balances.map((b) => (
                  <tr key={`${b.location_id}-${b.lot_id}`} data-testid={`balance-${b.location_code}`}>
                    <td className={TD}>
                      <Link
                        className="text-primary hover:underline"
                        to={`/inventory/locations/${b.location_id}`}
                      >
                        {b.location_code} · {b.location_name}
                      </Link>
                    </td>
                    <td className={TD}>
                      {b.lot_id ? (
                        <Link className="text-primary hover:underline" to={`/inventory/lots/${b.lot_id}`}>
                          {b.lot_number}
                        </Link>
                      ) : null}
                    </td>
                    <td className={TD}>{b.expires_on}</td>
                    <td className={cn(TD, NUM)} data-testid="balance-qty">
                      <Qty value={b.quantity} />
                    </td>
                    {sheet ? (
                      <td className={cn(TD, NUM)} data-testid="balance-pieces">
                        <Pieces pieces={b.pieces} />
                        {b.remnant
                          ? ` · ${t('pieces.remnant', { size: pieceSizeText(b.piece_length_mm, b.piece_width_mm) })}`
                          : ''}
                      </td>
                    ) : null}
                    <td className={cn(TD, NUM)}>
                      <Money value={b.value} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <Conversions itemId={item.id} baseUnit={item.base_unit} conversions={data.conversions} />
      <ItemMovements itemId={item.id} />
    </div>
  );
}

function Conversions({
  itemId,
  baseUnit,
  conversions,
}: {
  itemId: string;
  baseUnit: string;
  conversions: Conversion[];
}) {
  const { t } = useTranslation('inventory');
  const canWrite = usePermission('master.write');
  const form = useZodForm<typeof conversionSchema, ConversionValues>(conversionSchema, {
    defaultValues: emptyConversion,
  });
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (path === 'unit' ? t('items.convUnit') : path === 'factor' ? t('items.convFactor') : ''),
  });
  const save = useInventoryMutation((list: Conversion[]) => saveConversions(itemId, list));
  const add = form.handleSubmit((added) =>
    save.mutate(withConversion(conversions, added), { onSuccess: () => form.reset(emptyConversion) }),
  );
  return (
    <section>
      <h3 className="mb-2 font-semibold">{t('items.conversions')}</h3>
      <ul className="mb-2 text-sm">
        {conversions.map((c) => (
          <li key={c.unit} className="flex items-center gap-2">
            <span>
              1 {formatUnit(c.unit)} = <Qty value={c.factor} /> {formatUnit(baseUnit)}
            </span>
            {c.purchase && (
              <span className="text-muted" data-testid="purchase-unit">
                · {t('items.convPurchase')}
              </span>
            )}
            {canWrite && (
              <button
                type="button"
                className={buttonClasses('link', 'sm')}
                onClick={() => save.mutate(conversions.filter((x) => x.unit !== c.unit))}
              >
                {t('common.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={add} className="flex flex-wrap items-end gap-2" noValidate>
          <UnsavedChangesGuard when={form.formState.isDirty} />
          <Input
            className="w-28"
            aria-label={t('items.convUnit')}
            placeholder={t('items.convUnit')}
            invalid={Boolean(form.formState.errors.unit)}
            {...form.register('unit')}
          />
          <Input
            className="w-32"
            aria-label={t('items.convFactor')}
            placeholder={t('items.convFactor')}
            inputMode="decimal"
            invalid={Boolean(form.formState.errors.factor)}
            {...form.register('factor')}
          />
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" {...form.register('purchase')} />
            {t('items.convPurchase')}
          </label>
          <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
            {t('common.add')}
          </Button>
          {save.error && (
            <span role="alert" className="text-sm text-danger">
              {errorText(t, save.error)}
            </span>
          )}
          <FormErrors messages={messages} className="w-full" />
        </form>
      )}
    </section>
  );
}

/** Movement history of the item; the filters live in the URL (mtype, mloc, from, to). */
function ItemMovements({ itemId }: { itemId: string }) {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const { data: locations } = useLocations();
  const query = new URLSearchParams({ item_id: itemId, limit: '200' });
  const type = params.get('mtype');
  const loc = params.get('mloc');
  if (type) query.set('type', type);
  if (loc) query.set('location_id', loc);
  for (const k of ['from', 'to']) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  return (
    <section>
      <h3 className="mb-2 font-semibold">{t('movements.title')}</h3>
      <div className="mb-2 flex flex-wrap gap-2">
        <FilterBox className="w-48">
          <select
            aria-label={t('movements.type')}
            className={selectClasses}
            value={type ?? ''}
            onChange={(e) => set('mtype', e.target.value)}
          >
            <option value="">{t('movements.allTypes')}</option>
            {MOVEMENT_TYPES.map((m) => (
              <option key={m} value={m}>
                {t(`movementTypes.${m}`)}
              </option>
            ))}
          </select>
        </FilterBox>
        <FilterBox className="w-48">
          <select
            aria-label={t('items.location')}
            className={selectClasses}
            value={loc ?? ''}
            onChange={(e) => set('mloc', e.target.value)}
          >
            <option value="">{t('items.allLocations')}</option>
            {locations?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.code}
              </option>
            ))}
          </select>
        </FilterBox>
        <FilterBox className="w-40">
          <Input
            type="date"
            aria-label={t('movements.from')}
            value={params.get('from') ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
        </FilterBox>
        <FilterBox className="w-40">
          <Input
            type="date"
            aria-label={t('movements.to')}
            value={params.get('to') ?? ''}
            onChange={(e) => set('to', e.target.value)}
          />
        </FilterBox>
      </div>
      <MovementTable query={query} />
    </section>
  );
}

/** The item's image (PRODUCT.md: items have an image): shown, uploaded (PNG/JPEG/WebP ≤ 2 MB), removed. */
function ItemImage({
  itemId,
  fileId,
  canWrite,
}: {
  itemId: string;
  fileId: string | null;
  canWrite: boolean;
}) {
  const { t } = useTranslation('inventory');
  const [error, setError] = useState<string | null>(null);
  const upload = useInventoryMutation((file: File) => uploadItemImage(itemId, file));
  const remove = useInventoryMutation(() => removeItemImage(itemId));
  if (!fileId && !canWrite) return null;
  return (
    <div className="flex items-start gap-2" data-testid="item-image">
      {fileId && (
        <img
          src={`/api/files/${fileId}`}
          alt={t('items.image')}
          className="h-20 w-20 rounded-md border border-border object-contain"
        />
      )}
      {canWrite && (
        <div className="flex flex-col gap-1">
          <label className={cn(buttonClasses('outline'), 'cursor-pointer')}>
            {fileId ? t('items.imageReplace') : t('items.imageUpload')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file)
                  upload.mutate(file, {
                    onSuccess: () => setError(null),
                    onError: (err) => setError(errorText(t, err)),
                  });
              }}
            />
          </label>
          {fileId && (
            <Button variant="ghost" onClick={() => remove.mutate(undefined)} disabled={remove.isPending}>
              {t('items.imageRemove')}
            </Button>
          )}
          {error && (
            <p role="alert" className="text-xs text-danger">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** How the item is sold: sales price, its basis (piece / m² / running metre), glass kind and minimum charge when set. */
function ItemPricing({ item }: { item: Item }) {
  const { t } = useTranslation('inventory');
  const rows: [string, ReactNode][] = [];
  if (item.sales_price !== null) rows.push(['items.salesPrice', <Money key="p" value={item.sales_price} />]);
  rows.push(['items.priceBasis', t(`priceBases.${item.price_basis}`)]);
  if (item.glass_kind) rows.push(['items.glassKind', t(`glassKinds.${item.glass_kind}`)]);
  if (item.min_charge !== null) rows.push(['items.minCharge', <Money key="m" value={item.min_charge} />]);
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="item-pricing">
      {rows.map(([key, v]) => (
        <div key={key} className="flex gap-1.5" data-testid={`pricing-${key}`}>
          <dt className="text-muted">{t(key)}:</dt>
          <dd className="tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
