import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cuttingKeys } from './cutting-api.ts';
import { getBackgroundJob, startServerRun } from './server-run-api.ts';
import { saveErrorText } from './stock-picker.tsx';

/**
 * "Izračunaj na poslužitelju": the optimiser runs on the server as a background job
 * (`POST /api/cutting/jobs/:id/optimise` with `background: true`), so the plan is computed even
 * if this tab is closed. Its progress is polled from `/api/jobs/:id`; when it ends the job is
 * re-read (the stored plan also arrives through the cutting topic).
 */
export function useServerRun(jobId: string) {
  const qc = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startServerRun(jobId),
    onSuccess: (r) => setRunId(r.job_id),
  });
  const run = useQuery({
    queryKey: ['cutting', 'server-run', runId],
    queryFn: ({ signal }) => getBackgroundJob(runId ?? '', signal),
    enabled: runId !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 500,
  });
  const status = run.data?.status;
  useEffect(() => {
    if (status === 'done' || status === 'failed')
      void qc.invalidateQueries({ queryKey: cuttingKeys.job(jobId) });
  }, [status, qc, jobId]);
  return {
    start: () => start.mutate(),
    running: start.isPending || (runId !== null && status !== 'done' && status !== 'failed'),
    percent: Math.round(Number(run.data?.progress ?? 0) * 100),
    startError: start.error,
    /** why the server run failed: its first translated issue (key and params: the piece and its size), else its text */
    failure: status === 'failed' ? (run.data?.errorDetails?.[0] ?? run.data?.error ?? '') : null,
  };
}

export function ServerRunButton({ run }: { run: ReturnType<typeof useServerRun> }) {
  const { t } = useTranslation('cutting');
  return (
    <Button variant="outline" onClick={run.start} disabled={run.running} data-testid="server-run">
      {t('serverRun.start')}
    </Button>
  );
}

export function ServerRunStatus({ run }: { run: ReturnType<typeof useServerRun> }) {
  const { t } = useTranslation('cutting');
  if (run.running)
    return (
      <p role="status" className="flex items-center gap-2 text-sm" data-testid="server-run-progress">
        <Spinner />
        {t('serverRun.progress', { percent: run.percent })}
      </p>
    );
  const failure = run.failure;
  if (failure !== null || run.startError)
    return (
      <p role="alert" className="text-sm text-danger" data-testid="server-run-failed">
        {t('detail.failed', {
          message: run.startError
            ? saveErrorText(t, run.startError)
            : typeof failure === 'object' && failure !== null
              ? t(`common:${failure.key}`, failure.params ?? {})
              : failure?.startsWith('validation.')
                ? t(`common:${failure}`)
                : t('serverRun.failed'),
        })}
      </p>
    );
  return null;
}
