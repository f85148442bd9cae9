import { fiscalSettingsSchema } from '@erp/domain/fiscal/schemas';
import { formSchema } from '@erp/domain/form-schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorText } from '../documents/documents-api.ts';
import { DateText } from '../documents/parts.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  type Certificate,
  type FiscalSettings,
  getFiscalSettings,
  getInvoiceFiscal,
  removeCertificate,
  retryInvoiceFiscal,
  saveFiscalSettings,
  uploadCertificate,
} from './fiscal-api.ts';

export type { FiscalStatus } from './fiscal-api.ts';

// B2C fiscalisation through CIS: the settings page's card (on/off, premises, sequence mark, CIS
// address, certificate) and the invoice page's section (ZKI, JIR or delivery state, attempts).

const KEY = ['fiscal', 'settings'];

export function FiscalSettingsCard() {
  const { t } = useTranslation('fiscal');
  const settings = useQuery({ queryKey: KEY, queryFn: getFiscalSettings });
  return (
    <SettingsCard
      testId="fiscal-settings"
      title={t('settings.title')}
      description={t('settings.description')}
      settings={settings}
      loading={t('settings.loading')}
      loadError={t('settings.loadError')}
    >
      {(data) => (
        <div className="space-y-6">
          <FiscalForm key={JSON.stringify(data)} initial={data} />
          <CertificateForm certificate={data.certificate} />
        </div>
      )}
    </SettingsCard>
  );
}

type Form = {
  enabled: boolean;
  sequence_mark: 'P' | 'N';
  cis_url: string;
  timeout_ms: string;
  registered_premises: string;
};
const toForm = (s: FiscalSettings): Form => ({
  enabled: s.enabled,
  sequence_mark: s.sequence_mark,
  cis_url: s.cis_url,
  timeout_ms: String(s.timeout_ms),
  registered_premises: s.registered_premises ?? '',
});
/** The timeout typed as a number, an empty premises code is "none"; then the route's schema. */
const fiscalFormSchema = formSchema(
  (f: Form) => ({
    ...f,
    timeout_ms: f.timeout_ms.trim() === '' ? null : Number(f.timeout_ms),
    registered_premises: f.registered_premises.trim() || null,
  }),
  fiscalSettingsSchema,
);

function FiscalForm({ initial }: { initial: FiscalSettings }) {
  const { t } = useTranslation('fiscal');
  const qc = useQueryClient();
  const canManage = usePermission('company.manage');
  const settings = useSettingsForm(fiscalFormSchema, toForm(initial), () => t('settings.saveFailed'));
  const { form, dirty, errorOf } = settings;
  const save = useMutation({
    mutationFn: saveFiscalSettings,
    onSuccess: (next) => qc.setQueryData(KEY, next),
  });
  const submit = settings.submit(async (body) => toForm(await save.mutateAsync(body)));
  const text = (field: 'cis_url' | 'timeout_ms' | 'registered_premises', hint?: string) => (
    <label className="space-y-1 text-sm" htmlFor={`fiscal-${field}`}>
      <span className="font-medium">{t(`settings.${field}`)}</span>
      <Input
        id={`fiscal-${field}`}
        disabled={!canManage}
        inputMode={field === 'timeout_ms' ? 'numeric' : undefined}
        invalid={Boolean(errorOf(field))}
        {...form.register(field)}
      />
      {hint && <span className="block text-muted">{hint}</span>}
      {errorOf(field) && (
        <span role="alert" className="block text-danger">
          {errorOf(field)}
        </span>
      )}
    </label>
  );
  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={dirty} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" disabled={!canManage} {...form.register('enabled')} />
        {t('settings.enabled')}
      </label>
      <p className="text-sm text-muted" data-testid="fiscal-numbering">
        {t('settings.numbering', { premises: initial.invoice_premises, device: initial.invoice_device })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('registered_premises', t('settings.registeredPremisesHint'))}
        <label className="space-y-1 text-sm" htmlFor="fiscal-sequence_mark">
          <span className="font-medium">{t('settings.sequence_mark')}</span>
          <select
            id="fiscal-sequence_mark"
            className="h-9 w-full rounded-md border border-border bg-surface px-2"
            disabled={!canManage}
            {...form.register('sequence_mark')}
          >
            <option value="N">{t('settings.sequenceN')}</option>
            <option value="P">{t('settings.sequenceP')}</option>
          </select>
        </label>
        {text('cis_url')}
        {text('timeout_ms')}
      </div>
      <SettingsFormFooter
        form={settings}
        saving={save.isPending}
        saveLabel={t('settings.save')}
        canManage={canManage}
      />
    </form>
  );
}

async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function CertificateForm({ certificate }: { certificate: Certificate | null }) {
  const { t } = useTranslation('fiscal');
  const qc = useQueryClient();
  const canManage = usePermission('company.manage');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async () => uploadCertificate({ p12_base64: await fileBase64(file as File), password }),
    onSuccess: (next) => {
      qc.setQueryData(KEY, next);
      setFile(null);
      setPassword('');
    },
    onError: (e) => setError(errorText(t, e)),
  });
  const remove = useMutation({
    mutationFn: removeCertificate,
    onSuccess: (next) => qc.setQueryData(KEY, next),
    onError: (e) => setError(errorText(t, e)),
  });
  return (
    <section aria-labelledby="fiscal-certificate" className="space-y-3 border-t border-border pt-4">
      <h3 id="fiscal-certificate" className="font-medium">
        {t('certificate.title')}
      </h3>
      {certificate ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]" data-testid="fiscal-certificate-info">
          <dt className="text-muted">{t('certificate.subject')}</dt>
          <dd className="break-all">{certificate.subject}</dd>
          <dt className="text-muted">{t('certificate.oib')}</dt>
          <dd>{certificate.oib ?? '—'}</dd>
          <dt className="text-muted">{t('certificate.validity')}</dt>
          <dd>
            <DateText value={certificate.not_before.slice(0, 10)} /> –{' '}
            <DateText value={certificate.not_after.slice(0, 10)} />
          </dd>
          <dt className="text-muted">{t('certificate.issuer')}</dt>
          <dd className="break-all">{certificate.issuer}</dd>
        </dl>
      ) : (
        <p className="text-sm text-muted">{t('certificate.none')}</p>
      )}
      {canManage && (
        <form
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!file) setError(t('certificate.fileRequired'));
            else upload.mutate();
          }}
        >
          <label className="space-y-1 text-sm" htmlFor="fiscal-p12">
            <span className="font-medium">{t('certificate.file')}</span>
            <input
              id="fiscal-p12"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              className="block text-sm"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <label className="space-y-1 text-sm" htmlFor="fiscal-p12-password">
            <span className="font-medium">{t('certificate.password')}</span>
            <Input
              id="fiscal-p12-password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <Button type="submit" loading={upload.isPending}>
            {t('certificate.upload')}
          </Button>
          {certificate && (
            <Button type="button" variant="ghost" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('certificate.remove')}
            </Button>
          )}
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}

/** The invoice page's section: fiscal state, ZKI, JIR, deadline, CIS's message and the attempts. */
export function FiscalSection({ documentId }: { documentId: string }) {
  const { t } = useTranslation('fiscal');
  const qc = useQueryClient();
  const canWrite = usePermission('invoices.write');
  const key = ['fiscal', 'invoice', documentId];
  const status = useQuery({
    queryKey: key,
    queryFn: () => getInvoiceFiscal(documentId),
  });
  const [error, setError] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: () => retryInvoiceFiscal(documentId),
    onSuccess: (next) => qc.setQueryData(key, next),
    onError: (e) => setError(errorText(t, e)),
  });
  const f = status.data;
  if (!f) return null;
  return (
    <section
      aria-labelledby="inv-fiscal"
      className="rounded-md border border-border p-3"
      data-testid="fiscal-section"
    >
      <h2 id="inv-fiscal" className="mb-2 font-semibold">
        {t('invoice.title')}
      </h2>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted">{t('invoice.state')}</dt>
        <dd data-testid="fiscal-state">{t(`invoice.states.${f.state}`)}</dd>
        <dt className="text-muted">{t('invoice.zki')}</dt>
        <dd className="font-mono break-all">{f.zki}</dd>
        <dt className="text-muted">{t('invoice.jir')}</dt>
        <dd className="font-mono break-all" data-testid="fiscal-jir">
          {f.jir ?? t('invoice.noJir')}
        </dd>
        {f.state !== 'delivered' && (
          <>
            <dt className="text-muted">{t('invoice.deadline')}</dt>
            <dd>
              <DateText value={f.deadline} />
            </dd>
          </>
        )}
        {f.error_message && f.state !== 'delivered' && (
          <>
            <dt className="text-muted">{t('invoice.cisMessage')}</dt>
            <dd role="status" className="text-danger">
              {f.error_code ? `${f.error_code}: ` : ''}
              {f.error_message}
            </dd>
          </>
        )}
        <dt className="text-muted">{t('invoice.check')}</dt>
        <dd>
          <a className="underline" href={f.qr_url} target="_blank" rel="noreferrer">
            {t('invoice.checkLink')}
          </a>
        </dd>
      </dl>
      <p className="mt-2 text-sm text-muted">{t('invoice.attempts', { count: f.attempts.length })}</p>
      {canWrite && f.state !== 'delivered' && (
        <Button className="mt-2" variant="outline" loading={retry.isPending} onClick={() => retry.mutate()}>
          {t('invoice.retry')}
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
