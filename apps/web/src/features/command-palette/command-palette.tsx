import { Command } from 'cmdk';
import { ArrowRight, Clock, Plus, Search } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type RecentRecord, readRecent, rememberRecent } from './recent.ts';
import { hitHref, type SearchHit, type SearchKind, useSearch } from './search-api.ts';
import { listKey, type PaletteChoice, selectedValue } from './selection.ts';
import { SECTIONS } from './shortcuts.ts';

/** Actions the palette offers besides records: create something, or receive stock. */
const ACTIONS = [
  { id: 'new-quote', to: '/documents/quotes/new', labelKey: 'actions.newQuote' },
  { id: 'new-work-order', to: '/documents/work-orders/new', labelKey: 'actions.newWorkOrder' },
  { id: 'receive-stock', to: '/inventory/operations?op=receipt', labelKey: 'actions.receiveStock' },
  { id: 'warehouse-scan', to: '/inventory/scan', labelKey: 'actions.warehouseScan' },
  { id: 'new-client', to: '/clients/new', labelKey: 'actions.newClient' },
  { id: 'new-item', to: '/inventory/items/new', labelKey: 'actions.newItem' },
  { id: 'new-delivery-note', to: '/delivery-notes/new', labelKey: 'actions.newDeliveryNote' },
  { id: 'new-invoice', to: '/documents/invoices/new', labelKey: 'actions.newInvoice' },
  { id: 'new-purchase-order', to: '/suppliers/orders/new', labelKey: 'actions.newPurchaseOrder' },
] as const;

const KIND_ORDER: SearchKind[] = [
  'client',
  'supplier',
  'item',
  'quote',
  'work_order',
  'delivery_note',
  'invoice',
  'purchase_order',
];

/** Case and diacritics do not matter when filtering actions ("nova ponuda" ~ "Nová nabídka"). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').toLowerCase();

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; userId: string; companyId: string };

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-foreground aria-selected:bg-primary aria-selected:text-primary-foreground';
const GROUP =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted';

/** Ctrl+K: records by number, name or OIB, recent records, actions and every section. */
export function CommandPalette({ open, onOpenChange, userId, companyId }: Props) {
  const { t } = useTranslation('ux');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 150);
  const search = useSearch(debounced);
  const [recent, setRecent] = useState<RecentRecord[]>([]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setRecent(readRecent(userId, companyId));
    }
  }, [open, userId, companyId]);

  const typed = query.trim();
  const hits: SearchHit[] = typed ? (search.data ?? []) : [];
  const folded = fold(typed);
  const actions = useMemo(
    () => ACTIONS.filter((a) => !folded || fold(t(a.labelKey)).includes(folded)),
    [folded, t],
  );
  const sections = useMemo(
    () => SECTIONS.filter((s) => !folded || fold(`${t('palette.goTo')} ${t(s.labelKey)}`).includes(folded)),
    [folded, t],
  );

  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };
  const openHit = (hit: SearchHit) => {
    const href = hitHref(hit);
    rememberRecent(userId, companyId, { href, label: hitLabel(hit), kind: hit.kind });
    go(href);
  };
  const hitLabel = (hit: SearchHit) => hit.label ?? t('palette.draft');
  const count = hits.length + (typed ? actions.length + sections.length : 0);

  // The entries' values in the order they are drawn: the selection is always one of them.
  const values = [
    ...(!typed ? recent.map((r) => `recent:${r.href}`) : []),
    ...KIND_ORDER.flatMap((kind) => hits.filter((h) => h.kind === kind).map((h) => `hit:${h.kind}:${h.id}`)),
    ...actions.map((a) => `action:${a.id}`),
    ...sections.map((s) => `go:${s.path}`),
  ];
  const [choice, setChoice] = useState<PaletteChoice>({ value: '', list: '' });
  const selected = selectedValue(values, choice);
  const currentList = listKey(values);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="command-palette"
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-border bg-surface shadow-2xl"
        >
          <DialogPrimitive.Title className="sr-only">{t('palette.title')}</DialogPrimitive.Title>
          <Command
            shouldFilter={false}
            loop
            label={t('palette.title')}
            value={selected}
            onValueChange={(value) => setChoice({ value, list: currentList })}
          >
            <div className="flex items-center gap-2 border-b border-border px-3">
              <Search className="size-4 text-muted" aria-hidden />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder={t('palette.placeholder')}
                aria-label={t('palette.placeholder')}
                className="h-12 flex-1 bg-transparent text-sm text-foreground outline-none placeholder:text-muted"
              />
            </div>
            <p className="sr-only" role="status" aria-live="polite">
              {typed ? t('palette.resultCount', { count }) : ''}
            </p>
            <Command.List className="max-h-[60vh] overflow-y-auto p-2">
              {typed && !search.isFetching && count === 0 && (
                <Command.Empty className="px-3 py-6 text-center text-sm text-muted">
                  {t('palette.empty')}
                </Command.Empty>
              )}
              {!typed && recent.length > 0 && (
                <Command.Group heading={t('palette.recent')} className={GROUP}>
                  {recent.map((r) => (
                    <Command.Item
                      key={r.href}
                      value={`recent:${r.href}`}
                      onSelect={() => go(r.href)}
                      className={ITEM}
                    >
                      <Clock className="size-4 shrink-0" aria-hidden />
                      <span className="flex-1 truncate">{r.label}</span>
                      <span className="text-xs opacity-80">{t(`kinds.${r.kind}`)}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {KIND_ORDER.map((kind) => {
                const group = hits.filter((h) => h.kind === kind);
                if (group.length === 0) return null;
                return (
                  <Command.Group key={kind} heading={t(`kindsPlural.${kind}`)} className={GROUP}>
                    {group.map((hit) => (
                      <Command.Item
                        key={hit.id}
                        value={`hit:${hit.kind}:${hit.id}`}
                        onSelect={() => openHit(hit)}
                        className={ITEM}
                        data-testid="palette-hit"
                      >
                        <span className="flex-1 truncate">
                          {hitLabel(hit)}
                          {hit.detail ? <span className="opacity-80"> · {hit.detail}</span> : null}
                        </span>
                        {hit.match === 'oib' && (
                          <span className="text-xs opacity-80">{t('palette.oibMatch')}</span>
                        )}
                      </Command.Item>
                    ))}
                  </Command.Group>
                );
              })}
              {actions.length > 0 && (
                <Command.Group heading={t('palette.actions')} className={GROUP}>
                  {actions.map((a) => (
                    <Command.Item
                      key={a.id}
                      value={`action:${a.id}`}
                      onSelect={() => go(a.to)}
                      className={ITEM}
                    >
                      <Plus className="size-4 shrink-0" aria-hidden />
                      {t(a.labelKey)}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {sections.length > 0 && (
                <Command.Group heading={t('palette.sections')} className={GROUP}>
                  {sections.map((s) => (
                    <Command.Item
                      key={s.path}
                      value={`go:${s.path}`}
                      onSelect={() => go(s.path)}
                      className={ITEM}
                    >
                      <ArrowRight className="size-4 shrink-0" aria-hidden />
                      <span className="flex-1">
                        {t('palette.goTo')} {t(s.labelKey)}
                      </span>
                      <kbd className="text-xs opacity-80">G {s.key.toUpperCase()}</kbd>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
