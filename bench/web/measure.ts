/**
 * Measures what a visitor downloads and sees first:
 *  - gzipped JS needed for /landing (signed out) and for the first signed-in screen (/ after sign-up),
 *  - first contentful paint of /landing in headless Chromium (cold cache, median of N runs).
 * It builds the web app into a temporary directory (production build, as `npm start` does), starts the
 * server on its own port with a temporary data directory serving that build, and stops it at the end
 * (helpers in ./harness.ts, shared with ./line-grid.ts).
 *
 *   npx tsx bench/web/measure.ts [--runs 7] [--port 3200]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import {
  buildWeb,
  launchChromium,
  median,
  signUp,
  startServer,
  stopServer,
  waitForServer,
} from './harness.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, port: { type: 'string', default: '3200' } },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;

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
  await signUp(page, BASE);
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

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-'));
  const dist = join(dataDir, 'web');
  buildWeb(dist);
  const server = startServer(PORT, dataDir, dist);
  try {
    await waitForServer(BASE);
    const browser = await launchChromium();
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
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
