import type {
  DraftOrders,
  ImportIssue,
  InventoryItem,
  ItemDetail,
  ItemImportResult,
  ItemPage,
  LocationDetail,
  Lot,
  LotDetail,
  LotPicks,
  LotTrace,
  LowStockItem,
  locationUpdateSchema,
  Reservation,
  StockBalance,
  StockCount,
  StockCountDetail,
  StockDocument,
  StockLocation,
  StockMovement,
  Unit,
} from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of /api/inventory (snake_case, decimals as strings): the domain's contracts.
export type {
  DraftOrders,
  ImportIssue,
  InventoryItem as Item,
  ItemImportResult,
  Lot,
  LotTrace as TraceRow,
  Reservation,
  StockBalance as Balance,
  StockCount as Count,
  StockCountDetail as CountDetail,
  StockDocument,
  StockLocation as Location,
  StockMovement as Movement,
};

export const inventoryKeys = {
  all: ['inventory'] as const,
  items: (params: string) => ['inventory', 'items', params] as const,
  item: (id: string) => ['inventory', 'item', id] as const,
  movements: (params: string) => ['inventory', 'movements', params] as const,
  locations: () => ['inventory', 'locations'] as const,
  location: (id: string) => ['inventory', 'location', id] as const,
  lots: (params: string) => ['inventory', 'lots', params] as const,
  lot: (id: string) => ['inventory', 'lot', id] as const,
  lowStock: () => ['inventory', 'low-stock'] as const,
  counts: () => ['inventory', 'counts'] as const,
  count: (id: string) => ['inventory', 'count', id] as const,
  units: () => ['inventory', 'units'] as const,
  reservations: (params: string) => ['inventory', 'reservations', params] as const,
};

export const useItems = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.items(params.toString()),
    queryFn: ({ signal }) => api<ItemPage>(`/api/inventory/items?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useItem = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.item(id),
    queryFn: ({ signal }) => api<ItemDetail>(`/api/inventory/items/${id}`, { signal }),
  });

export const useMovements = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.movements(params.toString()),
    queryFn: ({ signal }) => api<StockMovement[]>(`/api/inventory/movements?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useLocations = () =>
  useQuery({
    queryKey: inventoryKeys.locations(),
    queryFn: ({ signal }) => api<StockLocation[]>('/api/inventory/locations', { signal }),
  });

export const useLocation = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.location(id),
    queryFn: ({ signal }) => api<LocationDetail>(`/api/inventory/locations/${id}`, { signal }),
  });

export const useLots = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.lots(params.toString()),
    queryFn: ({ signal }) => api<Lot[]>(`/api/inventory/lots?${params}`, { signal }),
  });

export const useLot = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.lot(id),
    queryFn: ({ signal }) => api<LotDetail>(`/api/inventory/lots/${id}`, { signal }),
  });

export const useLowStock = () =>
  useQuery({
    queryKey: inventoryKeys.lowStock(),
    queryFn: ({ signal }) => api<LowStockItem[]>('/api/inventory/low-stock', { signal }),
  });

export const useCounts = () =>
  useQuery({
    queryKey: inventoryKeys.counts(),
    queryFn: ({ signal }) => api<StockCount[]>('/api/inventory/counts', { signal }),
  });

export const useCount = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.count(id),
    queryFn: ({ signal }) => api<StockCountDetail>(`/api/inventory/counts/${id}`, { signal }),
  });

export const useUnits = () =>
  useQuery({
    queryKey: inventoryKeys.units(),
    queryFn: ({ signal }) => api<Unit[]>('/api/inventory/units', { signal }),
    staleTime: 60_000,
  });

/**
 * A posting with an Idempotency-Key: the key is made once per submitted form, so a retry after a
 * lost answer (double click, flaky network) never posts twice.
 */
export async function postWithKey<T>(
  path: string,
  body: unknown,
  key: string,
  companyId: string,
): Promise<T> {
  return postWithHeaders<T>(path, JSON.stringify(body), companyId, {
    'Content-Type': 'application/json',
    'Idempotency-Key': key,
  });
}

/**
 * POST with headers of our own. The shared api() helper sends no custom headers, so the current
 * company (x-company-id) is named here too.
 */
async function postWithHeaders<T>(
  path: string,
  body: BodyInit,
  companyId: string,
  headers: Record<string, string>,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...headers,
        ...(companyId ? { 'x-company-id': companyId } : {}),
      },
      body,
    });
  } catch {
    throw new ApiError('NETWORK', 'Network error', 0);
  }
  const data = (await res.json().catch(() => undefined)) as
    | {
        error?: {
          code: string;
          message: string;
          details?: { field: string; key: string; params?: Record<string, string> }[];
        };
      }
    | undefined;
  if (!res.ok) {
    const e = data?.error;
    throw new ApiError(e?.code ?? 'UNKNOWN', e?.message ?? `HTTP ${res.status}`, res.status, e?.details);
  }
  return data as T;
}

export function useInvalidateInventory() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: inventoryKeys.all });
}

export function useInventoryMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const invalidate = useInvalidateInventory();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate() });
}

/**
 * Live balances: while an inventory screen is open, a posting by anyone in the company (ids only
 * over the WebSocket) makes every inventory query re-read through the API.
 */
export function useLiveStock(): void {
  useCompanyLive(['stock'], () => [inventoryKeys.all]);
}

/** Text of an API error in the user's language (with the shortage details for INSUFFICIENT_STOCK). */
export function errorText(
  t: (key: string, opts?: Record<string, unknown>) => string,
  error: unknown,
): string {
  if (error instanceof ApiError) {
    const params = (error.details?.[0] as { params?: Record<string, unknown> } | undefined)?.params;
    if (error.code === 'VALIDATION' && error.details?.[0]) return t(`common:${error.details[0].key}`, params);
    // A refusal that names its reason (a count whose stock moved, a movement owned by a document).
    const key = error.details?.[0]?.key;
    if (error.code === 'CONFLICT' && key?.startsWith('validation.'))
      return t(`common:${key}`, { ...params, defaultValue: error.message });
    return t(`common:errors.${error.code}`, { ...params, defaultValue: error.message });
  }
  return t('common:errors.UNKNOWN');
}

export const useReservations = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.reservations(params.toString()),
    queryFn: ({ signal }) => api<Reservation[]>(`/api/inventory/reservations?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const releaseReservation = (id: string) =>
  api<void>(`/api/inventory/reservations/${id}/release`, { method: 'POST' });

/**
 * Uploads the file for a preview (commit=false) or to import it (commit=true: all rows or none; the
 * key makes a repeated confirm a replay).
 */
export function uploadItemImport(
  file: File,
  commit: boolean,
  companyId: string,
  key?: string,
): Promise<ItemImportResult> {
  const form = new FormData();
  form.append('file', file);
  return postWithHeaders<ItemImportResult>(
    `/api/inventory/import?commit=${commit}`,
    form,
    companyId,
    key ? { 'Idempotency-Key': key } : {},
  );
}

export const newImportKey = (): string => crypto.randomUUID();

/** One draft purchase order per default supplier for the given low-stock items (purchasing's endpoint). */
export const draftOrdersFromLowStock = (itemIds: string[]) =>
  api<DraftOrders>('/api/purchase-orders/from-low-stock', { method: 'POST', body: { item_ids: itemIds } });

// Writes and reads of the inventory screens (items, locations, counts, movements).

/** Creates an item, or updates one (`id`). */
export const saveItem = (id: string | null, body: Record<string, unknown>) =>
  id
    ? api<InventoryItem>(`/api/inventory/items/${id}`, { method: 'PATCH', body })
    : api<InventoryItem>('/api/inventory/items', { method: 'POST', body });
export const saveConversions = (itemId: string, conversions: { unit: string; factor: string }[]) =>
  api(`/api/inventory/items/${itemId}/conversions`, { method: 'PUT', body: { conversions } });
export const uploadItemImage = (itemId: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api(`/api/inventory/items/${itemId}/image`, { method: 'POST', body: form });
};
export const removeItemImage = (itemId: string) =>
  api(`/api/inventory/items/${itemId}`, { method: 'PATCH', body: { image_file_id: null } });
export const createLocation = (body: {
  code: string;
  name: string;
  type: string;
  parent_id: string | null;
}) => api('/api/inventory/locations', { method: 'POST', body });
/** Changes a location's code, name, type, place in the hierarchy or active flag. */
export const updateLocation = (change: { id: string; body: z.input<typeof locationUpdateSchema> }) =>
  api<StockLocation>(`/api/inventory/locations/${change.id}`, { method: 'PATCH', body: change.body });
/** Reverses a stock document (every movement of it, as one new document). */
export const reverseDocument = (documentId: string) =>
  api(`/api/inventory/documents/${documentId}/reverse`, { method: 'POST' });
/** The lots to take an issue from (FEFO), and the default picks for the quantity when given. */
export const getLotPicks = (params: URLSearchParams, signal?: AbortSignal) =>
  api<LotPicks>(`/api/inventory/lot-picks?${params}`, { signal });

export const startCount = (locationId: string) =>
  api<StockCountDetail>('/api/inventory/counts', { method: 'POST', body: { location_id: locationId } });
export const saveCountLines = (countId: string, lines: { id: string; counted_qty: string | null }[]) =>
  api(`/api/inventory/counts/${countId}/lines`, { method: 'PUT', body: { lines } });
export const recountLines = (countId: string, lineIds: string[]) =>
  api<StockCountDetail>(`/api/inventory/counts/${countId}/recount`, {
    method: 'POST',
    body: { line_ids: lineIds },
  });
export const addCountLine = (countId: string, itemId: string) =>
  api<StockCountDetail>(`/api/inventory/counts/${countId}/lines`, {
    method: 'POST',
    body: { item_id: itemId },
  });
/** One page of items for a list query (the item list's "select all matching" reads every page). */
export const fetchItemPage = (query: URLSearchParams, signal?: AbortSignal) =>
  api<ItemPage>(`/api/inventory/items?${query}`, signal ? { signal } : {});
