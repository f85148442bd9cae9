import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { type ColumnKey, LIST_REGISTRY, type ListKey } from './list-registry.ts';
import { visibleColumns } from './list-state.ts';
import type { ColumnOption } from './saved-views.tsx';

export type AriaSort = 'ascending' | 'descending' | 'none';

/** One column of a list: its label (column picker, CSV header), header and cell. */
export type ColumnDef<R> = {
  label: string;
  /** Header content; the label when absent (e.g. a sort button instead). */
  header?: ReactNode;
  /** `aria-sort` of the header cell of a sortable column. */
  sort?: AriaSort;
  cell: (row: R) => ReactNode;
  /** The cell as text for a CSV export of the selection; the column is left out of the CSV without it. */
  text?: (row: R) => string;
  /** Classes of both the header and the cells (alignment, width). */
  className?: string;
  /** Track of a CSS-grid list (`grid-template-columns`), e.g. `minmax(8rem,1fr)`. */
  width?: string;
};

type Options = {
  /** Classes of every header cell and every body cell. */
  th?: string;
  td?: string;
  /** A CSS-grid list (divs and spans) instead of a table. */
  grid?: boolean;
};

export type ListColumns<R> = {
  /** Visible column keys, in order. */
  keys: string[];
  isVisible(key: string): boolean;
  /** Props for `<SavedViews>`: the list key and the columns that can be hidden. */
  views: { listKey: ListKey; columns: ColumnOption[] };
  /** The header cells of the visible columns. */
  headerCells: ReactNode;
  /** The body cells of one row. */
  rowCells(row: R): ReactNode;
  /** `grid-template-columns` of the visible columns (grid lists). */
  gridTemplate: string;
  /** CSV of the visible columns for `<BulkBar csv=…>`. */
  csv(fileName: string): { fileName: string; header: string[]; row: (r: R) => string[] };
};

/**
 * The columns of a registered list (see list-registry.ts), following the URL's `cols` and so the
 * applied saved view. The list's fixed (identifying) columns always show.
 */
export function useListColumns<K extends ListKey, R>(
  listKey: K,
  defs: { [C in ColumnKey<K>]: ColumnDef<R> },
  options: Options = {},
): ListColumns<R> {
  const [params] = useSearchParams();
  const entry = LIST_REGISTRY[listKey];
  const all = entry.columns as readonly ColumnKey<K>[];
  const fixed = new Set<string>(entry.fixed);
  const hideable = all.filter((k) => !fixed.has(k));
  const shown = new Set<string>(visibleColumns(params, hideable));
  const keys = all.filter((k) => fixed.has(k) || shown.has(k));
  const visible = keys.map((k) => [k, defs[k]] as const);
  const Head = options.grid ? 'div' : 'th';
  const Cell = options.grid ? 'span' : 'td';
  return {
    keys: [...keys],
    isVisible: (key) => (keys as readonly string[]).includes(key),
    views: { listKey, columns: hideable.map((k) => ({ key: k, label: defs[k].label })) },
    headerCells: visible.map(([k, d]) => (
      <Head
        key={k}
        className={cn(options.th, d.className)}
        {...(options.grid ? {} : { scope: 'col', 'aria-sort': d.sort })}
      >
        {d.header ?? d.label}
      </Head>
    )),
    rowCells: (row) =>
      visible.map(([k, d]) => (
        <Cell key={k} className={cn(options.td, d.className)}>
          {d.cell(row)}
        </Cell>
      )),
    gridTemplate: visible.map(([, d]) => d.width ?? 'minmax(6rem,1fr)').join(' '),
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
