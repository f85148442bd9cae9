import { PRICING_SETTING_KEYS, type PricingSettings } from '@erp/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePermission } from '../team/use-permission.tsx';
import { callDocument, errorText, useDocumentMutation } from './documents-api.ts';
import { usePricingSettings } from './line-editor.tsx';

/**
 * The settings page's card for measure pricing (glass processors): the step billing dimensions
 * are rounded up to, the minimum billed area per glass kind, the minimum edge length and the shape
 * surcharge. Everyone reads them (the line grid computes prices with them); owners and admins
 * (company.manage) change them.
 */
export function PricingSettingsCard() {
  const { t } = useTranslation('documents');
  const settings = usePricingSettings();
  return (
    <Card data-testid="pricing-settings">
      <CardHeader>
        <CardTitle>{t('pricing.title')}</CardTitle>
        <CardDescription>{t('pricing.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <PricingForm initial={settings.data} />
        ) : (
          <p role="status" className="text-sm text-muted">
            {settings.error ? t('list.loadError') : t('list.loading')}
          </p>
        )}
      </CardContent>
    </Card>
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
    save.mutate(form, {
      onSuccess: (next) => {
        setForm(next);
        setSaved(next);
      },
      onError: (e) => {
        const details = e instanceof ApiError ? ((e.details ?? []) as { field: string; key: string }[]) : [];
        if (details.length)
          setErrors(Object.fromEntries(details.map((d) => [d.field, t(`common:${d.key}`)])));
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
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      {canManage && (
        <div className="flex items-center gap-3">
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
          {dirty && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setForm(saved);
                setErrors({});
                setMessage(null);
              }}
            >
              {t('common:actions.cancel')}
            </Button>
          )}
          <SaveState status={saveStatus({ saving: save.isPending, dirty })} />
        </div>
      )}
    </form>
  );
}
