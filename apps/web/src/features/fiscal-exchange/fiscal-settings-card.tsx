import { fiscalExchangeSettingsSchema } from '@erp/domain/fiscal-exchange/fiscal-exchange';
import { formSchema } from '@erp/domain/form-schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  type FiscalSettings,
  type FiscalSettingsInput,
  useFiscalSettings,
  useSaveFiscalSettings,
} from './fiscal-exchange-api.ts';

// The settings page's card: Fiskalizacija 2.0 on or off and the fiscalisation service's address,
// the information intermediary (HTTP adapter with its address and credentials, or the demo
// stand-in) and whether issued eRačuni go out by themselves. The secret is never shown back.

type Form = Omit<
  FiscalSettings,
  'intermediary_secret_set' | 'porezna_url' | 'intermediary_url' | 'intermediary_username'
> & {
  porezna_url: string;
  intermediary_url: string;
  intermediary_username: string;
  intermediary_secret: string;
};

const toForm = (s: FiscalSettings): Form => ({
  enabled: s.enabled,
  porezna_url: s.porezna_url ?? '',
  intermediary_kind: s.intermediary_kind,
  intermediary_url: s.intermediary_url ?? '',
  intermediary_username: s.intermediary_username ?? '',
  intermediary_secret: '',
  auto_send: s.auto_send,
});

function toInput(f: Form): FiscalSettingsInput {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    enabled: f.enabled,
    porezna_url: blank(f.porezna_url),
    intermediary_kind: f.intermediary_kind,
    intermediary_url: blank(f.intermediary_url),
    intermediary_username: blank(f.intermediary_username),
    // Empty: keep the stored secret.
    ...(f.intermediary_secret ? { intermediary_secret: f.intermediary_secret } : {}),
    auto_send: f.auto_send,
  };
}
/** Empty texts are "not set", an empty secret keeps the stored one; then the route's schema. */
const fiscalFormSchema = formSchema(toInput, fiscalExchangeSettingsSchema);

export function FiscalExchangeSettingsCard() {
  const { t } = useTranslation('fiscal-exchange');
  const settings = useFiscalSettings();
  return (
    <Card data-testid="fiscal-exchange-card">
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <SettingsForm initial={settings.data} />
        ) : (
          <p role="status" className="text-sm text-muted">
            {settings.error ? t('settings.loadError') : t('settings.loading')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ initial }: { initial: FiscalSettings }) {
  const { t } = useTranslation('fiscal-exchange');
  const canManage = usePermission('company.manage');
  const save = useSaveFiscalSettings();
  const settings = useSettingsForm(fiscalFormSchema, toForm(initial), () => t('settings.saveFailed'));
  const { form, errorOf } = settings;
  const [secretSet, setSecretSet] = useState(initial.intermediary_secret_set);
  const kind = form.watch('intermediary_kind');
  const submit = settings.submit(async (body) => {
    const next = await save.mutateAsync(body);
    setSecretSet(next.intermediary_secret_set);
    return toForm(next);
  });
  const text = (key: 'porezna_url' | 'intermediary_url' | 'intermediary_username', type = 'text') => (
    <label className="space-y-1 text-sm" htmlFor={`fiscal-${key}`}>
      <span className="font-medium">{t(`settings.${key}`)}</span>
      <Input
        id={`fiscal-${key}`}
        type={type}
        disabled={!canManage}
        invalid={Boolean(errorOf(key))}
        {...form.register(key)}
      />
      {errorOf(key) && (
        <span role="alert" className="block text-danger">
          {errorOf(key)}
        </span>
      )}
    </label>
  );
  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={settings.dirty} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" disabled={!canManage} {...form.register('enabled')} />
        {t('settings.enabled')}
      </label>
      {text('porezna_url', 'url')}
      <label className="space-y-1 text-sm" htmlFor="fiscal-intermediary-kind">
        <span className="font-medium">{t('settings.intermediary_kind')}</span>
        <select
          id="fiscal-intermediary-kind"
          className="block w-full rounded-md border border-border bg-surface px-3 py-2"
          disabled={!canManage}
          {...form.register('intermediary_kind')}
        >
          {(['none', 'http', 'demo'] as const).map((kind) => (
            <option key={kind} value={kind}>
              {t(`settings.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      {kind === 'http' && (
        <div className="grid gap-3 sm:grid-cols-2">
          {text('intermediary_url', 'url')}
          {text('intermediary_username')}
          <label className="space-y-1 text-sm" htmlFor="fiscal-intermediary-secret">
            <span className="font-medium">{t('settings.intermediary_secret')}</span>
            <Input
              id="fiscal-intermediary-secret"
              type="password"
              autoComplete="new-password"
              placeholder={secretSet ? t('settings.secretKept') : ''}
              disabled={!canManage}
              {...form.register('intermediary_secret')}
            />
          </label>
        </div>
      )}
      {kind !== 'none' && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" disabled={!canManage} {...form.register('auto_send')} />
          {t('settings.auto_send')}
        </label>
      )}
      <SettingsFormFooter
        form={settings}
        saving={save.isPending}
        saveLabel={t('common:actions.save')}
        canManage={canManage}
      />
    </form>
  );
}
