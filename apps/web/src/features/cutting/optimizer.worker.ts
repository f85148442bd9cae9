// Runs the cutting optimiser off the main thread: progress messages while it searches, the plan at
// the end. Cancelling terminates the worker.
import { type CutInput, optimizeCutting } from '@erp/domain';

export type WorkerMessage =
  | { type: 'progress'; elapsedMs: number; stockCount: number; lowerBound: number }
  | { type: 'done'; result: ReturnType<typeof optimizeCutting> }
  | { type: 'error'; message: string };

const post = (m: WorkerMessage) =>
  (self as unknown as { postMessage: (m: WorkerMessage) => void }).postMessage(m);

self.onmessage = (event: MessageEvent<CutInput>) => {
  try {
    const result = optimizeCutting(event.data, { onProgress: (p) => post({ type: 'progress', ...p }) });
    post({ type: 'done', result });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
