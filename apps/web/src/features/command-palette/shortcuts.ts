/**
 * The one registry of keyboard shortcuts: the key handler, the `?` overlay and docs/ux.md all
 * follow it. Keys avoid browser-reserved combinations (Ctrl+T/W/N/L...); single keys act only when
 * no field has focus.
 */

/** Sections reachable with `g` then a letter, and from the palette ("go to ..."). */
export const SECTIONS = [
  { key: 'd', path: '/', labelKey: 'sections.dashboard' },
  { key: 'i', path: '/inventory/items', labelKey: 'sections.items' },
  { key: 'l', path: '/inventory/locations', labelKey: 'sections.locations' },
  { key: 'b', path: '/inventory/scan', labelKey: 'sections.warehouseScan' },
  { key: 'q', path: '/documents/quotes', labelKey: 'sections.quotes' },
  { key: 'w', path: '/documents/work-orders', labelKey: 'sections.workOrders' },
  { key: 'o', path: '/delivery-notes', labelKey: 'sections.deliveryNotes' },
  { key: 'r', path: '/documents/invoices', labelKey: 'sections.invoices' },
  { key: 'c', path: '/clients', labelKey: 'sections.clients' },
  { key: 's', path: '/suppliers', labelKey: 'sections.suppliers' },
  { key: 'n', path: '/suppliers/orders', labelKey: 'sections.purchaseOrders' },
  { key: 'p', path: '/products', labelKey: 'sections.products' },
  { key: 'e', path: '/processes', labelKey: 'sections.processes' },
  { key: 'k', path: '/cutting', labelKey: 'sections.cutting' },
  { key: 'x', path: '/export', labelKey: 'sections.export' },
  { key: 'a', path: '/audit', labelKey: 'sections.audit' },
  { key: 't', path: '/settings', labelKey: 'sections.settings' },
] as const;

/** List pages and where `n` ("new") takes you from them. Exact paths: a record page has no `n`. */
export const NEW_ROUTES: ReadonlyArray<{ list: string; to: string; labelKey: string }> = [
  { list: '/documents/quotes', to: '/documents/quotes/new', labelKey: 'actions.newQuote' },
  { list: '/documents/work-orders', to: '/documents/work-orders/new', labelKey: 'actions.newWorkOrder' },
  { list: '/delivery-notes', to: '/delivery-notes/new', labelKey: 'actions.newDeliveryNote' },
  { list: '/documents/invoices', to: '/documents/invoices/new', labelKey: 'actions.newInvoice' },
  { list: '/clients', to: '/clients/new', labelKey: 'actions.newClient' },
  { list: '/suppliers', to: '/suppliers/new', labelKey: 'actions.newSupplier' },
  { list: '/suppliers/orders', to: '/suppliers/orders/new', labelKey: 'actions.newPurchaseOrder' },
  { list: '/inventory/items', to: '/inventory/items/new', labelKey: 'actions.newItem' },
  { list: '/products', to: '/products/new', labelKey: 'actions.newProduct' },
  { list: '/processes', to: '/processes/new', labelKey: 'actions.newProcess' },
  { list: '/cutting', to: '/cutting/new', labelKey: 'actions.newCuttingJob' },
];

export function newRouteFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NEW_ROUTES.find((r) => r.list === path)?.to ?? null;
}

export type ShortcutGroup = 'global' | 'lists' | 'navigation';
export type Shortcut = {
  id: string;
  keys: string[];
  labelKey: string;
  group: ShortcutGroup;
  params?: object;
};

/** Every shortcut, as shown in the `?` overlay (key names in `keys.*` are translated too). */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'palette', keys: ['mod', 'K'], labelKey: 'shortcuts.palette', group: 'global' },
  { id: 'help', keys: ['?'], labelKey: 'shortcuts.help', group: 'global' },
  { id: 'close', keys: ['esc'], labelKey: 'shortcuts.close', group: 'global' },
  { id: 'new', keys: ['N'], labelKey: 'shortcuts.new', group: 'lists' },
  { id: 'search', keys: ['/'], labelKey: 'shortcuts.search', group: 'lists' },
  ...SECTIONS.map((s) => ({
    id: `go-${s.key}`,
    keys: ['G', s.key.toUpperCase()],
    labelKey: 'shortcuts.goTo',
    group: 'navigation' as const,
    params: { section: s.labelKey },
  })),
];

/** True when keys typed now belong to a field (inputs, selects, editable text, the line grid). */
export function isTypingTarget(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if ((el as HTMLElement).isContentEditable) return true;
  return (
    el.closest('[role="grid"], [role="dialog"], [role="combobox"], [role="listbox"], [role="menu"]') !== null
  );
}

export type KeyInput = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean };
export type ShortcutAction =
  | { type: 'palette' }
  | { type: 'help' }
  | { type: 'new'; to: string }
  | { type: 'search' }
  | { type: 'go'; to: string }
  | { type: 'pending-g' };

/**
 * Decides what a key press does. `pendingG` is true right after a lone `g` (a two-key sequence);
 * `typing` is whether a field has focus; `pathname` picks the list's "new" route.
 */
export function resolveShortcut(
  e: KeyInput,
  state: { pendingG: boolean; typing: boolean; pathname: string },
): ShortcutAction | null {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && key === 'k') return { type: 'palette' };
  if (e.ctrlKey || e.metaKey || e.altKey || state.typing) return null;
  if (state.pendingG) {
    const section = SECTIONS.find((s) => s.key === key);
    return section ? { type: 'go', to: section.path } : null;
  }
  if (e.key === '?') return { type: 'help' };
  if (key === 'g') return { type: 'pending-g' };
  if (key === '/') return { type: 'search' };
  if (key === 'n') {
    const to = newRouteFor(state.pathname);
    return to ? { type: 'new', to } : null;
  }
  return null;
}
