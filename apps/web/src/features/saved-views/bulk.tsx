import { useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { csvSeparator, toCsv } from './list-state.ts';

/** How many rows "select all matching" may gather (the server pages through the current filter). */
export const MAX_MATCHING = 5000;
const PDF_MAX = 200;

export type BulkSelection = {
  selected: ReadonlySet<string>;
  /** The whole filtered result is selected, not only the ticked rows. */
  allMatching: boolean;
  count: number;
  isSelected(id: string): boolean;
  toggle(id: string): void;
  togglePage(): void;
  pageSelected: boolean;
  selectAllMatching(): void;
  clear(): void;
};

/**
 * Row selection of a server-paged list. Changing the filter (anything in the URL but the page)
 * clears it, so a selection never silently covers rows the user no longer sees.
 */
export function useBulkSelection(pageIds: readonly string[], total: number): BulkSelection {
  const [params] = useSearchParams();
  const filterKey = useMemo(() => {
    const p = new URLSearchParams(params);
    p.delete('page');
    p.sort();
    return p.toString();
  }, [params]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter changing is the trigger
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [filterKey]);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => allMatching || selected.has(id));
  return {
    selected,
    allMatching,
    count: allMatching ? total : selected.size,
    isSelected: (id) => allMatching || selected.has(id),
    toggle: (id) => {
      if (allMatching) {
        // Leaving "all matching" keeps the visible page minus the row just unticked.
        setAllMatching(false);
        setSelected(new Set(pageIds.filter((p) => p !== id)));
        return;
      }
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    togglePage: () => {
      if (allMatching) {
        setAllMatching(false);
        setSelected(new Set());
        return;
      }
      setSelected((s) => {
        const next = new Set(s);
        for (const id of pageIds) {
          if (pageSelected) next.delete(id);
          else next.add(id);
        }
        return next;
      });
    },
    pageSelected,
    selectAllMatching: () => setAllMatching(true),
    clear: () => {
      setSelected(new Set());
      setAllMatching(false);
    },
  };
}

/** The header checkbox of a selectable list: ticks or unticks every row of the page. */
export function SelectPageBox({ selection, label }: { selection: BulkSelection; label?: string }) {
  const { t } = useTranslation('ux');
  return (
    <input
      type="checkbox"
      aria-label={label ?? t('bulk.selectPage')}
      checked={selection.pageSelected}
      onChange={selection.togglePage}
    />
  );
}

/** A row's checkbox, named after the row (its number, SKU or name). */
export function SelectRowBox({
  selection,
  id,
  label,
  ariaLabel,
}: {
  selection: BulkSelection;
  id: string;
  label: string;
  /** The whole accessible name, when the list words it its own way. */
  ariaLabel?: string;
}) {
  const { t } = useTranslation('ux');
  return (
    <input
      type="checkbox"
      aria-label={ariaLabel ?? t('bulk.selectRow', { label })}
      checked={selection.isSelected(id)}
      onChange={() => selection.toggle(id)}
    />
  );
}

type Row = { id: string };

type BulkBarProps<R extends Row> = {
  selection: BulkSelection;
  total: number;
  pageCount: number;
  /** The rows of the whole current filter, fetched from the server page by page. */
  fetchMatching: () => Promise<R[]>;
  /** Rows currently loaded (the selection's rows when not "all matching"). */
  loaded: readonly R[];
  csv: { fileName: string; header: string[]; row: (r: R) => string[] };
  /** Bulk PDF of documents (opens the documents endpoint with the ids). */
  pdfHref?: (ids: string[]) => string;
  /** Delete or archive the given ids; returns how many were done. */
  onDelete?: { label: string; run: (ids: string[]) => Promise<number> };
};

/** The selected count, "select all N matching", and the bulk actions of a list. */
export function BulkBar<R extends Row>({
  selection,
  total,
  pageCount,
  fetchMatching,
  loaded,
  csv,
  pdfHref,
  onDelete,
}: BulkBarProps<R>) {
  const { t, i18n } = useTranslation('ux');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (selection.count === 0) return null;

  const rows = async (): Promise<R[]> => {
    if (selection.allMatching) return fetchMatching();
    const known = loaded.filter((r) => selection.selected.has(r.id));
    // Rows ticked on earlier pages are no longer loaded: fetch the filter and keep the ticked ones.
    if (known.length === selection.selected.size) return known;
    return (await fetchMatching()).filter((r) => selection.selected.has(r.id));
  };
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      toast({ type: 'error', title: t('bulk.failed') });
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = () =>
    run(async () => {
      const list = await rows();
      // The cells are the list's own texts (numbers with the language's decimal mark), so the
      // separator follows the language too: ";" where the decimal mark is a comma (Croatian Excel).
      const text = toCsv(csv.header, list.map(csv.row), csvSeparator(i18n.language));
      // A byte-order mark so spreadsheet programs read the UTF-8 (č, ć, ž, š, đ) correctly.
      const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${csv.fileName}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
  const openPdf = () =>
    run(async () => {
      if (!pdfHref) return;
      const ids = (await rows()).map((r) => r.id);
      // The documents' PDF endpoint prints at most PDF_MAX documents in one file.
      if (ids.length > PDF_MAX) {
        toast({ type: 'warning', title: t('bulk.pdfTooMany', { max: PDF_MAX }) });
        return;
      }
      window.open(pdfHref(ids), '_blank', 'noopener');
    });
  const remove = () =>
    run(async () => {
      if (!onDelete) return;
      const ids = (await rows()).map((r) => r.id);
      const yes = await confirm({
        title: t('bulk.confirmDelete', { count: ids.length, action: onDelete.label }),
        text: tg('confirm.irreversible'),
        confirm: onDelete.label,
      });
      if (!yes) return;
      const done = await onDelete.run(ids);
      toast({ type: 'success', title: t('bulk.done', { count: done }) });
      selection.clear();
      // The list (and anything showing these records) reads the changed rows again.
      await queryClient.invalidateQueries();
    });

  return (
    <div
      className="mb-2 flex flex-wrap items-center gap-2 rounded-md border border-primary/40 bg-surface-2 px-3 py-2 text-sm"
      data-testid="bulk-bar"
    >
      {confirmElement}
      <span role="status" aria-live="polite" className="font-medium text-foreground" data-testid="bulk-count">
        {selection.allMatching
          ? t('bulk.allMatchingSelected', { count: total })
          : t('bulk.selected', { count: selection.count })}
      </span>
      {!selection.allMatching && selection.pageSelected && total > pageCount && (
        <button
          type="button"
          className={buttonClasses('link', 'sm')}
          onClick={selection.selectAllMatching}
          data-testid="select-all-matching"
          disabled={total > MAX_MATCHING}
        >
          {t('bulk.selectAllMatching', { count: total })}
        </button>
      )}
      <span className="flex-1" />
      <Button size="sm" variant="outline" onClick={exportCsv} disabled={busy} data-testid="bulk-csv">
        <Download className="size-4" aria-hidden />
        {t('bulk.exportCsv')}
      </Button>
      {pdfHref && (
        <Button size="sm" variant="outline" onClick={openPdf} disabled={busy} data-testid="bulk-pdf-all">
          <FileText className="size-4" aria-hidden />
          {t('bulk.pdf')}
        </Button>
      )}
      {onDelete && (
        <Button size="sm" variant="danger" onClick={remove} disabled={busy}>
          <Trash2 className="size-4" aria-hidden />
          {onDelete.label}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={selection.clear}>
        {t('bulk.clear')}
      </Button>
    </div>
  );
}

/** Pages through a list endpoint with the current filter until `total` rows (capped) are read. */
export async function fetchAllPages<R>(
  fetchPage: (page: number, pageSize: number) => Promise<{ rows: R[]; total: number }>,
  pageSize = 200,
): Promise<R[]> {
  const out: R[] = [];
  for (let page = 1; out.length < MAX_MATCHING; page++) {
    const { rows, total } = await fetchPage(page, pageSize);
    out.push(...rows);
    if (rows.length < pageSize || out.length >= total) break;
  }
  return out.slice(0, MAX_MATCHING);
}
