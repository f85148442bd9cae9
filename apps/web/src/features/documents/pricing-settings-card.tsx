import {
  MAX_AREA_BANDS,
  PRICING_SETTING_KEYS,
  type PricingSettings,
  pricingSettingsSchema,
} from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';

import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatNumberInput, numberInputToApi } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { errorText, putPricingSettings, useDocumentMutation } from './documents-api.ts';
import { usePricingSettings } from './line-editor.tsx';

/**
 * The settings page's card for measure pricing (glass processors): the step billing dimensions
 * are rounded up to, the minimum billed area per glass kind, the minimum edge length and the shape
 * surcharge, the hole and cut-out prices and the price bands by pane area (small panes dearer per
 * m²). Everyone reads them (the line grid computes prices with them); owners and admins
 * (company.manage) change them.
 */
export function PricingSettingsCard() {
  const { t } = useTranslation('documents');
  const settings = usePricingSettings();
  return (
    <SettingsCard
      testId="pricing-settings"
      title={t('pricing.title')}
      description={t('pricing.description')}
      settings={settings}
      loading={t('list.loading')}
      loadError={t('list.loadError')}
    >
      {(data) => <PricingForm initial={data} />}
    </SettingsCard>
  );
}

/**
 * The stored settings as the inputs show them: every number in the language's format (a Croatian
 * input reads "2.125" as 2 125).
 */
export function pricingFormValues(saved: PricingSettings, lng?: string): PricingSettings {
  return {
    ...(Object.fromEntries(
      PRICING_SETTING_KEYS.map((k) => [
        k,
        typeof saved[k] === 'string' ? formatNumberInput(saved[k], lng) : saved[k],
      ]),
    ) as Omit<PricingSettings, 'area_bands'>),
    area_bands: (saved.area_bands ?? []).map((b) => ({
      max_area_m2: formatNumberInput(b.max_area_m2, lng),
      surcharge_pct: formatNumberInput(b.surcharge_pct, lng),
    })),
  };
}

/** Every setting is a number typed like any amount (lib/format.ts numberInputToApi), then the route's schema. */
export const pricingFormSchema = formSchema(
  (form: PricingSettings): PricingSettings => ({
    ...(Object.fromEntries(
      PRICING_SETTING_KEYS.map((k) => [k, typeof form[k] === 'string' ? numberInputToApi(form[k]) : form[k]]),
    ) as Omit<PricingSettings, 'area_bands'>),
    area_bands: (form.area_bands ?? []).map((b) => ({
      max_area_m2: numberInputToApi(b.max_area_m2),
      surcharge_pct: numberInputToApi(b.surcharge_pct),
    })),
  }),
  pricingSettingsSchema,
);
type PricingFormReturn = UseFormReturn<PricingSettings, unknown, PricingSettings>;

function PricingForm({ initial }: { initial: PricingSettings }) {
  const { t } = useTranslation('documents');
  const canManage = usePermission('company.manage');
  const settings = useSettingsForm(pricingFormSchema, pricingFormValues(initial), (e) => errorText(t, e));
  const { form, dirty, errorOf } = settings;
  const save = useDocumentMutation(putPricingSettings);
  const submit = settings.submit(async (body) => pricingFormValues(await save.mutateAsync(body)));
  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={dirty} />
      <div className="grid gap-3 sm:grid-cols-2">
        {PRICING_SETTING_KEYS.map((key) => {
          const error = errorOf(key);
          return (
            <div key={key} className="flex flex-col gap-1">
              <label htmlFor={`pricing-${key}`} className="text-sm font-medium">
                {t(`pricing.${key}`)}
              </label>
              <Input
                id={`pricing-${key}`}
                inputMode="decimal"
                readOnly={!canManage}
                invalid={Boolean(error)}
                aria-describedby={error ? `pricing-${key}-error` : undefined}
                {...form.register(key)}
              />
              {error && (
                <p id={`pricing-${key}-error`} role="alert" className="text-sm text-danger">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <AreaBands form={form} errorOf={errorOf} readOnly={!canManage} />
      <SettingsFormFooter
        form={settings}
        saving={save.isPending}
        saveLabel={t('form.save')}
        canManage={canManage}
      />
    </form>
  );
}

/**
 * The price bands by pane area: rows of "up to m²" and "surcharge %", ascending limits (the server
 * checks them and names the field of a wrong one). No rows: one price per m² for every pane.
 */
function AreaBands({
  form,
  errorOf,
  readOnly,
}: {
  form: PricingFormReturn;
  errorOf: (path: string) => string | undefined;
  readOnly: boolean;
}) {
  const { t } = useTranslation('documents');
  const bands = useFieldArray({ control: form.control, name: 'area_bands' });
  return (
    <fieldset className="space-y-2" data-testid="area-bands">
      <legend className="text-sm font-medium">{t('pricing.bands')}</legend>
      <p className="text-sm text-muted">{t('pricing.bandsHint')}</p>
      {bands.fields.map((band, i) => {
        const fields = (['max_area_m2', 'surcharge_pct'] as const).map((key) => ({
          key,
          id: `pricing-band-${i}-${key}`,
          error: errorOf(`area_bands.${i}.${key}`),
        }));
        return (
          <div key={band.id} className="flex flex-wrap items-start gap-2">
            {fields.map((f) => (
              <div key={f.key} className="flex flex-col gap-1">
                <label htmlFor={f.id} className="text-xs text-muted">
                  {t(`pricing.band_${f.key}`, { row: i + 1 })}
                </label>
                <Input
                  id={f.id}
                  className="w-28"
                  inputMode="decimal"
                  readOnly={readOnly}
                  invalid={Boolean(f.error)}
                  aria-describedby={f.error ? `${f.id}-error` : undefined}
                  {...form.register(`area_bands.${i}.${f.key}`)}
                />
                {f.error && (
                  <p id={`${f.id}-error`} role="alert" className="text-sm text-danger">
                    {f.error}
                  </p>
                )}
              </div>
            ))}
            {!readOnly && (
              <Button type="button" variant="ghost" className="mt-5" onClick={() => bands.remove(i)}>
                {t('pricing.bandRemove', { row: i + 1 })}
              </Button>
            )}
          </div>
        );
      })}
      {!readOnly && bands.fields.length < MAX_AREA_BANDS && (
        <Button
          type="button"
          variant="outline"
          onClick={() => bands.append({ max_area_m2: '', surcharge_pct: '' })}
        >
          {t('pricing.bandAdd')}
        </Button>
      )}
    </fieldset>
  );
}
