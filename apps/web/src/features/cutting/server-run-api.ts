import type { OptimiseQueued } from '@erp/domain/cutting/contracts';
import type { BackgroundJob } from '@erp/domain/jobs/contracts';
import { api } from '../../lib/api.ts';

/** A background job's state (`/api/jobs/:id`), polled while the server optimises. */
export type { BackgroundJob };

/** Starts the optimiser for a cutting job as a background job on the server. */
export const startServerRun = (jobId: string) =>
  api<OptimiseQueued>(`/cutting/jobs/${jobId}/optimise`, { method: 'POST', body: { background: true } });

export const getBackgroundJob = (runId: string, signal?: AbortSignal) =>
  api<BackgroundJob>(`/api/jobs/${runId}`, { signal });
