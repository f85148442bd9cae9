import type { FieldIssue } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/database.ts';

// SQL of the job queue (migration 0013): adding a job in the caller's transaction, reading one, and
// the runner's bookkeeping. The runner's writes are fenced by `locked_by`, so a worker whose lease
// was taken over cannot overwrite the new owner's outcome.

/** A job row as stored (timestamps as the driver hands them over). */
export type JobRow = {
  id: string;
  company_id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string | Date;
  progress: string;
  progress_done: number | null;
  progress_total: number | null;
  result: unknown;
  error: string | null;
  error_details: FieldIssue[] | null;
  created_by: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  finished_at: string | Date | null;
};

const JOB_COLUMNS = sql.raw(
  'id, company_id, kind, payload, status, attempts, max_attempts, run_at, progress, progress_done, progress_total, result, error, error_details, created_by, created_at, updated_at, finished_at',
);

export type NewJob = {
  companyId: string;
  kind: string;
  payload: Record<string, unknown>;
  runAt: string;
  maxAttempts: number;
  dedupeKey: string | null;
  userId: string | null;
};

/** Adds the job unless one with its dedupe key exists in the company; its id, or undefined. */
export async function insertJob(tx: Tx, job: NewJob): Promise<{ id: string } | undefined> {
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into jobs (company_id, kind, payload, run_at, max_attempts, dedupe_key, created_by)
      values (${job.companyId}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb,
        ${job.runAt}::timestamptz, ${job.maxAttempts}, ${job.dedupeKey},
        coalesce(${job.userId}::uuid, nullif(current_setting('app.user_id', true), '')::uuid))
      on conflict (company_id, dedupe_key) where dedupe_key is not null do nothing
      returning id`),
  );
  return inserted[0];
}

/** Wakes the runners at commit. */
export async function notifyJobsDue(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify('jobs_due', '')`);
}

export async function jobIdByDedupeKey(
  tx: Tx,
  companyId: string,
  dedupeKey: string | null,
): Promise<{ id: string } | undefined> {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`select id from jobs where company_id = ${companyId} and dedupe_key = ${dedupeKey}`),
  )[0];
}

/** A job of the transaction's company (row-level security hides other companies' jobs). */
export async function selectJob(tx: Tx, id: string): Promise<JobRow | undefined> {
  return rowsOf<JobRow>(await tx.execute(sql`select ${JOB_COLUMNS} from jobs where id = ${id}`))[0];
}

// The runner's bookkeeping, in its owner transaction (the jobs_runner policy of 0013).

export async function enterAsRunner(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('app.job_runner', 'on', true)`);
}

/** A running job whose lease expired after its last attempt is failed. */
export async function failExpiredLastAttempts(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update jobs set status = 'failed', error = coalesce(error || ' / ', '') || 'lease expired after the last attempt',
      locked_by = null, locked_until = null, finished_at = now(), updated_at = now()
    where id in (select id from jobs where status = 'running' and locked_until < now()
      and attempts >= max_attempts for update skip locked)`);
}

/** Claims up to `limit` due jobs of these kinds (`kinds` a text[] literal) for the worker. */
export async function claimDueJobs(
  tx: Tx,
  opts: { kinds: string; limit: number; workerId: string; leaseMs: number },
): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    await tx.execute(sql`
      with due as (
        select id as due_id from jobs
        where kind = any(${opts.kinds}::text[])
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at
        limit ${opts.limit}
        for update skip locked
      )
      update jobs j set status = 'running', attempts = j.attempts + 1, locked_by = ${opts.workerId},
        locked_until = now() + ${opts.leaseMs} * interval '1 millisecond', updated_at = now()
      from due where j.id = due.due_id
      returning ${JOB_COLUMNS}`),
  );
}

/** The claim of a job: its id, held by this worker, still running. */
export type Claim = { jobId: string; workerId: string };
const fence = (c: Claim): SQL => sql`id = ${c.jobId} and locked_by = ${c.workerId} and status = 'running'`;

export async function extendLease(tx: Tx, claim: Claim, leaseMs: number): Promise<void> {
  await tx.execute(
    sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond' where ${fence(claim)}`,
  );
}

export async function writeProgress(
  tx: Tx,
  claim: Claim,
  p: { fraction: string; done: number | null; total: number | null; leaseMs: number },
): Promise<void> {
  await tx.execute(sql`update jobs set progress = ${p.fraction}::numeric,
    progress_done = coalesce(${p.done}::integer, progress_done),
    progress_total = coalesce(${p.total}::integer, progress_total),
    locked_until = now() + ${p.leaseMs} * interval '1 millisecond', updated_at = now() where ${fence(claim)}`);
}

export async function markDone(tx: Tx, claim: Claim, resultJson: string): Promise<void> {
  await tx.execute(sql`update jobs set status = 'done', progress = 1, progress_done = progress_total, result = ${resultJson}::jsonb,
    error = null, error_details = null, locked_by = null, locked_until = null, finished_at = now(), updated_at = now()
    where ${fence(claim)}`);
}

/** Failed for good, with the error's text and its translated issues (null when it has none). */
export async function markFailed(
  tx: Tx,
  claim: Claim,
  message: string,
  details: FieldIssue[] | null,
): Promise<void> {
  await tx.execute(sql`update jobs set status = 'failed', error = ${message},
    error_details = ${details ? JSON.stringify(details) : null}::jsonb, locked_by = null,
    locked_until = null, finished_at = now(), updated_at = now() where ${fence(claim)}`);
}

export async function requeue(tx: Tx, claim: Claim, message: string, delayMs: number): Promise<void> {
  await tx.execute(sql`update jobs set status = 'queued', error = ${message}, locked_by = null, locked_until = null,
    run_at = now() + ${delayMs} * interval '1 millisecond', updated_at = now() where ${fence(claim)}`);
}
