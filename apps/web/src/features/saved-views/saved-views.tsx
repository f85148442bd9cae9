import { viewCreateSchema } from '@erp/domain/views/contracts';
import { Bookmark, Check, Columns3, FilterX, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import {
  activeFilters,
  NOT_FILTERS,
  sameView,
  viewQuery,
  visibleColumns,
  withoutFilters,
} from './list-state.ts';
import { type SavedView, useViewMutations, useViews } from './views-api.ts';

export type ColumnOption = { key: string; label: string };

type Props = {
  /** Which list the views belong to (e.g. "quotes"); the `key` of the list's `defineList`. */
  listKey: string;
  /**
   * Columns the user may hide; their visibility lives in the URL (`cols`) and in saved views.
   * Pass `useListColumns(…).views` (listKey and columns together).
   */
  columns: ColumnOption[];
  /** URL parameters of this list that are not filters (besides page, sort, dir and cols). */
  notFilters?: string[];
};

/** The columns a list should render, following the URL (and so the applied view). */
export function useVisibleColumns(all: readonly string[]): string[] {
  const [params] = useSearchParams();
  return visibleColumns(params, all);
}

/**
 * A list's saved views, its "filters active" indicator with clear-all, and (optionally) the column
 * picker. Everything is the URL: applying a view replaces the query string.
 */
export function SavedViews({ listKey, columns, notFilters }: Props) {
  const { t } = useTranslation('ux');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const views = useViews(listKey);
  const m = useViewMutations(listKey);
  const [saving, setSaving] = useState(false);
  const ignore = new Set([...NOT_FILTERS, ...(notFilters ?? [])]);
  const filters = activeFilters(params, ignore);
  const current = viewQuery(params);
  const active = views.data?.find((v) => sameView(v.query, current));

  const apply = (v: SavedView) => setParams(new URLSearchParams(v.query));
  const overwrite = async (v: SavedView) => {
    await m.update.mutateAsync({ id: v.id, query: current, columns: visibleOf(params, columns) });
    toast({ type: 'success', title: t('views.updated', { name: v.name }) });
  };
  const remove = async (v: SavedView) => {
    const yes = await confirm({
      title: t('views.confirmDelete', { name: v.name }),
      text: tg('confirm.irreversible'),
      confirm: t('views.delete', { name: v.name }),
    });
    if (!yes) return;
    await m.remove.mutateAsync(v.id);
    toast({ type: 'success', title: t('views.deleted', { name: v.name }) });
  };
  const toggleColumn = (key: string) => {
    if (!columns) return;
    const all = columns.map((c) => c.key);
    const shown = new Set(visibleColumns(params, all));
    if (shown.has(key)) shown.delete(key);
    else shown.add(key);
    const next = new URLSearchParams(params);
    if (shown.size === 0 || shown.size === all.length) next.delete('cols');
    else next.set('cols', all.filter((c) => shown.has(c)).join(','));
    setParams(next, { replace: true });
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="saved-views">
      {confirmElement}
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonClasses('outline', 'sm')} data-testid="views-menu">
          <Bookmark className="size-4" aria-hidden />
          {active ? t('views.current', { name: active.name }) : t('views.menu')}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72">
          <DropdownMenuLabel>{t('views.saved')}</DropdownMenuLabel>
          {(views.data ?? []).length === 0 && (
            <p className="px-3 py-2 text-sm text-muted">{t('views.none')}</p>
          )}
          {views.data?.map((v) => (
            <DropdownMenuItem key={v.id} onSelect={() => apply(v)} data-testid="view-item">
              {active?.id === v.id ? <Check className="size-4" aria-hidden /> : <span className="size-4" />}
              <span className="flex-1 truncate">{v.name}</span>
              {v.shared && (
                <span className="flex items-center gap-1 text-xs text-muted">
                  <Users className="size-3" aria-hidden />
                  {v.mine ? t('views.shared') : (v.creator_name ?? t('views.shared'))}
                </span>
              )}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)} data-testid="view-save">
            {t('views.saveCurrent')}
          </DropdownMenuItem>
          {active?.can_edit && (
            <>
              <DropdownMenuItem onSelect={() => void overwrite(active)}>
                {t('views.overwrite', { name: active.name })}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void remove(active)} className="text-danger">
                {t('views.delete', { name: active.name })}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {columns && columns.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger className={buttonClasses('outline', 'sm')}>
            <Columns3 className="size-4" aria-hidden />
            {t('views.columns')}
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {columns.map((c) => (
              <DropdownMenuItem
                key={c.key}
                onSelect={(e) => {
                  e.preventDefault();
                  toggleColumn(c.key);
                }}
                role="menuitemcheckbox"
                aria-checked={visibleColumns(
                  params,
                  columns.map((x) => x.key),
                ).includes(c.key)}
              >
                {visibleColumns(
                  params,
                  columns.map((x) => x.key),
                ).includes(c.key) ? (
                  <Check className="size-4" aria-hidden />
                ) : (
                  <span className="size-4" />
                )}
                {c.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {filters.length > 0 && (
        <span
          className="inline-flex items-center gap-2 rounded-full border border-warning bg-warning-soft px-3 py-1 text-xs font-medium text-foreground"
          data-testid="filters-active"
        >
          {t('views.filtersActive', { count: filters.length })}
          <button
            type="button"
            className="inline-flex items-center gap-1 underline underline-offset-2"
            onClick={() => setParams(withoutFilters(params, ignore))}
          >
            <FilterX className="size-3" aria-hidden />
            {t('views.clearAll')}
          </button>
        </span>
      )}
      <SaveViewDialog
        open={saving}
        onOpenChange={setSaving}
        onSave={async (name, shared) => {
          await m.create.mutateAsync({ name, shared, query: current, columns: visibleOf(params, columns) });
          toast({ type: 'success', title: t('views.savedToast', { name }) });
          setSaving(false);
        }}
      />
    </div>
  );
}

const visibleOf = (params: URLSearchParams, columns?: ColumnOption[]) =>
  columns && params.get('cols')
    ? visibleColumns(
        params,
        columns.map((c) => c.key),
      )
    : [];

/** The dialog names the view and whether it is shared; the list, query and columns come from the page. */
const saveViewSchema = viewCreateSchema.pick({ name: true, shared: true });

function SaveViewDialog({
  open,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (name: string, shared: boolean) => Promise<void>;
}) {
  const { t } = useTranslation('ux');
  const form = useZodForm(saveViewSchema, { defaultValues: { name: '', shared: false } });
  const name = form.watch('name') ?? '';
  const busy = form.formState.isSubmitting;
  const [failed, setFailed] = useState(false);
  const messages = useFormMessages(form.formState.errors, {
    server: [failed ? t('views.saveFailed') : null],
  });
  const submit = form.handleSubmit(async (view) => {
    setFailed(false);
    try {
      await onSave(view.name, view.shared);
      form.reset({ name: '', shared: false });
    } catch {
      setFailed(true);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('views.saveTitle')} description={t('views.saveDescription')}>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1">
            <label htmlFor="view-name" className="text-sm font-medium text-foreground">
              {t('views.name')}
            </label>
            <Input id="view-name" maxLength={80} required autoFocus {...form.register('name')} />
          </div>
          <label className="flex items-center gap-2 text-sm text-foreground">
            <input type="checkbox" {...form.register('shared')} />
            {t('views.shareWithCompany')}
          </label>
          <FormErrors messages={messages} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('views.cancel')}
            </Button>
            <Button type="submit" disabled={busy || !name.trim()}>
              {t('views.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
