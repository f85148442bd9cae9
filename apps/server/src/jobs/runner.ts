import { randomUUID } from 'node:crypto';
import { AppError } from '@erp/domain';
import { dedicatedDatabases, listenInEveryDatabase } from '../db/company-router.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import * as repo from './jobs.repo.ts';
import {
  type Job,
  type JobContext,
  jobFromRow,
  jobHandler,
  jobHandlerOptions,
  jobWithCompany,
  PermanentJobError,
  registeredKinds,
} from './jobs.ts';

export type RunnerOptions = {
  /** Names this worker in `jobs.locked_by`; unique per process by default. */
  workerId?: string;
  /** How long a claim is valid without a heartbeat; a dead worker's job is taken again after it. */
  leaseMs?: number;
  /** The slow poll that backs up LISTEN/NOTIFY (missed notifications, scheduled run_at, expired leases). */
  pollMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** Delay before attempt n+1 after attempt n failed. */
  retryDelayMs?: (attempt: number) => number;
  /** Called on every tick before claiming (e.g. to enqueue scheduled jobs). */
  onTick?: (db: Db) => Promise<void>;
  report?: (error: unknown) => void;
};

const DEFAULTS = { leaseMs: 60_000, pollMs: 5_000, concurrency: 2 };

/** Exponential back-off: 2 s, 4 s, 8 s ... capped at one hour, with ±20 % jitter so retries spread. */
export function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** The owner transaction the runner's bookkeeping runs in (see the jobs_runner policy in 0013). */
function asRunner<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await repo.enterAsRunner(tx);
    return fn(tx);
  });
}

/**
 * Claims up to `limit` due jobs in one short transaction. `FOR UPDATE SKIP LOCKED` lets several
 * instances claim at once without waiting for or double-taking each other's rows. A running job
 * whose lease expired is due again; one that already used its last attempt is marked failed.
 */
export async function claimJobs(
  db: Db,
  opts: { workerId: string; leaseMs: number; limit: number; kinds: string[] },
): Promise<Job[]> {
  if (opts.kinds.length === 0 || opts.limit <= 0) return [];
  const kinds = `{${opts.kinds.map((k) => `"${k.replaceAll('"', '')}"`).join(',')}}`;
  return asRunner(db, async (tx) => {
    await repo.failExpiredLastAttempts(tx);
    const rows = await repo.claimDueJobs(tx, {
      kinds,
      limit: opts.limit,
      workerId: opts.workerId,
      leaseMs: opts.leaseMs,
    });
    return rows.map(jobFromRow);
  });
}

function errorText(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  if (error instanceof Error) {
    // A failed query (drizzle) says why in its cause; its own message is the query and every
    // parameter, which the 2 000 characters kept would cut before the reason.
    const cause = (error as { cause?: unknown }).cause;
    const why = cause instanceof Error && cause.message ? `${cause.message} — ` : '';
    return `${why}${error.message || error.name}`;
  }
  return String(error);
}

/** Domain errors (not found, validation, forbidden) do not change by trying again. */
function isPermanent(error: unknown): boolean {
  return error instanceof PermanentJobError || (error instanceof AppError && error.code !== 'CONFLICT');
}

type RunDeps = { db: Db; workerId: string; leaseMs: number; retryDelayMs: (attempt: number) => number };

/**
 * Runs one claimed job. Every write is fenced by `locked_by`: a worker whose lease was taken over
 * (it stalled past the lease) cannot overwrite the new owner's outcome.
 */
export async function executeJob(deps: RunDeps, job: Job): Promise<'done' | 'retry' | 'failed'> {
  const { db, workerId } = deps;
  const handler = jobHandler(job.kind);
  const claim: repo.Claim = { jobId: job.id, workerId };
  const leaseMs = Math.max(deps.leaseMs, jobHandlerOptions(job.kind).leaseMs ?? 0);
  if (leaseMs > deps.leaseMs) await asRunner(db, (tx) => repo.extendLease(tx, claim, leaseMs));
  let lastProgressWrite = 0;
  const heartbeat = setInterval(
    () => {
      asRunner(db, (tx) => repo.extendLease(tx, claim, leaseMs)).catch(() => {});
    },
    Math.max(50, Math.floor(deps.leaseMs / 3)),
  );
  const ctx: JobContext = {
    db,
    companyId: job.companyId,
    userId: job.createdBy ?? job.companyId,
    jobId: job.id,
    attempt: job.attempts,
    reportProgress: async (fraction, counts) => {
      const now = Date.now();
      const last = fraction >= 1 || (counts !== undefined && counts.done >= counts.total);
      if (now - lastProgressWrite < 250 && !last) return;
      lastProgressWrite = now;
      const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)).toFixed(4);
      const total = counts ? Math.max(0, Math.floor(counts.total)) : null;
      const done = counts && total !== null ? Math.min(total, Math.max(0, Math.floor(counts.done))) : null;
      await asRunner(db, (tx) => repo.writeProgress(tx, claim, { fraction: clamped, done, total, leaseMs }));
    },
    withCompany: (fn) => jobWithCompany(db, job, fn),
  };
  try {
    if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
    const result = await handler(job, ctx);
    await asRunner(db, (tx) => repo.markDone(tx, claim, JSON.stringify(result ?? null)));
    return 'done';
  } catch (error) {
    const message = errorText(error).slice(0, 2000);
    const final = isPermanent(error) || job.attempts >= job.maxAttempts;
    if (final) {
      const details =
        error instanceof AppError || error instanceof PermanentJobError ? error.details : undefined;
      await asRunner(db, (tx) => repo.markFailed(tx, claim, message, details?.length ? details : null));
      return 'failed';
    }
    const delay = Math.max(0, Math.round(deps.retryDelayMs(job.attempts)));
    await asRunner(db, (tx) => repo.requeue(tx, claim, message, delay));
    return 'retry';
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Claims and runs due jobs until none is left (tests, and `JOBS=off` setups that drive the queue
 * by hand). Returns how many jobs ran.
 */
export async function runDueJobs(
  deps: { db: Db },
  opts: {
    workerId?: string;
    leaseMs?: number;
    retryDelayMs?: (attempt: number) => number;
    max?: number;
  } = {},
): Promise<number> {
  const run: RunDeps = {
    db: deps.db,
    workerId: opts.workerId ?? `manual-${randomUUID()}`,
    leaseMs: opts.leaseMs ?? DEFAULTS.leaseMs,
    retryDelayMs: opts.retryDelayMs ?? defaultRetryDelayMs,
  };
  let count = 0;
  const max = opts.max ?? 1000;
  while (count < max) {
    const [job] = await claimJobs(deps.db, {
      workerId: run.workerId,
      leaseMs: run.leaseMs,
      limit: 1,
      kinds: registeredKinds(),
    });
    if (!job) break;
    await executeJob(run, job);
    count++;
  }
  return count;
}

export type JobRunner = {
  start(): Promise<void>;
  stop(): Promise<void>;
  wake(): void;
  readonly workerId: string;
};

/** The long-running worker each server instance starts: LISTEN/NOTIFY to wake, plus a slow poll. */
export function createJobRunner(database: Database, options: RunnerOptions = {}): JobRunner {
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  const report = options.report ?? (() => {});
  const run: RunDeps = {
    db: database.db,
    workerId,
    leaseMs,
    retryDelayMs: options.retryDelayMs ?? defaultRetryDelayMs,
  };
  const inFlight = new Set<Promise<unknown>>();
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let ticking = false;
  let again = false;

  async function tick(): Promise<void> {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        if (options.onTick) await options.onTick(database.db);
        const free = concurrency - inFlight.size;
        if (free <= 0) break;
        // Each company's jobs live in its own database (issue 10: dedicated databases): claim from
        // the main one and from every registered dedicated one, and book each job where it lives.
        const claimed: { db: Db; job: Job }[] = [];
        for (const db of [
          database.db,
          ...(await dedicatedDatabases(database.db)).map((d) => d.database.db),
        ]) {
          const limit = free - claimed.length;
          if (limit <= 0) break;
          const found = await claimJobs(db, { workerId, leaseMs, limit, kinds: registeredKinds() });
          for (const job of found) claimed.push({ db, job });
        }
        const jobs = claimed.map((c) => c.job);
        for (const { db, job } of claimed) {
          const p: Promise<unknown> = executeJob({ ...run, db }, job)
            .catch(report)
            .finally(() => {
              inFlight.delete(p);
              // A slot freed: more work may be waiting.
              void tick();
            });
          inFlight.add(p);
        }
        if (jobs.length === free) again = true;
      } while (again && !stopped);
    } catch (error) {
      if (!stopped) report(error);
    } finally {
      ticking = false;
    }
  }

  return {
    workerId,
    wake: () => void tick(),
    async start() {
      if (!stopped) return;
      stopped = false;
      const onDue = () => void tick();
      await listenInEveryDatabase(database, 'jobs_due', onDue);
      unlisten = async () => {};
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await unlisten?.();
      unlisten = null;
      // Let running jobs finish their current write; an unfinished one is recovered by its lease.
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
    },
  };
}
