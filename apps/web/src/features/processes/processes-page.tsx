import type { ProcessInput } from '@erp/domain';
import { PROCESS_CATEGORIES, processInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { formatCurrency, formatNumber, formatNumberInput, numberInputToApi } from '../../lib/format.ts';
import { errorMessages } from '../products/error-messages.ts';
import { MasterListHeader, useListSearch } from '../products/master-list-header.tsx';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { IfAllowed, usePermission } from '../team/use-permission.tsx';
import {
  fetchProcesses,
  PROCESS_PAGE_SIZE,
  type ProcessListParams,
  useDeleteProcess,
  useProcess,
  useProcesses,
  useSaveProcess,
} from './processes-api.ts';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const PROCESSES_LIST = defineList({
  key: 'processes',
  columns: [
    'code',
    'name',
    'category',
    'work_centre',
    'cost_per_hour',
    'setup_minutes',
    'minutes_per_unit',
    'daily_capacity',
    'quality_check',
  ],
  fixed: ['code'],
  bulk: true,
  sort: 'code',
  pageSize: PROCESS_PAGE_SIZE,
});

export function ProcessesPage() {
  return (
    <Routes>
      <Route index element={<ProcessList />} />
      <Route
        path="new"
        element={
          <IfAllowed permission="production.write">
            <ProcessForm />
          </IfAllowed>
        }
      />
      <Route path=":id" element={<ProcessForm />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

const SORTS = ['code', 'name', 'workCentre', 'costPerHour'] as const;
const ACTIVE = ['all', 'active', 'inactive'] as const;

function ProcessList() {
  const { t } = useTranslation('production');
  const canWrite = usePermission('production.write');
  const list = useList(PROCESSES_LIST);
  const params: ProcessListParams = {
    q: list.get('q') ?? '',
    active: ACTIVE.find((a) => a === list.get('active')) ?? 'all',
    sort: SORTS.find((s) => s === list.sort) ?? 'code',
    dir: list.dir,
    page: list.page,
  };
  const search = useListSearch(list);
  const processes = useProcesses(params);
  const total = processes.data?.total ?? 0;
  const rows = processes.data?.items ?? [];
  const yesNo = (b: boolean) => (b ? t('common.yes') : t('common.no'));
  const RIGHT = 'text-right tabular-nums';
  // Issue 12: hideable columns (the code is the link), the selection and its CSV export.
  const columns: ColumnDefs<typeof PROCESSES_LIST, (typeof rows)[number]> = {
    code: {
      label: t('fields.code'),
      sortBy: 'code',
      cell: (p) => (
        <Link to={`/processes/${p.id}`} className="font-mono text-primary underline-offset-2 hover:underline">
          {p.code}
        </Link>
      ),
      text: (p) => p.code,
    },
    name: {
      label: t('fields.name'),
      sortBy: 'name',
      cell: (p) => (
        <>
          {p.name}
          {!p.active && (
            <span className="ml-2 rounded bg-surface-muted px-1.5 text-xs text-muted">
              {t('processes.inactive')}
            </span>
          )}
        </>
      ),
      text: (p) => p.name,
    },
    category: {
      label: t('fields.category'),
      cell: (p) => t(`categories.${p.category}`),
      text: (p) => t(`categories.${p.category}`),
    },
    work_centre: {
      label: t('fields.workCentre'),
      sortBy: 'workCentre',
      cell: (p) => p.workCentre,
      text: (p) => p.workCentre ?? '',
    },
    cost_per_hour: {
      label: t('fields.costPerHour'),
      sortBy: 'costPerHour',
      className: 'tabular-nums',
      cell: (p) => formatCurrency(p.costPerHour),
      text: (p) => String(p.costPerHour),
    },
    setup_minutes: {
      label: t('fields.setupMinutes'),
      className: RIGHT,
      cell: (p) => formatNumber(p.setupMinutes),
      text: (p) => String(p.setupMinutes),
    },
    minutes_per_unit: {
      label: t('fields.minutesPerUnit'),
      className: RIGHT,
      cell: (p) => formatNumber(p.minutesPerUnit),
      text: (p) => String(p.minutesPerUnit),
    },
    daily_capacity: {
      label: t('fields.dailyCapacityHours'),
      className: RIGHT,
      cell: (p) => formatNumber(p.dailyCapacityHours),
      text: (p) => String(p.dailyCapacityHours),
    },
    quality_check: {
      label: t('fields.qualityCheckRequired'),
      cell: (p) => yesNo(p.qualityCheckRequired),
      text: (p) => yesNo(p.qualityCheckRequired),
    },
  };

  return (
    <div>
      <MasterListHeader
        title={t('processes.title')}
        description={t('processes.description')}
        newLink={canWrite && { to: '/processes/new', label: t('processes.new') }}
        searchId="process-search"
        search={search}
        total={total}
      >
        <div>
          <Label htmlFor="process-active">{t('processes.filterActive')}</Label>
          <select
            id="process-active"
            className="h-10 rounded-md border border-input bg-surface px-2 text-sm"
            value={params.active}
            onChange={(e) => list.set('active', e.target.value === 'all' ? null : e.target.value)}
          >
            <option value="all">{t('processes.activeAll')}</option>
            <option value="active">{t('processes.activeOnly')}</option>
            <option value="inactive">{t('processes.inactiveOnly')}</option>
          </select>
        </div>
      </MasterListHeader>
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={total}
        loading={!processes.data}
        empty={t('processes.empty')}
        rowLabel={(p) => p.code}
        fetchPage={(page, size) =>
          fetchProcesses({ ...params, page }, size).then((r) => ({ rows: r.items, total: r.total }))
        }
      />
    </div>
  );
}

const EMPTY: ProcessInput = {
  code: '',
  name: '',
  workCentre: '',
  costPerHour: '0',
  setupMinutes: '0',
  minutesPerUnit: '0',
  dailyCapacityHours: '8',
  qualityCheckRequired: false,
  active: true,
  category: 'other',
};

/**
 * A saved process as the form shows it: its numbers in the language's format (a Croatian input
 * reads "1.125" minutes as 1 125).
 */
export function processFormValues(p: ProcessInput, lng?: string): ProcessInput {
  return {
    ...p,
    costPerHour: formatNumberInput(p.costPerHour, lng),
    setupMinutes: formatNumberInput(p.setupMinutes, lng),
    minutesPerUnit: formatNumberInput(p.minutesPerUnit, lng),
    dailyCapacityHours: formatNumberInput(p.dailyCapacityHours, lng),
  };
}

/** Accepts "12,5" as typed by Croatian users and sends "12.5"; then the route's schema. */
const decimalInput = (s: string) => numberInputToApi(s);
export const processFormSchema = formSchema(
  (form: ProcessInput) => ({
    ...form,
    costPerHour: decimalInput(form.costPerHour),
    setupMinutes: decimalInput(form.setupMinutes),
    minutesPerUnit: decimalInput(form.minutesPerUnit),
    dailyCapacityHours: decimalInput(form.dailyCapacityHours),
  }),
  processInputSchema,
);

function ProcessForm() {
  const { t } = useTranslation('production');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const { id } = useParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const existing = useProcess(id);
  const save = useSaveProcess();
  const remove = useDeleteProcess();
  const canWrite = usePermission('production.write');
  const form = useZodForm<typeof processFormSchema, ProcessInput>(processFormSchema, {
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (existing.data) form.reset(processFormValues(existing.data));
  }, [existing.data, form]);

  // Unsaved = differs from the process as loaded (a new one: from the empty form).
  const dirty = form.formState.isDirty;
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => t(`fields.${path.split('.')[0]}`),
    server: errorMessages(save.error ?? remove.error, t),
  });

  const submit = form.handleSubmit(async (input) => {
    const saved = await save.mutateAsync({ id, input }).catch(() => null);
    if (!saved) return;
    toast({ type: 'success', title: t('saved') });
    navigate('/processes', afterSave());
  });

  const numberField = (key: 'costPerHour' | 'setupMinutes' | 'minutesPerUnit' | 'dailyCapacityHours') => (
    <div>
      <Label htmlFor={`process-${key}`}>{t(`fields.${key}`)}</Label>
      <Input id={`process-${key}`} inputMode="decimal" {...form.register(key)} required />
    </div>
  );

  return (
    <div className="max-w-3xl">
      {confirmElement}
      <PageHeader
        title={id ? t('processes.edit', { code: existing.data?.code ?? '' }) : t('processes.new')}
        actions={
          <SaveState status={saveStatus({ saving: save.isPending, dirty: dirty && !save.isSuccess })} />
        }
      />
      <UnsavedChangesGuard when={dirty && !save.isSuccess} />
      <Card className="p-5">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <div>
            <Label htmlFor="process-code">{t('fields.code')}</Label>
            <Input id="process-code" {...form.register('code')} required maxLength={30} />
          </div>
          <div>
            <Label htmlFor="process-name">{t('fields.name')}</Label>
            <Input id="process-name" {...form.register('name')} required maxLength={120} />
          </div>
          <div>
            <Label htmlFor="process-workCentre">{t('fields.workCentre')}</Label>
            <Input id="process-workCentre" {...form.register('workCentre')} />
          </div>
          <div>
            <Label htmlFor="process-category">{t('fields.category')}</Label>
            <select
              id="process-category"
              className="h-10 w-full rounded-md border border-input bg-surface px-2 text-sm"
              {...form.register('category')}
              aria-describedby="process-category-hint"
            >
              {PROCESS_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
            <p id="process-category-hint" className="mt-1 text-xs text-muted">
              {t('processes.categoryHint')}
            </p>
          </div>
          {numberField('costPerHour')}
          {numberField('dailyCapacityHours')}
          {numberField('setupMinutes')}
          {numberField('minutesPerUnit')}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register('qualityCheckRequired')} />
            {t('fields.qualityCheckRequired')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register('active')} />
            {t('fields.active')}
          </label>
          <FormErrors className="sm:col-span-2" messages={messages} />
          <div className="flex gap-2 sm:col-span-2">
            {canWrite && (
              <Button type="submit" loading={save.isPending}>
                {t('actions.save')}
              </Button>
            )}
            <Link to="/processes" className={buttonClasses('outline')} data-discard>
              {t('actions.cancel')}
            </Link>
            {id && canWrite && (
              <Button
                variant="danger"
                className="ml-auto"
                onClick={async () => {
                  const yes = await confirm({
                    title: t('processes.confirmDelete', { code: form.getValues('code') }),
                    text: tg('confirm.irreversible'),
                    confirm: t('actions.delete'),
                  });
                  if (!yes) return;
                  const ok = await remove.mutateAsync(id).then(
                    () => true,
                    () => false,
                  );
                  if (ok) navigate('/processes', afterSave());
                }}
              >
                {t('actions.delete')}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
