import { type ClipboardEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { type GridItem, useGridItemSearch } from './grid-items.ts';

export const CELL_INPUT =
  'h-8 w-full min-w-0 rounded border border-border bg-surface px-1.5 text-sm focus:outline-2 focus:outline-primary';

/** Where the open list sits: under the input, in the viewport (the grid scrolls, the list must not be clipped). */
function useAnchor(input: HTMLInputElement | null, shown: boolean) {
  const [box, setBox] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!shown || !input) return;
    const place = () => {
      const r = input.getBoundingClientRect();
      setBox({ top: r.bottom + 4, left: r.left });
    };
    place();
    // Any scroll (the grid's or the page's) or resize moves the input: follow it.
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [input, shown]);
  return shown ? box : null;
}

/**
 * Type-ahead item picker (ARIA combobox): ↑/↓ choose in the open list, Enter or Tab takes, Esc
 * closes. The list is drawn over the page (a portal at fixed position), so the grid's own scroll
 * box never clips it.
 */
export function ItemPicker({
  col,
  value,
  label,
  listId,
  placeholder,
  onText,
  onChoose,
  gridKey,
  onPaste,
}: {
  col: string;
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
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useGridItemSearch(open ? value : '');
  const options = search.data?.items ?? [];
  const shown = open && value.trim().length > 0;
  const listed = shown && options.length > 0;
  const anchor = useAnchor(inputRef.current, listed);
  const choose = (item: GridItem) => {
    setOpen(false);
    onChoose(item);
  };
  return (
    <div className="relative">
      <input
        ref={inputRef}
        data-col={col}
        className={CELL_INPUT}
        role="combobox"
        aria-label={label}
        aria-expanded={listed}
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
          if (!listed) {
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
          // The grid's chords (Ctrl+D, Ctrl+Delete) work with the list open too.
          else gridKey(e);
        }}
      />
      {listed &&
        anchor &&
        createPortal(
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            style={{ top: anchor.top, left: anchor.left }}
            className="fixed z-40 max-h-60 w-80 overflow-auto rounded-md border border-border bg-surface shadow-lg"
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
          </div>,
          document.body,
        )}
    </div>
  );
}
