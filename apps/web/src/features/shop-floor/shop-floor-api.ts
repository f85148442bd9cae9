import type { FinishInput, FloorCard, FloorOperation, FloorToday, ScanHit, ScanResult } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of /api/shop-floor: the domain's contracts.
export type { FloorCard as Card, FloorOperation, FloorToday as Today, ScanHit };

export const floorKeys = {
  all: ['shop-floor'] as const,
  today: () => [...floorKeys.all, 'today'] as const,
  card: (id: string) => [...floorKeys.all, 'card', id] as const,
};

/**
 * Keeps the screen live: a tap on another tablet, or a change on the work order's page, is
 * announced on the documents topic and re-reads today's list and the open card at once (a second
 * worker no longer waits for the 30 s poll to see that an operation was started).
 */
export function useLiveShopFloor(): void {
  useCompanyLive(['documents'], () => [floorKeys.all]);
}

export function useToday() {
  return useQuery({
    queryKey: floorKeys.today(),
    queryFn: ({ signal }) => api<FloorToday>('/api/shop-floor/today', { signal }),
    refetchInterval: 30_000,
  });
}

/** A work order's shop-floor card (operations, cutting, drawings). */
export const getCard = (id: string, signal?: AbortSignal) =>
  api<FloorCard>(`/api/shop-floor/work-orders/${id}`, { signal });

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

export type { FinishInput };

/** Finishes an operation with the good and scrapped quantities (and the quality check when required). */
export const finishOperation = (operationId: string, body: FinishInput) =>
  api<FloorOperation>(`/api/shop-floor/operations/${operationId}/finish`, { method: 'POST', body });

export async function lookupCode(code: string): Promise<ScanHit[]> {
  return (await api<ScanResult>(`/api/shop-floor/scan?code=${encodeURIComponent(code)}`)).hits;
}

/**
 * The operation a scan or the big button acts on next: the first still open (not done, not
 * cancelled with its order), preferring a work centre.
 */
export function nextOperation(ops: readonly FloorOperation[], centre: string | null): FloorOperation | null {
  const open = ops.filter((o) => o.status !== 'done' && o.status !== 'cancelled');
  return (
    open.find((o) => o.status === 'in_progress' && (!centre || o.code === centre)) ??
    open.find((o) => !centre || o.code === centre) ??
    open[0] ??
    null
  );
}
