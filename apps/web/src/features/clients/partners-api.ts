import type {
  ClientAnalytics,
  HistoryEntry,
  Partner,
  PartnerAddress,
  PartnerContact,
  PartnerDetail,
  PartnerDuplicate,
  PartnerHistory,
  PartnerImportResult,
  PartnerPage,
  PartnerRole,
  SupplierItem,
  SupplierPerformanceReport,
} from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of /api/clients and /api/suppliers: the domain's contracts.
export type {
  ClientAnalytics as Analytics,
  HistoryEntry,
  Partner,
  PartnerAddress as Address,
  PartnerContact as Contact,
  PartnerDetail,
  PartnerDuplicate as Duplicate,
  PartnerHistory as History,
  PartnerImportResult as ImportResult,
  PartnerPage,
  PartnerRole,
  SupplierItem,
  SupplierPerformanceReport as Performance,
};

export const BASE: Record<PartnerRole, string> = { client: '/api/clients', supplier: '/api/suppliers' };
/** Web paths of the two lists. */
export const PATH: Record<PartnerRole, string> = { client: '/clients', supplier: '/suppliers' };

export const partnerKeys = {
  all: ['partners'] as const,
  role: (role: PartnerRole) => [...partnerKeys.all, role] as const,
  list: (role: PartnerRole, query: string) => [...partnerKeys.role(role), 'list', query] as const,
  detail: (role: PartnerRole, id: string) => [...partnerKeys.role(role), 'detail', id] as const,
  duplicates: (role: PartnerRole, name: string, oib: string, id: string) =>
    [...partnerKeys.role(role), 'duplicates', name, oib, id] as const,
  history: (role: PartnerRole, id: string) => [...partnerKeys.role(role), 'history', id] as const,
  analytics: (id: string, from: string, to: string) =>
    [...partnerKeys.role('client'), 'analytics', id, from, to] as const,
  items: (id: string) => [...partnerKeys.role('supplier'), 'items', id] as const,
  performance: (id: string, from: string, to: string) =>
    [...partnerKeys.role('supplier'), 'performance', id, from, to] as const,
};

/** One page of clients or suppliers for the list's query (filters, sort, page and page size). */
export function fetchPartners(role: PartnerRole, query: URLSearchParams, signal?: AbortSignal) {
  return api<PartnerPage>(`${BASE[role]}?${query}`, { signal });
}

export function usePartners(role: PartnerRole, query: URLSearchParams) {
  const qs = query.toString();
  return useQuery({
    queryKey: partnerKeys.list(role, qs),
    queryFn: ({ signal }) => fetchPartners(role, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Archives the given partners one by one (the list's bulk action); returns how many were archived. */
export async function archivePartners(role: PartnerRole, ids: readonly string[]): Promise<number> {
  for (const id of ids) await api(`${BASE[role]}/${id}`, { method: 'PATCH', body: { active: false } });
  return ids.length;
}

export function usePartner(role: PartnerRole, id: string | undefined) {
  return useQuery({
    queryKey: partnerKeys.detail(role, id ?? ''),
    queryFn: ({ signal }) => api<PartnerDetail>(`${BASE[role]}/${id}`, { signal }),
    enabled: !!id,
  });
}

/** The document's partner to read on its own: only once the list has loaded, and only when it lacks it. */
export const unlistedId = (listed: readonly { id: string }[] | undefined, id: string | null | undefined) =>
  listed && id && !listed.some((p) => p.id === id) ? id : undefined;

/**
 * The partner a document names when the picker's list lacks it: the pickers list active partners
 * (the first 200), but a client or supplier deactivated since the document was made is still its
 * partner, so it is read on its own (undefined while the list loads, when the list has it, or for
 * none). The picker offers it with `PartnerOptions` (partner-ui.tsx).
 */
export function useUnlistedPartner(
  role: PartnerRole,
  listed: readonly { id: string }[] | undefined,
  id: string | null | undefined,
) {
  const missing = unlistedId(listed, id);
  const partner = usePartner(role, missing).data;
  return missing && partner?.id === missing ? partner : undefined;
}

export function useDuplicates(role: PartnerRole, probe: { name: string; oib: string; excludeId?: string }) {
  const name = probe.name.trim();
  const oib = /^\d{11}$/.test(probe.oib.trim()) ? probe.oib.trim() : '';
  const qs = new URLSearchParams();
  if (name.length >= 3) qs.set('name', name);
  if (oib) qs.set('oib', oib);
  if (probe.excludeId) qs.set('exclude_id', probe.excludeId);
  return useQuery({
    queryKey: partnerKeys.duplicates(role, name, oib, probe.excludeId ?? ''),
    queryFn: ({ signal }) => api<PartnerDuplicate[]>(`${BASE[role]}/duplicates?${qs}`, { signal }),
    enabled: name.length >= 3 || !!oib,
    staleTime: 10_000,
  });
}

export function useHistory(role: PartnerRole, id: string) {
  return useQuery({
    queryKey: partnerKeys.history(role, id),
    queryFn: ({ signal }) => api<PartnerHistory>(`${BASE[role]}/${id}/history`, { signal }),
  });
}

export function useAnalytics(id: string, from: string, to: string) {
  return useQuery({
    queryKey: partnerKeys.analytics(id, from, to),
    queryFn: ({ signal }) =>
      api<ClientAnalytics>(`/api/clients/${id}/analytics?from=${from}&to=${to}`, { signal }),
  });
}

export function useSupplierItems(id: string) {
  return useQuery({
    queryKey: partnerKeys.items(id),
    queryFn: ({ signal }) => api<SupplierItem[]>(`/api/suppliers/${id}/items`, { signal }),
  });
}

export function usePerformance(id: string, from: string, to: string) {
  return useQuery({
    queryKey: partnerKeys.performance(id, from, to),
    queryFn: ({ signal }) =>
      api<SupplierPerformanceReport>(`/api/suppliers/${id}/performance?from=${from}&to=${to}`, { signal }),
  });
}

export function usePartnerMutation<TBody, TResult>(role: PartnerRole, fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.role(role) }),
  });
}

export async function uploadImport(
  role: PartnerRole,
  file: File,
  commit: boolean,
): Promise<PartnerImportResult> {
  const form = new FormData();
  form.set('file', file);
  return api<PartnerImportResult>(`${BASE[role]}/import?commit=${commit}`, { method: 'POST', body: form });
}

/** Another user's change to a partner reaches this screen: ids arrive over the WebSocket, data through the API. */
export function useLivePartners(): void {
  useCompanyLive(['partners'], () => [partnerKeys.all]);
}

/** ISO date of today and of the first day of the month a year ago: the default analytics period. */
export function defaultPeriod(): { from: string; to: string } {
  const now = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  const to = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
  return { from: `${now.getFullYear() - 1}-${p(now.getMonth() + 1)}-01`, to };
}

/** Creates a client or supplier, or updates one (`id`). */
export const savePartner = (role: PartnerRole, id: string | null, body: unknown) =>
  id
    ? api<PartnerDetail>(`${BASE[role]}/${id}`, { method: 'PATCH', body })
    : api<PartnerDetail>(BASE[role], { method: 'POST', body });
