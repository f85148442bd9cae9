import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { ListSpec } from './list-spec.ts';
import { visibleColumns } from './list-state.ts';
import type { ColumnOption } from './saved-views.tsx';
import type { ListState } from './use-list.ts';

export type AriaSort = 'ascending' | 'descending' | 'none';

/** One column of a list: its label (column picker, CSV header), header and cell. */
export type ColumnDef<R> = {
  label: string;
  /** Header content; the label when absent (e.g. a sort button instead). */
  header?: ReactNode;
  /** `aria-sort` of the header cell of a sortable column (set by the kit when `sortBy` is given). */
  sort?: AriaSort;
  /** The API's sort key: the header becomes a sort button following the list's URL state. */
  sortBy?: string;
  cell: (row: R) => ReactNode;
  /** The cell as text for a CSV export of the selection; the column is left out of the CSV without it. */
  text?: (row: R) => string;
  /** Classes of both the header and the cells (alignment, width). */
  className?: string;
  /** The column's width in a virtualised table (fixed layout, e.g. `8rem`); 10rem when absent. */
  width?: string;
};

type Options = {
  /** Classes of every header cell and every body cell. */
  th?: string;
  td?: string;
  /** The list's URL state: columns with `sortBy` get a sort button and `aria-sort` from it. */
  list?: ListState;
};

export type ListColumns<R> = {
  /** Visible column keys, in order. */
  keys: string[];
  isVisible(key: string): boolean;
  /** Props for `<SavedViews>`: the list key and the columns that can be hidden. */
  views: { listKey: string; columns: ColumnOption[] };
  /** The header cells of the visible columns. */
  headerCells: ReactNode;
  /** The body cells of one row. */
  rowCells(row: R): ReactNode;
  /** The `<col>` elements of the visible columns with their widths (a virtualised table). */
  cols: ReactNode;
  /** CSV of the visible columns for `<BulkBar csv=…>`. */
  csv(fileName: string): { fileName: string; header: string[]; row: (r: R) => string[] };
};

/** A sortable column's header: a button that sorts by it (then flips), with the direction shown. */
function sortHeader<R>(def: ColumnDef<R>, list: ListState | undefined): ColumnDef<R> {
  if (!def.sortBy || !list) return def;
  const key = def.sortBy;
  const current = list.sort === key;
  const Icon = list.dir === 'desc' ? ArrowDown : ArrowUp;
  return {
    ...def,
    sort: current ? (list.dir === 'desc' ? 'descending' : 'ascending') : 'none',
    header: (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-medium hover:text-foreground"
        onClick={() => list.toggleSort(key)}
      >
        {def.label}
        {current && <Icon className="size-3.5" aria-hidden />}
      </button>
    ),
  };
}

/**
 * The columns of a declared list (`defineList` beside the list), following the URL's `cols` and so
 * the applied saved view. The list's fixed (identifying) columns always show. Only `DataTable`
 * uses it (list-specs.test.ts): a list screen renders the data table, never these cells itself.
 */
export function useListColumns<C extends string, R>(
  spec: ListSpec<C>,
  defs: { [K in C]: ColumnDef<R> },
  options: Options = {},
): ListColumns<R> {
  const [params] = useSearchParams();
  const all = spec.columns;
  const fixed = new Set<string>(spec.fixed);
  const hideable = all.filter((k) => !fixed.has(k));
  const shown = new Set<string>(visibleColumns(params, hideable));
  const keys = all.filter((k) => fixed.has(k) || shown.has(k));
  const visible = keys.map((k) => [k, sortHeader(defs[k], options.list)] as const);
  return {
    keys: [...keys],
    isVisible: (key) => (keys as readonly string[]).includes(key),
    views: { listKey: spec.key, columns: hideable.map((k) => ({ key: k, label: defs[k].label })) },
    headerCells: visible.map(([k, d]) => (
      <th key={k} className={cn(options.th, d.className)} scope="col" aria-sort={d.sort}>
        {d.header ?? d.label}
      </th>
    )),
    rowCells: (row) =>
      visible.map(([k, d]) => (
        <td key={k} className={cn(options.td, d.className)}>
          {d.cell(row)}
        </td>
      )),
    cols: visible.map(([k, d]) => <col key={k} style={{ width: d.width ?? '10rem' }} />),
    csv: (fileName) => {
      const exported = visible.filter(([, d]) => d.text);
      return {
        fileName,
        header: exported.map(([, d]) => d.label),
        row: (r) => exported.map(([, d]) => d.text?.(r) ?? ''),
      };
    },
  };
}
