/**
 * Recently opened records, shown by the palette when nothing is typed yet. Kept in localStorage
 * per user and company (a preference of this browser, not company data).
 */
export type RecentRecord = { href: string; label: string; kind: string };

const MAX = 8;
const storageKey = (userId: string, companyId: string) => `erp.recent.${userId}.${companyId}`;

export function readRecent(userId: string, companyId: string): RecentRecord[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId, companyId)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (r): r is RecentRecord =>
            typeof r?.href === 'string' && typeof r?.label === 'string' && typeof r?.kind === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Puts `record` first; the same address appears once; the list keeps the last MAX records. */
export function pushRecent(list: RecentRecord[], record: RecentRecord): RecentRecord[] {
  return [record, ...list.filter((r) => r.href !== record.href)].slice(0, MAX);
}

export function rememberRecent(userId: string, companyId: string, record: RecentRecord): void {
  try {
    const next = pushRecent(readRecent(userId, companyId), record);
    localStorage.setItem(storageKey(userId, companyId), JSON.stringify(next));
  } catch {
    // Storage full or disabled: recent records are a convenience only.
  }
}

/** Record pages the shell remembers when visited (the page title names the record). */
const RECORD_PAGES: ReadonlyArray<{ pattern: RegExp; kind: string }> = [
  { pattern: /^\/inventory\/items\/[0-9a-f-]{36}$/, kind: 'item' },
  { pattern: /^\/clients\/[0-9a-f-]{36}$/, kind: 'client' },
  { pattern: /^\/suppliers\/[0-9a-f-]{36}$/, kind: 'supplier' },
  { pattern: /^\/suppliers\/orders\/[0-9a-f-]{36}$/, kind: 'purchase_order' },
  { pattern: /^\/documents\/quotes\/[0-9a-f-]{36}\/edit$/, kind: 'quote' },
  { pattern: /^\/documents\/work-orders\/[0-9a-f-]{36}\/edit$/, kind: 'work_order' },
  { pattern: /^\/documents\/invoices\/[0-9a-f-]{36}$/, kind: 'invoice' },
  { pattern: /^\/delivery-notes\/[0-9a-f-]{36}$/, kind: 'delivery_note' },
  { pattern: /^\/products\/[0-9a-f-]{36}$/, kind: 'product' },
  { pattern: /^\/cutting\/[0-9a-f-]{36}$/, kind: 'cutting_job' },
];

export function recordKindOf(pathname: string): string | null {
  return RECORD_PAGES.find((p) => p.pattern.test(pathname))?.kind ?? null;
}
