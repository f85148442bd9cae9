import type { EInvoiceSettings, KpdEntry, Operator, OperatorInput } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type { EInvoiceSettings, KpdEntry, Operator } from '@erp/domain';

const OPERATOR = '/api/einvoice/operator';
const SETTINGS = '/api/einvoice/settings';

/** Search KPD 2025 on the server: by code prefix or words of the name (at most 20). */
export function useKpdSearch(q: string) {
  return useQuery({
    queryKey: ['einvoice', 'kpd', q.trim()],
    queryFn: () => api<KpdEntry[]>(`/api/einvoice/kpd?q=${encodeURIComponent(q.trim())}`),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const getOperator = () => api<Operator>(OPERATOR);
export const saveOperator = (body: OperatorInput) => api<Operator>(OPERATOR, { method: 'PUT', body });
export const getEInvoiceSettings = () => api<EInvoiceSettings>(SETTINGS);
export const saveEInvoiceSettings = (body: EInvoiceSettings) =>
  api<EInvoiceSettings>(SETTINGS, { method: 'PUT', body });
