import { type HTMLAttributes, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import {
  BulkBar,
  type BulkSelection,
  fetchAllPages,
  SelectPageBox,
  SelectRowBox,
  useBulkSelection,
} from './bulk.tsx';
import { type ColumnDef, useListColumns } from './list-columns.tsx';
import type { ColumnOf, ListSpec } from './list-spec.ts';
import { SavedViews } from './saved-views.tsx';
import type { ListState } from './use-list.ts';
import { VirtualBody, type VirtualRows } from './virtual-body.tsx';

type Row = { id: string };

/** A list's place without its visible columns (hiding a column keeps the scroll position). */
const position = (params: URLSearchParams) => {
  const at = new URLSearchParams(params);
  at.delete('cols');
  return at.toString();
};

/** The column definitions of a declared list, one per column of its `defineList`. */
export type ColumnDefs<S extends ListSpec<string>, R> = { [K in ColumnOf<S>]: ColumnDef<R> };

export type DataTableStyles = {
  /** The box around the table. */
  frame?: string;
  table?: string;
  thead?: string;
  th?: string;
  td?: string;
  row?: string;
};

const DEFAULT_STYLES: Required<DataTableStyles> = {
  frame: 'overflow-x-auto rounded-lg border border-border bg-surface',
  table: 'w-full text-left text-sm',
  thead: 'border-b border-border bg-surface-muted text-xs uppercase text-muted',
  th: 'px-3 py-2',
  td: 'px-3 py-1.5',
  row: 'border-b border-border last:border-0 hover:bg-surface-muted',
};

/**
 * A virtualised table scrolls inside its frame (both ways) under a sticky header; the scroll
 * padding keeps a focused row out from under the header. Columns have fixed widths (`width` of a
 * column), so they do not move as rows come and go; the table's classes are these (a list's
 * `styles.table` applies to the paged mode).
 */
const VIRTUAL = {
  frame: 'h-[60vh] overflow-auto scroll-pt-10',
  table: 'table-fixed w-max min-w-full text-left text-sm',
  thead: 'sticky top-0 z-10',
  cell: 'truncate whitespace-nowrap',
};

export type DataTableProps<C extends string, R extends Row> = {
  list: ListState<C>;
  columns: { [K in C]: ColumnDef<R> };
  rows: readonly R[];
  total: number;
  /** The rows are still loading (the empty text waits for the answer). */
  loading?: boolean;
  /** Shown when the (filtered) list is empty: in one row of the table, or (`emptyText`) instead of it. */
  empty?: ReactNode;
  emptyText?: boolean;
  /** A last column of row actions (not a column of the list: it cannot be hidden or exported). */
  actions?: { label: string; cell: (row: R) => ReactNode };
  /** Inside another page: a plain table without saved views and selection (columns still follow `cols`). */
  embedded?: boolean;
  /** `data-testid` of the table. */
  testId?: string;
  /** Names a row for its selection checkbox (its number, SKU or name). */
  rowLabel: (row: R) => string;
  /** Extra attributes of a row (a test id, a muted class for inactive records). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  /**
   * A page of the current filter, for "select all matching" of a server-paged `bulk` list; a list
   * loaded whole selects from its rows.
   */
  fetchPage?: (page: number, pageSize: number) => Promise<{ rows: R[]; total: number }>;
  pdfHref?: (ids: string[]) => string;
  onDelete?: { label: string; run: (ids: string[]) => Promise<number> };
  /** URL parameters of this list that are not filters (besides page, sort, dir and cols). */
  notFilters?: string[];
  /** The selection, when the list acts on it outside the table (else the table keeps its own). */
  selection?: BulkSelection;
  /** The checkboxes' names, when the list words them its own way. */
  selectLabels?: { page: string; row: (row: R) => string };
  styles?: DataTableStyles;
  /**
   * Render only the rows in view (a list of hundreds of rows, e.g. the item list's 200 a page):
   * the same table, header, selection and bulk bar, with the body virtualised.
   */
  virtual?: VirtualRows;
  /** Shown between the saved views and the table (an error line, a hint). */
  children?: ReactNode;
};

/**
 * The one data table of the list screens: saved views and the column picker, the bulk bar with
 * the row selection (for a `bulk` list), the table with sortable headers, the empty row and the
 * pages. Everything it shows follows the list's URL state (`useList`).
 */
export function DataTable<C extends string, R extends Row>({
  list,
  columns: defs,
  rows,
  total,
  loading,
  empty,
  emptyText,
  embedded,
  actions,
  testId,
  rowLabel,
  rowProps,
  fetchPage,
  pdfHref,
  onDelete,
  notFilters,
  selection: outer,
  selectLabels,
  styles,
  virtual,
  children,
}: DataTableProps<C, R>) {
  const { t } = useTranslation('ux');
  const s = { ...DEFAULT_STYLES, ...styles };
  const td = virtual ? cn(s.td, VIRTUAL.cell) : s.td;
  const columns = useListColumns(list.spec, defs, { th: s.th, td, list });
  const scrollRef = useRef<HTMLDivElement>(null);
  const bulk = list.spec.bulk && !embedded;
  const own = useBulkSelection(
    rows.map((r) => r.id),
    total,
  );
  const selection = outer ?? own;
  // A list without a page size is loaded whole: no pages.
  const pageSize = list.spec.pageSize;
  const pages = pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const colSpan = columns.keys.length + (bulk ? 1 : 0) + (actions ? 1 : 0);
  /** One row of the table, in either mode (a virtualised row has a fixed height and its place). */
  const row = (r: R, style?: { height: number }, rowIndex?: number) => {
    const extra = rowProps?.(r) ?? {};
    return (
      <tr key={r.id} {...extra} className={cn(s.row, extra.className)} style={style} aria-rowindex={rowIndex}>
        {bulk && (
          <td className={td}>
            <SelectRowBox
              selection={selection}
              id={r.id}
              label={rowLabel(r)}
              ariaLabel={selectLabels?.row(r)}
            />
          </td>
        )}
        {columns.rowCells(r)}
        {actions && <td className={td}>{actions.cell(r)}</td>}
      </tr>
    );
  };
  const emptyRow = empty !== undefined && !loading && rows.length === 0 && (
    <tr>
      <td colSpan={colSpan} className="px-3 py-8 text-center text-muted">
        {empty}
      </td>
    </tr>
  );
  return (
    <div>
      {!embedded && (
        <div className="mb-2">
          <SavedViews {...columns.views} notFilters={notFilters} />
        </div>
      )}
      {bulk && (
        <BulkBar
          selection={selection}
          total={total}
          pageCount={rows.length}
          loaded={rows}
          fetchMatching={fetchPage ? () => fetchAllPages(fetchPage) : async () => [...rows]}
          csv={columns.csv(list.spec.key)}
          pdfHref={pdfHref}
          onDelete={onDelete}
        />
      )}
      {children}
      {emptyText && !loading && rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <div ref={scrollRef} className={cn(s.frame, virtual && VIRTUAL.frame)}>
          <table
            className={virtual ? VIRTUAL.table : s.table}
            data-testid={testId}
            aria-rowcount={virtual ? rows.length + 1 : undefined}
          >
            {virtual && (
              <colgroup>
                {bulk && <col className="w-10" />}
                {columns.cols}
                {actions && <col className="w-24" />}
              </colgroup>
            )}
            <thead className={cn(s.thead, virtual && VIRTUAL.thead)}>
              <tr aria-rowindex={virtual ? 1 : undefined}>
                {bulk && (
                  <th scope="col" className={cn(s.th, 'w-8')}>
                    <SelectPageBox selection={selection} label={selectLabels?.page} />
                  </th>
                )}
                {columns.headerCells}
                {actions && (
                  <th scope="col" className={s.th}>
                    <span className="sr-only">{actions.label}</span>
                  </th>
                )}
              </tr>
            </thead>
            {virtual ? (
              <VirtualBody
                rows={rows}
                scrollRef={scrollRef}
                rowHeight={virtual.rowHeight}
                overscan={virtual.overscan}
                colSpan={colSpan}
                at={position(list.params)}
                row={(r, index) => row(r, { height: virtual.rowHeight }, index + 2 /* the header is row 1 */)}
              >
                {emptyRow}
              </VirtualBody>
            ) : (
              <tbody>
                {rows.map((r) => row(r))}
                {emptyRow}
              </tbody>
            )}
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="mt-3 flex items-center justify-end gap-2" aria-label={t('list.pagination')}>
          <Button
            variant="outline"
            size="sm"
            disabled={list.page <= 1}
            onClick={() => list.setPage(list.page - 1)}
          >
            {t('list.previous')}
          </Button>
          <span className="text-sm">{t('list.page', { page: list.page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={list.page >= pages}
            onClick={() => list.setPage(list.page + 1)}
          >
            {t('list.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
