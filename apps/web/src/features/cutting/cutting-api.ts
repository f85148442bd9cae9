import type {
  CutResult,
  CuttingDefaults,
  CuttingJobCreate,
  CuttingJobInput,
  CuttingJobPage,
  CuttingJobSummary,
  CuttingRemnant,
  CuttingStockRow,
  MaterialGroup,
  PlanFigures,
  WorkOrderMaterials,
} from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of /api/cutting: the domain's contracts (a job's input and plan typed by the domain).
export type { CuttingJobSummary as JobSummary, CuttingRemnant as Remnant, CuttingStockRow as StockRow };
export type JobDetail = CuttingJobSummary & {
  input: CuttingJobInput;
  plan: CutResult | null;
  /** the server's figures of the stored plan: pieces, offcuts kept as stock, waste */
  figures: PlanFigures | null;
  remnants: CuttingRemnant[];
};

export const cuttingKeys = {
  all: ['cutting'] as const,
  list: (page: number) => ['cutting', 'list', page] as const,
  job: (id: string) => ['cutting', 'job', id] as const,
  stock: (kind: '1d' | '2d', jobId?: string) => ['cutting', 'stock', kind, jobId ?? null] as const,
  source: (sourceId: string) => ['cutting', 'list', 'source', sourceId] as const,
  settings: ['cutting', 'settings'] as const,
};

/** The company's cutting defaults: what a new list starts with (settings page, new-list form). */
export function useCuttingDefaults() {
  return useQuery({
    queryKey: cuttingKeys.settings,
    queryFn: () => api<CuttingDefaults>('/cutting/settings'),
  });
}

export function useSaveCuttingDefaults() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CuttingDefaults) => api<CuttingDefaults>('/cutting/settings', { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(cuttingKeys.settings, saved),
  });
}

export const PAGE_SIZE = 50;

/** One page of the cutting jobs (the list's "select all matching" reads every page this way). */
export const fetchJobPage = (limit: number, offset: number) =>
  api<CuttingJobPage>(`/cutting/jobs?limit=${limit}&offset=${offset}`);

export function useJobs(page: number) {
  return useQuery({
    queryKey: cuttingKeys.list(page),
    queryFn: () => api<CuttingJobPage>(`/cutting/jobs?limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`),
  });
}

export function useJob(id: string) {
  return useQuery({ queryKey: cuttingKeys.job(id), queryFn: () => api<JobDetail>(`/cutting/jobs/${id}`) });
}

/**
 * Sheets/bars to cut from. For a list (`jobId`) the server counts its work order's reservation of
 * the list's material as free: the list takes it over when it is confirmed.
 */
export function useStock(kind: '1d' | '2d', jobId?: string) {
  return useQuery({
    queryKey: cuttingKeys.stock(kind, jobId),
    queryFn: () => api<CuttingStockRow[]>(`/cutting/stock?kind=${kind}${jobId ? `&job_id=${jobId}` : ''}`),
  });
}

export function useCreateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CuttingJobCreate) => api<JobDetail>('/cutting/jobs', { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cuttingKeys.all }),
  });
}

/** The cutting jobs made from one work order (newest first). */
export function useWorkOrderJobs(workOrderId: string) {
  return useQuery({
    queryKey: cuttingKeys.source(workOrderId),
    queryFn: () => api<CuttingJobPage>(`/cutting/jobs?source_id=${workOrderId}&limit=50`),
  });
}

/** What a work order is cut into: one group per sheet/bar material (null = the lines' own W × H). */
export type { MaterialGroup };

export function useWorkOrderMaterials(workOrderId: string, orderVersion = 0) {
  return useQuery({
    queryKey: ['cutting', 'materials', workOrderId, orderVersion] as const,
    queryFn: () => api<WorkOrderMaterials>(`/cutting/work-orders/${workOrderId}/materials`),
    retry: false,
  });
}

/** A draft list of one material of a work order; the stock is picked on the job page. */
export function useCreateFromWorkOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { workOrderId: string; materialId: string | null }) =>
      api<JobDetail>(`/cutting/jobs/from-work-order/${a.workOrderId}`, {
        method: 'POST',
        body: { material_id: a.materialId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cuttingKeys.all }),
  });
}

/** Replaces the stock of a draft or planned job (its plan is dropped). */
export function useSetStock(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (stock: CuttingJobInput['stock']) =>
      api<JobDetail>(`/cutting/jobs/${id}/stock`, { method: 'PUT', body: { stock } }),
    onSuccess: (job) => {
      qc.setQueryData(cuttingKeys.job(id), job);
      void qc.invalidateQueries({ queryKey: ['cutting', 'list'] });
    },
  });
}

export function useJobAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      a: { action: 'plan'; plan: CutResult } | { action: 'confirm' | 'unconfirm' | 'complete' },
    ) =>
      a.action === 'plan'
        ? api<JobDetail>(`/cutting/jobs/${id}/plan`, { method: 'PUT', body: a.plan })
        : api<JobDetail>(`/cutting/jobs/${id}/${a.action}`, { method: 'POST', body: {} }),
    onSuccess: (job) => {
      qc.setQueryData(cuttingKeys.job(id), job);
      void qc.invalidateQueries({ queryKey: ['cutting', 'list'] });
    },
  });
}

/**
 * Live jobs: while a cutting screen is open, a committed change by anyone in the company (ids only
 * over the WebSocket) makes the cutting queries re-read through the API.
 */
export function useLiveCutting(): void {
  useCompanyLive(['cutting'], () => [cuttingKeys.all]);
}

/**
 * Downloads an export of the company chosen in the switcher: a plain link cannot send the
 * `x-company-id` header, so the file is fetched with it and handed to the browser as a blob.
 */
export function useExportDownload(): (jobId: string, format: 'pdf' | 'csv' | 'dxf') => Promise<void> {
  const { companyId } = useCurrentCompany();
  return async (jobId, format) => {
    const res = await fetch(`/api/cutting/jobs/${jobId}/export/${format}`, {
      credentials: 'same-origin',
      headers: companyId ? { 'x-company-id': companyId } : {},
    });
    if (!res.ok) throw new ApiError('EXPORT', `HTTP ${res.status}`, res.status);
    const name =
      /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `cutting.${format}`;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    // Give the browser a moment to start the download before the URL is released.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}
