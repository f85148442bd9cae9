import type { Page } from '@playwright/test';
import { BASE_URL, dismissChangelog, type Json, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// Saved decimals put back into inputs (issue 21, E2): a Croatian input reads "." as a thousands
// separator, so a saved 72.225 shown as "72.225" came back as 72 225 when the record was saved
// again. Each test opens a saved record, changes only a text field, saves, and reads what the
// server stored.

/** Saves with Ctrl+S and waits for the server's answer to the change of `id`. */
async function saveAndWait(page: Page, id: string) {
  const saved = page.waitForResponse((r) => r.url().includes(id) && r.request().method() !== 'GET');
  await page.keyboard.press('Control+s');
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBeLessThan(300);
}

test("a quote line's 3-decimal price and quantity survive a re-save unchanged", async ({ page }) => {
  await signUpViaApi(page, newAccount('saved-decimals-quote'));
  await dismissChangelog(page);
  const client = await postJson(page, '/api/clients', { name: 'Staklorez d.o.o.' });
  const quote = await postJson(page, '/api/documents/quotes', {
    client_id: client.id,
    lines: [
      {
        description: 'Rezanje',
        quantity: '1.125',
        unit: 'm',
        unit_price: '72.225',
        discount_pct: '0',
        vat_rate: '25',
      },
    ],
  });
  const id = quote.document.id as string;

  await page.goto(`/documents/quotes/${id}/edit`);
  await expect(page.getByLabel('Cijena, redak 1')).toHaveValue('72,225');
  await expect(page.getByLabel('Količina, redak 1')).toHaveValue('1,125');
  await page.getByLabel('Opis, redak 1').fill('Rezanje po mjeri');
  await saveAndWait(page, id);

  const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as Json;
  const line = doc.lines[0] as Json;
  expect(line.description).toBe('Rezanje po mjeri');
  expect(line.unit_price).toMatch(/^72\.2250*$/);
  expect(line.quantity).toMatch(/^1\.1250*$/);
});

test("an item's 3-decimal purchase price survives a re-save unchanged", async ({ page }) => {
  await signUpViaApi(page, newAccount('saved-decimals-item'));
  await dismissChangelog(page);
  const item = await postJson(page, '/api/inventory/items', {
    sku: 'LIM-2',
    name: 'Lim 2 mm',
    kind: 'material',
    base_unit: 'kom',
    purchase_price: '72.225',
    sales_price: '1234.5',
  });
  const id = (item.item ?? item).id as string;

  await page.goto(`/inventory/items/${id}/edit`);
  await expect(page.getByLabel('Nabavna cijena')).toHaveValue('72,225');
  await page.getByLabel('Naziv', { exact: true }).fill('Lim 2 mm pocinčani');
  await saveAndWait(page, id);

  const saved = (await (await page.request.get(`/api/inventory/items/${id}`)).json()) as Json;
  const stored = (saved.item ?? saved) as Json;
  expect(stored.name).toBe('Lim 2 mm pocinčani');
  expect(stored.purchase_price).toMatch(/^72\.2250*$/);
  expect(stored.sales_price).toMatch(/^1234\.50*$/);
});

test('a stock count saved at 41.125 and posted unchanged from the sheet moves 1.125, not 41 085', async ({
  page,
}) => {
  await signUpViaApi(page, newAccount('saved-decimals-count'));
  await dismissChangelog(page);
  const loc = await postJson(page, '/api/inventory/locations', { code: 'SKL', name: 'Skladište' });
  const created = await postJson(page, '/api/inventory/items', {
    sku: 'PROF-C',
    name: 'Profil',
    kind: 'material',
    base_unit: 'm',
  });
  const itemId = (created.item ?? created).id as string;
  await postJson(page, '/api/inventory/receipts', {
    location_id: loc.id,
    lines: [{ item_id: itemId, quantity: '40', unit_cost: '2' }],
  });
  const count = await postJson(page, '/api/inventory/counts', { location_id: loc.id });
  const detail = (await (await page.request.get(`/api/inventory/counts/${count.id}`)).json()) as Json;
  const saved = await page.request.put(`/api/inventory/counts/${count.id}/lines`, {
    headers: { Origin: BASE_URL },
    data: { lines: [{ id: detail.lines[0].id, counted_qty: '41.125' }] },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);

  await page.goto(`/inventory/counts/${count.id}`);
  await expect(page.getByLabel('Prebrojano za PROF-C')).toHaveValue('41,125');
  await expect(page.getByTestId('difference-PROF-C')).toHaveText('1,125');
  await page.getByRole('button', { name: 'Proknjiži razlike' }).click();
  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/inventory/counts/${count.id}/post`) && r.request().method() === 'POST',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Proknjiži razlike' }).click();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBeLessThan(300);

  const after = (await (await page.request.get(`/api/inventory/items/${itemId}`)).json()) as Json;
  expect(after.item.on_hand).toMatch(/^41\.1250*$/);
});
