import { AppError, type CutProgress, jobToCutInput, withPieceSize } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { enqueueJob, PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import * as repo from './cutting.repo.ts';
import { getJob, savePlan } from './cutting.service.ts';
import { runOptimiser } from './optimiser-pool.ts';

// The optimiser on the server (issue 17): the same domain optimiser as the browser's Web Worker,
// in a worker thread (optimiser-pool.ts), with the job's own time limit. The plan is stored by
// `savePlan`, the browser's save path (independent validator, status check, company event), in
// its own transaction after the run: no transaction is held open while the optimiser searches,
// and a failed or refused run writes nothing.

/** Opens one transaction in the caller's company (a request's `inCompany`, a job's `withCompany`). */
export type InCompany = <T>(fn: (tx: Tx, ctx: CompanyContext) => Promise<T>) => Promise<T>;

/** The background job kind of a server run (payload `{ cutting_job_id }`). */
export const OPTIMISE_JOB_KIND = 'cutting.optimise';

/** What must hold before a run starts (and again when its plan is stored). */
function assertOptimisable(job: repo.JobRow | null): asserts job is repo.JobRow {
  if (!job) throw new AppError('NOT_FOUND', 'Krojna lista nije pronađena');
  if (job.status !== 'draft' && job.status !== 'planned')
    throw new AppError('INVALID_TRANSITION', 'Plan potvrđene krojne liste ne može se mijenjati', [
      { field: 'status', key: 'validation.cuttingNotEditable' },
    ]);
  if (!job.input.stock.some((s) => s.quantity === null || s.quantity > 0))
    throw new AppError('VALIDATION', 'Krojna lista nema ploča ni šipki: odaberite zalihu', [
      { field: 'stock', key: 'validation.cuttingNoStock' },
    ]);
}

/** Checks the job can be optimised now (the same checks as a run, without running). */
export async function checkOptimisable(tx: Tx, id: string): Promise<void> {
  assertOptimisable(await repo.getJob(tx, id));
}

/**
 * Runs the optimiser for a draft or planned job and stores the plan exactly as the browser's
 * `PUT /jobs/:id/plan` does. The job's input is read first; if it changed while the optimiser ran
 * (stock replaced, list confirmed), the plan is refused and nothing is written.
 */
export async function optimiseJob(
  inCompany: InCompany,
  id: string,
  hooks: { onProgress?: (p: CutProgress & { timeLimitMs: number }) => void } = {},
) {
  const job = await inCompany(async (tx) => {
    const row = await repo.getJob(tx, id);
    assertOptimisable(row);
    return row;
  });
  const input = jobToCutInput(job.input, Date.now() % 100_000);
  const timeLimitMs = input.timeLimitMs ?? job.input.time_limit_ms;
  const plan = await runOptimiser(input, {
    onProgress: (p) => hooks.onProgress?.({ ...p, timeLimitMs }),
  }).catch((error: unknown) => {
    // A piece no sheet or bar holds is named with its size as the list states it.
    if (error instanceof AppError && error.details)
      throw new AppError(
        error.code,
        error.message,
        error.details.map((d) => withPieceSize(d, job.input)),
      );
    throw error;
  });
  return inCompany(async (tx, ctx) => {
    const now = await repo.getJob(tx, id, true);
    assertOptimisable(now);
    if (JSON.stringify(now.input) !== JSON.stringify(job.input))
      throw new AppError(
        'CONFLICT',
        'Krojna lista promijenjena je tijekom optimizacije; pokrenite je ponovno',
        [{ field: 'input', key: 'validation.cuttingChangedDuringRun' }],
      );
    await savePlan(tx, ctx, id, plan);
    return getJob(tx, id);
  });
}

/** Queues a background run (checked first, so a job that cannot be optimised is refused at once). */
export async function queueOptimise(tx: Tx, ctx: CompanyContext, id: string): Promise<{ id: string }> {
  await checkOptimisable(tx, id);
  return enqueueJob(tx, {
    companyId: ctx.companyId,
    kind: OPTIMISE_JOB_KIND,
    payload: { cutting_job_id: id },
  });
}

// A background run: progress is the elapsed share of the job's time limit (GET /api/jobs/:id);
// the result names the job and the plan's figures. A run the input makes impossible fails for good
// with the i18n key of the reason as its error and the issues themselves (field, key, params: the
// piece and its size) as its `errorDetails`; a full worker pool is tried again later.
registerJobHandler(OPTIMISE_JOB_KIND, async (job, ctx) => {
  const id = typeof job.payload.cutting_job_id === 'string' ? job.payload.cutting_job_id : '';
  if (!id) throw new PermanentJobError('cutting_job_id missing');
  try {
    const done = await optimiseJob((fn) => ctx.withCompany(fn), id, {
      onProgress: (p) => {
        void ctx.reportProgress(Math.min(p.elapsedMs / Math.max(1, p.timeLimitMs), 0.99)).catch(() => {});
      },
    });
    return {
      cutting_job_id: id,
      stock_count: done.plan?.layouts.length ?? null,
      lower_bound: done.plan?.lowerBound ?? null,
      waste_percent: done.figures?.total.wastePercent ?? null,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new Error('optimiser busy');
    if (error instanceof AppError)
      throw new PermanentJobError(error.details?.[0]?.key ?? error.message, error.details);
    throw error;
  }
});
