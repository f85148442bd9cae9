import type { MailSettingsView } from '@erp/domain/documents/contracts';
import { MAIL_SECURITY, mailSettingsInputSchema } from '@erp/domain/documents/mail';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { errorText, getMailSettings, putMailSettings, useDocumentMutation } from './documents-api.ts';
import { Field, SELECT } from './parts.tsx';

// The company's SMTP server that documents are e-mailed through (issue 22, deliverable 5). The
// password is write-only: the server says only whether one is stored.

type Security = (typeof MAIL_SECURITY)[number];
type Stored = MailSettingsView['settings'];
type Form = {
  host: string;
  port: string;
  security: Security;
  username: string;
  password: string;
  from_address: string;
};

const formOf = (s: Stored): Form => ({
  host: s?.host ?? '',
  port: String(s?.port ?? 587),
  security: s?.security ?? 'starttls',
  username: s?.username ?? '',
  password: '',
  from_address: s?.from_address ?? '',
});

export function MailSettingsCard() {
  const { t } = useTranslation(['mail', 'documents']);
  const settings = useQuery({
    queryKey: ['documents', 'mail-settings'],
    queryFn: ({ signal }) => getMailSettings(signal),
  });
  return (
    <SettingsCard
      testId="mail-settings"
      title={t('mail:settings.title')}
      description={t('mail:settings.hint')}
      settings={settings}
      loading={t('documents:list.loading')}
      loadError={t('documents:list.loadError')}
    >
      {(data) => <MailSettingsForm initial={data} />}
    </SettingsCard>
  );
}

function MailSettingsForm({ initial }: { initial: MailSettingsView }) {
  const { t } = useTranslation(['mail', 'documents']);
  const toast = useToast();
  const canManage = usePermission('company.manage');
  const [stored, setStored] = useState(initial.settings);
  // The route's schema reads the typed port as a number; an empty password keeps the stored one.
  const settings = useSettingsForm(mailSettingsInputSchema, formOf(initial.settings), (e) => errorText(t, e));
  const { form, dirty, errorOf } = settings;
  const save = useDocumentMutation(putMailSettings);
  const submit = settings.submit(async (body) => {
    const next = await save.mutateAsync(body);
    setStored(next.settings);
    toast.toast({ title: t('mail:settings.saved'), type: 'success' });
    return formOf(next.settings);
  });
  const text = (key: 'host' | 'port' | 'username' | 'from_address', label: string, extra = {}) => (
    <Field label={label} htmlFor={`mail-${key}`}>
      <Input
        id={`mail-${key}`}
        disabled={!canManage}
        aria-invalid={errorOf(key) ? true : undefined}
        {...form.register(key)}
        {...extra}
      />
      {errorOf(key) && (
        <p role="alert" className="text-sm text-danger">
          {errorOf(key)}
        </p>
      )}
    </Field>
  );
  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={dirty} />
      <div className="grid gap-3 sm:grid-cols-2">
        {text('host', t('mail:settings.host'))}
        {text('port', t('mail:settings.port'), { inputMode: 'numeric' })}
        <Field label={t('mail:settings.security')} htmlFor="mail-security">
          <select id="mail-security" className={SELECT} disabled={!canManage} {...form.register('security')}>
            {MAIL_SECURITY.map((s) => (
              <option key={s} value={s}>
                {t(`mail:settings.securityOptions.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        {text('from_address', t('mail:settings.fromAddress'), { type: 'email' })}
        {text('username', t('mail:settings.username'), { autoComplete: 'off' })}
        <Field label={t('mail:settings.password')} htmlFor="mail-password">
          <PasswordInput
            id="mail-password"
            disabled={!canManage}
            autoComplete="new-password"
            {...form.register('password')}
          />
          {stored?.has_password && <p className="text-sm text-muted">{t('mail:settings.passwordKept')}</p>}
        </Field>
      </div>
      <SettingsFormFooter
        form={settings}
        saving={save.isPending}
        saveLabel={t('mail:settings.save')}
        canManage={canManage}
      />
    </form>
  );
}
