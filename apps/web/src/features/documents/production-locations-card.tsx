import { type ProductionLocationsView, productionLocationsSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormFooter } from '../../components/editing/save-state.tsx';
import { SettingsCard } from '../../components/editing/settings-card.tsx';
import { useSettingsForm } from '../../components/editing/settings-form.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  errorText,
  getProductionLocations,
  putProductionLocations,
  useDocumentMutation,
  useLocations,
} from './documents-api.ts';
import { Field, SELECT } from './parts.tsx';

const FIELDS = ['source_location_id', 'output_location_id'] as const;

export function useProductionLocations(enabled = true) {
  return useQuery({
    queryKey: ['documents', 'production-locations'],
    queryFn: ({ signal }) => getProductionLocations(signal),
    enabled,
  });
}

/** The two pickers; '' is "not set" (null in the request). */
type Values = Record<(typeof FIELDS)[number], string>;
const settable = (v: ProductionLocationsView): Values => ({
  source_location_id: v.source_location_id ?? '',
  output_location_id: v.output_location_id ?? '',
});
const locationsFormSchema = formSchema(
  (v: Values) => ({
    source_location_id: v.source_location_id || null,
    output_location_id: v.output_location_id || null,
  }),
  productionLocationsSchema,
);

/**
 * The settings page's card for the company's default production locations: where a work order
 * takes its materials from and where its products go. A work order converted from a quote, or
 * created without locations, gets them; "not set" means the first active storage location.
 * Everyone reads them; owners and admins (company.manage) change them.
 */
export function ProductionLocationsCard() {
  const { t } = useTranslation('documents');
  const settings = useProductionLocations();
  return (
    <SettingsCard
      testId="production-locations"
      title={t('productionLocations.title')}
      description={t('productionLocations.description')}
      settings={settings}
      loading={t('list.loading')}
      loadError={t('list.loadError')}
    >
      {(data) => <LocationsForm initial={data} />}
    </SettingsCard>
  );
}

function LocationsForm({ initial }: { initial: ProductionLocationsView }) {
  const { t } = useTranslation('documents');
  const canManage = usePermission('company.manage');
  const locations = useLocations();
  const settings = useSettingsForm(locationsFormSchema, settable(initial), (e) => errorText(t, e));
  const { form, dirty, errorOf } = settings;
  const values = form.watch();
  const saved = form.formState.defaultValues ?? {};
  // What a new work order gets for a side left unset (the server's fallback), as last read.
  const [effective, setEffective] = useState(initial);
  const nameOf = (id: string | null) => {
    const l = locations.data?.find((x) => x.id === id);
    return l ? `${l.code} · ${l.name}` : t('productionLocations.none');
  };
  const save = useDocumentMutation(putProductionLocations);
  const submit = settings.submit(async (body) => {
    const next = await save.mutateAsync(body);
    setEffective(next);
    return settable(next);
  });
  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={dirty} />
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Field key={field} label={t(`productionLocations.${field}`)} htmlFor={`production-${field}`}>
            <select
              id={`production-${field}`}
              className={SELECT}
              disabled={!canManage}
              aria-invalid={errorOf(field) ? true : undefined}
              aria-describedby={errorOf(field) ? `production-${field}-error` : undefined}
              {...form.register(field)}
              // The locations arrive after the field: the select follows the form's value.
              value={values[field]}
            >
              <option value="">{t('productionLocations.notSet')}</option>
              {(locations.data ?? [])
                // Only active locations can be chosen; the one already set stays visible.
                .filter((l) => (l as { active?: boolean }).active !== false || l.id === values[field])
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {`${l.code} · ${l.name}`}
                  </option>
                ))}
            </select>
            {values[field] === '' && saved[field] === '' ? (
              <p className="text-sm text-muted" data-testid={`production-${field}-effective`}>
                {t('productionLocations.effective', { location: nameOf(effective[`effective_${field}`]) })}
              </p>
            ) : null}
            {errorOf(field) && (
              <p id={`production-${field}-error`} role="alert" className="text-sm text-danger">
                {errorOf(field)}
              </p>
            )}
          </Field>
        ))}
      </div>
      <p className="text-sm text-muted">{t('productionLocations.fallback')}</p>
      <SettingsFormFooter
        form={settings}
        saving={save.isPending}
        saveLabel={t('form.save')}
        canManage={canManage}
      />
    </form>
  );
}
