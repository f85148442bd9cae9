import type { TenantUpdate } from '@erp/domain/tenants/tenant.schemas';
import { tenantUpdateSchema } from '@erp/domain/tenants/tenant.schemas';
import { ImageUp, Plus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFieldMessage, useZodForm } from '../../components/editing/zod-form.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { OperatorCard } from '../einvoice/einvoice-cards.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { useTenant, useUpdateTenant, useUploadLogo } from '../tenant/tenant-api.ts';
import {
  AUTOCOMPLETE,
  COMPANY_FIELDS,
  INPUT_TYPES,
  PERSONAL_FIELDS,
  type ProfileFormValues,
  type TextField,
  toFormValues,
} from './profile-form.ts';

const MAX_LOGO_BYTES = 2 * 1024 * 1024;
type Form = UseFormReturn<ProfileFormValues, unknown, TenantUpdate>;

function TextInput({ form, field }: { form: Form; field: TextField }) {
  const { t } = useTranslation('app');
  const errorOf = useFieldMessage(form.formState.errors);
  const id = useId();
  const error = errorOf(field);
  return (
    <div>
      <Label htmlFor={id}>{t(`profile.fields.${field}`)}</Label>
      <Input
        id={id}
        type={INPUT_TYPES[field] ?? 'text'}
        autoComplete={AUTOCOMPLETE[field] ?? 'off'}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`profile-${field}`}
        {...form.register(field)}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function BankAccounts({ form }: { form: Form }) {
  const { t } = useTranslation('app');
  const errorOf = useFieldMessage(form.formState.errors);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'bank_accounts' });
  const baseId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.bankAccounts.title')}</CardTitle>
        <CardDescription>{t('profile.bankAccounts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {fields.length === 0 && <p className="text-sm text-muted">{t('profile.bankAccounts.empty')}</p>}
        <ul className="space-y-3" data-testid="bank-accounts">
          {fields.map((item, index) => {
            const ibanError = errorOf(`bank_accounts.${index}.iban`);
            const ibanId = `${baseId}-${index}-iban`;
            const bankId = `${baseId}-${index}-bank`;
            return (
              <li
                key={item.id}
                className="grid items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_auto]"
              >
                <div>
                  <Label htmlFor={ibanId}>{t('profile.bankAccounts.iban')}</Label>
                  <Input
                    id={ibanId}
                    className="font-mono"
                    invalid={Boolean(ibanError)}
                    aria-describedby={ibanError ? `${ibanId}-error` : undefined}
                    {...form.register(`bank_accounts.${index}.iban`)}
                  />
                  {ibanError && (
                    <p id={`${ibanId}-error`} className="mt-1 text-sm text-danger">
                      {ibanError}
                    </p>
                  )}
                </div>
                <div>
                  <Label htmlFor={bankId}>{t('profile.bankAccounts.bankName')}</Label>
                  <Input id={bankId} {...form.register(`bank_accounts.${index}.bank_name`)} />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-6"
                  aria-label={t('profile.bankAccounts.remove', { number: index + 1 })}
                  onClick={() => remove(index)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
        <Button variant="outline" size="sm" onClick={() => append({ iban: '', bank_name: '' })}>
          <Plus className="size-4" aria-hidden />
          {t('profile.bankAccounts.add')}
        </Button>
      </CardContent>
    </Card>
  );
}

function LogoCard({ logo }: { logo: string | null }) {
  const { t } = useTranslation('app');
  const { toast } = useToast();
  const upload = useUploadLogo();
  const inputId = useId();
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      toast({
        type: 'error',
        title: t('common:errors.PAYLOAD_TOO_LARGE'),
        description: t('profile.logo.hint'),
      });
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast({ type: 'success', title: t('profile.logo.uploaded') });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      toast({
        type: 'error',
        title: t(`common:errors.${code}`, { defaultValue: t('common:errors.UNKNOWN') }),
      });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.logo.title')}</CardTitle>
        <CardDescription>{t('profile.logo.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <div className="flex size-24 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface-2">
          {logo ? (
            <img
              src={logo}
              alt={t('profile.logo.alt')}
              className="size-full object-contain"
              data-testid="profile-logo"
            />
          ) : (
            <ImageUp className="size-8 text-muted" aria-hidden />
          )}
        </div>
        <div>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="peer sr-only"
            data-testid="logo-input"
            onChange={onFile}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-border bg-surface px-4 text-sm font-medium hover:bg-surface-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
          >
            <ImageUp className="size-4" aria-hidden />
            {upload.isPending ? t('profile.logo.uploading') : t('profile.logo.choose')}
          </label>
        </div>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('app');
  const { toast } = useToast();
  const tenant = useTenant();
  const update = useUpdateTenant();
  const form = useZodForm<typeof tenantUpdateSchema, ProfileFormValues>(tenantUpdateSchema, {
    defaultValues: toFormValues(undefined),
  });
  const loaded = useRef(false);

  useEffect(() => {
    // Fill the form once; later cache updates (e.g. a new logo) must not wipe unsaved edits.
    if (tenant.data && !loaded.current) {
      loaded.current = true;
      form.reset(toFormValues(tenant.data));
    }
  }, [tenant.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toFormValues(saved));
      toast({ type: 'success', title: t('profile.saved') });
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        for (const d of error.details) form.setError(d.field as TextField, { message: d.key });
      }
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      toast({
        type: 'error',
        title: t('profile.saveFailed'),
        description: t(`common:errors.${code}`, { defaultValue: t('common:errors.UNKNOWN') }),
      });
    }
  });

  if (tenant.isPending) return <PageLoading />;
  const status = tenant.data?.account_status ?? 'active';

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <form className="space-y-6" onSubmit={onSubmit} noValidate>
        <UnsavedChangesGuard when={form.formState.isDirty} />
        <PageHeader
          title={t('profile.title')}
          description={t('profile.description')}
          actions={
            <span
              className="rounded-full bg-success-soft px-3 py-1 text-xs font-medium text-success"
              data-testid="account-status"
            >
              {t('profile.accountStatus', { status: t(`profile.status.${status}`) })}
            </span>
          }
        />
        <Card>
          <CardHeader>
            <CardTitle>{t('profile.personal')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {PERSONAL_FIELDS.map((f) => (
              <TextInput key={f} form={form} field={f} />
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('profile.company')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {COMPANY_FIELDS.map((f) => (
              <TextInput key={f} form={form} field={f} />
            ))}
          </CardContent>
        </Card>
        <LogoCard logo={tenant.data?.company_logo ?? null} />
        <BankAccounts form={form} />
        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-background/95 py-4 backdrop-blur">
          <Button
            variant="outline"
            disabled={!form.formState.isDirty || update.isPending}
            onClick={() => form.reset(toFormValues(tenant.data))}
          >
            {t('profile.discard')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="profile-save">
            {update.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </div>
      </form>
      {/* A form of its own (the operator is the user's, saved on its own endpoint). */}
      <OperatorCard />
    </div>
  );
}
