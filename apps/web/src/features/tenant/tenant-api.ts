import type { TenantProfile, TenantUpdate } from '@erp/domain/tenants/tenant.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

export const tenantKeys = { me: ['tenant', 'me'] as const };

/** Client errors (4xx) will not change on retry; only transient failures are retried. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function useTenant() {
  return useQuery({
    queryKey: tenantKeys.me,
    queryFn: ({ signal }) => api<TenantProfile>('/api/tenants/me', { signal }),
    retry: retryTransient,
  });
}

export function useUpdateTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantUpdate) => api<TenantProfile>('/api/tenants/me', { method: 'PATCH', body }),
    onSuccess: (profile) => client.setQueryData(tenantKeys.me, profile),
  });
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<TenantProfile>('/api/tenants/me/logo', { method: 'POST', body: form });
    },
    onSuccess: (profile) => client.setQueryData(tenantKeys.me, profile),
  });
}
