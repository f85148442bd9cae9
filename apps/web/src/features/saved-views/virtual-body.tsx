import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

/** The height assumed before the scroll box is measured (the first render has rows to show). */
const FIRST_HEIGHT = 600;

/** A data table's virtualised body (`<DataTable virtual={…}>`): row height and extra rows above and below the view. */
export type VirtualRows = {
  /** Every row's height in pixels (rows do not wrap: cells truncate). */
  rowHeight: number;
  /** Rows rendered beyond the visible ones on each side. */
  overscan?: number;
};

/**
 * The `<tbody>` of a virtualised data table: only the rows in view (and `overscan` around them)
 * are in the page; a spacer row above and below keeps the scroll height of all of them, so the
 * header, the selection boxes and the cells are the same table as the paged mode's.
 */
export function VirtualBody<R>({
  rows,
  scrollRef,
  rowHeight,
  overscan = 12,
  colSpan,
  row,
  at,
  children,
}: VirtualRows & {
  rows: readonly R[];
  /** The scrolling box around the table. */
  scrollRef: RefObject<HTMLElement | null>;
  colSpan: number;
  /** Where the list is (page, sort, filters): when it changes, the box scrolls back to the top. */
  at: string;
  /** One row (a `<tr>` of `rowHeight`); `index` is its place in `rows`. */
  row: (r: R, index: number) => ReactNode;
  /** Rendered after the rows (the empty row). */
  children?: ReactNode;
}) {
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 0, height: FIRST_HEIGHT },
  });
  // Another page, sort or filter starts at its first row, not where the last one was scrolled to.
  const shown = useRef(at);
  useEffect(() => {
    if (shown.current === at) return;
    shown.current = at;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [at, scrollRef]);
  const items = virtual.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} style={{ height }}>
        <td colSpan={colSpan} className="p-0" />
      </tr>
    ) : null;
  return (
    <tbody>
      {spacer(above, 'above')}
      {items.map((v) => {
        const r = rows[v.index];
        return r === undefined ? null : row(r, v.index);
      })}
      {spacer(below, 'below')}
      {children}
    </tbody>
  );
}
