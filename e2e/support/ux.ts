import { expect, type Page } from '@playwright/test';
import { BASE_URL } from './app.ts';

/** Issue 12 helpers: API calls with the page's cookies (writes carry our Origin for the CSRF rule). */
export async function apiPost<T = { id: string }>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: { Origin: BASE_URL }, data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Signs up through the API and returns the new user's id (= their own company's id). */
export async function signUpWithId(page: Page, name: string, email: string): Promise<string> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: BASE_URL },
    data: { name, email, password: 'lozinka-123' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/** A quote with one free-text line, for the document page checks. */
export async function createQuote(page: Page, clientId: string): Promise<string> {
  const quote = await apiPost<{ document: { id: string } }>(page, '/api/documents/quotes', {
    client_id: clientId,
    lines: [{ description: 'Kaljeno staklo 8 mm', quantity: '2', unit_price: '45.50' }],
  });
  return quote.document.id;
}
