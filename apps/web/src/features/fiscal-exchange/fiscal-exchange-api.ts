import type {
  DocumentFiscalState,
  FiscalExchangeSettings,
  FiscalExchangeSettingsInput,
  FiscalMessage,
  FiscalMessageDetail,
  FiscalTodoItem,
} from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// Fiskalizacija 2.0: the company's settings, the messages and delivery of one invoice, the to-do.

export type { DocumentFiscalState, FiscalMessage } from '@erp/domain';
export type FiscalSettings = FiscalExchangeSettings;
export type TodoItem = FiscalTodoItem;

export const fiscalKeys = {
  settings: ['fiscal-exchange', 'settings'] as const,
  todo: ['fiscal-exchange', 'todo'] as const,
  document: (id: string) => ['fiscal-exchange', 'document', id] as const,
  purchase: (id: string) => ['fiscal-exchange', 'purchase', id] as const,
};

/** A received eRačun's messages (fiscalisation as recipient, rejection report). */
export function usePurchaseInvoiceFiscal(purchaseInvoiceId: string) {
  return useQuery({
    queryKey: fiscalKeys.purchase(purchaseInvoiceId),
    queryFn: () => api<FiscalMessage[]>(`/api/purchase-invoices/${purchaseInvoiceId}/fiscal-exchange`),
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.state === 'queued' || m.state === 'sending') ? 5_000 : 15_000,
  });
}

const SETTINGS = '/api/fiscal-exchange/settings';

export function useFiscalSettings() {
  return useQuery({ queryKey: fiscalKeys.settings, queryFn: () => api<FiscalSettings>(SETTINGS) });
}

export type FiscalSettingsInput = FiscalExchangeSettingsInput;

export function useSaveFiscalSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FiscalSettingsInput) => api<FiscalSettings>(SETTINGS, { method: 'PUT', body }),
    onSuccess: (next) => qc.setQueryData(fiscalKeys.settings, next),
  });
}

/**
 * The document's messages; polled often while one of them or the delivery is on its way. `version`
 * (what the document's own detail says about payments) fetches again as soon as a payment is
 * recorded, since each payment queues its report.
 */
export function useDocumentFiscal(documentId: string, version = '') {
  return useQuery({
    queryKey: [...fiscalKeys.document(documentId), version],
    queryFn: () => api<DocumentFiscalState>(`/api/invoices/${documentId}/fiscal-exchange`),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => {
      const d = query.state.data;
      const moving =
        d?.messages.some((m) => m.state === 'queued' || m.state === 'sending') ||
        d?.delivery?.state === 'queued' ||
        d?.delivery?.state === 'sent';
      // Payments recorded on the page queue new messages: look again now and then.
      return moving ? 5_000 : 15_000;
    },
  });
}

export function useDocumentFiscalAction(documentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'send-einvoice' | 'report-without-eracun') =>
      api<DocumentFiscalState>(`/api/invoices/${documentId}/${action}`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: fiscalKeys.document(documentId) });
      void qc.invalidateQueries({ queryKey: fiscalKeys.todo });
    },
  });
}

export function useRetryMessage(queryKey: readonly string[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<FiscalMessageDetail>(`/api/fiscal-messages/${id}/retry`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey });
      void qc.invalidateQueries({ queryKey: fiscalKeys.todo });
    },
  });
}

export function useFiscalTodo() {
  return useQuery({
    queryKey: fiscalKeys.todo,
    queryFn: () => api<TodoItem[]>('/api/fiscal-exchange/todo'),
    refetchInterval: 60_000,
  });
}
