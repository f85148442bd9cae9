import type { ExportFile, ExportJobQueued, ExportJobStatus } from '@erp/domain/export/contracts';
import type { ExportJobRequest } from '@erp/domain/export/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

export type { ExportFile, ExportJobStatus };

export const exportKeys = {
  all: ['export'] as const,
  files: () => ['export', 'files'] as const,
  job: (id: string) => ['export', 'job', id] as const,
};

export function useExportFiles() {
  return useQuery({
    queryKey: exportKeys.files(),
    queryFn: ({ signal }) => api<ExportFile[]>('/api/export/files', { signal }),
  });
}

export function useStartExport() {
  return useMutation({
    mutationFn: (body: ExportJobRequest) =>
      api<ExportJobQueued>('/api/export/jobs', { method: 'POST', body }),
  });
}

/** Polls a job until it is done or failed; the file list refreshes when it finishes. */
export function useExportJob(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: exportKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const job = await api<ExportJobStatus>(`/api/export/jobs/${id}`, { signal });
      if (job.status === 'done') {
        // A restore changed every screen's data; an export added a file.
        if (job.kind === 'restore')
          void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'export' });
        void client.invalidateQueries({ queryKey: exportKeys.files() });
      }
      return job;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 400;
    },
  });
}

/** Uploads an archive; the server checks it, stores it and restores it in a background job (its id). */
export function useImportArchive() {
  return useMutation({
    mutationFn: (archive: unknown) =>
      api<ExportJobQueued>('/api/export/archive/import', { method: 'POST', body: archive }),
  });
}

/**
 * Downloads through fetch (the company travels in a header, which a plain link cannot send) and
 * hands the file to the browser under the server's file name.
 */
export async function downloadFile(path: string, companyId: string): Promise<void> {
  const res = await fetch(path, {
    credentials: 'same-origin',
    headers: companyId ? { 'x-company-id': companyId } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      body?.error?.code ?? 'UNKNOWN',
      body?.error?.message ?? `HTTP ${res.status}`,
      res.status,
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/.exec(disposition)?.[1];
  const filename = name ? decodeURIComponent(name) : (plain ?? 'export');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const fileUrl = (id: string) => `/api/export/files/${id}`;
