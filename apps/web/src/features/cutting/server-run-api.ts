import { api } from '../../lib/api.ts';

/** A background job's state (`/api/jobs/:id`), polled while the server optimises. */
export type BackgroundJob = {
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: string;
  error: string | null;
};

/** Starts the optimiser for a cutting job as a background job on the server. */
export const startServerRun = (jobId: string) =>
  api<{ job_id: string }>(`/cutting/jobs/${jobId}/optimise`, { method: 'POST', body: { background: true } });

export const getBackgroundJob = (runId: string, signal?: AbortSignal) =>
  api<BackgroundJob>(`/api/jobs/${runId}`, { signal });
