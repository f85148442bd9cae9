import type { Billable } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { documentKeys } from '../documents/documents-api.ts';

/** What a client still has to be billed for (issue 17): already invoiced documents are not offered. */
export function useBillable(clientId: string) {
  return useQuery({
    queryKey: [...documentKeys.all, 'billable', clientId],
    queryFn: ({ signal }) =>
      api<Billable>(`/api/invoices/billable?client_id=${encodeURIComponent(clientId)}`, { signal }),
    enabled: !!clientId,
  });
}
