import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { acquireSuiteLock } from './support/suite-lock.ts';

/**
 * The suite starts the real app: it builds the web app, then runs the server (what `npm start` does)
 * on its own port with a fresh PGlite data directory, so every run starts from an empty database.
 */
const ROOT = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Workers re-read this file; only the main process (no worker index) takes the lock and picks the data dir.
if (process.env.TEST_WORKER_INDEX === undefined && !process.env.E2E_DATA_DIR) acquireSuiteLock();
// Workers re-read this file: the directory chosen by the main process travels to them in the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'erp-e2e-'));
process.env.E2E_BASE_URL = `http://localhost:${PORT}`;
// The run builds the web app into its own directory: the server indexes its static files at start,
// so a build of apps/web/dist by someone else during the run would otherwise break the pages.
const WEB_DIST = join(process.env.E2E_DATA_DIR, 'web');

// The shop's business day is the date in Europe/Zagreb (the server dates documents so): the browser
// and the specs' own date arithmetic run in that zone too, so nothing differs between 23:00 and
// 01:00 UTC. Workers re-read this file and inherit the variable.
process.env.TZ = 'Europe/Zagreb';
const BROWSER = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  timezoneId: 'Europe/Zagreb',
};
const GLOBAL_SPECS = /app-changelog\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // Every test is scheduled on its own (each signs up its own account), so the two workers stay
  // busy to the end instead of one finishing a long file alone. A file whose tests must run in order
  // says so with test.describe.configure({ mode: 'default' }). Specs that change what every user
  // sees (published changelog entries pop up in any open session) run afterwards, on their own.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: join(ROOT, 'test-results'),
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'hr-HR',
    // A failed test keeps its trace (every action with its DOM snapshot, network, console) and a
    // screenshot of the end. The trace's filmstrip (a screencast of every frame) is left out: it cost
    // a keyboard-heavy test about 30 % of its time (line-grid's 30-line quote: 46-51 s with it,
    // 33-38 s without, same load). E2E_TRACE=full records it for a run that needs it.
    trace: { mode: 'retain-on-failure', screenshots: process.env.E2E_TRACE === 'full' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: GLOBAL_SPECS, use: BROWSER },
    { name: 'global', testMatch: GLOBAL_SPECS, dependencies: ['chromium'], use: BROWSER },
  ],
  webServer: {
    // The web build and the server's bundle (what `npm start`'s prestart builds) side by side, then
    // `npm start` itself without its prestart (--ignore-scripts skips only pre/post scripts), so the
    // bundle is not built a second time and the start command stays in one place.
    command:
      `npm run build -w @erp/web -- --outDir ${WEB_DIST} --emptyOutDir & web=$!; ` +
      'npm run build -w @erp/server && wait $web && npm run start -w @erp/server --ignore-scripts',
    cwd: ROOT,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST,
      // Many sign-ups from one address in a few minutes: the production limit would stop the suite.
      AUTH_RATE_LIMIT_MAX: '100000',
    },
  },
});
