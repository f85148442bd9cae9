import type { Page } from '@playwright/test';
import { BASE_URL, dismissChangelog, newAccount, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// A draft delivery note reserves only what is free at its source location: asking for 8 of the 5
// on hand is refused on the screen with the line, item, location and both quantities, and no note
// is made (before, the draft was saved and held 8 of 5).

// biome-ignore lint/suspicious/noExplicitAny: API bodies are read field by field
type Json = Record<string, any>;

async function call(page: Page, method: 'get' | 'post', url: string, data?: unknown): Promise<Json> {
  const res = await page.request[method](url, { headers: { Origin: BASE_URL }, data: data as object });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Json;
}

test('a delivery note asking for more than is free is refused on screen, and nothing is saved', async ({
  page,
}) => {
  await signUpViaApi(page, newAccount('dn-stock'));
  await dismissChangelog(page);
  const location = await call(page, 'post', '/api/inventory/locations', {
    code: 'SKL-A',
    name: 'Skladište A',
  });
  const item = await call(page, 'post', '/api/inventory/items', {
    sku: 'PROF-70',
    name: 'Profil 70 mm',
    kind: 'material',
    base_unit: 'kom',
  });
  await call(page, 'post', '/api/inventory/receipts', {
    location_id: location.id,
    lines: [{ item_id: item.id, quantity: '5', unit_cost: '4' }],
  });
  const client = await call(page, 'post', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
  });

  await page.goto('/delivery-notes/new');
  await page.locator('#dn-client').selectOption(client.id);
  await page.locator('#dn-source').selectOption(location.id);
  await page.getByLabel('Artikl, redak 1', { exact: true }).fill('PROF-70');
  await page.getByRole('option', { name: /^PROF-70 / }).click();
  await page.getByLabel('Količina, redak 1', { exact: true }).fill('8');
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/delivery-notes',
    ),
    page.getByTestId('save').click(),
  ]);
  expect(answer.status()).toBe(409);
  await expect(page.getByRole('alert')).toContainText(
    'Stavka 1: artikl PROF-70 na lokaciji SKL-A ima slobodno samo 5, traženo 8.',
  );
  await expect(page).toHaveURL(/\/delivery-notes\/new$/);
  const notes = await call(page, 'get', '/api/delivery-notes');
  expect(notes.items).toEqual([]);
  expect((await call(page, 'get', `/api/inventory/items/${item.id}`)).item).toMatchObject({
    on_hand: '5',
    reserved: '0',
  });

  // What is free fits: the same screen saves 5.
  await page.getByLabel('Količina, redak 1', { exact: true }).fill('5');
  const [saved] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/delivery-notes',
    ),
    page.getByTestId('save').click(),
  ]);
  expect(saved.status()).toBe(201);
  await expect(page.getByTestId('document-title')).toHaveText(/^Otpremnica OT-\d{4}-0001$/);
  expect((await call(page, 'get', `/api/inventory/items/${item.id}`)).item).toMatchObject({ reserved: '5' });
});
