import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormActions } from '../../components/editing/save-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { translatedFieldErrors } from '../../lib/api.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  type EInvoiceSettings,
  getEInvoiceSettings,
  getOperator,
  type Operator,
  saveEInvoiceSettings,
  saveOperator,
} from './einvoice-api.ts';

// eRačun settings: the signed-in user's operator (profile page) and whether the company is in the
// VAT system (settings page). Both are read by the server when an invoice is issued.

function useErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const fail = (e: unknown) => {
    const fields = translatedFieldErrors(e, t);
    if (Object.keys(fields).length) setErrors(fields);
    else setMessage(t('common:einvoice.saveFailed'));
  };
  const clear = () => {
    setErrors({});
    setMessage(null);
  };
  return { errors, message, fail, clear };
}

/** The profile page's card: my operator mark (HR-BT-4) and OIB (HR-BT-5), printed on every invoice I issue. */
export function OperatorCard() {
  const { t } = useTranslation();
  const operator = useQuery({ queryKey: ['einvoice', 'operator'], queryFn: getOperator });
  return (
    <Card data-testid="operator-card">
      <CardHeader>
        <CardTitle>{t('common:einvoice.operatorTitle')}</CardTitle>
        <CardDescription>{t('common:einvoice.operatorDescription')}</CardDescription>
      </CardHeader>
      <CardContent>{operator.data && <OperatorForm initial={operator.data} />}</CardContent>
    </Card>
  );
}

function OperatorForm({ initial }: { initial: Operator }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const start = { operator_mark: initial.operator_mark ?? '', operator_oib: initial.operator_oib ?? '' };
  const [form, setForm] = useState(start);
  const [saved, setSaved] = useState(start);
  const { errors, message, fail, clear } = useErrors();
  const save = useMutation({
    mutationFn: (body: typeof form) => saveOperator(body),
    onSuccess: (next) => {
      const values = { operator_mark: next.operator_mark ?? '', operator_oib: next.operator_oib ?? '' };
      setForm(values);
      setSaved(values);
      qc.setQueryData(['einvoice', 'operator'], next);
    },
    onError: fail,
  });
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        clear();
        save.mutate(form);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {(['operator_mark', 'operator_oib'] as const).map((field) => (
          <label key={field} className="space-y-1 text-sm" htmlFor={`einvoice-${field}`}>
            <span className="font-medium">{t(`common:einvoice.${field}`)}</span>
            <Input
              id={`einvoice-${field}`}
              name={field}
              value={form[field]}
              inputMode={field === 'operator_oib' ? 'numeric' : undefined}
              invalid={Boolean(errors[field])}
              onChange={(e) => setForm({ ...form, [field]: e.target.value })}
            />
            {errors[field] && (
              <span role="alert" className="block text-danger">
                {errors[field]}
              </span>
            )}
          </label>
        ))}
      </div>
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      <SettingsFormActions
        saving={save.isPending}
        dirty={dirty}
        saveLabel={t('common:actions.save')}
        onCancel={() => setForm(saved)}
      />
    </form>
  );
}

/** The settings page's card: is the company in the VAT system (owners and admins change it). */
export function VatStatusCard() {
  const { t } = useTranslation();
  const canManage = usePermission('company.manage');
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: ['einvoice', 'settings'], queryFn: getEInvoiceSettings });
  const { message, fail, clear } = useErrors();
  const save = useMutation({
    mutationFn: (body: EInvoiceSettings) => saveEInvoiceSettings(body),
    onSuccess: (next) => qc.setQueryData(['einvoice', 'settings'], next),
    onError: fail,
  });
  return (
    <Card data-testid="vat-status-card">
      <CardHeader>
        <CardTitle>{t('common:einvoice.vatTitle')}</CardTitle>
        <CardDescription>{t('common:einvoice.vatDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {settings.data && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="vat_registered"
              checked={settings.data.vat_registered}
              disabled={!canManage || save.isPending}
              onChange={(e) => {
                clear();
                save.mutate({ vat_registered: e.target.checked });
              }}
            />
            {t('common:einvoice.vatRegistered')}
          </label>
        )}
        {message && (
          <p role="alert" className="text-sm text-danger">
            {message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
