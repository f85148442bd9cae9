/**
 * The application's load for the posting benchmark: N HTTP clients, each posting one-line receipts
 * back to back over keep-alive connections, run in a worker thread of their own so that the
 * server's event loop does not also carry the clients' work (as a real deployment's would not).
 * The clients write HTTP/1.1 over plain sockets (http-load.worker.mjs says why).
 * Every answer must be 201; latencies are measured from request start to the whole answer read.
 */
import { Worker } from 'node:worker_threads';

export type HttpLoad = {
  /** One address per application instance; client i talks to instance i mod n. */
  bases: string[];
  cookie: string;
  locationId: string;
  itemIds: string[];
  clients: number;
  seconds: number;
  /** Where in the item list this run starts, so successive runs spread over the items alike. */
  offset?: number;
  /** Each request with an Idempotency-Key of its own (the web app sends one with every posting). */
  idempotencyKeys?: boolean;
};

export type LoadResult = {
  done: number;
  failed: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** CPU time of the clients' worker thread during the run (ms; 0 without /proc). */
  clientCpuMs?: number;
  /** How long the run took (s) and each acknowledged posting's latency (ms), to pool runs. */
  seconds: number;
  latencies: number[];
};

export function runHttpClients(load: HttpLoad): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load.worker.mjs', import.meta.url), { workerData: load });
    worker.once('message', (m: LoadResult | { error: string }) => {
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
