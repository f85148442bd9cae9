// The cutting optimiser in a worker thread (node:worker_threads), the server's counterpart of the
// web's optimizer.worker.ts: the same domain optimiser, progress (at most every 200 ms), every
// better plan (kept if the run is stopped), then the plan or the error. Started by
// optimiser-pool.ts through optimiser-boot.mjs, which loads TypeScript in the thread.
import { parentPort, workerData } from 'node:worker_threads';
import { type CutInput, CuttingInputError, optimizeCutting } from '@erp/domain';
import type { WorkerMessage } from './optimiser-pool.ts';

const post = (m: WorkerMessage) => parentPort?.postMessage(m);
const input = (workerData as { input: CutInput }).input;
let lastProgress = 0;
try {
  const result = optimizeCutting(input, {
    onProgress: (p) => {
      const now = Date.now();
      if (now - lastProgress < 200) return;
      lastProgress = now;
      post({ type: 'progress', ...p });
    },
    onBest: (best) => post({ type: 'best', result: best }),
  });
  post({ type: 'done', result });
} catch (e) {
  post(
    e instanceof CuttingInputError
      ? { type: 'input-error', field: e.field, message: e.message }
      : { type: 'error', message: e instanceof Error ? e.message : String(e) },
  );
}
