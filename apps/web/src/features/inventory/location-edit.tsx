import { LOCATION_TYPES, type LocationType, locationUpdateSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  errorText,
  type Location,
  updateLocation,
  useInventoryMutation,
  useLocations,
} from './inventory-api.ts';
import { Field, LocationSelect, selectClasses } from './parts.tsx';

/** A location's form values as typed (the new-location form and the edit share them). */
export type LocationValues = {
  code: string;
  name: string;
  type: LocationType;
  parent_id: string;
  active: boolean;
};
/** No parent chosen ('') moves the location to the top level (null). */
const editSchema = formSchema(
  (v: LocationValues) => ({ ...v, parent_id: v.parent_id || null }),
  locationUpdateSchema,
);
const LABELS: Record<string, string> = {
  code: 'locations.code',
  name: 'locations.name',
  type: 'locations.type',
  parent_id: 'locations.parent',
  active: 'locations.active',
};

/**
 * A location's own fields on its page: rename it, change its type, move it under another location
 * or deactivate it (the server refuses a location that still holds stock, or a move into itself).
 */
export function LocationEdit({ location }: { location: Location }) {
  const { t } = useTranslation('inventory');
  const { data: locations = [] } = useLocations();
  const values: LocationValues = {
    code: location.code,
    name: location.name,
    type: location.type as LocationType,
    parent_id: location.parent_id ?? '',
    active: location.active,
  };
  const form = useZodForm<typeof editSchema, LocationValues>(editSchema, { values });
  const dirty = form.formState.isDirty;
  const save = useInventoryMutation(updateLocation);
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (LABELS[path] ? t(LABELS[path]) : ''),
    server: [save.error ? errorText(t, save.error) : null],
  });
  const submit = form.handleSubmit((body) => save.mutate({ id: location.id, body }));
  // Its own place in the tree is not a parent it can take (the server refuses the rest of a cycle).
  const parents = locations.filter((l) => l.id !== location.id);
  return (
    <form
      onSubmit={submit}
      className="max-w-xl space-y-3"
      aria-labelledby="edit-location"
      data-testid="location-edit"
      noValidate
    >
      <UnsavedChangesGuard when={dirty} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="edit-location" className="font-semibold">
          {t('locations.edit')}
        </h3>
        <SaveState status={saveStatus({ saving: save.isPending, dirty })} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <LocationFields form={form} parents={parents} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('active')} />
        {t('locations.active')}
      </label>
      <FormErrors messages={messages} />
      <Button type="submit" loading={save.isPending} disabled={!dirty}>
        {t('locations.save')}
      </Button>
    </form>
  );
}

/** Code, name, type and parent of a location: the fields of the new-location form and of the edit. */
export function LocationFields<Out>({
  form,
  parents,
}: {
  form: UseFormReturn<LocationValues, unknown, Out>;
  parents: Location[];
}) {
  const { t } = useTranslation('inventory');
  return (
    <>
      <Field label={t('locations.code')}>{(id) => <Input id={id} {...form.register('code')} />}</Field>
      <Field label={t('locations.name')}>{(id) => <Input id={id} {...form.register('name')} />}</Field>
      <Field label={t('locations.type')}>
        {(id) => (
          <select id={id} className={selectClasses} {...form.register('type')}>
            {LOCATION_TYPES.map((lt) => (
              <option key={lt} value={lt}>
                {t(`locationTypes.${lt}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('locations.parent')}>
        {(id) => (
          <Controller
            control={form.control}
            name="parent_id"
            render={({ field }) => (
              <LocationSelect id={id} locations={parents} value={field.value} onChange={field.onChange} />
            )}
          />
        )}
      </Field>
    </>
  );
}
