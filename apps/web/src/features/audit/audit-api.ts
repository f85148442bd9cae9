import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

// Wire shapes of /api/audit (values are whatever the row held; encrypted ones arrive as null + flag).
export type FieldChange = { field: string; old: unknown; new: unknown; encrypted: boolean };
export type AuditEntry = {
  seq: number;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  is_platform: boolean;
  table_name: string;
  row_id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  changes: FieldChange[];
};
export type AuditPage = { rows: AuditEntry[]; total: number; page: number; page_size: number };
export type AuditFilters = { table?: string; user?: string; from?: string; to?: string; page: number };
export type VerifyResult = { ok: boolean; rows: number; first_break: { seq: number; reason: string } | null };

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

export function useAuditList(f: AuditFilters) {
  const q = new URLSearchParams({ page: String(f.page), page_size: '50' });
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
    mutationFn: () => api<VerifyResult>('/api/audit/verify', { method: 'POST', body: {} }),
  });
}
