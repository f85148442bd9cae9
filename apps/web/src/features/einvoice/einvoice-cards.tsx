import { operatorInputSchema } from '@erp/domain/einvoice/einvoice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
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

/** A refused save of eRačun settings: the server's reason when it names one, else a general sentence. */
function useSaveFailed() {
  const { t } = useTranslation();
  return (e: unknown) => {
    const fields = translatedFieldErrors(e, t);
    return Object.values(fields)[0] ?? t('common:einvoice.saveFailed');
  };
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

const operatorValues = (o: Operator) => ({
  operator_mark: o.operator_mark ?? '',
  operator_oib: o.operator_oib ?? '',
});

function OperatorForm({ initial }: { initial: Operator }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useSettingsForm(operatorInputSchema, operatorValues(initial), () =>
    t('common:einvoice.saveFailed'),
  );
  const { form, errorOf } = settings;
  const save = useMutation({
    mutationFn: saveOperator,
    onSuccess: (next) => qc.setQueryData(['einvoice', 'operator'], next),
  });
  const submit = settings.submit(async (body) => operatorValues(await save.mutateAsync(body)));
  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={settings.dirty} />
      <div className="grid gap-3 sm:grid-cols-2">
        {(['operator_mark', 'operator_oib'] as const).map((field) => (
          <label key={field} className="space-y-1 text-sm" htmlFor={`einvoice-${field}`}>
            <span className="font-medium">{t(`common:einvoice.${field}`)}</span>
            <Input
              id={`einvoice-${field}`}
              inputMode={field === 'operator_oib' ? 'numeric' : undefined}
              invalid={Boolean(errorOf(field))}
              {...form.register(field)}
            />
            {errorOf(field) && (
              <span role="alert" className="block text-danger">
                {errorOf(field)}
              </span>
            )}
          </label>
        ))}
      </div>
      <SettingsFormFooter form={settings} saving={save.isPending} saveLabel={t('common:actions.save')} />
    </form>
  );
}

/** The settings page's card: is the company in the VAT system (owners and admins change it). */
export function VatStatusCard() {
  const { t } = useTranslation();
  const canManage = usePermission('company.manage');
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: ['einvoice', 'settings'], queryFn: getEInvoiceSettings });
  const saveFailed = useSaveFailed();
  const save = useMutation({
    mutationFn: (body: EInvoiceSettings) => saveEInvoiceSettings(body),
    onSuccess: (next) => qc.setQueryData(['einvoice', 'settings'], next),
  });
  const message = save.error ? saveFailed(save.error) : null;
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
              onChange={(e) => save.mutate({ vat_registered: e.target.checked })}
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
