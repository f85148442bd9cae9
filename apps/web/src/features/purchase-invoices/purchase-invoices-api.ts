import type { MatchDifference, PurchaseInvoiceDetail, PurchaseInvoicePage } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

export type { PurchaseInvoiceRow, PurchaseInvoiceStatus } from '@erp/domain';
export type PurchaseInvoice = PurchaseInvoiceDetail;
export type Difference = MatchDifference;

export const purchaseInvoiceKeys = {
  all: ['purchase-invoices'] as const,
  list: (query: string) => ['purchase-invoices', 'list', query] as const,
  detail: (id: string) => ['purchase-invoices', 'detail', id] as const,
};

/** Invoices received or decided elsewhere (the intermediary's deliveries, another user) show at once. */
export function useLivePurchaseInvoices() {
  useCompanyLive(['purchase_invoices'], () => [purchaseInvoiceKeys.all]);
}

export function usePurchaseInvoices(query: URLSearchParams) {
  useLivePurchaseInvoices();
  const qs = query.toString();
  return useQuery({
    queryKey: purchaseInvoiceKeys.list(qs),
    queryFn: ({ signal }) => api<PurchaseInvoicePage>(`/api/purchase-invoices?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseInvoice(id: string) {
  useLivePurchaseInvoices();
  return useQuery({
    queryKey: purchaseInvoiceKeys.detail(id),
    queryFn: ({ signal }) => api<PurchaseInvoice>(`/api/purchase-invoices/${id}`, { signal }),
    // While the validators run in the background, look again now and then (live updates aside).
    refetchInterval: (query) => (query.state.data?.status === 'checking' ? 3_000 : false),
  });
}

export function useUploadPurchaseInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<PurchaseInvoice>('/api/purchase-invoices/upload', { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: purchaseInvoiceKeys.all }),
  });
}

/** Approve, reject, match or pay: the answer is the invoice as it is now. */
export function usePurchaseInvoiceAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { path: 'approve' | 'reject' | 'match' | 'payments'; body?: unknown }) =>
      api<PurchaseInvoice>(`/api/purchase-invoices/${id}/${v.path}`, {
        method: v.path === 'match' ? 'PUT' : 'POST',
        body: v.body ?? {},
      }),
    onSuccess: (invoice) => {
      qc.setQueryData(purchaseInvoiceKeys.detail(id), invoice);
      void qc.invalidateQueries({ queryKey: purchaseInvoiceKeys.all });
    },
  });
}
