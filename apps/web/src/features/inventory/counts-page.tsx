import { countCreateSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { countLineAddSchema } from '@erp/domain/inventory/contracts';
import Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { useStatusChange } from '../../components/editing/status-change.ts';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { type GridColumn, LineGrid } from '../../components/line-grid/line-grid.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { cn } from '../../lib/cn.ts';
import {
  formatDateTime,
  formatNumberInput,
  formatQuantity,
  formatUnit,
  numberInputToApi,
} from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  addCountLine,
  type Count,
  type CountDetail,
  errorText,
  type Item,
  inventoryKeys,
  postWithKey,
  recountLines,
  saveCountLines,
  startCount,
  useCount,
  useCounts,
  useInventoryMutation,
  useLocations,
} from './inventory-api.ts';
import { Field, INVENTORY_TABLE, ItemPicker, LocationSelect, NUM, newKey, Qty } from './parts.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const COUNTS_LIST = defineList({
  key: 'counts',
  columns: ['when', 'location', 'status', 'lines'],
  fixed: ['when'],
  bulk: false,
});

export function CountsPage() {
  const { t, i18n } = useTranslation('inventory');
  const navigate = useNavigate();
  const { data: counts = [] } = useCounts();
  const { data: locations = [] } = useLocations();
  const canWrite = usePermission('inventory.write');
  const form = useZodForm(countCreateSchema, { defaultValues: { location_id: '' } });
  const location = form.watch('location_id');
  const create = useInventoryMutation((location_id: string) => startCount(location_id));
  const messages = useFormMessages(form.formState.errors, {
    label: () => t('counts.location'),
    server: [create.error ? errorText(t, create.error) : null],
  });
  const submit = form.handleSubmit((body) =>
    create.mutate(body.location_id, { onSuccess: (c) => navigate(`/inventory/counts/${c.id}`) }),
  );
  const list = useList(COUNTS_LIST);
  // Issue 12: saved views and hideable columns (the date is the link to the count).
  const columns: ColumnDefs<typeof COUNTS_LIST, Count> = {
    when: {
      label: t('movements.when'),
      cell: (c) => (
        <Link className="text-primary hover:underline" to={`/inventory/counts/${c.id}`}>
          {formatDateTime(c.created_at, i18n.language)}
        </Link>
      ),
    },
    location: { label: t('counts.location'), cell: (c) => c.location_code },
    status: { label: t('counts.status'), cell: (c) => t(`counts.statuses.${c.status}`) },
    lines: { label: t('counts.lines'), className: NUM, cell: (c) => c.line_count },
  };
  return (
    <div className="space-y-4">
      {canWrite && (
        <form onSubmit={submit} className="flex items-end gap-2">
          <Field label={t('counts.location')}>
            {(id) => (
              <Controller
                control={form.control}
                name="location_id"
                render={({ field }) => (
                  <LocationSelect
                    id={id}
                    locations={locations}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          </Field>
          <Button type="submit" loading={create.isPending} disabled={!location}>
            {t('counts.start')}
          </Button>
        </form>
      )}
      <FormErrors messages={messages} />
      <DataTable
        list={list}
        columns={columns}
        rows={counts}
        total={counts.length}
        rowLabel={(c) => c.location_code}
        testId="counts"
        styles={INVENTORY_TABLE}
      />
    </div>
  );
}

export function CountDetailPage() {
  const { id = '' } = useParams();
  const { data } = useCount(id);
  if (!data) return <DelayedSkeleton loading rows={6} />;
  // Keyed by the count only: the typed counts survive a post that the server refuses.
  return <CountSheet count={data} key={data.id} />;
}

type CountRow = {
  id: string;
  sku: string;
  item_name: string;
  lot_number: string | null;
  base_unit: string;
  counted: string;
  /** What the server holds: the saved count and the book quantity when it was counted. */
  saved_counted: string | null;
  book_qty: string | null;
  current_qty: string;
};

const dec = (s: string) => numberInputToApi(s);
const isDec = (s: string) => /^\d+(\.\d+)?$/.test(dec(s));
/**
 * The book quantity the difference is taken from: the one stored when the line was counted while
 * the count is unchanged, else the balance now (saving a new count takes it). The server posts
 * exactly counted − this.
 */
const bookOf = (r: CountRow): string =>
  r.book_qty !== null &&
  r.saved_counted !== null &&
  isDec(r.counted) &&
  new Decimal(dec(r.counted)).eq(r.saved_counted)
    ? r.book_qty
    : r.current_qty;
/** Counted − book with exact decimals (null while the cell is empty or not a number). */
const difference = (r: CountRow): string | null =>
  isDec(r.counted) ? new Decimal(dec(r.counted)).minus(bookOf(r)).toFixed() : null;

/** The sheet's rows; a saved count goes into its input in the language's number format. */
export const rowsOf = (count: CountDetail, lng?: string): CountRow[] =>
  count.lines.map((l) => ({
    id: l.id,
    sku: l.sku,
    item_name: l.item_name,
    lot_number: l.lot_number,
    base_unit: l.base_unit,
    counted: formatNumberInput(l.counted_qty, lng),
    saved_counted: l.counted_qty,
    book_qty: l.book_qty,
    current_qty: l.current_qty,
  }));

type SentLine = { id: string; counted_qty: string | null };

/** What saving sends: each typed count as a plain decimal, an empty cell as null. */
export const sentLines = (rows: CountRow[]): SentLine[] =>
  rows.map((r) => ({ id: r.id, counted_qty: r.counted.trim() ? dec(r.counted) : null }));

/** The count as the server will show it once posted: posted, with the counts just sent. */
export function predictPostedCount(count: CountDetail, lines: SentLine[]): CountDetail {
  const sent = new Map(lines.map((l) => [l.id, l.counted_qty]));
  return {
    ...count,
    status: 'posted',
    lines: count.lines.map((l) => (sent.has(l.id) ? { ...l, counted_qty: sent.get(l.id) ?? null } : l)),
  };
}

/** The item picked to add a line (the picker also keeps what was typed into it). */
type AddLineValues = { item: Item | null; text: string };
const addLineSchema = formSchema((v: AddLineValues) => ({ item_id: v.item?.id }), countLineAddSchema);

function CountSheet({ count }: { count: CountDetail }) {
  const { t, i18n } = useTranslation('inventory');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const [rows, setRows] = useState<CountRow[]>(() => rowsOf(count));
  const [postKey] = useState(newKey);
  const { companyId } = useCurrentCompany();
  const canWrite = usePermission('inventory.write');
  const lines = () => sentLines(rows);
  // Dirty = differs from what the server holds (the baseline moves on every successful save).
  const [saved, setSaved] = useState(() => JSON.stringify(lines()));
  const dirty = JSON.stringify(lines()) !== saved;
  const save = useInventoryMutation(() => saveCountLines(count.id, lines()));
  // Posting answers at once (status "posted", the sheet read-only); a refusal puts the draft back
  // with the typed counts and a toast (components/editing/status-change.ts).
  const post = useStatusChange<CountDetail, SentLine[], unknown>({
    queryKey: inventoryKeys.count(count.id),
    mutationFn: async (sent) => {
      await saveCountLines(count.id, sent);
      return postWithKey(`/api/inventory/counts/${count.id}/post`, {}, postKey, companyId);
    },
    predict: predictPostedCount,
    refresh: [inventoryKeys.all],
    errorText: (e) => errorText(t, e),
  });
  const draft = count.status === 'draft';
  const editable = draft && canWrite;
  // Lines whose stock moved after they were counted: posting is refused until they are re-counted.
  const moved = count.lines.filter((l) => l.moved);
  const recount = useInventoryMutation((lineIds: string[]) => recountLines(count.id, lineIds));
  const addForm = useZodForm<typeof addLineSchema, AddLineValues>(addLineSchema, {
    defaultValues: { item: null, text: '' },
  });
  const adding = addForm.watch('item');
  const addMessages = useFormMessages(addForm.formState.errors, { label: () => t('counts.addItem') });
  const add = useInventoryMutation((itemId: string) => addCountLine(count.id, itemId));
  const addLine = addForm.handleSubmit((body) =>
    add.mutate(body.item_id, {
      onSuccess: (next) => {
        merge(next, new Set());
        addForm.reset({ item: null, text: '' });
      },
    }),
  );
  /** Takes the server's lines, keeping what is typed in lines the server did not reset. */
  const merge = (next: CountDetail, reset: Set<string>) => {
    const typed = new Map(rows.map((r) => [r.id, r.counted]));
    setRows(
      rowsOf(next).map((r) =>
        reset.has(r.id) || !typed.has(r.id) ? r : { ...r, counted: typed.get(r.id) ?? '' },
      ),
    );
    setSaved(JSON.stringify(next.lines.map((l) => ({ id: l.id, counted_qty: l.counted_qty }))));
  };
  // A draft shows what is typed; a posted count shows what the server holds.
  const shown = editable ? rows : rowsOf(count);
  const columns = useMemo<GridColumn<CountRow>[]>(
    () => [
      { id: 'sku', header: t('items.sku'), kind: 'display', width: '8rem', value: (r) => r.sku },
      {
        id: 'name',
        header: t('items.name'),
        kind: 'display',
        width: 'minmax(10rem, 1fr)',
        value: (r) => r.item_name,
      },
      { id: 'lot', header: t('lots.lot'), kind: 'display', width: '8rem', value: (r) => r.lot_number ?? '' },
      {
        id: 'expected',
        header: t('counts.expected'),
        kind: 'display',
        width: '9rem',
        className: NUM,
        render: (r) => (
          <span className="block px-1.5 text-right tabular-nums" data-testid={`book-${r.sku}`}>
            <Qty value={bookOf(r)} /> {formatUnit(r.base_unit)}
          </span>
        ),
      },
      {
        id: 'counted',
        header: t('counts.counted'),
        kind: 'decimal',
        width: '8rem',
        className: 'text-right',
        label: (_n, r) => t('counts.countedFor', { sku: r.sku }),
        value: (r) => r.counted,
        set: (r, v) => ({ ...r, counted: v }),
      },
      {
        id: 'difference',
        header: t('counts.difference'),
        kind: 'display',
        width: '7rem',
        className: NUM,
        render: (r) => {
          const d = difference(r);
          return (
            <span
              className={cn('block px-1.5 text-right tabular-nums', d && d !== '0' && 'font-semibold')}
              data-testid={`difference-${r.sku}`}
            >
              {d !== null && <Qty value={d} />}
            </span>
          );
        },
      },
    ],
    [t],
  );
  const done = shown.filter((r) => isDec(r.counted)).length;
  const withDifference = shown.filter((r) => {
    const d = difference(r);
    return d !== null && d !== '0';
  }).length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">
          {t('counts.title', { location: count.location_code })} · {t(`counts.statuses.${count.status}`)}
        </h2>
        {editable && <SaveState status={saveStatus({ saving: save.isPending || post.pending, dirty })} />}
      </div>
      <UnsavedChangesGuard when={editable && dirty} />
      {confirmElement}
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`/api/inventory/counts/${count.id}/pdf`}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('outline')}
          data-testid="count-pdf"
        >
          {t('counts.print')}
        </a>
      </div>
      {draft && moved.length > 0 && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-warning bg-warning/10 p-3 text-sm"
          data-testid="count-moved"
        >
          <p className="font-medium">{t('counts.movedTitle')}</p>
          <ul className="list-disc pl-5">
            {moved.map((l) => (
              <li key={l.id}>
                {t('counts.movedLine', {
                  item: l.lot_number ? `${l.sku} (${l.lot_number})` : l.sku,
                  book: formatQuantity(l.book_qty ?? '0', i18n.language),
                  current: formatQuantity(l.current_qty, i18n.language),
                })}
              </li>
            ))}
          </ul>
          {canWrite && (
            <Button
              type="button"
              variant="outline"
              loading={recount.isPending}
              onClick={() =>
                recount.mutate(
                  moved.map((l) => l.id),
                  { onSuccess: (next) => merge(next, new Set(moved.map((l) => l.id))) },
                )
              }
            >
              {t('counts.recount', { n: moved.length })}
            </Button>
          )}
        </div>
      )}
      <LineGrid<CountRow>
        label={t('counts.title', { location: count.location_code })}
        rows={shown}
        rowKey={(r) => r.id}
        columns={columns}
        onChange={editable ? setRows : undefined}
        footer={
          <p className="text-sm tabular-nums" data-testid="count-progress">
            {t('counts.progress', { done, total: shown.length, differences: withDifference })}
          </p>
        }
      />
      {[save.error, recount.error, add.error].filter(Boolean).map((e) => (
        <p key={String(e)} role="alert" className="text-sm text-danger">
          {errorText(t, e)}
        </p>
      ))}
      {editable && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={addLine}>
          <Field label={t('counts.addItem')}>
            {(fieldId) => (
              <ItemPicker
                id={fieldId}
                value={adding}
                onChange={(item) => addForm.setValue('item', item, { shouldDirty: true })}
                text={addForm.watch('text')}
                onTextChange={(text) => addForm.setValue('text', text, { shouldDirty: true })}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" loading={add.isPending} disabled={!adding}>
            {t('counts.add')}
          </Button>
          <FormErrors messages={addMessages} className="basis-full" />
        </form>
      )}
      {editable && (
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            loading={save.isPending}
            onClick={() => {
              const sent = JSON.stringify(lines());
              save.mutate(undefined, { onSuccess: () => setSaved(sent) });
            }}
          >
            {t('common.save')}
          </Button>
          <Button
            type="button"
            loading={post.pending}
            disabled={moved.length > 0}
            onClick={async () => {
              const ok = await confirm({
                title: t('counts.confirmPost', { location: count.location_code }),
                text: tg('confirm.irreversible'),
                confirm: t('counts.post'),
              });
              if (ok) post.run(lines());
            }}
          >
            {t('counts.post')}
          </Button>
        </div>
      )}
    </div>
  );
}
