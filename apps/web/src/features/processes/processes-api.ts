import type { Process, ProcessInput, ProcessPage } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ProcessListParams = {
  q: string;
  active: 'all' | 'active' | 'inactive';
  sort: 'code' | 'name' | 'workCentre' | 'costPerHour';
  dir: 'asc' | 'desc';
  page: number;
};
export const PROCESS_PAGE_SIZE = 50;

export const processKeys = {
  all: ['processes'] as const,
  list: (p: ProcessListParams) => ['processes', 'list', p] as const,
  one: (id: string) => ['processes', 'one', id] as const,
  options: ['processes', 'options'] as const,
};

/** One page of the process list (the list's filter and sort; bulk export pages through it). */
export function processListUrl(p: ProcessListParams, pageSize = PROCESS_PAGE_SIZE): string {
  const search = new URLSearchParams({
    active: p.active,
    sort: p.sort,
    dir: p.dir,
    page: String(p.page),
    pageSize: String(pageSize),
  });
  if (p.q) search.set('q', p.q);
  return `/processes?${search}`;
}

/** One page of the process list (the list screen, and its "select all matching" page by page). */
export function fetchProcesses(p: ProcessListParams, pageSize = PROCESS_PAGE_SIZE, signal?: AbortSignal) {
  return api<ProcessPage>(processListUrl(p, pageSize), { signal });
}

export function useProcesses(p: ProcessListParams) {
  return useQuery({
    queryKey: processKeys.list(p),
    queryFn: ({ signal }) => fetchProcesses(p, PROCESS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** Active processes for pickers (routing editor). */
export function useProcessOptions() {
  return useQuery({
    queryKey: processKeys.options,
    queryFn: ({ signal }) =>
      api<ProcessPage>(processListUrl({ q: '', active: 'active', sort: 'code', dir: 'asc', page: 1 }, 200), {
        signal,
      }),
  });
}

export function useProcess(id: string | undefined) {
  return useQuery({
    queryKey: processKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<Process>(`/processes/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

export function useSaveProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ProcessInput }) =>
      id
        ? api<Process>(`/processes/${id}`, { method: 'PUT', body: input })
        : api<Process>('/processes', { method: 'POST', body: input }),
    onSuccess: (saved) => {
      client.setQueryData(processKeys.one(saved.id), saved);
      return client.invalidateQueries({ queryKey: processKeys.all });
    },
  });
}

export function useDeleteProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/processes/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: processKeys.all }),
  });
}
