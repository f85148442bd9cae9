import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';
import { formatNumber, formatQuantity } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { type Item, type Location, useItems } from './inventory-api.ts';

export const TABLE = 'w-full border-collapse text-sm';
export const TH = 'border-b border-border px-2 py-1.5 text-left font-medium text-muted whitespace-nowrap';
export const TD = 'border-b border-border px-2 py-1.5 align-top';
/** The inventory lists' look for the data table: a plain table without a frame. */
/**
 * The inventory lists' table look. The frame scrolls sideways on its own (a phone shows the page
 * without sideways scrolling); `relative` keeps the rows' absolutely placed screen-reader labels
 * inside it (without it they widened the item page to 895 px at 390 px).
 */
export const INVENTORY_TABLE = {
  frame: 'relative overflow-x-auto',
  table: TABLE,
  thead: '',
  th: TH,
  td: TD,
  row: '',
};
export const NUM = 'text-right tabular-nums';

export function Qty({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (value == null) return null;
  return <>{formatQuantity(value, i18n.language)}</>;
}

export function Money({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (value == null) return null;
  return <>{formatNumber(value, i18n.language, { style: 'currency', currency: 'EUR' })}</>;
}

const TABS = [
  ['items', 'tabs.items'],
  ['locations', 'tabs.locations'],
  ['operations', 'tabs.operations'],
  ['counts', 'tabs.counts'],
  ['lots', 'tabs.lots'],
  ['low-stock', 'tabs.lowStock'],
  ['reservations', 'tabs.reservations'],
  ['movements', 'tabs.movements'],
  ['import', 'tabs.import'],
] as const;

export function InventoryTabs() {
  const { t } = useTranslation('inventory');
  // Tabs that are only forms (stock operations, import) are left out for roles that cannot use them.
  const hidden = new Set<string>([
    ...(usePermission('inventory.write') ? [] : ['operations']),
    ...(usePermission('master.write') ? [] : ['import']),
  ]);
  return (
    <nav aria-label={t('tabs.label')} className="mb-4 flex flex-wrap gap-1 border-b border-border">
      {TABS.filter(([path]) => !hidden.has(path)).map(([path, key]) => (
        <NavLink
          key={path}
          to={`/inventory/${path}`}
          className={({ isActive }) =>
            cn(
              '-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted hover:text-foreground',
            )
          }
        >
          {t(key)}
        </NavLink>
      ))}
    </nav>
  );
}

export function Field({
  label,
  children,
  error,
}: {
  label: string;
  children: (id: string) => ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {error && (
        <p className="mt-1 text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const selectClasses =
  'block w-full rounded-md border border-input bg-surface px-3 h-10 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring';

export function LocationSelect({
  id,
  locations,
  value,
  onChange,
  allowEmpty,
}: {
  id: string;
  locations: Location[];
  value: string;
  onChange: (v: string) => void;
  allowEmpty?: boolean;
}) {
  const { t } = useTranslation('inventory');
  return (
    <select id={id} className={selectClasses} value={value} onChange={(e) => onChange(e.target.value)}>
      {allowEmpty !== false && <option value="">{t('common.choose')}</option>}
      {/* An inactive location is not offered, unless it is the one already chosen. */}
      {locations
        .filter((l) => l.active || l.id === value)
        .map((l) => (
          <option key={l.id} value={l.id}>
            {l.code} · {l.name}
          </option>
        ))}
    </select>
  );
}

/** Picks an item by typing its SKU or name; the server searches, so it works at 100 000 items. */
export function ItemPicker({
  id,
  label,
  value,
  onChange,
  text: typed,
  onTextChange,
}: {
  id: string;
  /** Accessible name when no <label> points at the input (e.g. in a table of lines). */
  label?: string;
  value: Item | null;
  onChange: (item: Item | null) => void;
  /** The typed text, when the form keeps it (so it survives the picker being re-mounted). */
  text?: string;
  onTextChange?: (text: string) => void;
}) {
  const { t } = useTranslation('inventory');
  const [own, setOwn] = useState(value ? `${value.sku} · ${value.name}` : '');
  const text = typed ?? own;
  const setText = (next: string) => {
    setOwn(next);
    onTextChange?.(next);
  };
  const params = new URLSearchParams({ q: text.split(' · ')[0] ?? '', limit: '20' });
  const { data } = useItems(params);
  const listId = `${id}-list`;
  const sku = text.split(' · ')[0]?.trim() ?? '';
  const match = data?.items.find((i) => i.sku.toLowerCase() === sku.toLowerCase()) ?? null;
  // The search answers after typing: resolve the item once the answer contains the typed SKU.
  // While the search is still on its way the chosen item stays (a re-mounted picker keeps it).
  useEffect(() => {
    if (data && match?.id !== value?.id) onChange(match);
  }, [data, match, value, onChange]);
  return (
    <>
      <Input
        id={id}
        aria-label={label}
        list={listId}
        value={text}
        placeholder={t('common.itemPlaceholder')}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
        }}
      />
      <datalist id={listId}>
        {data?.items.map((i) => (
          <option key={i.id} value={`${i.sku} · ${i.name}`} />
        ))}
      </datalist>
    </>
  );
}

export function ItemLink({ id, sku }: { id: string; sku: string }) {
  return (
    <Link className="font-medium text-primary hover:underline" to={`/inventory/items/${id}`}>
      {sku}
    </Link>
  );
}

export function newKey(): string {
  return crypto.randomUUID();
}

/** Wraps a filter control at a fixed width: inputs fill their wrapper (w-full) instead of the row. */
export function FilterBox({ className, children }: { className: string; children: ReactNode }) {
  return <div className={cn('shrink-0', className)}>{children}</div>;
}

/** The "all locations / one location" filter of the inventory lists (its value is a location id or ''). */
export function LocationFilter({
  className,
  locations,
  value,
  onChange,
}: {
  className: string;
  locations: readonly Location[] | undefined;
  value: string;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <FilterBox className={className}>
      <select
        aria-label={t('items.location')}
        className={selectClasses}
        value={value}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{t('items.allLocations')}</option>
        {locations?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.code} · {l.name}
          </option>
        ))}
      </select>
    </FilterBox>
  );
}
