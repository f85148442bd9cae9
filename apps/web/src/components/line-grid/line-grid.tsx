// biome-ignore-all lint/a11y/useSemanticElements: div rows with ARIA grid roles, because table rows re-laid the whole table per key (see LineGrid)
// biome-ignore-all lint/a11y/useFocusableInteractive: focus lives in the cells' inputs (W3C grid pattern with editable cells)
import {
  type ClipboardEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { type GridItem, resolveItem, useGridItemSearch } from './grid-items.ts';
import { isTabular, parseTsv } from './tsv.ts';

/**
 * One column of the grid. Editable kinds are Tab stops; `display` cells (amounts, lots) are not.
 * Each document declares its own columns (quotes: price and discount; receipts: ordered, open and
 * received quantity, lot; counts: expected vs counted) — the keyboard model stays the grid's.
 * `date` cells keep ↑/↓ for the date segments; Enter still moves down the column.
 * `item` is the type-ahead picker: its value is the text shown, `pick` on the grid turns a chosen
 * item into the row.
 */
export type GridColumn<R> = {
  id: string;
  header: ReactNode;
  kind: 'text' | 'decimal' | 'date' | 'select' | 'item' | 'display';
  /** Accessible name of the cell in row `n` (1-based), e.g. "Količina, redak 3". */
  label?: (n: number, row: R) => string;
  value?: (row: R) => string;
  set?: (row: R, value: string) => R;
  options?: readonly { value: string; label: string }[];
  render?: (row: R, index: number) => ReactNode;
  /** The column's CSS grid track, e.g. '5rem' or 'minmax(10rem, 1fr)' (default). */
  width?: string;
  /** Alignment classes of the header and cells. */
  className?: string;
  /** Shown in an empty cell; a function gives each row its own (e.g. the price a rule computes). */
  placeholder?: string | ((row: R) => string);
  /** A cell that may be edited on some rows only (e.g. a lot for lot-tracked items). */
  editable?: (row: R) => boolean;
};

export type LineGridProps<R> = {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly GridColumn<R>[];
  /** Without it the grid is read-only. */
  onChange?: (rows: R[]) => void;
  /** Without it the rows are fixed (receipts against an order, count sheets): no add or remove. */
  newRow?: () => R;
  /** The row after an item was chosen (price, unit, VAT from the item). */
  pick?: (row: R, item: GridItem) => R;
  /** Called after a row was removed, e.g. to offer Undo. */
  onRemoved?: (row: R, index: number, restore: () => void) => void;
  /** Text of the add button (defaults to the grid's own). */
  addLabel?: string;
  /** Totals or anything else shown under the grid. */
  footer?: ReactNode;
  className?: string;
};

type Handlers = {
  edit: (index: number, col: string, value: string) => void;
  choose: (index: number, item: GridItem) => void;
  key: (e: KeyboardEvent<HTMLElement>, index: number, col: string) => void;
  paste: (e: ClipboardEvent<HTMLElement>, index: number, col: string) => void;
  remove: (index: number) => void;
};

const CELL_INPUT =
  'h-8 w-full min-w-0 rounded border border-border bg-surface px-1.5 text-sm focus:outline-2 focus:outline-primary';

/**
 * The line editor of every document (UX.md "Documents", W3C ARIA grid): Tab moves through the
 * editable cells only, Enter commits and moves down the same column (on the last row it adds a
 * line), ↑/↓ move between rows unless the item list is open, Ctrl+Delete removes the row,
 * an item is picked by typing its SKU or name, and tab-separated text from a spreadsheet fills
 * as many cells and rows as it has. Rows are memoised so typing re-renders one row, not all.
 */
export function LineGrid<R>(props: LineGridProps<R>) {
  const { t } = useTranslation('ux-grid');
  const { label, rows, rowKey, columns, onChange, newRow, footer, className } = props;
  const readOnly = !onChange;
  const tableRef = useRef<HTMLDivElement>(null);
  // Handlers read the latest props through a ref, so they stay stable and rows stay memoised.
  const latest = useRef(props);
  latest.current = props;
  const [status, setStatus] = useState('');

  const handlers = useMemo<Handlers>(() => {
    const cols = () => latest.current.columns;
    const editableIds = () =>
      cols()
        .filter((c) => c.kind !== 'display')
        .map((c) => c.id);
    const commit = (next: R[]) => latest.current.onChange?.(next);
    const focusCell = (index: number, col: string) =>
      requestAnimationFrame(() => {
        const el = tableRef.current?.querySelector<HTMLElement>(`[data-row="${index}"] [data-col="${col}"]`);
        el?.focus();
        if (el instanceof HTMLInputElement) el.select();
      });
    const setCell = (row: R, col: string, value: string): R => {
      const c = cols().find((x) => x.id === col);
      return c?.set ? c.set(row, value) : row;
    };
    return {
      edit: (index, col, value) => {
        const { rows: rs } = latest.current;
        const row = rs[index];
        if (row === undefined) return;
        commit(rs.map((r, i) => (i === index ? setCell(r, col, value) : r)));
      },
      choose: (index, item) => {
        const { rows: rs, pick } = latest.current;
        if (!pick) return;
        commit(rs.map((r, i) => (i === index ? pick(r, item) : r)));
        // The next editable cell after the item: usually the quantity.
        const ids = editableIds();
        const next = ids[ids.indexOf(col0(cols())) + 1];
        if (next) focusCell(index, next);
      },
      key: (e, index, col) => {
        const { rows: rs, newRow: make } = latest.current;
        if (e.key === 'Enter' || e.key === 'ArrowDown') {
          e.preventDefault();
          if (index < rs.length - 1) focusCell(index + 1, col);
          else if (e.key === 'Enter' && make) {
            commit([...rs, make()]);
            focusCell(index + 1, col);
          }
        } else if (e.key === 'ArrowUp') {
          e.preventDefault();
          if (index > 0) focusCell(index - 1, col);
        } else if (e.key === 'Delete' && e.ctrlKey && make) {
          e.preventDefault();
          removeAt(index);
          focusCell(Math.max(0, Math.min(index, rs.length - 2)), col);
        }
      },
      paste: (e, index, col) => {
        const text = e.clipboardData.getData('text/plain');
        if (!isTabular(text)) return;
        e.preventDefault();
        void pasteAt(parseTsv(text), index, col);
      },
      remove: (index) => removeAt(index),
    };

    function removeAt(index: number) {
      const { rows: rs, onRemoved } = latest.current;
      const removed = rs[index];
      if (removed === undefined) return;
      commit(rs.filter((_, i) => i !== index));
      onRemoved?.(removed, index, () => {
        const now = [...latest.current.rows];
        now.splice(Math.min(index, now.length), 0, removed);
        commit(now);
      });
    }

    /** Spreadsheet cells fill editable columns from the focused one on, adding rows as needed. */
    async function pasteAt(cells: string[][], index: number, col: string) {
      const { newRow: make, pick } = latest.current;
      const ids = editableIds();
      const start = Math.max(0, ids.indexOf(col));
      const itemCol = cols().find((c) => c.kind === 'item')?.id;
      // Items are looked up first (all at once), so the pasted price or discount wins over the item's.
      const names = new Set<string>();
      for (const r of cells)
        r.forEach((v, j) => {
          if (ids[start + j] === itemCol && v.trim()) names.add(v.trim());
        });
      setStatus(t('pasting', { count: cells.length }));
      const found = new Map<string, GridItem | null>();
      await Promise.all([...names].map(async (n) => found.set(n, await resolveItem(n).catch(() => null))));
      const next = [...latest.current.rows];
      let unresolved = 0;
      cells.forEach((r, i) => {
        const at = index + i;
        if (at >= next.length) {
          if (!make) return;
          next.push(make());
        }
        let row = next[at] as R;
        r.forEach((v, j) => {
          const id = ids[start + j];
          if (id !== itemCol || !id) return;
          const item = found.get(v.trim());
          if (item && pick) row = pick(row, item);
          else {
            row = setCell(row, id, v);
            if (v.trim()) unresolved += 1;
          }
        });
        r.forEach((v, j) => {
          const id = ids[start + j];
          // An empty pasted cell keeps what is there (e.g. the item's price and name).
          if (id && id !== itemCol && v.trim() !== '') row = setCell(row, id, v.trim());
        });
        next[at] = row;
      });
      commit(next);
      setStatus(
        unresolved
          ? t('pastedUnresolved', { count: cells.length, unresolved })
          : t('pasted', { count: cells.length }),
      );
    }
  }, [t]);

  const colsKey = columns.map((c) => c.id).join('|');
  const removable = !readOnly && !!newRow;
  const tracks = [
    '2.5rem',
    ...columns.map((c) => c.width ?? 'minmax(8rem, 1fr)'),
    ...(removable ? ['2.5rem'] : []),
  ].join(' ');
  const columnsRef = useRef(columns);
  columnsRef.current = columns;

  return (
    <div className={className}>
      {/*
        Rows are CSS grids of fixed tracks with layout containment, not table rows: in a <table>
        a digit typed into line 1 of 200 re-laid the whole table (≈600 ms a key, measured); here
        one row is laid out and off-screen rows are skipped (content-visibility).
      */}
      {/* No scroll container on wide screens: it would clip the item list of the last rows. */}
      <div className="rounded-md border border-border max-lg:overflow-x-auto">
        <div
          ref={tableRef}
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-readonly={readOnly || undefined}
          className="text-sm lg:min-w-0 max-lg:min-w-[60rem]"
          style={{ ['--grid-cols' as string]: tracks }}
          data-testid="line-grid"
        >
          <div role="rowgroup" className="bg-surface-2">
            <div role="row" aria-rowindex={1} className={ROW}>
              <div role="columnheader" className={HEAD}>
                #
              </div>
              {columns.map((c) => (
                <div key={c.id} role="columnheader" className={cn(HEAD, c.className)}>
                  {c.header}
                </div>
              ))}
              {removable && (
                <div role="columnheader" className={HEAD}>
                  <span className="sr-only">{t('actions')}</span>
                </div>
              )}
            </div>
          </div>
          <div role="rowgroup">
            {rows.map((r, i) => (
              <GridRow
                key={rowKey(r)}
                row={r}
                index={i}
                colsKey={colsKey}
                columnsRef={columnsRef}
                readOnly={readOnly}
                removable={removable}
                handlers={handlers}
              />
            ))}
          </div>
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        {!readOnly && newRow ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" size="sm" onClick={() => onChange?.([...rows, newRow()])}>
              {props.addLabel ?? t('add')}
            </Button>
            <span className="text-xs text-muted">{t('hint')}</span>
          </div>
        ) : (
          <span />
        )}
        {footer}
      </div>
    </div>
  );
}

const ROW = 'grid grid-cols-[var(--grid-cols)] items-center';
const HEAD = 'px-2 py-1.5 text-left text-xs font-medium text-muted';

const col0 = <R,>(cols: readonly GridColumn<R>[]) => cols.find((c) => c.kind === 'item')?.id ?? '';

type RowProps<R> = {
  row: R;
  index: number;
  colsKey: string;
  columnsRef: { current: readonly GridColumn<R>[] };
  readOnly: boolean;
  removable: boolean;
  handlers: Handlers;
};

function GridRowInner<R>({ row, index, columnsRef, readOnly, removable, handlers }: RowProps<R>) {
  const { t } = useTranslation('ux-grid');
  const n = index + 1;
  return (
    <div
      role="row"
      data-row={index}
      data-testid="line-row"
      aria-rowindex={index + 2}
      className={cn(
        ROW,
        // The focused row may show the item list over the rows below: no clipping, raised.
        'border-t border-border [contain:layout_style] [content-visibility:auto] [contain-intrinsic-size:auto_2.5rem] focus-within:relative focus-within:z-10 focus-within:[content-visibility:visible]',
      )}
    >
      <div role="gridcell" className="px-2 py-1 text-muted tabular-nums">
        {n}
      </div>
      {columnsRef.current.map((c) => (
        <div key={c.id} role="gridcell" className={cn('min-w-0 px-1 py-1', c.className)}>
          <Cell column={c} row={row} index={index} readOnly={readOnly} handlers={handlers} />
        </div>
      ))}
      {removable && (
        <div role="gridcell" className="px-1 py-1">
          {/* Not a Tab stop: Tab visits editable cells only; Ctrl+Delete removes from the keyboard. */}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            tabIndex={-1}
            aria-keyshortcuts="Control+Delete"
            aria-label={t('remove', { row: n })}
            onClick={() => handlers.remove(index)}
          >
            ×
          </Button>
        </div>
      )}
    </div>
  );
}

// Typing changes one row object: only that row renders again (200 lines stay fast).
const GridRow = memo(
  GridRowInner,
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.colsKey === b.colsKey &&
    a.readOnly === b.readOnly &&
    a.removable === b.removable,
) as typeof GridRowInner;

function Cell<R>({
  column: c,
  row,
  index,
  readOnly,
  handlers,
}: {
  column: GridColumn<R>;
  row: R;
  index: number;
  readOnly: boolean;
  handlers: Handlers;
}) {
  const n = index + 1;
  const value = c.value?.(row) ?? '';
  const editable = !readOnly && c.kind !== 'display' && (c.editable?.(row) ?? true);
  if (!editable) {
    if (c.render) return <>{c.render(row, index)}</>;
    const text = c.kind === 'select' ? (c.options?.find((o) => o.value === value)?.label ?? value) : value;
    return (
      <span className={cn('block px-1.5', c.kind === 'decimal' && 'text-right tabular-nums')}>{text}</span>
    );
  }
  const label = c.label?.(n, row) ?? '';
  const placeholder = typeof c.placeholder === 'function' ? c.placeholder(row) : c.placeholder;
  const common = {
    'data-col': c.id,
    'aria-label': label,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => handlers.key(e, index, c.id),
    onPaste: (e: ClipboardEvent<HTMLElement>) => handlers.paste(e, index, c.id),
  };
  if (c.kind === 'item')
    return (
      <ItemPicker
        value={value}
        label={label}
        listId={`grid-items-${index}-${c.id}`}
        placeholder={placeholder}
        onText={(v) => handlers.edit(index, c.id, v)}
        onChoose={(item) => handlers.choose(index, item)}
        gridKey={common.onKeyDown}
        onPaste={common.onPaste}
      />
    );
  if (c.kind === 'select')
    return (
      <select
        {...common}
        className={CELL_INPUT}
        value={value}
        onChange={(e) => handlers.edit(index, c.id, e.target.value)}
      >
        {c.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  if (c.kind === 'date')
    return (
      <input
        {...common}
        // ↑/↓ change the day, month or year inside a date input; only Enter and Ctrl+Delete are the grid's.
        onKeyDown={(e) => {
          if (e.key === 'Enter' || (e.key === 'Delete' && e.ctrlKey)) common.onKeyDown(e);
        }}
        type="date"
        className={CELL_INPUT}
        value={value}
        onChange={(e) => handlers.edit(index, c.id, e.target.value)}
      />
    );
  return (
    <input
      {...common}
      className={cn(CELL_INPUT, c.kind === 'decimal' && 'text-right tabular-nums')}
      inputMode={c.kind === 'decimal' ? 'decimal' : undefined}
      placeholder={placeholder}
      value={value}
      onChange={(e) => handlers.edit(index, c.id, e.target.value)}
    />
  );
}

/** Type-ahead item picker (ARIA combobox): ↑/↓ choose in the open list, Enter takes, Esc closes. */
function ItemPicker({
  value,
  label,
  listId,
  placeholder,
  onText,
  onChoose,
  gridKey,
  onPaste,
}: {
  value: string;
  label: string;
  listId: string;
  placeholder?: string;
  onText: (v: string) => void;
  onChoose: (item: GridItem) => void;
  gridKey: (e: KeyboardEvent<HTMLElement>) => void;
  onPaste: (e: ClipboardEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation('ux-grid');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useGridItemSearch(open ? value : '');
  const options = search.data?.items ?? [];
  const shown = open && value.trim().length > 0;
  const choose = (item: GridItem) => {
    setOpen(false);
    onChoose(item);
  };
  return (
    <div className="relative">
      <input
        data-col="item"
        className={CELL_INPUT}
        role="combobox"
        aria-label={label}
        aria-expanded={shown && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && options[active] ? `${listId}-${active}` : undefined}
        placeholder={placeholder ?? t('itemPlaceholder')}
        value={value}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onPaste={onPaste}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (!shown || options.length === 0) {
            // Enter on a typed SKU that is still being looked up must not leave the cell.
            if (e.key === 'Enter' && shown && search.isFetching) {
              e.preventDefault();
              return;
            }
            gridKey(e);
            return;
          }
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey)) {
            const item = options[active];
            if (item) {
              // Enter and Tab both take the highlighted item; focus then goes to the next cell.
              e.preventDefault();
              choose(item);
            }
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {shown && options.length > 0 && (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-20 mt-1 max-h-60 w-80 overflow-auto rounded-md border border-border bg-surface shadow-lg"
        >
          {options.map((o, i) => (
            <div
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={cn('cursor-pointer px-2 py-1 text-sm', i === active && 'bg-surface-2')}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              <span className="font-medium">{o.sku}</span> · {o.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
