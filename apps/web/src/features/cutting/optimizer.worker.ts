// Runs the cutting optimiser off the main thread: progress messages while it searches, every better
// plan as it is found (so a cancelled run keeps the best plan so far), the final plan at the end.
// Cancelling terminates the worker; the page keeps the last `best` message.
import {
  type CutInput,
  type CutResult,
  CuttingInputError,
  type CuttingInputIssue,
  cuttingInputIssue,
  optimizeCutting,
} from '@erp/domain';

export type WorkerMessage =
  | { type: 'progress'; elapsedMs: number; stockCount: number; lowerBound: number }
  | { type: 'best'; result: CutResult }
  | { type: 'done'; result: CutResult }
  | { type: 'input-error'; issue: CuttingInputIssue }
  | { type: 'error'; message: string };

const post = (m: WorkerMessage) =>
  (self as unknown as { postMessage: (m: WorkerMessage) => void }).postMessage(m);

self.onmessage = (event: MessageEvent<CutInput>) => {
  try {
    const result = optimizeCutting(event.data, {
      onProgress: (p) => post({ type: 'progress', ...p }),
      onBest: (best) => post({ type: 'best', result: best }),
    });
    post({ type: 'done', result });
  } catch (e) {
    // Input the optimiser cannot plan is the user's to fix: sent as a translated key, as the server's runs do.
    if (e instanceof CuttingInputError)
      post({ type: 'input-error', issue: cuttingInputIssue(e.field, event.data.kind) });
    else post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
