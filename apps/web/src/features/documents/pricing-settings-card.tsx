import { MAX_AREA_BANDS, PRICING_SETTING_KEYS, type PricingSettings } from '@erp/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormActions } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { translatedFieldErrors } from '../../lib/api.ts';
import { numberInputToApi } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { callDocument, errorText, useDocumentMutation } from './documents-api.ts';
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

function PricingForm({ initial }: { initial: PricingSettings }) {
  const { t } = useTranslation('documents');
  const canManage = usePermission('company.manage');
  const [form, setForm] = useState<PricingSettings>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // What the server holds (loaded, or returned by the last save): the form is dirty when it differs.
  const [saved, setSaved] = useState<PricingSettings>(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const save = useDocumentMutation((body: PricingSettings) =>
    callDocument<PricingSettings>('/api/documents/pricing-settings', body, 'PUT'),
  );
  const submit = () => {
    setErrors({});
    setMessage(null);
    // Every setting is a number typed like any amount (lib/format.ts numberInputToApi).
    const body = Object.fromEntries(
      Object.entries(form).map(([k, v]) => [
        k,
        k === 'area_bands'
          ? form.area_bands.map((b) => ({
              max_area_m2: numberInputToApi(b.max_area_m2),
              surcharge_pct: numberInputToApi(b.surcharge_pct),
            }))
          : typeof v === 'string'
            ? numberInputToApi(v)
            : v,
      ]),
    ) as PricingSettings;
    save.mutate(body, {
      onSuccess: (next) => {
        setForm(next);
        setSaved(next);
      },
      onError: (e) => {
        const fields = translatedFieldErrors(e, t);
        if (Object.keys(fields).length) setErrors(fields);
        else setMessage(errorText(t, e));
      },
    });
  };
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <UnsavedChangesGuard when={dirty} />
      <div className="grid gap-3 sm:grid-cols-2">
        {PRICING_SETTING_KEYS.map((key) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`pricing-${key}`} className="text-sm font-medium">
              {t(`pricing.${key}`)}
            </label>
            <Input
              id={`pricing-${key}`}
              name={key}
              inputMode="decimal"
              value={form[key]}
              readOnly={!canManage}
              invalid={Boolean(errors[key])}
              aria-describedby={errors[key] ? `pricing-${key}-error` : undefined}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
            {errors[key] && (
              <p id={`pricing-${key}-error`} role="alert" className="text-sm text-danger">
                {errors[key]}
              </p>
            )}
          </div>
        ))}
      </div>
      <AreaBands
        bands={form.area_bands ?? []}
        errors={errors}
        readOnly={!canManage}
        onChange={(area_bands) => setForm({ ...form, area_bands })}
      />
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      {canManage && (
        <SettingsFormActions
          saving={save.isPending}
          dirty={dirty}
          saveLabel={t('form.save')}
          onCancel={() => {
            setForm(saved);
            setErrors({});
            setMessage(null);
          }}
        />
      )}
    </form>
  );
}

/**
 * The price bands by pane area: rows of "up to m²" and "surcharge %", ascending limits (the server
 * checks them and names the field of a wrong one). No rows: one price per m² for every pane.
 */
function AreaBands({
  bands,
  errors,
  readOnly,
  onChange,
}: {
  bands: PricingSettings['area_bands'];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (bands: PricingSettings['area_bands']) => void;
}) {
  const { t } = useTranslation('documents');
  const set = (i: number, key: 'max_area_m2' | 'surcharge_pct', value: string) =>
    onChange(bands.map((b, j) => (j === i ? { ...b, [key]: value } : b)));
  return (
    <fieldset className="space-y-2" data-testid="area-bands">
      <legend className="text-sm font-medium">{t('pricing.bands')}</legend>
      <p className="text-sm text-muted">{t('pricing.bandsHint')}</p>
      {bands.map((b, i) => {
        const fields = (['max_area_m2', 'surcharge_pct'] as const).map((key) => ({
          key,
          id: `pricing-band-${i}-${key}`,
          error: errors[`area_bands.${i}.${key}`],
        }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={i} className="flex flex-wrap items-start gap-2">
            {fields.map((f) => (
              <div key={f.key} className="flex flex-col gap-1">
                <label htmlFor={f.id} className="text-xs text-muted">
                  {t(`pricing.band_${f.key}`, { row: i + 1 })}
                </label>
                <Input
                  id={f.id}
                  className="w-28"
                  inputMode="decimal"
                  value={b[f.key]}
                  readOnly={readOnly}
                  invalid={Boolean(f.error)}
                  aria-describedby={f.error ? `${f.id}-error` : undefined}
                  onChange={(e) => set(i, f.key, e.target.value)}
                />
                {f.error && (
                  <p id={`${f.id}-error`} role="alert" className="text-sm text-danger">
                    {f.error}
                  </p>
                )}
              </div>
            ))}
            {!readOnly && (
              <Button
                type="button"
                variant="ghost"
                className="mt-5"
                onClick={() => onChange(bands.filter((_, j) => j !== i))}
              >
                {t('pricing.bandRemove', { row: i + 1 })}
              </Button>
            )}
          </div>
        );
      })}
      {!readOnly && bands.length < MAX_AREA_BANDS && (
        <Button
          type="button"
          variant="outline"
          onClick={() => onChange([...bands, { max_area_m2: '', surcharge_pct: '' }])}
        >
          {t('pricing.bandAdd')}
        </Button>
      )}
    </fieldset>
  );
}
