/**
 * Measures what a visitor downloads and sees first:
 *  - gzipped JS needed for /landing (signed out) and for the first signed-in screen (/ after sign-up),
 *  - first contentful paint of /landing in headless Chromium (cold cache, median of N runs).
 * It builds the web app into a temporary directory (production build, as `npm start` does), starts the
 * server on its own port with a temporary data directory serving that build, and stops it at the end.
 *
 *   npx tsx bench/web/measure.ts [--runs 7] [--port 3200]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, port: { type: 'string', default: '3200' } },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function waitForServer(deadline = Date.now() + 120_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

function build(outDir: string): void {
  execFileSync('npm', ['run', 'build', '-w', '@erp/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}

function startServer(dataDir: string, webDist: string): ChildProcess {
  return spawn('npm', ['run', 'start', '-w', '@erp/server'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    stdio: 'ignore',
    detached: true,
  });
}

/** Gzip (level 9, as a static server would pre-compress) of every JS file the page loaded from dist. */
function gzippedJs(dist: string, urls: Set<string>): { files: number; raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = readFileSync(join(dist, new URL(url).pathname));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzip };
}

function collectJs(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('response', (r) => {
    if (r.url().startsWith(BASE) && new URL(r.url()).pathname.endsWith('.js') && r.ok()) urls.add(r.url());
  });
  return urls;
}

async function landingJs(browser: Browser, dist: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const urls = collectJs(page);
  await page.goto(`${BASE}/landing?lng=hr`, { waitUntil: 'networkidle' });
  await context.close();
  return gzippedJs(dist, urls);
}

async function signedInJs(browser: Browser, dist: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `bench-${Date.now()}@bench.test`;
  const res = await page.request.post(`${BASE}/api/auth/sign-up/email`, {
    headers: { Origin: BASE },
    data: { name: 'Bench User', email, password: 'lozinka-123' },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const urls = collectJs(page);
  await page.goto(`${BASE}/?lng=hr`, { waitUntil: 'networkidle' });
  await page.getByTestId('sidebar').waitFor();
  await context.close();
  return gzippedJs(dist, urls);
}

async function landingFcp(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/landing?lng=hr`, { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await context.close();
  return fcp;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-'));
  const dist = join(dataDir, 'web');
  build(dist);
  const server = startServer(dataDir, dist);
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ARGS,
    });
    // One warm-up load so the server's first-request costs do not count as paint time.
    await landingFcp(browser);
    const landing = await landingJs(browser, dist);
    const app = await signedInJs(browser, dist);
    const fcps: number[] = [];
    for (let i = 0; i < RUNS; i++) fcps.push(await landingFcp(browser));
    await browser.close();
    console.log('| Measure | Files | Raw JS | Gzipped JS |');
    console.log('|---|---|---|---|');
    console.log(`| /landing (signed out) | ${landing.files} | ${kb(landing.raw)} | ${kb(landing.gzip)} |`);
    console.log(`| / first signed-in screen | ${app.files} | ${kb(app.raw)} | ${kb(app.gzip)} |`);
    console.log('');
    console.log(
      `FCP of /landing, cold cache, ${RUNS} runs: median ${median(fcps).toFixed(0)} ms ` +
        `(min ${Math.min(...fcps).toFixed(0)}, max ${Math.max(...fcps).toFixed(0)})`,
    );
  } finally {
    // The server was started detached in its own process group: stop that group (our own child only).
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
