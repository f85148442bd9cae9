import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError, type CutInput, type CutProgress, type CutResult, cuttingInputIssue } from '@erp/domain';

// Server-side optimiser runs: each run is one worker thread (optimiser-worker.ts) so the event loop
// (requests, PGlite) keeps going while the domain optimiser searches. At most `maxWorkers` run at
// once (one per core); further runs wait their turn, up to `maxQueued`, after which they are
// refused. A run that does not finish by its time limit plus a grace period is stopped: the best
// plan it reported is kept (as the browser keeps it on "Prekini"), else the run fails.

export type WorkerMessage =
  | ({ type: 'progress' } & CutProgress)
  | { type: 'best'; result: CutResult }
  | { type: 'done'; result: CutResult }
  | { type: 'input-error'; field: string; message: string }
  | { type: 'error'; message: string };

export type OptimiserLimits = {
  /** worker threads running at once (default: one per core) */
  maxWorkers: number;
  /** runs waiting for a free worker before new ones are refused */
  maxQueued: number;
  /** time on top of the run's own limit (thread start, loading the code) before it is stopped */
  graceMs: number;
  /** heap of one thread (MB); a run that needs more fails with `validation.cuttingOptimiserFailed` */
  maxHeapMb: number;
};

const limits: OptimiserLimits = {
  maxWorkers: Math.max(1, availableParallelism()),
  maxQueued: 16,
  graceMs: 5000,
  maxHeapMb: 512,
};

/** Changes the limits (tests; a deployment could read them from its configuration). */
export function setOptimiserLimits(change: Partial<OptimiserLimits>): OptimiserLimits {
  const before = { ...limits };
  Object.assign(limits, change);
  return before;
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs at this moment and runs waiting (for tests and monitoring). */
export function optimiserLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function acquire(): Promise<void> {
  if (running < limits.maxWorkers) {
    running++;
    return;
  }
  if (waiting.length >= limits.maxQueued)
    throw new AppError(
      'RATE_LIMITED',
      'Poslužitelj upravo računa druge krojne liste; pokušajte malo kasnije',
      [{ field: 'plan', key: 'validation.cuttingOptimiserBusy' }],
    );
  // The slot is handed over by release(), so `running` stays counted.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

const INPUT_TEXT: Record<string, string> = {
  'validation.cuttingPieceTooLarge': 'Komad je veći od svake ploče (nakon obrezivanja)',
  'validation.cuttingPieceTooLong': 'Komad je duži od svake šipke (nakon obrezivanja)',
  'validation.cuttingStockShort': 'Zaliha nije dovoljna za sve komade',
};

const inputError = (field: string, kind: '1d' | '2d') => {
  const issue = cuttingInputIssue(field, kind);
  return new AppError('VALIDATION', INPUT_TEXT[issue.key] ?? issue.key, [issue]);
};

const timedOut = () =>
  new AppError('VALIDATION', 'Optimizacija nije našla plan u zadanom vremenu; plan nije spremljen', [
    { field: 'time_limit_ms', key: 'validation.cuttingOptimiserTimeout' },
  ]);

const failed = () =>
  new AppError('INTERNAL', 'Optimizacija nije uspjela; plan nije spremljen', [
    { field: 'plan', key: 'validation.cuttingOptimiserFailed' },
  ]);

const BOOT = new URL('./optimiser-boot.mjs', import.meta.url);
// The compiled server (scripts/build-server.mjs) bundles the worker beside main.js and names it here;
// under tsx (dev, tests) the thread loads the TypeScript entry.
const ENTRY =
  (globalThis as { __erpCompiledOptimiser?: string }).__erpCompiledOptimiser ??
  new URL('./optimiser-worker.ts', import.meta.url).href;

/**
 * Optimises one input in a worker thread and resolves with its plan. Errors are AppErrors with a
 * translated key: the input cannot be planned (`validation.cuttingStockShort`,
 * `validation.cuttingPieceTooLarge`), no plan by the deadline (`validation.cuttingOptimiserTimeout`),
 * the thread failed (`validation.cuttingOptimiserFailed`), too many runs (`validation.cuttingOptimiserBusy`).
 */
export async function runOptimiser(
  input: CutInput,
  hooks: { onProgress?: (p: CutProgress) => void } = {},
): Promise<CutResult> {
  await acquire();
  try {
    return await new Promise<CutResult>((resolve, reject) => {
      let best: CutResult | null = null;
      let settled = false;
      let worker: Worker;
      try {
        // A runaway search fails alone (the thread's heap is capped), not the whole server.
        worker = new Worker(BOOT, {
          workerData: { entry: ENTRY, input },
          execArgv: [],
          resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
        });
      } catch {
        reject(failed());
        return;
      }
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(
        () => finish(() => (best ? resolve(best) : reject(timedOut()))),
        (input.timeLimitMs ?? 1000) + limits.graceMs,
      );
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'progress') {
          try {
            hooks.onProgress?.({
              elapsedMs: m.elapsedMs,
              stockCount: m.stockCount,
              lowerBound: m.lowerBound,
            });
          } catch {
            // A listener's failure must not stop the run (progress is informative only).
          }
        } else if (m.type === 'best') best = m.result;
        else if (m.type === 'done') finish(() => resolve(m.result));
        else if (m.type === 'input-error') finish(() => reject(inputError(m.field, input.kind)));
        else finish(() => reject(failed()));
      });
      worker.on('error', () => finish(() => reject(failed())));
      worker.on('exit', () => finish(() => reject(failed())));
    });
  } finally {
    release();
  }
}
