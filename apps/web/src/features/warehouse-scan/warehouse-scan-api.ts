import type { ItemDetail } from '@erp/domain/inventory/contracts';
import { ApiError, api } from '../../lib/api.ts';
import type { StockDocument } from '../inventory/inventory-api.ts';

/** An item with its stock per location and lot, as the scanner reads it. */
export type ScanItemDetail = Pick<ItemDetail, 'item' | 'balances'>;

export const getScanItem = (itemId: string, signal?: AbortSignal) =>
  api<ScanItemDetail>(`/api/inventory/items/${itemId}`, { signal });

/** Posts a scanned receipt, issue or transfer once (the key makes a retried scan a no-op). */
export const postScan = (path: string, body: unknown, idempotencyKey: string) =>
  api<StockDocument>(path, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Reverses a posting made here ("undo"); the key makes a second tap a no-op. */
export const reverseScan = (documentId: string) =>
  api(`/api/inventory/documents/${documentId}/reverse`, {
    method: 'POST',
    headers: { 'Idempotency-Key': `reverse-${documentId}` },
  });

/**
 * The A4 sheet of QR labels (`GET /api/inventory/labels/:kind`) as a PDF blob. A plain link cannot
 * send the `x-company-id` header, so the PDF is fetched with it.
 */
export async function fetchLabels(kind: string, ids: string[], companyId: string | null): Promise<Blob> {
  const res = await fetch(`/api/inventory/labels/${kind}?ids=${ids.map(encodeURIComponent).join(',')}`, {
    credentials: 'same-origin',
    headers: companyId ? { 'x-company-id': companyId } : {},
  });
  if (!res.ok)
    throw new ApiError(res.status === 404 ? 'NOT_FOUND' : 'UNKNOWN', `HTTP ${res.status}`, res.status);
  return res.blob();
}
