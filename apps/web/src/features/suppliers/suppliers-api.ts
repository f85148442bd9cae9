import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { SupplierItem } from '../clients/partners-api.ts';

/** An item found by the supplier items tab's search. */
export type ItemHit = { id: string; sku: string; name: string; base_unit: string };

/** Items matching a search (SKU or name), at most ten, to add to a supplier's items. */
export function useItemSearch(q: string) {
  return useQuery({
    queryKey: ['partners', 'item-search', q],
    queryFn: ({ signal }) =>
      api<{ items: ItemHit[] }>(`/api/inventory/items?q=${encodeURIComponent(q)}&limit=10`, { signal }).then(
        (r) => r.items,
      ),
    enabled: q.trim().length >= 1,
    staleTime: 30_000,
  });
}

export type SupplierItemInput = {
  item_id: string;
  supplier_sku: string | null;
  price: string | null;
  min_order_qty: string | null;
};

/** Replaces the items a supplier delivers (code, price and minimum order quantity of each). */
export const saveSupplierItems = (supplierId: string, items: SupplierItemInput[]) =>
  api<SupplierItem[]>(`/api/suppliers/${supplierId}/items`, { method: 'PUT', body: { items } });
