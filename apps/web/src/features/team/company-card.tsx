import type { BankAccount } from '@erp/domain';
import { can } from '@erp/domain/permissions';
import { COMPANY_FIELDS, companyUpdateSchema } from '@erp/domain/team/index';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useCurrentCompany } from './current-company.tsx';
import { type Company, useCompany, useUpdateCompany } from './team-api.ts';
import { useTeamErrorText } from './team-errors.ts';

type TextField = Exclude<(typeof COMPANY_FIELDS)[number], 'bank_accounts'>;
const TEXT_FIELDS: TextField[] = COMPANY_FIELDS.filter((f): f is TextField => f !== 'bank_accounts');
const INPUT_TYPES: Partial<Record<TextField, string>> = {
  company_email: 'email',
  company_phone: 'tel',
  company_website: 'url',
};
/** A bank account as its inputs hold it (no name: ''). */
type Bank = Record<keyof BankAccount, string>;
type Values = Record<TextField, string> & { bank_accounts: Bank[] };

function toValues(c: Company): Values {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, c[f] ?? ''])) as Record<TextField, string>;
  return {
    ...values,
    bank_accounts: c.bank_accounts.map((b) => ({ iban: b.iban, bank_name: b.bank_name ?? '' })),
  };
}

/** The company's own details (issue 9): every member reads them, owners and admins edit them. */
export function CompanyCard() {
  const { t } = useTranslation('team');
  const { companyId, role } = useCurrentCompany();
  const company = useCompany(companyId);
  const editable = can(role, 'company.manage');
  return (
    <Card data-testid="company-card">
      <CardHeader>
        <CardTitle>{t('company.title')}</CardTitle>
        <CardDescription>{editable ? t('company.description') : t('company.readOnly')}</CardDescription>
      </CardHeader>
      <CardContent>
        {company.data ? (
          <CompanyForm key={companyId} company={company.data} editable={editable} />
        ) : (
          <p className="text-sm text-muted">{t('common:loading.generic')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function CompanyForm({ company, editable }: { company: Company; editable: boolean }) {
  const { t } = useTranslation('team');
  const { companyId } = useCurrentCompany();
  const update = useUpdateCompany(companyId);
  const errorText = useTeamErrorText();
  const { toast } = useToast();
  const id = useId();
  const form = useZodForm<typeof companyUpdateSchema, Values>(companyUpdateSchema, {
    defaultValues: toValues(company),
  });
  const banks = useFieldArray({ control: form.control, name: 'bank_accounts' });
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = useFormMessages(form.formState.errors, {
    label: (path) => t(`company.fields.${path.split('.')[0]}`),
    server: [serverError],
  });
  // The one save model (UX.md): explicit Save, a visible state, Odustani, and a question before
  // unsaved changes are left. A re-read of the company (another tab, a refetch) replaces the
  // values only while nothing is being edited, so it never drops what was typed.
  const dirty = editable && form.formState.isDirty;
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toValues(company));
  }, [company, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    setServerError(null);
    try {
      const saved = await update.mutateAsync(body);
      // What the server kept (normalised) is the new clean state.
      form.reset(toValues(saved));
      toast({ type: 'success', title: t('company.saved') });
    } catch (error) {
      setServerError(errorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <UnsavedChangesGuard when={dirty} />
      <FormErrors messages={errors} />
      <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('company.title')}</legend>
        {TEXT_FIELDS.map((field) => (
          <div key={field} className={field === 'company_address' ? 'sm:col-span-2' : undefined}>
            <Label htmlFor={`${id}-${field}`}>{t(`company.fields.${field}`)}</Label>
            <Input
              id={`${id}-${field}`}
              type={INPUT_TYPES[field] ?? 'text'}
              {...form.register(field)}
              data-testid={`company-${field}`}
            />
          </div>
        ))}
        <div className="space-y-2 sm:col-span-2">
          <p className="text-sm font-medium">{t('company.fields.bank_accounts')}</p>
          {banks.fields.map((bank, i) => (
            <div key={bank.id} className="flex flex-wrap items-end gap-2">
              <div className="min-w-48 flex-1">
                <Label htmlFor={`${id}-iban-${i}`}>{t('company.iban')}</Label>
                <Input id={`${id}-iban-${i}`} {...form.register(`bank_accounts.${i}.iban`)} />
              </div>
              <div className="min-w-40 flex-1">
                <Label htmlFor={`${id}-bank-${i}`}>{t('company.bankName')}</Label>
                <Input id={`${id}-bank-${i}`} {...form.register(`bank_accounts.${i}.bank_name`)} />
              </div>
              {editable && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('company.removeBank')}
                  onClick={() => banks.remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </div>
          ))}
          {editable && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => banks.append({ iban: '', bank_name: '' })}
            >
              <Plus className="size-4" aria-hidden />
              {t('company.addBank')}
            </Button>
          )}
        </div>
      </fieldset>
      {editable && (
        <div className="flex items-center justify-end gap-2">
          <SaveState status={saveStatus({ saving: update.isPending, dirty })} className="mr-auto" />
          {dirty && (
            <Button
              type="button"
              variant="ghost"
              data-testid="company-discard"
              onClick={() => {
                form.reset(toValues(company));
                setServerError(null);
              }}
            >
              {t('common:actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={update.isPending} data-testid="company-save">
            {update.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
