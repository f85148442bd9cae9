import type { FieldIssue } from '@erp/domain';
import type { Db, Tx } from '../db/database.ts';
import { type CompanyContext, withCompany } from '../db/tenant.ts';
import * as repo from './jobs.repo.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export type Job = {
  id: string;
  companyId: string;
  kind: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  progress: string;
  /** Things done and their total, for jobs that count them (`reportProgress(f, {done, total})`); else null. */
  progressDone: number | null;
  progressTotal: number | null;
  result: unknown;
  error: string | null;
  /** The translated issues of a failure (field, i18n key, params), when the error had them. */
  errorDetails: FieldIssue[] | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
};

export type JobContext = {
  db: Db;
  companyId: string;
  /** The user the job acts for: its creator, else the company's owner (company id = owner's user id). */
  userId: string;
  jobId: string;
  attempt: number;
  /**
   * Records progress (0..1), and optionally how many things of how many are done, and renews the
   * lease; safe to call often (writes are throttled).
   */
  reportProgress(fraction: number, counts?: { done: number; total: number }): Promise<void>;
  /** One transaction in the job's company, as erp_app with row-level security: the routes' `withCompany`. */
  withCompany<T>(fn: (tx: Tx, ctx: CompanyContext) => Promise<T>): Promise<T>;
};

export type JobHandler = (job: Job, ctx: JobContext) => Promise<unknown>;

/** Thrown by a handler when trying again cannot help (bad payload, missing record): no more retries. */
export class PermanentJobError extends Error {
  /** `details`: the translated issues of the failure, stored with the job (`errorDetails`). */
  constructor(
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
  }
}

export type JobHandlerOptions = {
  /**
   * A longer lease than the runner's for this kind: a job that holds one long transaction (an
   * archive restore) cannot renew its lease on PGlite's single connection while it runs, so the
   * claim it gets must outlast it. A dead worker's job is taken again only after this lease.
   */
  leaseMs?: number;
};

const handlers = new Map<string, JobHandler>();
const handlerOptions = new Map<string, JobHandlerOptions>();

/** Registers the code for one job kind; every server instance registers the same set at import time. */
export function registerJobHandler(kind: string, handler: JobHandler, options: JobHandlerOptions = {}): void {
  handlers.set(kind, handler);
  handlerOptions.set(kind, options);
}

export function jobHandlerOptions(kind: string): JobHandlerOptions {
  return handlerOptions.get(kind) ?? {};
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}

export function registeredKinds(): string[] {
  return [...handlers.keys()];
}

export type EnqueueInput = {
  companyId: string;
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** A job with the same key in the same company is not added again; the existing id is returned. */
  dedupeKey?: string;
  /** Acts for this user; defaults to the transaction's app.user_id. */
  userId?: string;
};

/**
 * Adds a job inside the caller's transaction, so it exists exactly when the change committed. The
 * NOTIFY is delivered at commit and wakes the runners at once.
 */
export async function enqueueJob(tx: Tx, input: EnqueueInput): Promise<{ id: string }> {
  const inserted = await repo.insertJob(tx, {
    companyId: input.companyId,
    kind: input.kind,
    payload: input.payload ?? {},
    runAt: (input.runAt ?? new Date()).toISOString(),
    maxAttempts: input.maxAttempts ?? 5,
    dedupeKey: input.dedupeKey ?? null,
    userId: input.userId ?? null,
  });
  if (inserted) {
    await repo.notifyJobsDue(tx);
    return inserted;
  }
  const existing = await repo.jobIdByDedupeKey(tx, input.companyId, input.dedupeKey ?? null);
  if (!existing) throw new Error('enqueueJob: dedupe conflict without a row');
  return existing;
}

const iso = (v: string | Date) => new Date(v).toISOString();

export function jobFromRow(r: repo.JobRow): Job {
  return {
    id: r.id,
    companyId: r.company_id,
    kind: r.kind,
    payload: r.payload ?? {},
    status: r.status,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    runAt: iso(r.run_at),
    progress: String(r.progress),
    progressDone: r.progress_done === null ? null : Number(r.progress_done),
    progressTotal: r.progress_total === null ? null : Number(r.progress_total),
    result: r.result ?? null,
    error: r.error,
    errorDetails: r.error_details ?? null,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    finishedAt: r.finished_at ? iso(r.finished_at) : null,
  };
}

/** A job of the transaction's company (row-level security hides other companies' jobs). */
export async function getJob(tx: Tx, id: string): Promise<Job | null> {
  const row = await repo.selectJob(tx, id);
  return row ? jobFromRow(row) : null;
}

export function jobWithCompany<T>(
  db: Db,
  job: Job,
  fn: (tx: Tx, ctx: CompanyContext) => Promise<T>,
): Promise<T> {
  return withCompany(db, { userId: job.createdBy ?? job.companyId, companyId: job.companyId }, fn);
}
