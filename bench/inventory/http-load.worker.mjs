// Plain JavaScript: a worker thread does not get tsx's loader.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {import('./http-load.ts').HttpLoad} */
const load = workerData;
const targets = load.bases.map((base) => ({
  url: new URL('/api/inventory/receipts', base),
  agent: new Agent({ keepAlive: true, maxSockets: load.clients }),
}));
let seq = load.offset ?? 0;
const pick = () => load.itemIds[(seq++ * 7919) % load.itemIds.length];

/** @param {{ url: URL, agent: Agent }} target @returns {Promise<number>} */
function post({ url, agent }) {
  const body = JSON.stringify({
    location_id: load.locationId,
    lines: [{ item_id: pick(), quantity: '1', unit_cost: '2' }],
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          cookie: load.cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {number[]} xs @param {number} p */
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] ?? 0;
};

async function main() {
  const until = performance.now() + load.seconds * 1000;
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: load.clients }, async (_, client) => {
      const target = targets[client % targets.length];
      while (performance.now() < until) {
        const started = performance.now();
        const status = await post(target).catch(() => 0);
        if (status === 201) latencies.push(performance.now() - started);
        else if (++failed < 3) console.error(`receipt answered ${status}`);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  for (const t of targets) t.agent.destroy();
  return {
    done: latencies.length,
    failed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  };
}

main().then(
  (r) => parentPort?.postMessage(r),
  (e) => parentPort?.postMessage({ error: String(e) }),
);
