import type {
  AuditEntry,
  AuditPage,
  AuditQuery,
  AuditVerify,
  FieldChange,
} from '@erp/domain/audit/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

export type { AuditEntry, FieldChange };
/** The audit page's filters (what it keeps in the address bar); the page size is fixed here. */
export type AuditFilters = Pick<AuditQuery, 'table' | 'user' | 'from' | 'to' | 'page'>;

export const auditKeys = {
  all: ['audit'] as const,
  record: (table: string, id: string, page: number) => ['audit', 'record', table, id, page] as const,
  list: (f: AuditFilters) => ['audit', 'list', f] as const,
};

/** 403 means the role may not read the audit trail: the caller hides the history instead of failing. */
const noRetryOnForbidden = (count: number, error: unknown) =>
  !(error instanceof ApiError && (error.status === 403 || error.status === 400)) && count < 2;

export function useRecordHistory(table: string, id: string, page = 1) {
  return useQuery({
    queryKey: auditKeys.record(table, id, page),
    queryFn: ({ signal }) =>
      api<AuditPage>(
        `/api/audit/records/${encodeURIComponent(table)}/${encodeURIComponent(id)}?page=${page}&page_size=20`,
        {
          signal,
        },
      ),
    retry: noRetryOnForbidden,
    placeholderData: keepPreviousData,
  });
}

/** Entries a page of the audit page's table. */
export const AUDIT_PAGE_SIZE = 50;

export function useAuditList(f: AuditFilters) {
  const q = new URLSearchParams({ page: String(f.page), page_size: String(AUDIT_PAGE_SIZE) });
  for (const k of ['table', 'user', 'from', 'to'] as const) {
    const v = f[k];
    if (v) q.set(k, v);
  }
  return useQuery({
    queryKey: auditKeys.list(f),
    queryFn: ({ signal }) => api<AuditPage>(`/api/audit?${q.toString()}`, { signal }),
    retry: noRetryOnForbidden,
    placeholderData: keepPreviousData,
  });
}

export function useVerifyChain() {
  return useMutation({
    mutationFn: () => api<AuditVerify>('/api/audit/verify', { method: 'POST', body: {} }),
  });
}
