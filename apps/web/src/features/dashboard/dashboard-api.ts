import type { DashboardFigures } from '@erp/domain/dashboard/contracts';
import type { DemoJob } from '@erp/domain/demo/contracts';
import type { BackgroundJob } from '@erp/domain/jobs/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

export type { DashboardFigures };

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

/**
 * "Fill with demo data" on an empty dashboard: POST /api/demo queues a background job; its status
 * is polled until it ends, then every query of the company is refreshed.
 */
export function useDemoFill() {
  const qc = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => api<DemoJob>('/api/demo', { method: 'POST' }),
    onSuccess: (r) => setJobId(r.job_id),
  });
  const job = useQuery({
    queryKey: ['dashboard', 'demo-job', jobId],
    queryFn: ({ signal }) => api<BackgroundJob>(`/api/jobs/${jobId}`, { signal }),
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
