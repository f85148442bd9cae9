import { GLASS_KINDS, ITEM_KINDS, PRICE_BASES, VAT_EXEMPTION_CODES } from '@erp/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFieldMessage, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatUnit } from '../../lib/format.ts';
import { KpdInput } from '../einvoice/kpd-input.tsx';
import { errorText, type Item, saveItem, useInventoryMutation, useItem, useUnits } from './inventory-api.ts';
import {
  createSchema,
  empty,
  type FormState,
  fromItem,
  type ItemFormSchema,
  isZeroRate,
  TEXT_FIELDS,
  updateSchema,
} from './item-form-values.ts';
import { Field, selectClasses } from './parts.tsx';

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
  const form = useZodForm<ItemFormSchema, FormState>(item ? updateSchema : createSchema, {
    defaultValues: item ? fromItem(item) : empty,
  });
  const values = form.watch();
  const fieldError = useFieldMessage(form.formState.errors);
  const saveRef = useSaveShortcut();
  const dirty = form.formState.isDirty;
  const save = useInventoryMutation((body: Record<string, unknown>) => saveItem(item?.id ?? null, body));
  const [serverFieldErrors, setServerFieldErrors] = useState(false);

  const submit = form.handleSubmit((body) => {
    setServerFieldErrors(false);
    save.mutate(body, {
      onSuccess: (saved) => navigate(`/inventory/items/${saved.id}`, afterSave()),
      onError: (err) => {
        // The server's field problems show under their fields, like the form's own.
        const details = (err as { details?: { field: string; key: string }[] }).details ?? [];
        for (const d of details) form.setError(d.field as keyof FormState, { message: d.key });
        setServerFieldErrors(details.length > 0);
      },
    });
  });

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
          <Field key={f} label={t(label)} error={fieldError(f)}>
            {(id) =>
              f === 'kpd_code' ? (
                <KpdInput
                  id={id}
                  value={values.kpd_code}
                  invalid={Boolean(fieldError(f))}
                  onChange={(code) => form.setValue('kpd_code', code, { shouldDirty: true })}
                />
              ) : (
                <Input
                  id={id}
                  inputMode={f === 'sku' || f === 'name' ? undefined : 'decimal'}
                  invalid={Boolean(fieldError(f))}
                  {...form.register(f)}
                />
              )
            }
          </Field>
        ))}
        <Field label={t('items.kind')} error={fieldError('kind')}>
          {(id) => (
            <select id={id} className={selectClasses} {...form.register('kind')}>
              {ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('items.unit')} error={fieldError('base_unit')}>
          {(id) => (
            <select id={id} className={selectClasses} {...form.register('base_unit')}>
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
        <Field label={t('items.priceBasis')} error={fieldError('price_basis')}>
          {(id) => (
            <select id={id} className={selectClasses} {...form.register('price_basis')}>
              {PRICE_BASES.map((b) => (
                <option key={b} value={b}>
                  {t(`priceBases.${b}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {isZeroRate(values.vat_rate) && (
          <Field label={t('items.vatExemption')} error={fieldError('vat_exemption')}>
            {(id) => (
              <select id={id} className={selectClasses} {...form.register('vat_exemption')}>
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
        {values.price_basis === 'area' && (
          <Field label={t('items.glassKind')} error={fieldError('glass_kind')}>
            {(id) => (
              <select id={id} className={selectClasses} {...form.register('glass_kind')}>
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
      {values.price_basis !== 'unit' && (
        <p className="text-sm text-muted" data-testid="price-basis-hint">
          {t(`priceBasisHint.${values.price_basis}`)}
        </p>
      )}
      <div className="flex gap-6 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('lot_tracked')} />
          {t('items.lotTracked')}
        </label>
        <label className="flex items-center gap-2" title={t('items.grainHint')}>
          <input type="checkbox" {...form.register('grain')} />
          {t('items.grain')}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('active')} />
          {t('items.active')}
        </label>
      </div>
      {save.error && !serverFieldErrors && (
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
