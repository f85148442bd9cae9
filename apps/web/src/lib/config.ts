import type { PublicConfig } from '@erp/domain/health/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export type { PublicConfig };

export const configQuery = {
  queryKey: ['config'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => api<PublicConfig>('/api/config', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The server's public runtime configuration (contact details, error reporting). */
export function usePublicConfig() {
  return useQuery(configQuery);
}

export function fetchPublicConfig(client: QueryClient): Promise<PublicConfig> {
  return client.fetchQuery(configQuery);
}
