import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of /api/inventory (snake_case, decimals as strings).
export type Item = {
  id: string;
  sku: string;
  name: string;
  kind: 'material' | 'component' | 'product' | 'service';
  base_unit: string;
  length_mm: string | null;
  width_mm: string | null;
  thickness_mm: string | null;
  lot_tracked: boolean;
  reorder_point: string | null;
  reorder_qty: string | null;
  default_supplier_id: string | null;
  purchase_price: string | null;
  sales_price: string | null;
  vat_rate: string;
  kpd_code: string | null;
  price_basis: 'unit' | 'area' | 'perimeter';
  glass_kind: 'float' | 'laminated' | 'insulating' | 'tempered' | null;
  vat_exemption: string | null;
  min_charge: string | null;
  /** A grained sheet: pieces cut from it never rotate. */
  grain: boolean;
  active: boolean;
  image_file_id: string | null;
  on_hand: string;
  reserved: string;
  available: string;
  on_order: string;
  avg_cost: string;
  /** Sheets/bars: whole pieces and remnants on hand (null for items without a size). */
  pieces_on_hand?: number | null;
  remnants_on_hand?: number | null;
};
export type Balance = {
  location_id: string;
  location_code: string;
  location_name: string;
  lot_id: string | null;
  lot_number: string | null;
  expires_on: string | null;
  quantity: string;
  value: string;
  /** Sheets/bars: whole pieces in the balance and the size of one (a remnant's own size). */
  pieces?: number | null;
  remnant?: boolean;
  piece_length_mm?: string | null;
  piece_width_mm?: string | null;
};
export type Location = {
  id: string;
  code: string;
  name: string;
  type: 'storage' | 'production' | 'scrap' | 'transit';
  parent_id: string | null;
  active: boolean;
  quantity: string;
  value: string;
  item_count: number;
};
export type Movement = {
  id: string;
  document_id: string;
  type: string;
  item_id: string;
  sku: string;
  item_name: string;
  location_id: string;
  location_code: string;
  lot_id: string | null;
  lot_number: string | null;
  quantity: string;
  unit_cost: string;
  reference: string | null;
  document_type: string;
  reversed: boolean;
  reverses_movement_id: string | null;
  /** Why it was issued, moved or adjusted by hand (STOCK_REASONS) and the document's note. */
  reason: string | null;
  note: string | null;
  /** The business day of the document (a receipt's received date). */
  document_date: string;
  /** The other area's document that made the movement: reversed only through it. */
  owner_kind: 'delivery_note' | 'work_order' | 'cutting' | 'goods_receipt' | null;
  owner_id: string | null;
  owner_number: string | null;
  created_at: string;
};
export type StockDocument = {
  id: string;
  type: string;
  reference: string | null;
  reversed_by: string | null;
  reverses_document_id: string | null;
  created_at: string;
  lines: Movement[];
};
export type Lot = {
  id: string;
  item_id: string;
  sku: string;
  item_name: string;
  lot_number: string;
  supplier_name?: string | null;
  received_on: string;
  expires_on: string | null;
  quantity: string;
  /** A remnant of a cut sheet/bar: its own size and the lot it was cut from. */
  remnant?: boolean;
  length_mm?: string | null;
  width_mm?: string | null;
  parent_lot_id?: string | null;
  parent_lot_number?: string | null;
  base_unit?: string;
  pieces?: number | null;
};
export type TraceRow = { lot_id: string; depth: number; lot_number: string; sku: string; item_name: string };
export type Count = {
  id: string;
  location_id: string;
  location_code: string;
  location_name: string;
  status: 'draft' | 'posted';
  document_id: string | null;
  created_at: string;
  line_count: number;
};
export type CountDetail = Count & {
  lines: {
    id: string;
    item_id: string;
    sku: string;
    item_name: string;
    base_unit: string;
    lot_number: string | null;
    expected_qty: string;
    counted_qty: string | null;
    /** Book quantity when the line was counted; the posted difference is counted − book_qty. */
    book_qty: string | null;
    difference: string | null;
    current_qty: string;
    /** Stock moved at the location after counting: count the line again before posting. */
    moved: boolean;
  }[];
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
    queryFn: ({ signal }) =>
      api<{ items: Item[]; total: number }>(`/api/inventory/items?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useItem = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.item(id),
    queryFn: ({ signal }) =>
      api<{ item: Item; balances: Balance[]; conversions: { unit: string; factor: string }[] }>(
        `/api/inventory/items/${id}`,
        { signal },
      ),
  });

export const useMovements = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.movements(params.toString()),
    queryFn: ({ signal }) => api<Movement[]>(`/api/inventory/movements?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useLocations = () =>
  useQuery({
    queryKey: inventoryKeys.locations(),
    queryFn: ({ signal }) => api<Location[]>('/api/inventory/locations', { signal }),
  });

export const useLocation = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.location(id),
    queryFn: ({ signal }) =>
      api<{
        location: Location;
        stock: {
          item_id: string;
          sku: string;
          name: string;
          base_unit: string;
          lot_number: string | null;
          quantity: string;
          value: string;
          /** Sheets/bars: whole pieces in the balance; a remnant with its own size. */
          pieces?: number | null;
          remnant?: boolean;
          piece_length_mm?: string | null;
          piece_width_mm?: string | null;
        }[];
      }>(`/api/inventory/locations/${id}`, { signal }),
  });

export const useLots = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.lots(params.toString()),
    queryFn: ({ signal }) => api<Lot[]>(`/api/inventory/lots?${params}`, { signal }),
  });

export const useLot = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.lot(id),
    queryFn: ({ signal }) =>
      api<{ lot: Lot; movements: Movement[]; produced_into: TraceRow[]; made_from: TraceRow[] }>(
        `/api/inventory/lots/${id}`,
        { signal },
      ),
  });

export const useLowStock = () =>
  useQuery({
    queryKey: inventoryKeys.lowStock(),
    queryFn: ({ signal }) =>
      api<(Item & { on_draft: string; draft_order_id: string | null })[]>('/api/inventory/low-stock', {
        signal,
      }),
  });

export const useCounts = () =>
  useQuery({
    queryKey: inventoryKeys.counts(),
    queryFn: ({ signal }) => api<Count[]>('/api/inventory/counts', { signal }),
  });

export const useCount = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.count(id),
    queryFn: ({ signal }) => api<CountDetail>(`/api/inventory/counts/${id}`, { signal }),
  });

export const useUnits = () =>
  useQuery({
    queryKey: inventoryKeys.units(),
    queryFn: ({ signal }) => api<{ code: string; name: string }[]>('/api/inventory/units', { signal }),
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

export type Reservation = {
  id: string;
  item_id: string;
  sku: string;
  item_name: string;
  base_unit: string;
  location_id: string | null;
  location_code: string | null;
  lot_id: string | null;
  lot_number: string | null;
  quantity: string;
  status: 'active' | 'released' | 'consumed';
  source_type: string | null;
  source_id: string | null;
  note: string | null;
  created_at: string;
};

export const useReservations = (params: URLSearchParams) =>
  useQuery({
    queryKey: inventoryKeys.reservations(params.toString()),
    queryFn: ({ signal }) => api<Reservation[]>(`/api/inventory/reservations?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const releaseReservation = (id: string) =>
  api<void>(`/api/inventory/reservations/${id}/release`, { method: 'POST' });

export type ImportIssue = {
  field: string;
  column: string | null;
  key: string;
  params?: Record<string, string | number>;
};
export type ItemImportResult = {
  valid: boolean;
  committed: boolean;
  total: number;
  created: number;
  stock_lines: number;
  document_id: string | null;
  columns: { header: string; field: string | null }[];
  file_errors: ImportIssue[];
  rows: {
    line: number;
    sku: string;
    name: string;
    location: string | null;
    quantity: string | null;
    errors: ImportIssue[];
  }[];
};

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

export type DraftOrders = {
  orders: { id: string; number: string | null; supplier_name: string }[];
  skipped: { item_id: string; sku: string }[];
  /** Items already on a draft order: skipped, the draft is topped up by hand. */
  on_draft: { item_id: string; sku: string; order_id: string }[];
};

/** One draft purchase order per default supplier for the given low-stock items (purchasing's endpoint). */
export const draftOrdersFromLowStock = (itemIds: string[]) =>
  api<DraftOrders>('/api/purchase-orders/from-low-stock', { method: 'POST', body: { item_ids: itemIds } });
