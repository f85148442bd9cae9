import { partnerInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { AlertTriangle, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFieldMessage, useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { formatNumberInput, numberInputToApi } from '../../lib/format.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { apiErrorMessages, Field, fieldErrors, selectClasses } from './partner-ui.tsx';
import {
  type Address,
  type Contact,
  PATH,
  type PartnerDetail,
  type PartnerRole,
  savePartner,
  useDuplicates,
  usePartner,
  usePartnerMutation,
} from './partners-api.ts';

type FormState = {
  kind: 'company' | 'person';
  name: string;
  oib: string;
  vat_id: string;
  einvoice_address: string;
  email: string;
  phone: string;
  payment_terms_days: string;
  default_discount: string;
  lead_time_days: string;
  notes: string;
  active: boolean;
  billing: Address;
  delivery: Address;
  contacts: Contact[];
};

const emptyAddress = (): Address => ({ street: '', postal_code: '', city: '', country: 'HR' });
export const EMPTY_PARTNER_FORM: FormState = {
  kind: 'company',
  name: '',
  oib: '',
  vat_id: '',
  einvoice_address: '',
  email: '',
  phone: '',
  payment_terms_days: '15',
  default_discount: '0',
  lead_time_days: '',
  notes: '',
  active: true,
  billing: emptyAddress(),
  delivery: emptyAddress(),
  contacts: [],
};

function fromPartner(p: PartnerDetail): FormState {
  return {
    kind: p.kind,
    name: p.name,
    oib: p.oib ?? '',
    vat_id: p.vat_id ?? '',
    einvoice_address: p.einvoice_address ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    payment_terms_days: String(p.payment_terms_days),
    default_discount: formatNumberInput(p.default_discount),
    lead_time_days: p.lead_time_days === null ? '' : String(p.lead_time_days),
    notes: p.notes ?? '',
    active: p.active,
    billing: p.billing_address ?? emptyAddress(),
    delivery: p.delivery_address ?? emptyAddress(),
    contacts: p.contacts,
  };
}

const hasAddress = (a: Address) => !!(a.street || a.postal_code || a.city);

function toBody(f: FormState, role: PartnerRole) {
  return {
    kind: f.kind,
    name: f.name,
    oib: f.oib,
    vat_id: f.vat_id,
    einvoice_address: f.einvoice_address,
    email: f.email,
    phone: f.phone,
    payment_terms_days: f.payment_terms_days,
    default_discount: numberInputToApi(f.default_discount),
    notes: f.notes,
    active: f.active,
    billing_address: hasAddress(f.billing) ? f.billing : null,
    delivery_address: hasAddress(f.delivery) ? f.delivery : null,
    contacts: f.contacts,
    lead_time_days: role === 'supplier' && f.lead_time_days !== '' ? f.lead_time_days : null,
  };
}

/**
 * The typed form read as the request (toBody), then the route's own schema: errors carry the
 * body's paths (`billing_address.city`, `contacts.0.email`), the same as the server's.
 */
export const partnerFormSchema = (role: PartnerRole) =>
  formSchema((values: FormState) => toBody(values, role), partnerInputSchema);

/** A value that follows `value` after it has stopped changing for `ms` (duplicate checks while typing). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

export function PartnerFormPage({ list: role }: { list: PartnerRole }) {
  const { id } = useParams();
  const { data, isLoading } = usePartner(role, id);
  if (id && (isLoading || !data)) return null;
  return <PartnerForm key={id ?? 'new'} list={role} initial={data} />;
}

function PartnerForm({ list: role, initial }: { list: PartnerRole; initial?: PartnerDetail }) {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const form = useZodForm<ReturnType<typeof partnerFormSchema>, FormState>(partnerFormSchema(role), {
    defaultValues: initial ? fromPartner(initial) : EMPTY_PARTNER_FORM,
  });
  const contacts = useFieldArray({ control: form.control, name: 'contacts' });
  const dirty = form.formState.isDirty;
  const settledName = useSettled(form.watch('name'));
  const settledOib = useSettled(form.watch('oib'));
  const { data: duplicates = [] } = useDuplicates(role, {
    name: settledName,
    oib: settledOib,
    excludeId: initial?.id,
  });
  const save = usePartnerMutation(role, (body: unknown) => savePartner(role, initial?.id ?? null, body));

  const clientError = useFieldMessage(form.formState.errors);
  const serverErrors = fieldErrors(save.error);
  const errorOf = (field: string) =>
    clientError(field) ?? (serverErrors[field] ? t(`common:${serverErrors[field]}`) : undefined);
  const label = (field: string) => {
    const m = /^contacts\.(\d+)\.(\w+)$/.exec(field);
    if (m) return t('form.contactField', { n: Number(m[1]) + 1, field: t(`fields.${m[2]}`) });
    const a = /^(billing|delivery)_address\.(\w+)$/.exec(field);
    if (a) return `${t(`fields.${a[1]}Address`)} – ${t(`fields.${a[2]}`)}`;
    return t(`fields.${field}`, { defaultValue: '' });
  };
  const clientFailed = Object.keys(form.formState.errors).length > 0;
  const allMessages = useFormMessages(form.formState.errors, {
    label,
    server: clientFailed ? [] : apiErrorMessages(save.error, t, label),
  });

  const submit = form.handleSubmit((body) => {
    save.mutate(body, { onSuccess: (p) => navigate(`${PATH[role]}/${p.id}`, afterSave()) });
  });

  const input = (
    field:
      | 'name'
      | 'oib'
      | 'vat_id'
      | 'einvoice_address'
      | 'email'
      | 'phone'
      | 'payment_terms_days'
      | 'default_discount'
      | 'lead_time_days',
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Input
      id={`f-${field}`}
      invalid={!!errorOf(field)}
      aria-describedby={errorOf(field) ? `f-${field}-error` : undefined}
      {...form.register(field)}
      {...extra}
    />
  );
  const addressFields = (which: 'billing' | 'delivery') => (
    <fieldset className="grid gap-3 sm:grid-cols-4">
      <legend className="mb-2 text-sm font-semibold">{t(`fields.${which}Address`)}</legend>
      {(['street', 'postal_code', 'city', 'country'] as const).map((k) => (
        <Field
          key={k}
          id={`f-${which}-${k}`}
          label={t(`fields.${k}`)}
          className={k === 'street' ? 'sm:col-span-2' : ''}
          error={errorOf(`${which}_address.${k}`)}
        >
          <Input id={`f-${which}-${k}`} {...form.register(`${which}.${k}`)} />
        </Field>
      ))}
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={initial ? t('form.editTitle', { name: initial.name }) : t(`${role}.new`)}
        actions={
          <SaveState
            status={saveStatus({
              saving: save.isPending,
              dirty: dirty && !save.isSuccess,
              isNew: !initial && !save.isSuccess,
            })}
          />
        }
      />
      <UnsavedChangesGuard when={dirty && !save.isSuccess} />
      <FormErrors messages={allMessages} className="mb-4" />
      {duplicates.length > 0 && (
        <div
          role="status"
          className="mb-4 rounded-md border border-warning/50 bg-warning-soft p-3 text-sm"
          data-testid="duplicate-warning"
        >
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4" aria-hidden />
            {t('form.duplicatesTitle')}
          </p>
          <ul className="mt-1 list-disc pl-6">
            {duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`${PATH[role]}/${d.id}`} className="text-primary underline" target="_blank">
                  {d.name}
                </Link>{' '}
                {d.reason === 'oib' ? t('form.sameOib', { oib: d.oib }) : t('form.similarName')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="grid gap-3 sm:grid-cols-4">
            <Field id="f-kind" label={t('fields.kind')}>
              <select id="f-kind" className={`${selectClasses} w-full`} {...form.register('kind')}>
                <option value="company">{t('kind.company')}</option>
                <option value="person">{t('kind.person')}</option>
              </select>
            </Field>
            <Field id="f-name" label={t('fields.name')} error={errorOf('name')} className="sm:col-span-3">
              {input('name', { required: true, autoFocus: true })}
            </Field>
            <Field id="f-oib" label={t('fields.oib')} error={errorOf('oib')}>
              {input('oib', { inputMode: 'numeric', maxLength: 11 })}
            </Field>
            <Field id="f-vat_id" label={t('fields.vat_id')} error={errorOf('vat_id')}>
              {input('vat_id')}
            </Field>
            <Field
              id="f-einvoice_address"
              label={t('fields.einvoice_address')}
              error={errorOf('einvoice_address')}
            >
              {input('einvoice_address', { placeholder: t('fields.einvoice_address_hint') })}
            </Field>
            <Field id="f-email" label={t('fields.email')} error={errorOf('email')}>
              {input('email', { type: 'email' })}
            </Field>
            <Field id="f-phone" label={t('fields.phone')} error={errorOf('phone')}>
              {input('phone', { type: 'tel' })}
            </Field>
            <Field
              id="f-payment_terms_days"
              label={t('fields.paymentTermsDays')}
              error={errorOf('payment_terms_days')}
            >
              {input('payment_terms_days', { inputMode: 'numeric' })}
            </Field>
            <Field
              id="f-default_discount"
              label={t('fields.defaultDiscount')}
              error={errorOf('default_discount')}
            >
              {input('default_discount', { inputMode: 'decimal' })}
            </Field>
            {role === 'supplier' && (
              <Field id="f-lead_time_days" label={t('fields.leadTimeDays')} error={errorOf('lead_time_days')}>
                {input('lead_time_days', { inputMode: 'numeric' })}
              </Field>
            )}
            <div className="flex items-end gap-2 pb-2">
              <input id="f-active" type="checkbox" className="size-5" {...form.register('active')} />
              <label htmlFor="f-active" className="text-sm">
                {t('fields.active')}
              </label>
            </div>
          </div>
          {addressFields('billing')}
          {addressFields('delivery')}
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">{t('tabs.contacts')}</legend>
            {contacts.fields.map((c, i) => (
              <div key={c.id} className="mb-2 grid items-end gap-2 sm:grid-cols-[2fr_1.5fr_2fr_1.5fr_auto]">
                {(['name', 'position', 'email', 'phone'] as const).map((k) => (
                  <Field
                    key={k}
                    id={`f-c${i}-${k}`}
                    label={t(`fields.${k}`)}
                    error={errorOf(`contacts.${i}.${k}`)}
                  >
                    <Input id={`f-c${i}-${k}`} {...form.register(`contacts.${i}.${k}`)} />
                  </Field>
                ))}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('form.removeContact', { n: i + 1 })}
                  onClick={() => contacts.remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => contacts.append({ name: '', position: '', email: '', phone: '' })}
            >
              <Plus className="size-4" aria-hidden />
              {t('form.addContact')}
            </Button>
          </fieldset>
          <Field id="f-notes" label={t('fields.notes')} error={errorOf('notes')}>
            <Textarea id="f-notes" {...form.register('notes')} />
          </Field>
        </CardContent>
      </Card>
      <div className="mt-4 flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
        </Button>
        <Link
          to={initial ? `${PATH[role]}/${initial.id}` : PATH[role]}
          className={buttonClasses('outline')}
          data-discard
        >
          {t('common:actions.cancel')}
        </Link>
      </div>
    </form>
  );
}
