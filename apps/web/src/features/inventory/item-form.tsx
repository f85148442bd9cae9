import { GLASS_KINDS, ITEM_KINDS, PRICE_BASES, type PriceBasis, VAT_EXEMPTION_CODES } from '@erp/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus, useDirty } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatNumberInput, formatUnit, numberInputToApi } from '../../lib/format.ts';
import { KpdInput } from '../einvoice/kpd-input.tsx';
import { errorText, type Item, saveItem, useInventoryMutation, useItem, useUnits } from './inventory-api.ts';
import { Field, selectClasses } from './parts.tsx';

const TEXT_FIELDS = [
  ['sku', 'items.sku'],
  ['name', 'items.name'],
  ['length_mm', 'items.length'],
  ['width_mm', 'items.width'],
  ['thickness_mm', 'items.thickness'],
  ['reorder_point', 'items.reorderPoint'],
  ['reorder_qty', 'items.reorderQty'],
  ['purchase_price', 'items.purchasePrice'],
  ['sales_price', 'items.salesPrice'],
  ['vat_rate', 'items.vatRate'],
  ['kpd_code', 'items.kpdCode'],
  ['min_charge', 'items.minCharge'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];
/** Amounts and measures: shown in the language's format, read with the one rule (lib/format.ts). */
const NUMBER_FIELDS: ReadonlySet<TextField> = new Set([
  'length_mm',
  'width_mm',
  'thickness_mm',
  'reorder_point',
  'reorder_qty',
  'purchase_price',
  'sales_price',
  'vat_rate',
  'min_charge',
]);
type FormState = Record<TextField, string> & {
  kind: Item['kind'];
  base_unit: string;
  lot_tracked: boolean;
  grain: boolean;
  active: boolean;
  price_basis: PriceBasis;
  glass_kind: string;
  vat_exemption: string;
};

const empty: FormState = {
  sku: '',
  name: '',
  length_mm: '',
  width_mm: '',
  thickness_mm: '',
  reorder_point: '',
  reorder_qty: '',
  purchase_price: '',
  sales_price: '',
  vat_rate: '25',
  kpd_code: '',
  min_charge: '',
  price_basis: 'unit',
  glass_kind: '',
  vat_exemption: '',
  kind: 'material',
  base_unit: 'kom',
  lot_tracked: false,
  grain: false,
  active: true,
};

const isZeroRate = (rate: string) => /^\s*0+([.,]0*)?\s*$/.test(rate);

function fromItem(item: Item): FormState {
  const s: FormState = {
    ...empty,
    kind: item.kind,
    base_unit: item.base_unit,
    lot_tracked: item.lot_tracked,
    grain: item.grain,
    active: item.active,
    price_basis: item.price_basis ?? 'unit',
    glass_kind: item.glass_kind ?? '',
    vat_exemption: item.vat_exemption ?? '',
  };
  for (const [f] of TEXT_FIELDS)
    s[f] = NUMBER_FIELDS.has(f)
      ? formatNumberInput(item[f] as string | null)
      : ((item[f] as string | null) ?? '');
  return s;
}

export function ItemFormPage() {
  const { id } = useParams();
  const { data } = useItem(id ?? '');
  if (id && !data) return null;
  return <ItemForm item={data?.item ?? null} key={id ?? 'new'} />;
}

function ItemForm({ item }: { item: Item | null }) {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const { data: units } = useUnits();
  const [form, setForm] = useState<FormState>(item ? fromItem(item) : empty);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const saveRef = useSaveShortcut();
  const { dirty } = useDirty(form);
  const save = useInventoryMutation((body: Record<string, unknown>) => saveItem(item?.id ?? null, body));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      kind: form.kind,
      base_unit: form.base_unit,
      lot_tracked: form.lot_tracked,
      grain: form.grain,
      active: form.active,
      price_basis: form.price_basis,
      // The glass kind only matters for prices per m² (its minimum billed area).
      glass_kind: form.price_basis === 'area' && form.glass_kind ? form.glass_kind : null,
      // The basis of a 0 % rate (zero rate or an exemption article) only matters at 0 %.
      vat_exemption: isZeroRate(form.vat_rate) && form.vat_exemption ? form.vat_exemption : null,
    };
    for (const [f] of TEXT_FIELDS)
      body[f] =
        form[f].trim() === ''
          ? f === 'sku' || f === 'name' || f === 'vat_rate'
            ? form[f]
            : null
          : NUMBER_FIELDS.has(f)
            ? numberInputToApi(form[f])
            : form[f].trim();
    setFieldErrors({});
    save.mutate(body, {
      onSuccess: (saved) => navigate(`/inventory/items/${saved.id}`, afterSave()),
      onError: (err) => {
        const details = (err as { details?: { field: string; key: string }[] }).details ?? [];
        setFieldErrors(Object.fromEntries(details.map((d) => [d.field, t(`common:${d.key}`)])));
      },
    });
  };

  return (
    <form onSubmit={submit} className="max-w-4xl space-y-4" noValidate>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{item ? t('items.edit') : t('items.new')}</h2>
        <SaveState
          status={saveStatus({
            saving: save.isPending,
            dirty: dirty && !save.isSuccess,
            isNew: !item && !save.isSuccess,
          })}
        />
      </div>
      <UnsavedChangesGuard when={dirty && !save.isSuccess} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TEXT_FIELDS.map(([f, label]) => (
          <Field key={f} label={t(label)} error={fieldErrors[f]}>
            {(id) =>
              f === 'kpd_code' ? (
                <KpdInput
                  id={id}
                  value={form[f]}
                  invalid={Boolean(fieldErrors[f])}
                  onChange={(code) => setForm({ ...form, kpd_code: code })}
                />
              ) : (
                <Input
                  id={id}
                  name={f}
                  value={form[f]}
                  inputMode={f === 'sku' || f === 'name' ? undefined : 'decimal'}
                  invalid={Boolean(fieldErrors[f])}
                  onChange={(e) => setForm({ ...form, [f]: e.target.value })}
                />
              )
            }
          </Field>
        ))}
        <Field label={t('items.kind')}>
          {(id) => (
            <select
              id={id}
              name="kind"
              className={selectClasses}
              value={form.kind}
              onChange={(e) => setForm({ ...form, kind: e.target.value as Item['kind'] })}
            >
              {ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('items.unit')} error={fieldErrors.base_unit}>
          {(id) => (
            <select
              id={id}
              name="base_unit"
              className={selectClasses}
              value={form.base_unit}
              onChange={(e) => setForm({ ...form, base_unit: e.target.value })}
            >
              {(units?.length ? units.map((u) => u.code) : ['kom', 'm', 'm2', 'm3', 'kg', 'l', 'h']).map(
                (u) => (
                  <option key={u} value={u}>
                    {formatUnit(u)}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
        <Field label={t('items.priceBasis')} error={fieldErrors.price_basis}>
          {(id) => (
            <select
              id={id}
              name="price_basis"
              className={selectClasses}
              value={form.price_basis}
              onChange={(e) => setForm({ ...form, price_basis: e.target.value as PriceBasis })}
            >
              {PRICE_BASES.map((b) => (
                <option key={b} value={b}>
                  {t(`priceBases.${b}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {isZeroRate(form.vat_rate) && (
          <Field label={t('items.vatExemption')} error={fieldErrors.vat_exemption}>
            {(id) => (
              <select
                id={id}
                name="vat_exemption"
                className={selectClasses}
                value={form.vat_exemption}
                onChange={(e) => setForm({ ...form, vat_exemption: e.target.value })}
              >
                <option value="">{t('vatExemptions.none')}</option>
                {VAT_EXEMPTION_CODES.map((code) => (
                  <option key={code} value={code}>
                    {t(`vatExemptions.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {form.price_basis === 'area' && (
          <Field label={t('items.glassKind')} error={fieldErrors.glass_kind}>
            {(id) => (
              <select
                id={id}
                name="glass_kind"
                className={selectClasses}
                value={form.glass_kind}
                onChange={(e) => setForm({ ...form, glass_kind: e.target.value })}
              >
                <option value="">{t('glassKinds.none')}</option>
                {GLASS_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`glassKinds.${k}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      {form.price_basis !== 'unit' && (
        <p className="text-sm text-muted" data-testid="price-basis-hint">
          {t(`priceBasisHint.${form.price_basis}`)}
        </p>
      )}
      <div className="flex gap-6 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="lot_tracked"
            checked={form.lot_tracked}
            onChange={(e) => setForm({ ...form, lot_tracked: e.target.checked })}
          />
          {t('items.lotTracked')}
        </label>
        <label className="flex items-center gap-2" title={t('items.grainHint')}>
          <input
            type="checkbox"
            name="grain"
            checked={form.grain}
            onChange={(e) => setForm({ ...form, grain: e.target.checked })}
          />
          {t('items.grain')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="active"
            checked={form.active}
            onChange={(e) => setForm({ ...form, active: e.target.checked })}
          />
          {t('items.active')}
        </label>
      </div>
      {save.error && !Object.keys(fieldErrors).length && (
        <p role="alert" className="text-sm text-danger">
          {errorText(t, save.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button ref={saveRef} type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
        {/* Discard: goes back without asking (the explicit answer), valid or not. */}
        <Button type="button" variant="ghost" onClick={() => navigate(-1)} data-discard>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
