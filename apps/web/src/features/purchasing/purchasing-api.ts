import type {
  DraftOrders,
  GoodsReceipt,
  ItemDetail,
  LowStockItem,
  PoHeader,
  PoLine,
  PoPage,
  PoStatus,
  PurchaseOrder,
  StockLocation,
  SupplierItem,
} from '@erp/domain';
import { poActions } from '@erp/domain/purchasing/po-status';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorDetail, api } from '../../lib/api.ts';
import { partnerKeys } from '../clients/partners-api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of /api/purchase-orders and /api/goods-receipts: the domain's contracts.
export type { GoodsReceipt as Receipt, LowStockItem, PoHeader, PoLine, PoStatus, PurchaseOrder as Order };

export type OrderChange =
  | { type: 'order'; action: 'send' | 'cancel' | 'close' }
  | { type: 'receipt-cancel'; receiptId: string };

/**
 * The order as the server will show it after a status change (optimistic update): sent, cancelled
 * or closed (received, nothing open) with the actions of that status (the domain's `poActions`),
 * or one receipt cancelled.
 */
export function predictOrder(order: PurchaseOrder, change: OrderChange): PurchaseOrder {
  if (change.type === 'receipt-cancel')
    return {
      ...order,
      receipts: order.receipts.map((r) =>
        r.id === change.receiptId ? { ...r, status: 'cancelled' as const } : r,
      ),
    };
  if (!order.actions.includes(change.action)) return order;
  if (change.action === 'close')
    return {
      ...order,
      status: 'received',
      actions: poActions('received'),
      lines: order.lines.map((l) => ({ ...l, open_qty: '0' })),
    };
  const status: PoStatus = change.action === 'send' ? 'sent' : 'cancelled';
  return { ...order, status, actions: poActions(status) };
}

export const purchasingKeys = {
  all: ['purchasing'] as const,
  list: (qs: string) => [...purchasingKeys.all, 'list', qs] as const,
  order: (id: string) => [...purchasingKeys.all, 'order', id] as const,
  receipt: (id: string) => [...purchasingKeys.all, 'receipt', id] as const,
  lowStock: () => [...purchasingKeys.all, 'low-stock'] as const,
  locations: () => [...purchasingKeys.all, 'locations'] as const,
};

/**
 * The units of the order's items (base unit and conversions, from the item page's read), by item
 * id: a line's unit change moves its price through them. An item still loading is absent.
 */
export function useItemUnits(itemIds: readonly string[]) {
  const ids = [...new Set(itemIds.filter(Boolean))].sort();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['purchasing', 'item-units', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<ItemDetail>(`/api/inventory/items/${id}`, { signal }),
      staleTime: 60_000,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((r) =>
          r.data
            ? [
                [
                  r.data.item.id,
                  { base_unit: r.data.item.base_unit, conversions: r.data.conversions },
                ] as const,
              ]
            : [],
        ),
      ),
  });
}

/** The items the order's supplier supplies, with its own prices (none until a supplier is chosen). */
export function useSupplierPrices(supplierId: string) {
  return useQuery({
    queryKey: partnerKeys.items(supplierId),
    queryFn: ({ signal }) => api<SupplierItem[]>(`/api/suppliers/${supplierId}/items`, { signal }),
    enabled: Boolean(supplierId),
  });
}

/** One page of purchase orders for the list's query (filters, page and page size). */
export function fetchOrders(query: URLSearchParams, signal?: AbortSignal) {
  return api<PoPage>(`/api/purchase-orders?${query}`, { signal });
}

export function useOrders(query: URLSearchParams) {
  const qs = query.toString();
  return useQuery({
    queryKey: purchasingKeys.list(qs),
    queryFn: ({ signal }) => fetchOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: purchasingKeys.order(id ?? ''),
    queryFn: ({ signal }) => api<PurchaseOrder>(`/api/purchase-orders/${id}`, { signal }),
    enabled: !!id,
  });
}

export function useReceipt(id: string) {
  return useQuery({
    queryKey: purchasingKeys.receipt(id),
    queryFn: ({ signal }) => api<GoodsReceipt>(`/api/goods-receipts/${id}`, { signal }),
  });
}

export function useLowStock() {
  return useQuery({
    queryKey: purchasingKeys.lowStock(),
    queryFn: ({ signal }) => api<LowStockItem[]>('/api/inventory/low-stock', { signal }),
  });
}

export function useLocations() {
  return useQuery({
    queryKey: purchasingKeys.locations(),
    queryFn: ({ signal }) => api<StockLocation[]>('/api/inventory/locations', { signal }),
    staleTime: 60_000,
  });
}

/** Every purchasing change touches stock figures and supplier pages too: refresh all three. */
export function usePurchasingMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: purchasingKeys.all });
      qc.invalidateQueries({ queryKey: partnerKeys.all });
      qc.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}

export function useLivePurchasing(): void {
  useCompanyLive(['purchasing'], () => [purchasingKeys.all]);
}

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** POST with an Idempotency-Key (the shared api() helper sends no custom headers): a retried receipt posts once. */
export async function postIdempotent<T>(path: string, body: unknown, key: string): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new ApiError('NETWORK', 'Network error', 0);
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const err = (
      data as { error?: { code?: string; message?: string; details?: ApiErrorDetail[] } } | undefined
    )?.error;
    throw new ApiError(
      err?.code ?? 'UNKNOWN',
      err?.message ?? `HTTP ${res.status}`,
      res.status,
      err?.details,
    );
  }
  return data as T;
}

/** Order actions: send or cancel a purchase order. */
export const orderAction = (id: string, action: string) =>
  api<PurchaseOrder>(`/api/purchase-orders/${id}/${action}`, { method: 'POST' });

/** Creates a purchase order or replaces a draft's header and lines. */
export const saveOrder = (id: string | null, body: unknown) =>
  id
    ? api<PurchaseOrder>(`/api/purchase-orders/${id}`, { method: 'PUT', body })
    : api<PurchaseOrder>('/api/purchase-orders', { method: 'POST', body });

/** What drafting orders from low stock made: orders per supplier, items without one, items already on a draft. */
export type DraftsFromLowStock = DraftOrders;

/** Drafts purchase orders (one per default supplier) for the given low-stock items, or all of them. */
export const createFromLowStock = (itemIds?: string[]) =>
  api<DraftsFromLowStock>('/api/purchase-orders/from-low-stock', {
    method: 'POST',
    body: itemIds ? { item_ids: itemIds } : {},
  });
