import { REFERENCE_MODELS } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { usePermission } from '../team/use-permission.tsx';
import { callDocument, errorText, getDocumentSettings, useDocumentMutation } from './documents-api.ts';
import { DocumentTabs, Field, SELECT } from './parts.tsx';

type Settings = {
  quote_prefix: string;
  work_order_prefix: string;
  delivery_note_prefix: string;
  invoice_premises: string;
  invoice_device: string;
  invoice_separator: '-' | '/';
  reference_model: 'HR00' | 'HR01';
  quote_valid_days: number;
  place_of_issue: string | null;
  /** Offered on window and door lines (window-spec.tsx). */
  profile_systems: string[];
};

/** Numbering and invoice settings: prefixes, business premises and device, payment reference model. */
export function DocumentSettingsPage() {
  const { t } = useTranslation('documents');
  const settings = useQuery({
    queryKey: ['documents', 'settings'],
    queryFn: ({ signal }) => getDocumentSettings<Settings>(signal),
  });
  if (!settings.data) return <p role="status">{settings.error ? t('list.loadError') : t('list.loading')}</p>;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation('documents');
  const [s, setS] = useState<Settings>(initial);
  // What the server holds (loaded, or returned by the last save): the form is dirty when it differs.
  const [saved, setSaved] = useState<Settings>(initial);
  // The profile systems are edited as text, one per line.
  const [profiles, setProfiles] = useState(initial.profile_systems.join('\n'));
  const profileList = profiles
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
  const dirty = JSON.stringify({ ...s, profile_systems: profileList }) !== JSON.stringify(saved);
  const canManage = usePermission('company.manage');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useDocumentMutation((body: Settings) =>
    callDocument<Settings>('/api/documents/settings', body, 'PUT'),
  );
  const year = new Date().getFullYear();
  const text = (key: keyof Settings, label: string, hint?: string) => (
    <Field label={label} htmlFor={`set-${key}`}>
      <Input
        id={`set-${key}`}
        value={String(s[key] ?? '')}
        aria-describedby={hint ? `set-${key}-hint` : undefined}
        onChange={(e) =>
          setS({ ...s, [key]: key === 'quote_valid_days' ? Number(e.target.value || 0) : e.target.value })
        }
      />
      {hint && (
        <span id={`set-${key}-hint`} className="text-xs text-muted">
          {hint}
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
          <select
            id="set-separator"
            className={SELECT}
            value={s.invoice_separator}
            onChange={(e) =>
              setS({ ...s, invoice_separator: e.target.value as Settings['invoice_separator'] })
            }
          >
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
          <select
            id="set-model"
            className={SELECT}
            value={s.reference_model}
            onChange={(e) => setS({ ...s, reference_model: e.target.value as Settings['reference_model'] })}
          >
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
            value={profiles}
            aria-describedby="set-profile-systems-hint"
            onChange={(e) => setProfiles(e.target.value)}
          />
          <span id="set-profile-systems-hint" className="text-xs text-muted">
            {t('settings.profileSystemsHint')}
          </span>
        </Field>
      </div>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={cn('text-sm', message.ok ? 'text-success' : 'text-danger')}
        >
          {message.text}
        </p>
      )}
      {canManage && (
        <div className="flex items-center gap-3">
          <Button
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { ...s, place_of_issue: s.place_of_issue || null, profile_systems: profileList },
                {
                  onSuccess: (next) => {
                    setS(next);
                    setSaved(next);
                    setProfiles(next.profile_systems.join('\n'));
                    setMessage(null); // the save state beside the button says Spremljeno
                  },
                  onError: (e) => setMessage({ ok: false, text: errorText(t, e) }),
                },
              )
            }
          >
            {t('form.save')}
          </Button>
          {dirty && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setS(saved);
                setProfiles(saved.profile_systems.join('\n'));
                setMessage(null);
              }}
            >
              {t('common:actions.cancel')}
            </Button>
          )}
          <SaveState status={saveStatus({ saving: save.isPending, dirty })} />
        </div>
      )}
    </div>
  );
}
