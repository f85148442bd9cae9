import type { SearchHit, SearchKind, SearchResult } from '@erp/domain/search/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type { SearchHit, SearchKind };

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => [...searchKeys.all, q] as const,
};

/** Where each kind of hit opens (the web app's own routes). */
export function hitHref(hit: Pick<SearchHit, 'kind' | 'id'>): string {
  const paths: Record<SearchKind, string> = {
    item: `/inventory/items/${hit.id}`,
    client: `/clients/${hit.id}`,
    supplier: `/suppliers/${hit.id}`,
    quote: `/documents/quotes/${hit.id}/edit`,
    work_order: `/documents/work-orders/${hit.id}/edit`,
    delivery_note: `/delivery-notes/${hit.id}`,
    invoice: `/documents/invoices/${hit.id}`,
    purchase_order: `/suppliers/orders/${hit.id}`,
  };
  return paths[hit.kind];
}

export function useSearch(q: string) {
  const text = q.trim();
  return useQuery<SearchHit[]>({
    queryKey: searchKeys.query(text),
    queryFn: ({ signal }) =>
      api<SearchResult>(`/api/search?q=${encodeURIComponent(text)}`, { signal }).then((r) => r.hits),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
