// Entry of an optimiser worker thread: the server runs TypeScript through tsx, whose loader a new
// thread does not have by itself (nor does a test process under vitest), so it is registered here
// before the TypeScript entry is imported. The thread is started with an empty execArgv, so this
// is the only registration.
// The compiled server's entry is JavaScript already (apps/server/dist/optimiser-worker.js).
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
