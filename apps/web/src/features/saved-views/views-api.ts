import type { SavedView, ViewCreate } from '@erp/domain/views/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type { SavedView };
/** What the list's "save view" form sends; the list key is the list's own. */
export type ViewInput = Omit<ViewCreate, 'list_key'>;

export const viewKeys = {
  all: ['saved-views'] as const,
  list: (listKey: string) => [...viewKeys.all, listKey] as const,
};

export function useViews(listKey: string) {
  return useQuery({
    queryKey: viewKeys.list(listKey),
    queryFn: ({ signal }) => api<SavedView[]>(`/api/views?list=${encodeURIComponent(listKey)}`, { signal }),
    staleTime: 30_000,
  });
}

export function useViewMutations(listKey: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: viewKeys.list(listKey) });
  return {
    create: useMutation({
      mutationFn: (v: ViewInput) =>
        api<SavedView>('/api/views', { method: 'POST', body: { ...v, list_key: listKey } }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: Partial<ViewInput> & { id: string }) =>
        api<SavedView>(`/api/views/${id}`, { method: 'PATCH', body: patch }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>(`/api/views/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
