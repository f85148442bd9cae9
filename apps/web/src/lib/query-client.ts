import { QueryClient } from '@tanstack/react-query';

/** Seed section 9: data fresh for 5 minutes, 2 retries, no refetch on window focus or reconnect. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60 * 1000,
  retry: 2,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
