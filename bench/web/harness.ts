/**
 * What the web benchmarks share: build the web app into a directory, start the server on its own port
 * with a temporary data directory serving that build, launch Debian's headless Chromium, sign up.
 * Used by bench/web/measure.ts (JS weight, first paint) and bench/web/line-grid.ts (typing latency).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The same Chromium flags as the browser tests (e2e/playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function waitForServer(base: string, deadline = Date.now() + 120_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Production build of the web app (what `npm start` serves) into outDir. */
export function buildWeb(outDir: string): void {
  execFileSync('npm', ['run', 'build', '-w', '@erp/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}

/** Starts the server detached in its own process group; stop it with stopServer. */
export function startServer(port: number, dataDir: string, webDist: string): ChildProcess {
  return spawn('npm', ['run', 'start', '-w', '@erp/server'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    stdio: 'ignore',
    detached: true,
  });
}

/** Stops the process group of a server started by startServer (our own child only). */
export function stopServer(server: ChildProcess): void {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

/** Signs up a new user with the page's own cookie jar, so the page is signed in afterwards. */
export async function signUp(page: Page, base: string): Promise<void> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.test`;
  const res = await page.request.post(`${base}/api/auth/sign-up/email`, {
    headers: { Origin: base },
    data: { name: 'Bench User', email, password: 'lozinka-123' },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
}

/** Marks every published changelog entry seen for the signed-in user, so its modal stays closed. */
export async function dismissChangelog(page: Page, base: string): Promise<void> {
  const entries = (await (await page.request.get(`${base}/api/changelog/unseen`)).json()) as { id: string }[];
  for (const e of entries) {
    await page.request.post(`${base}/api/changelog/${e.id}/view`, { headers: { Origin: base }, data: {} });
  }
}

/** Element at rank floor(q · n) of the sorted values (q = 0.5: the median as measure.ts always took it). */
export function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export const median = (xs: number[]) => quantile(xs, 0.5);
