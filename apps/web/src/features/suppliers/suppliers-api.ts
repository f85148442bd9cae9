import type { InventoryItem, ItemPage } from '@erp/domain/inventory/contracts';
import type { SupplierItemInput } from '@erp/domain/partners/partner.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { SupplierItem } from '../clients/partners-api.ts';

/** An item found by the supplier items tab's search. */
export type ItemHit = Pick<InventoryItem, 'id' | 'sku' | 'name' | 'base_unit'>;

/** Items matching a search (SKU or name), at most ten, to add to a supplier's items. */
export function useItemSearch(q: string) {
  return useQuery({
    queryKey: ['partners', 'item-search', q],
    queryFn: ({ signal }) =>
      api<ItemPage>(`/api/inventory/items?q=${encodeURIComponent(q)}&limit=10`, { signal }).then(
        (r) => r.items,
      ),
    enabled: q.trim().length >= 1,
    staleTime: 30_000,
  });
}

export type { SupplierItemInput };

/** Replaces the items a supplier delivers (code, price and minimum order quantity of each). */
export const saveSupplierItems = (supplierId: string, items: SupplierItemInput[]) =>
  api<SupplierItem[]>(`/api/suppliers/${supplierId}/items`, { method: 'PUT', body: { items } });
