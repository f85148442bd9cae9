import type { InventoryItem, ItemPage } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * An item as the grid's picker offers it: the fields the editors use of the inventory search
 * answer (the inventory contract's item); the measure-pricing and glass fields are optional so a
 * line can carry an item it made itself.
 */
export type GridItem = Pick<
  InventoryItem,
  'id' | 'sku' | 'name' | 'base_unit' | 'sales_price' | 'purchase_price' | 'vat_rate' | 'kind'
> &
  Partial<Pick<InventoryItem, 'price_basis' | 'glass_kind' | 'min_charge' | 'thickness_mm'>>;

const search = (q: string, limit: number, signal?: AbortSignal) =>
  api<ItemPage>(
    `/api/inventory/items?q=${encodeURIComponent(q)}&limit=${limit}&active=true`,
    signal ? { signal } : {},
  );

/** Type-ahead: items whose SKU or name matches what was typed (server search, cached briefly). */
export function useGridItemSearch(q: string) {
  return useQuery({
    queryKey: ['line-grid', 'items', q],
    queryFn: ({ signal }) => search(q, 12, signal),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  });
}

/**
 * The item a pasted cell names: an exact SKU first, then an exact name, then the only hit.
 * Anything else stays unresolved text the user sees and fixes, never a guess.
 */
export async function resolveItem(text: string): Promise<GridItem | null> {
  const q = text.trim();
  if (!q) return null;
  const { items } = await search(q, 10);
  const lower = q.toLocaleLowerCase();
  return (
    items.find((i) => i.sku.toLocaleLowerCase() === lower) ??
    items.find((i) => i.name.toLocaleLowerCase() === lower) ??
    (items.length === 1 ? (items[0] ?? null) : null)
  );
}
