import { MAIL_SECURITY } from '@erp/domain/documents/mail';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormActions } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { translatedFieldErrors } from '../../lib/api.ts';
import { usePermission } from '../team/use-permission.tsx';
import { callDocument, errorText, getMailSettings, useDocumentMutation } from './documents-api.ts';
import { Field, SELECT } from './parts.tsx';

// The company's SMTP server that documents are e-mailed through (issue 22, deliverable 5). The
// password is write-only: the server says only whether one is stored.

const PATH = '/api/settings/mail';
type Security = (typeof MAIL_SECURITY)[number];
type Stored = {
  host: string;
  port: number;
  security: Security;
  username: string;
  has_password: boolean;
  from_address: string;
};
type View = { configured: boolean; settings: Stored | null };
type Form = {
  host: string;
  port: string;
  security: Security;
  username: string;
  password: string;
  from_address: string;
};

const formOf = (s: Stored | null): Form => ({
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
    queryFn: ({ signal }) => getMailSettings<View>(signal),
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

function MailSettingsForm({ initial }: { initial: View }) {
  const { t } = useTranslation(['mail', 'documents']);
  const toast = useToast();
  const canManage = usePermission('company.manage');
  const [stored, setStored] = useState(initial.settings);
  const [form, setForm] = useState<Form>(formOf(initial.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(stored));
  const save = useDocumentMutation((body: Form) => callDocument<View>(PATH, body, 'PUT'));
  const submit = () => {
    setErrors({});
    setMessage(null);
    save.mutate(form, {
      onSuccess: (next) => {
        setStored(next.settings);
        setForm(formOf(next.settings));
        toast.toast({ title: t('mail:settings.saved'), type: 'success' });
      },
      onError: (e) => {
        const fields = translatedFieldErrors(e, t);
        if (Object.keys(fields).length) setErrors(fields);
        else setMessage(errorText(t, e));
      },
    });
  };
  const text = (key: 'host' | 'port' | 'username' | 'from_address', label: string, extra = {}) => (
    <Field label={label} htmlFor={`mail-${key}`}>
      <Input
        id={`mail-${key}`}
        value={form[key]}
        disabled={!canManage}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        {...extra}
      />
      {errors[key] && (
        <p role="alert" className="text-sm text-danger">
          {errors[key]}
        </p>
      )}
    </Field>
  );
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
        {text('host', t('mail:settings.host'))}
        {text('port', t('mail:settings.port'), { inputMode: 'numeric' })}
        <Field label={t('mail:settings.security')} htmlFor="mail-security">
          <select
            id="mail-security"
            className={SELECT}
            value={form.security}
            disabled={!canManage}
            onChange={(e) => setForm({ ...form, security: e.target.value as Security })}
          >
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
            value={form.password}
            disabled={!canManage}
            autoComplete="new-password"
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
          {stored?.has_password && <p className="text-sm text-muted">{t('mail:settings.passwordKept')}</p>}
        </Field>
      </div>
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      {canManage && (
        <SettingsFormActions
          saving={save.isPending}
          dirty={dirty}
          saveLabel={t('mail:settings.save')}
          onCancel={() => {
            setForm(formOf(stored));
            setErrors({});
            setMessage(null);
          }}
        />
      )}
    </form>
  );
}
