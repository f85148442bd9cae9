import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';

const run = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '../..');
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
export const SCREENSHOTS = resolve(ROOT, 'docs/screenshots');

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

export type Account = { name: string; email: string; password: string };

export function newAccount(tag: string, name = 'Ivana Kovač'): Account {
  return { name, email: uniqueEmail(tag), password: 'lozinka-123' };
}

/** Signs up through the API with the page's own cookie jar, so the page is signed in afterwards. */
export async function signUpViaApi(page: Page, account: Account): Promise<void> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: BASE_URL },
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Runs the admin CLI against the running server (same DATA_DIR as the server): the command
 * `npm run admin` runs, without npm's own start-up in front of it.
 */
export async function admin(...args: string[]): Promise<string> {
  const tsx = resolve(ROOT, 'node_modules/.bin/tsx');
  const { stdout } = await run(tsx, ['apps/server/src/cli/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    timeout: 60_000,
  });
  return stdout;
}

/** Marks every published changelog entry seen for the signed-in user, so the modal stays closed. */
export async function dismissChangelog(page: Page): Promise<void> {
  const res = await page.request.get('/api/changelog/unseen');
  const entries = (await res.json()) as { id: string }[];
  for (const e of entries) {
    await page.request.post(`/api/changelog/${e.id}/view`, { headers: { Origin: BASE_URL }, data: {} });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field in the specs
export type Json = Record<string, any>;

/** Posts as the page's signed-in user and fails the test with the server's answer unless it is a 2xx. */
export async function postJson(page: Page, url: string, data: unknown = {}): Promise<Json> {
  const res = await page.request.post(url, { headers: { Origin: BASE_URL }, data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Json;
}
