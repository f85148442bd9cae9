import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { documentKeys } from '../documents/documents-api.ts';

/** A delivery note or work order with something left to bill, and the net of what is left. */
export type BillableDoc = { id: string; number: string | null; doc_date: string; net_left: string };
export type Billable = { delivery_notes: BillableDoc[]; work_orders: BillableDoc[] };

/** What a client still has to be billed for (issue 17): already invoiced documents are not offered. */
export function useBillable(clientId: string) {
  return useQuery({
    queryKey: [...documentKeys.all, 'billable', clientId],
    queryFn: ({ signal }) =>
      api<Billable>(`/api/invoices/billable?client_id=${encodeURIComponent(clientId)}`, { signal }),
    enabled: !!clientId,
  });
}
