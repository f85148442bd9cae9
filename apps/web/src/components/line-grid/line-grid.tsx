// biome-ignore-all lint/a11y/useSemanticElements: div rows with ARIA grid roles, because table rows re-laid the whole table per key (see LineGrid)
// biome-ignore-all lint/a11y/useFocusableInteractive: focus lives in the cells' inputs (W3C grid pattern with editable cells)
import {
  type ClipboardEvent,
  type CSSProperties,
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
import { type GridItem, resolveItem } from './grid-items.ts';
import { cssSum, enterMove, pinOffsets, trackMin } from './grid-model.ts';
import { CELL_INPUT, ItemPicker } from './item-picker.tsx';
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
  /**
   * The column belongs to some rows only (an optional group: glass work for panes, the window spec
   * for windows): on the others the cell stays empty, with nothing to focus or read.
   */
  applies?: (row: R) => boolean;
  /** An editable cell Tab passes by on this row (reached by Shift+Tab, a click or the arrows' column). */
  tabSkip?: (row: R) => boolean;
  /** Pinned while the grid scrolls sideways (wide screens): the item at the start, the amount at the end. */
  pin?: 'start' | 'end';
  /** Ctrl+D ("fill down", as in a spreadsheet): the row with this cell taken from the row above. */
  fill?: (row: R, above: R) => R;
  /**
   * Shown under the cell on a phone only (below `sm`), where the other columns are off-screen:
   * the item cell carries the line's quantity and amount there.
   */
  phoneNote?: (row: R) => ReactNode;
};

export type LineGridProps<R> = {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly GridColumn<R>[];
  /** Without it the grid is read-only. */
  onChange?: (rows: R[]) => void;
  /**
   * Without it the rows are fixed (receipts against an order, count sheets): no add or remove.
   * It gets the last row, so a new line can take its defaults from the line above.
   */
  newRow?: (above?: R) => R;
  /** A row that is filled in: Enter on it goes to the next row's item cell (default: an item is named). */
  filled?: (row: R) => boolean;
  /** The cell focused after an item was chosen (default: the next editable cell after the item). */
  afterPick?: (row: R) => string | undefined;
  /** The editable columns in the order pasted spreadsheet cells fill them (default: as shown). */
  pasteOrder?: readonly string[];
  /** The row after an item was chosen (price, unit, VAT from the item). */
  pick?: (row: R, item: GridItem) => R;
  /** Called after a row was removed, e.g. to offer Undo. */
  onRemoved?: (row: R, index: number, restore: () => void) => void;
  /** Text of the add button (defaults to the grid's own). */
  addLabel?: string;
  /** Totals or anything else shown under the grid. */
  footer?: ReactNode;
  /** Controls beside the add button (e.g. the editor's optional column groups). */
  tools?: ReactNode;
  className?: string;
};

type Handlers = {
  edit: (index: number, col: string, value: string) => void;
  choose: (index: number, item: GridItem) => void;
  key: (e: KeyboardEvent<HTMLElement>, index: number, col: string) => void;
  paste: (e: ClipboardEvent<HTMLElement>, index: number, col: string) => void;
  remove: (index: number) => void;
};

/**
 * The line editor of every document (UX.md "Documents", W3C ARIA grid): Tab moves through the
 * editable cells only, Enter on a filled line goes to the next line's item cell (on the last row
 * it adds a line; elsewhere Enter moves down the same column), ↑/↓ move between rows unless the
 * item list is open, Ctrl+D fills a cell from the line above, Ctrl+Delete removes the row,
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
    const cellText = (row: R, col: string) =>
      (
        cols()
          .find((x) => x.id === col)
          ?.value?.(row) ?? ''
      ).trim();
    /** After an item: the cell the editor names, else the next editable cell (usually the quantity). */
    const focusAfterPick = (index: number, row: R) => {
      const ids = editableIds();
      const next = latest.current.afterPick?.(row) ?? ids[ids.indexOf(col0(cols())) + 1];
      if (next) focusCell(index, next);
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
        const row = rs[index];
        if (!pick || row === undefined) return;
        const next = pick(row, item);
        commit(rs.map((r, i) => (i === index ? next : r)));
        focusAfterPick(index, next);
      },
      key: (e, index, col) => {
        const { rows: rs, newRow: make, filled } = latest.current;
        const row = rs[index];
        if (row === undefined) return;
        if (e.key === 'Enter') {
          e.preventDefault();
          const itemCol = col0(cols()) || undefined;
          const move = enterMove({
            index,
            rows: rs.length,
            col,
            itemCol,
            filled: filled ? filled(row) : itemCol !== undefined && cellText(row, itemCol) !== '',
            canAdd: !!make,
          });
          if (!move) return;
          if (move.add && make) commit([...rs, make(rs[rs.length - 1])]);
          focusCell(move.index, move.col);
        } else if (e.key === 'ArrowDown') {
          e.preventDefault();
          if (index < rs.length - 1) focusCell(index + 1, col);
        } else if (e.key === 'ArrowUp') {
          e.preventDefault();
          if (index > 0) focusCell(index - 1, col);
        } else if (e.key === 'Delete' && e.ctrlKey && make) {
          e.preventDefault();
          removeAt(index);
          focusCell(Math.max(0, Math.min(index, rs.length - 2)), col);
        } else if ((e.key === 'd' || e.key === 'D') && (e.ctrlKey || e.metaKey) && !e.altKey) {
          // Fill down, as in a spreadsheet (and never the browser's bookmark dialog).
          e.preventDefault();
          const above = rs[index - 1];
          const c = cols().find((x) => x.id === col);
          if (above === undefined || !c) return;
          const next = c.fill ? c.fill(row, above) : setCell(row, col, c.value?.(above) ?? '');
          commit(rs.map((r, i) => (i === index ? next : r)));
          if (c.kind === 'item') focusAfterPick(index, next);
          else focusCell(index, col);
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
      const { newRow: make, pick, pasteOrder } = latest.current;
      const shown = editableIds();
      const ids = pasteOrder ? pasteOrder.filter((id) => shown.includes(id)) : shown;
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
          next.push(make(next[next.length - 1]));
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
  // Every track: the line number, the columns, the remove button. The number and the item stay
  // at the start, the amount and the remove button at the end, while the grid scrolls sideways.
  const layout = [
    { width: '2.5rem', pin: 'start' as const },
    ...columns.map((c) => ({ width: c.width ?? 'minmax(8rem, 1fr)', pin: c.pin })),
    ...(removable ? [{ width: '2.5rem', pin: 'end' as const }] : []),
  ];
  const tracks = layout.map((l) => l.width).join(' ');
  const pins = pinOffsets(layout);
  const pinned = (side: 'start' | 'end') =>
    cssSum(layout.filter((l) => l.pin === side).map((l) => trackMin(l.width)));
  const pinsRef = useRef(pins);
  pinsRef.current = pins;
  const columnsRef = useRef(columns);
  columnsRef.current = columns;

  return (
    <div className={className}>
      {/*
        Rows are CSS grids of fixed tracks with layout containment, not table rows: in a <table>
        a digit typed into line 1 of 200 re-laid the whole table (≈600 ms a key, measured); here
        one row is laid out and off-screen rows are skipped (content-visibility).
        The grid scrolls inside its own box (sideways always, downwards on wide screens), so the
        page never grows wider than the window; the item list opens over the page (item-picker).
      */}
      <div
        className="overflow-auto rounded-md border border-border lg:max-h-[max(20rem,calc(100dvh-16rem))] lg:[scroll-padding-inline-end:var(--pin-end)] lg:[scroll-padding-inline-start:var(--pin-start)]"
        style={{ ['--pin-start' as string]: pinned('start'), ['--pin-end' as string]: pinned('end') }}
        data-testid="line-grid-scroll"
        // A read-only grid has no cell to focus: the box itself takes the focus, so it scrolls by keyboard.
        tabIndex={readOnly ? 0 : undefined}
      >
        <div
          ref={tableRef}
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-readonly={readOnly || undefined}
          className="text-sm"
          style={{
            ['--grid-cols' as string]: tracks,
            minWidth: cssSum(layout.map((l) => trackMin(l.width))),
          }}
          data-testid="line-grid"
        >
          <div role="rowgroup" className="sticky top-0 z-20 bg-surface-2">
            <div role="row" aria-rowindex={1} className={ROW}>
              <div role="columnheader" className={cn(HEAD, PIN, 'bg-surface-2')} style={pins[0]}>
                #
              </div>
              {columns.map((c, i) => (
                <div
                  key={c.id}
                  role="columnheader"
                  className={cn(HEAD, c.pin && `${PIN} bg-surface-2`, c.className)}
                  style={pins[i + 1]}
                >
                  {c.header}
                </div>
              ))}
              {removable && (
                <div role="columnheader" className={cn(HEAD, PIN, 'bg-surface-2')} style={pins.at(-1)}>
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
                pinsRef={pinsRef}
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
      {/* On wide screens the totals stay on screen while the grid is: stuck to the window's foot. */}
      <div className="z-10 mt-2 flex flex-wrap items-start justify-between gap-4 bg-background py-1 lg:sticky lg:bottom-0">
        {!readOnly && newRow ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange?.([...rows, newRow(rows[rows.length - 1])])}
            >
              {props.addLabel ?? t('add')}
            </Button>
            {props.tools}
            <span className="text-xs text-muted">{t('hint')}</span>
          </div>
        ) : (
          <span>{props.tools}</span>
        )}
        {footer}
      </div>
    </div>
  );
}

const ROW = 'grid grid-cols-[var(--grid-cols)] items-center';
const HEAD = 'px-2 py-1.5 text-left text-xs font-medium text-muted';
/** A pinned cell (wide screens): sticky at its offset, over the cells that scroll under it. */
const PIN = 'lg:sticky lg:z-[1]';

const col0 = <R,>(cols: readonly GridColumn<R>[]) => cols.find((c) => c.kind === 'item')?.id ?? '';

type RowProps<R> = {
  row: R;
  index: number;
  colsKey: string;
  columnsRef: { current: readonly GridColumn<R>[] };
  /** The pinned cells' offsets (they follow the columns, so the columns' key covers them). */
  pinsRef: { current: readonly CSSProperties[] };
  readOnly: boolean;
  removable: boolean;
  handlers: Handlers;
};

function GridRowInner<R>({ row, index, columnsRef, pinsRef, readOnly, removable, handlers }: RowProps<R>) {
  const { t } = useTranslation('ux-grid');
  const n = index + 1;
  const pins = pinsRef.current;
  return (
    <div
      role="row"
      data-row={index}
      data-testid="line-row"
      aria-rowindex={index + 2}
      className={cn(
        ROW,
        'border-t border-border [contain:layout_style] [content-visibility:auto] [contain-intrinsic-size:auto_2.5rem] focus-within:[content-visibility:visible]',
      )}
    >
      <div
        role="gridcell"
        className={cn('content-center self-stretch px-2 py-1 text-muted tabular-nums', PIN, 'bg-surface')}
        style={pins[0]}
      >
        {n}
      </div>
      {columnsRef.current.map((c, i) => (
        <div
          key={c.id}
          role="gridcell"
          className={cn(
            'min-w-0 px-1 py-1',
            c.pin && `${PIN} content-center self-stretch bg-surface`,
            c.className,
          )}
          style={pins[i + 1]}
        >
          <Cell column={c} row={row} index={index} readOnly={readOnly} handlers={handlers} />
          {c.phoneNote && (
            <div className="px-1.5 pt-0.5 text-xs tabular-nums sm:hidden" data-testid="line-phone-note">
              {c.phoneNote(row)}
            </div>
          )}
        </div>
      ))}
      {removable && (
        <div
          role="gridcell"
          className={cn('content-center self-stretch px-1 py-1', PIN, 'bg-surface')}
          style={pins.at(-1)}
        >
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
  if (c.applies && !c.applies(row)) return null;
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
    ...(c.tabSkip?.(row) ? { tabIndex: -1 } : {}),
    'aria-label': label,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => handlers.key(e, index, c.id),
    onPaste: (e: ClipboardEvent<HTMLElement>) => handlers.paste(e, index, c.id),
  };
  if (c.kind === 'item')
    return (
      <ItemPicker
        col={c.id}
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
        // ↑/↓ change the day, month or year inside a date input; Enter, Ctrl+Delete and Ctrl+D are the grid's.
        onKeyDown={(e) => {
          const chord = e.ctrlKey || e.metaKey;
          if (e.key === 'Enter' || (chord && (e.key === 'Delete' || e.key.toLowerCase() === 'd')))
            common.onKeyDown(e);
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
