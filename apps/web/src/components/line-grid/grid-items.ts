import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** An item as the grid's picker offers it (the inventory search answer, fields the editors use). */
export type GridItem = {
  id: string;
  sku: string;
  name: string;
  base_unit: string;
  sales_price: string | null;
  purchase_price: string | null;
  vat_rate: string;
  kind: string;
  /** Measure pricing: the sales price is per piece (unit), per m² (area) or per running metre (perimeter). */
  price_basis?: 'unit' | 'area' | 'perimeter';
  glass_kind?: 'float' | 'laminated' | 'insulating' | 'tempered' | null;
  min_charge?: string | null;
  /** Glass thickness (mm), for the hole warnings of a line. */
  thickness_mm?: string | null;
};

const search = (q: string, limit: number, signal?: AbortSignal) =>
  api<{ items: GridItem[] }>(
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
