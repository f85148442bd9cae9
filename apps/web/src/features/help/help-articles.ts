/** Help Center articles: one per section of the app; texts live under `help.articles.<id>` in the `app` namespace. */
export const HELP_ARTICLES = [
  { id: 'dashboard', to: '/' },
  { id: 'inventory', to: '/inventory' },
  { id: 'documents', to: '/documents' },
  { id: 'deliveryNotes', to: '/delivery-notes' },
  { id: 'clients', to: '/clients' },
  { id: 'suppliers', to: '/suppliers' },
  { id: 'processes', to: '/processes' },
  { id: 'products', to: '/products' },
  { id: 'profile', to: '/profile' },
  { id: 'settings', to: '/settings' },
  { id: 'changelog', to: '/changelog' },
  { id: 'export', to: '/export' },
] as const;

/** Case- and accent-insensitive, so "skladiste" finds "Skladište" and "cislo" finds "číslo". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();
}

export function matchesQuery(query: string, ...texts: string[]): boolean {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeSearch(texts.join(' '));
  return words.every((w) => haystack.includes(w));
}
