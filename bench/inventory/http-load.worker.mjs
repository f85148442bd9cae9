// Plain JavaScript: a worker thread does not get tsx's loader.
//
// The clients speak HTTP/1.1 over one keep-alive socket each (node:net), with the request's bytes
// built here: `node:http`'s client (an Agent, a ClientRequest and an IncomingMessage per request,
// their streams and events) cost about 1 ms of CPU per posting in this thread, as much as the
// server's own thread, and on a 2-core machine that CPU is taken from the server and PostgreSQL. A
// real deployment's clients run on other machines. The server sees the same request as before
// (request line, Host, Connection: keep-alive, the cookie, content type and length, the JSON body)
// and does the same work; only the client's own cost is smaller. An answer counts when its status
// is 201 and its whole body (Content-Length bytes) has arrived; anything else fails the posting.

import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {import('./http-load.ts').HttpLoad} */
const load = workerData;
const targets = load.bases.map((base) => new URL('/api/inventory/receipts', base));
let seq = load.offset ?? 0;
const pick = () => load.itemIds[(seq++ * 7919) % load.itemIds.length];

/** CPU time (ms) of this thread, from /proc (0 where there is no /proc). */
function threadCpuMs() {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

// With `idempotencyKeys`, every request carries a key of its own, as the web app's postings do.
const keyPrefix = `load-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let keys = 0;
const keyHeader = () => (load.idempotencyKeys ? `idempotency-key: ${keyPrefix}-${keys++}\r\n` : '');

/** The request's bytes: the same headers node:http sent (Host, Connection) and the client's own. */
function requestBytes(url, body) {
  const head =
    `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n` +
    `cookie: ${load.cookie}\r\ncontent-type: application/json\r\n${keyHeader()}` +
    `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return head + body;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One client: a socket that carries one request at a time. `post()` resolves with the answer's
 * status once its whole body has been read; a closed socket or an unreadable answer rejects.
 */
function openClient(url) {
  const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
  /** @type {{ resolve: (status: number) => void, reject: (e: Error) => void } | null} */
  let waiting = null;
  let buffered = Buffer.alloc(0);
  let status = 0;
  let bodyLeft = -1; // -1: still reading the head
  const fail = (error) => {
    const w = waiting;
    waiting = null;
    w?.reject(error);
  };
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    if (bodyLeft < 0) {
      const end = buffered.indexOf(HEAD_END);
      if (end < 0) return;
      const head = buffered.toString('latin1', 0, end);
      status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        fail(new Error(`answer without content-length (status ${status})`));
        socket.destroy();
        return;
      }
      bodyLeft = Number(length[1]);
      buffered = buffered.subarray(end + 4);
    }
    if (buffered.length < bodyLeft) return;
    if (buffered.length > bodyLeft) {
      fail(new Error('more bytes than the answer announced'));
      socket.destroy();
      return;
    }
    buffered = Buffer.alloc(0);
    bodyLeft = -1;
    const w = waiting;
    waiting = null;
    w?.resolve(status);
  });
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  return {
    /** @param {string} body */
    post(body) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(requestBytes(url, body));
      });
    },
    close: () => socket.destroy(),
  };
}

/** @param {number[]} xs @param {number} p */
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] ?? 0;
};

async function main() {
  const clients = Array.from({ length: load.clients }, (_, i) => openClient(targets[i % targets.length]));
  const cpu0 = threadCpuMs();
  const until = performance.now() + load.seconds * 1000;
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const body = JSON.stringify({
          location_id: load.locationId,
          lines: [{ item_id: pick(), quantity: '1', unit_cost: '2' }],
        });
        const started = performance.now();
        const status = await client.post(body).catch(() => 0);
        if (status === 201) latencies.push(performance.now() - started);
        else if (++failed < 3) console.error(`receipt answered ${status}`);
        if (status === 0) return; // the connection is gone
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const clientCpuMs = threadCpuMs() - cpu0;
  for (const c of clients) c.close();
  return {
    done: latencies.length,
    failed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    clientCpuMs,
    seconds: elapsed,
    latencies,
  };
}

main().then(
  (r) => parentPort?.postMessage(r),
  (e) => parentPort?.postMessage({ error: String(e) }),
);
