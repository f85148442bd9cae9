import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire shape of GET /api/dashboard (money and quantities as decimal strings).
export type DashboardFigures = {
  open_quotes: { count: number; value: string };
  work_orders: { by_status: { status: string; count: number }[]; overdue: number };
  revenue: { this_month: string; last_month: string; months: { month: string; net: string }[] };
  low_stock: {
    count: number;
    items: { id: string; sku: string; name: string; available: string; reorder_point: string }[];
  };
  on_time: { delivered: number; on_time: number; rate: string | null };
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (companyId: string) => ['dashboard', companyId, 'figures'] as const,
};

export function useDashboard(companyId: string) {
  return useQuery({
    queryKey: dashboardKeys.figures(companyId),
    queryFn: ({ signal }) => api<DashboardFigures>('/api/dashboard', { signal }),
  });
}

/** The company's document and stock events (ids only) make the tiles and the activity re-read. */
export function useLiveDashboard(): void {
  // Recent activity lives under the team area's keys (['team', companyId, ...]).
  useCompanyLive(['documents', 'stock', 'partners', 'purchasing'], (companyId) => [
    dashboardKeys.all,
    ['team', companyId],
  ]);
}

type JobState = { status: 'queued' | 'running' | 'done' | 'failed'; progress: string; error: string | null };

/**
 * "Fill with demo data" on an empty dashboard: POST /api/demo queues a background job; its status
 * is polled until it ends, then every query of the company is refreshed.
 */
export function useDemoFill() {
  const qc = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => api<{ job_id: string }>('/api/demo', { method: 'POST' }),
    onSuccess: (r) => setJobId(r.job_id),
  });
  const job = useQuery({
    queryKey: ['dashboard', 'demo-job', jobId],
    queryFn: ({ signal }) => api<JobState>(`/api/jobs/${jobId}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 1500,
  });
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'done') qc.invalidateQueries();
  }, [status, qc]);
  return {
    start: () => start.mutate(),
    running: start.isPending || (jobId !== null && status !== 'done' && status !== 'failed'),
    progress: Math.round(Number(job.data?.progress ?? 0) * 100),
    failed: start.isError || status === 'failed',
    error: start.error,
  };
}
