import { type DocumentSettings, documentSettingsSchema, REFERENCE_MODELS } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { errorsOf } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { errorText, getDocumentSettings, putDocumentSettings, useDocumentMutation } from './documents-api.ts';
import { DocumentTabs, Field, SELECT } from './parts.tsx';

/** The settings as the inputs hold them: texts, the profile systems one per line. */
type SettingsValues = Omit<DocumentSettings, 'quote_valid_days' | 'place_of_issue' | 'profile_systems'> & {
  quote_valid_days: string;
  place_of_issue: string;
  profiles: string;
};
export const toValues = (s: DocumentSettings): SettingsValues => {
  const { profile_systems, ...rest } = s;
  return {
    ...rest,
    quote_valid_days: String(s.quote_valid_days),
    place_of_issue: s.place_of_issue ?? '',
    profiles: (profile_systems ?? []).join('\n'),
  };
};
/** The PUT body from the inputs, checked with the route's schema. */
export const settingsFormSchema = formSchema(({ profiles, ...v }: SettingsValues) => {
  const days = v.quote_valid_days.trim();
  return {
    ...v,
    quote_valid_days: days === '' ? 0 : Number(days),
    place_of_issue: v.place_of_issue || null,
    profile_systems: profiles
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean),
  };
}, documentSettingsSchema);

/** Numbering and invoice settings: prefixes, business premises and device, payment reference model. */
export function DocumentSettingsPage() {
  const { t } = useTranslation('documents');
  const settings = useQuery({
    queryKey: ['documents', 'settings'],
    queryFn: ({ signal }) => getDocumentSettings(signal),
  });
  if (!settings.data) return <p role="status">{settings.error ? t('list.loadError') : t('list.loading')}</p>;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: DocumentSettings }) {
  const { t } = useTranslation('documents');
  const settings = useSettingsForm(settingsFormSchema, toValues(initial), (e) => errorText(t, e));
  const { form, dirty } = settings;
  const s = form.watch();
  const canManage = usePermission('company.manage');
  const save = useDocumentMutation(putDocumentSettings);
  const submit = settings.submit(async (body) => toValues(await save.mutateAsync(body)));
  const profilesError = errorsOf(form.formState.errors).find((e) => e.path.startsWith('profile_systems'));
  const year = new Date().getFullYear();
  const text = (key: Exclude<keyof SettingsValues, 'profiles'>, label: string, hint?: string) => (
    <Field label={label} htmlFor={`set-${key}`}>
      <Input
        id={`set-${key}`}
        invalid={Boolean(settings.errorOf(key))}
        aria-describedby={hint ? `set-${key}-hint` : undefined}
        {...form.register(key)}
      />
      {hint && (
        <span id={`set-${key}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      )}
      {settings.errorOf(key) && (
        <span role="alert" className="text-xs text-danger">
          {settings.errorOf(key)}
        </span>
      )}
    </Field>
  );
  return (
    <div className="space-y-4">
      <UnsavedChangesGuard when={dirty} />
      <DocumentTabs />
      <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
      <div className="grid max-w-3xl gap-3 md:grid-cols-3">
        {text(
          'quote_prefix',
          t('settings.quotePrefix'),
          t('settings.example', { number: `${s.quote_prefix}${year}-0001` }),
        )}
        {text(
          'work_order_prefix',
          t('settings.workOrderPrefix'),
          t('settings.example', { number: `${s.work_order_prefix}${year}-0001` }),
        )}
        {text(
          'delivery_note_prefix',
          t('settings.deliveryNotePrefix'),
          t('settings.example', { number: `${s.delivery_note_prefix}${year}-0001` }),
        )}
        {text('invoice_premises', t('settings.premises'))}
        {text('invoice_device', t('settings.device'))}
        <Field label={t('settings.separator')} htmlFor="set-separator">
          <select id="set-separator" className={SELECT} {...form.register('invoice_separator')}>
            <option value="-">-</option>
            <option value="/">/</option>
          </select>
          <span className="text-xs text-muted">
            {t('settings.example', {
              number: ['1', s.invoice_premises, s.invoice_device].join(s.invoice_separator),
            })}
          </span>
        </Field>
        <Field label={t('settings.referenceModel')} htmlFor="set-model">
          <select id="set-model" className={SELECT} {...form.register('reference_model')}>
            {REFERENCE_MODELS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        {text('quote_valid_days', t('settings.validDays'))}
        {text('place_of_issue', t('settings.place'))}
        <Field label={t('settings.profileSystems')} htmlFor="set-profile-systems">
          <Textarea
            id="set-profile-systems"
            rows={4}
            aria-describedby="set-profile-systems-hint"
            {...form.register('profiles')}
          />
          <span id="set-profile-systems-hint" className="text-xs text-muted">
            {t('settings.profileSystemsHint')}
          </span>
          {profilesError && (
            <span role="alert" className="text-xs text-danger">
              {t(`common:${profilesError.message}`, { defaultValue: t('common:validation.invalid') })}
            </span>
          )}
        </Field>
      </div>
      {settings.message && (
        <p role="alert" className="text-sm text-danger">
          {settings.message}
        </p>
      )}
      {canManage && (
        <div className="flex items-center gap-3">
          <Button disabled={save.isPending} onClick={() => void submit()}>
            {t('form.save')}
          </Button>
          {dirty && (
            <Button type="button" variant="ghost" onClick={settings.cancel}>
              {t('common:actions.cancel')}
            </Button>
          )}
          <SaveState status={saveStatus({ saving: save.isPending, dirty })} />
        </div>
      )}
    </div>
  );
}
