import {
  CUTTING_PRESET_NAMES,
  CUTTING_PRESETS,
  type CuttingDefaults,
  type CuttingPreset,
  cuttingDefaultsSchema,
} from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { numberInputToApi } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { useCuttingDefaults, useSaveCuttingDefaults } from './cutting-api.ts';

const SHEET_KEYS = ['kerf_2d', 'trim_2d', 'min_remnant_length_2d', 'min_remnant_width_2d'] as const;
const BAR_KEYS = [
  'kerf_1d',
  'trim_head_1d',
  'trim_tail_1d',
  'min_remnant_length_1d',
  'bar_length_1d',
  'weld_allowance_1d',
] as const;
type Key = (typeof SHEET_KEYS)[number] | (typeof BAR_KEYS)[number];
type Form = Record<Key, string>;

const toForm = (d: CuttingDefaults): Form =>
  Object.fromEntries([...SHEET_KEYS, ...BAR_KEYS].map((k) => [k, String(d[k])])) as Form;
/** Whole millimetres as typed, then the route's schema (an empty or non-numeric field is its error). */
export const cuttingFormSchema = formSchema(
  (f: Form) =>
    Object.fromEntries(
      Object.entries(f).map(([k, v]) => {
        const s = numberInputToApi(v);
        return [k, s === '' ? null : Number(s)];
      }),
    ),
  cuttingDefaultsSchema,
);

/**
 * The settings page's card for cutting: what a new cutting list starts with, per kind (sheets and
 * bars), and trade presets that fill in a trade's usual values (glass, panels, PVC, aluminium).
 * Everyone reads them; owners and admins (company.manage) change them.
 */
export function CuttingSettingsCard() {
  const { t } = useTranslation('cutting');
  const settings = useCuttingDefaults();
  return (
    <SettingsCard
      testId="cutting-settings"
      title={t('settings.title')}
      description={t('settings.description')}
      settings={settings}
      loading={t('settings.loading')}
      loadError={t('errors.settingsLoad')}
    >
      {(data) => <CuttingForm initial={data} />}
    </SettingsCard>
  );
}

function CuttingForm({ initial }: { initial: CuttingDefaults }) {
  const { t } = useTranslation('cutting');
  const canManage = usePermission('company.manage');
  const settings = useSettingsForm(cuttingFormSchema, toForm(initial), () => t('errors.save'));
  const { form, dirty, errorOf } = settings;
  const save = useSaveCuttingDefaults();
  const submit = settings.submit(async (body) => toForm(await save.mutateAsync(body)));
  // A preset fills in its kind's values; nothing is stored until the user saves.
  const apply = (preset: CuttingPreset) => {
    for (const [k, v] of Object.entries(CUTTING_PRESETS[preset]))
      form.setValue(k as Key, String(v), { shouldDirty: true });
  };
  const field = (key: Key) => (
    <div key={key} className="flex flex-col gap-1">
      <label htmlFor={`cutting-${key}`} className="text-sm font-medium">
        {t(`settings.fields.${key}`)}
      </label>
      <Input
        id={`cutting-${key}`}
        inputMode="numeric"
        readOnly={!canManage}
        invalid={Boolean(errorOf(key))}
        aria-describedby={errorOf(key) ? `cutting-${key}-error` : undefined}
        {...form.register(key)}
      />
      {errorOf(key) && (
        <p id={`cutting-${key}-error`} role="alert" className="text-sm text-danger">
          {errorOf(key)}
        </p>
      )}
    </div>
  );
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={dirty} />
      {canManage && (
        <div className="space-y-2">
          <p className="text-sm text-muted">{t('settings.presetsHelp')}</p>
          <div className="flex flex-wrap gap-2">
            {CUTTING_PRESET_NAMES.map((preset) => (
              <Button key={preset} type="button" variant="outline" size="sm" onClick={() => apply(preset)}>
                {t(`settings.presets.${preset}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('kind.2d')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">{SHEET_KEYS.map(field)}</div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('kind.1d')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">{BAR_KEYS.map(field)}</div>
        <p className="text-xs text-muted">{t('settings.weldHelp')}</p>
      </fieldset>
      <SettingsFormFooter
        form={settings}
        saving={save.isPending}
        saveLabel={t('settings.save')}
        canManage={canManage}
      />
    </form>
  );
}
