import { locationInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  createLocation,
  errorText,
  type Location,
  useInventoryMutation,
  useLocations,
} from './inventory-api.ts';
import { LocationFields, type LocationValues } from './location-edit.tsx';
import { INVENTORY_TABLE, Money, NUM } from './parts.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const LOCATIONS_LIST = defineList({
  key: 'locations',
  columns: ['code', 'name', 'type', 'items', 'value'],
  fixed: ['code'],
  bulk: true,
});

/**
 * Locations as a tree (warehouse → places within it) with stock and value at average cost; a
 * location's figures include the places under it.
 */
export function LocationsPage() {
  const { t } = useTranslation('inventory');
  const canWrite = usePermission('inventory.write');
  const { data: locations = [] } = useLocations();
  const children = new Map<string | null, Location[]>();
  for (const l of locations) children.set(l.parent_id, [...(children.get(l.parent_id) ?? []), l]);
  const rows: { loc: Location; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const l of children.get(parent) ?? []) {
      rows.push({ loc: l, depth });
      if (depth < 10) walk(l.id, depth + 1);
    }
  };
  walk(null, 0);
  // Issue 12: hideable columns (the code is the link); the whole tree is loaded, so the selection
  // (and its CSV export) covers what is shown.
  const columns: ColumnDefs<typeof LOCATIONS_LIST, { id: string; loc: Location; depth: number }> = {
    code: {
      label: t('locations.code'),
      cell: ({ loc, depth }) => (
        <Link
          className="font-medium text-primary hover:underline"
          style={{ marginLeft: `${depth * 1.25}rem` }}
          to={`/inventory/locations/${loc.id}`}
        >
          {loc.code}
        </Link>
      ),
      text: ({ loc }) => loc.code,
    },
    name: {
      label: t('locations.name'),
      cell: ({ loc }) => (
        <>
          {loc.name}
          {!loc.active && <span className="text-muted"> · {t('locations.inactive')}</span>}
        </>
      ),
      text: ({ loc }) => loc.name,
    },
    type: {
      label: t('locations.type'),
      cell: ({ loc }) => t(`locationTypes.${loc.type}`),
      text: ({ loc }) => t(`locationTypes.${loc.type}`),
    },
    items: {
      label: t('locations.items'),
      className: NUM,
      cell: ({ loc }) => loc.total_item_count,
      text: ({ loc }) => String(loc.total_item_count),
    },
    value: {
      label: t('items.value'),
      className: NUM,
      cell: ({ loc }) => <Money value={loc.total_value} />,
      text: ({ loc }) => loc.total_value,
    },
  };
  const listed = rows.map((r) => ({ id: r.loc.id, ...r }));
  const list = useList(LOCATIONS_LIST);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-2">
        <DataTable
          list={list}
          columns={columns}
          rows={listed}
          total={listed.length}
          rowLabel={(r) => r.loc.code}
          testId="locations"
          styles={INVENTORY_TABLE}
        />
      </div>
      {canWrite && <NewLocation locations={locations} />}
    </div>
  );
}

const EMPTY_LOCATION: LocationValues = { code: '', name: '', type: 'storage', parent_id: '', active: true };
/** No parent chosen ('') is a top-level location (null). */
const newLocationSchema = formSchema(
  (v: LocationValues) => ({ ...v, parent_id: v.parent_id || null }),
  locationInputSchema,
);
const LOCATION_LABELS: Record<string, string> = {
  code: 'locations.code',
  name: 'locations.name',
  type: 'locations.type',
  parent_id: 'locations.parent',
};

function NewLocation({ locations }: { locations: Location[] }) {
  const { t } = useTranslation('inventory');
  const form = useZodForm<typeof newLocationSchema, LocationValues>(newLocationSchema, {
    defaultValues: EMPTY_LOCATION,
  });
  // Anything typed and not yet created is an unsaved change (a new location has no draft).
  const dirty = form.formState.isDirty;
  const create = useInventoryMutation(createLocation);
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (LOCATION_LABELS[path] ? t(LOCATION_LABELS[path]) : ''),
    server: [create.error ? errorText(t, create.error) : null],
  });
  const submit = form.handleSubmit((body) => {
    create.mutate(
      { ...body, parent_id: body.parent_id ?? null },
      { onSuccess: () => form.reset(EMPTY_LOCATION) },
    );
  });
  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="new-location" noValidate>
      <UnsavedChangesGuard when={dirty} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="new-location" className="font-semibold">
          {t('locations.new')}
        </h2>
        <SaveState status={saveStatus({ saving: create.isPending, dirty })} />
      </div>
      <LocationFields form={form} parents={locations} />
      <FormErrors messages={messages} />
      <Button type="submit" loading={create.isPending}>
        {t('locations.create')}
      </Button>
    </form>
  );
}
