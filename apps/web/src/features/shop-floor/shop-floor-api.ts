import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type FloorOperation = {
  id: string;
  work_order_id: string;
  work_order_number: string | null;
  work_order_status: string;
  client_name: string | null;
  due_date: string | null;
  position: number;
  code: string;
  name: string;
  status: 'pending' | 'in_progress' | 'paused' | 'done';
  quality_check_required: boolean;
  last_check: 'pass' | 'fail' | 'note' | null;
  planned_minutes: string;
  logged_minutes: string;
  quantity: string;
  good_qty: string;
  scrap_qty: string;
  started_at: string | null;
  /** The piece: the order line the operation works on (null = the whole order). */
  line_position: number | null;
  line_label: string | null;
  width_mm: string | null;
  height_mm: string | null;
};

export type Today = { work_centres: { code: string; name: string; operations: FloorOperation[] }[] };
export type Card = {
  work_order: {
    id: string;
    number: string | null;
    status: string;
    client_name: string | null;
    due_date: string | null;
  };
  operations: FloorOperation[];
  cutting_jobs: { id: string; number: number; name: string; status: string; has_plan: boolean }[];
  drawings: { file_id: string; sku: string; name: string }[];
};
export type ScanHit = {
  kind: 'work_order' | 'item' | 'lot' | 'location';
  id: string;
  label: string;
  item_id?: string;
};

export const floorKeys = {
  all: ['shop-floor'] as const,
  today: () => [...floorKeys.all, 'today'] as const,
  card: (id: string) => [...floorKeys.all, 'card', id] as const,
};

export function useToday() {
  return useQuery({
    queryKey: floorKeys.today(),
    queryFn: ({ signal }) => api<Today>('/api/shop-floor/today', { signal }),
    refetchInterval: 30_000,
  });
}

/** A work order's shop-floor card (operations, cutting, drawings). */
export const getCard = (id: string, signal?: AbortSignal) =>
  api<Card>(`/api/shop-floor/work-orders/${id}`, { signal });

export function useCard(id: string | null) {
  return useQuery({
    queryKey: floorKeys.card(id ?? ''),
    queryFn: ({ signal }) => getCard(id ?? '', signal),
    enabled: !!id,
  });
}

/** Starts or pauses an operation. */
export const operationAction = (operationId: string, action: 'start' | 'pause') =>
  api<FloorOperation>(`/api/shop-floor/operations/${operationId}/${action}`, { method: 'POST' });

export type FinishInput = {
  good_qty: string;
  scrap_qty: string;
  check?: { result: string; note: string | null };
};

/** Finishes an operation with the good and scrapped quantities (and the quality check when required). */
export const finishOperation = (operationId: string, body: FinishInput) =>
  api<FloorOperation>(`/api/shop-floor/operations/${operationId}/finish`, { method: 'POST', body });

export async function lookupCode(code: string): Promise<ScanHit[]> {
  return (await api<{ hits: ScanHit[] }>(`/api/shop-floor/scan?code=${encodeURIComponent(code)}`)).hits;
}

/** The operation a scan or the big button acts on next: the first not done, preferring a work centre. */
export function nextOperation(ops: readonly FloorOperation[], centre: string | null): FloorOperation | null {
  const open = ops.filter((o) => o.status !== 'done');
  return (
    open.find((o) => o.status === 'in_progress' && (!centre || o.code === centre)) ??
    open.find((o) => !centre || o.code === centre) ??
    open[0] ??
    null
  );
}
