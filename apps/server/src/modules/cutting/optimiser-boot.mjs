// Entry of an optimiser worker thread: the server runs TypeScript through tsx, whose loader a new
// thread does not have by itself (nor does a test process under vitest), so it is registered here
// before the TypeScript entry is imported. The thread is started with an empty execArgv, so this
// is the only registration.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
