import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type KpdEntry = { code: string; name_hr: string; name_en: string };
/** My operator mark (HR-BT-4) and OIB (HR-BT-5), printed on every invoice I issue. */
export type Operator = { operator_mark: string | null; operator_oib: string | null };
/** Whether the company is in the VAT system. */
export type EInvoiceSettings = { vat_registered: boolean };

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
export const saveOperator = (body: { operator_mark: string; operator_oib: string }) =>
  api<Operator>(OPERATOR, { method: 'PUT', body });
export const getEInvoiceSettings = () => api<EInvoiceSettings>(SETTINGS);
export const saveEInvoiceSettings = (body: EInvoiceSettings) =>
  api<EInvoiceSettings>(SETTINGS, { method: 'PUT', body });
