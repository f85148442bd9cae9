import { dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// A warehouse and its shelf: the warehouse's row and page show the shelf's stock; a location is
// renamed and deactivated on its page, but not while it holds stock; an inactive location is
// marked in the list and no longer offered for postings.

test('locations: a warehouse shows its shelves, a location is edited and deactivated on its page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('locedit'));
  await dismissChangelog(page);
  const warehouse = await postJson(page, '/api/inventory/locations', {
    code: 'SKL',
    name: 'Glavno skladište',
  });
  const shelf = await postJson(page, '/api/inventory/locations', {
    code: 'SKL-A',
    name: 'Polica A',
    parent_id: warehouse.id,
  });
  const old = await postJson(page, '/api/inventory/locations', { code: 'STARO', name: 'Stari kontejner' });
  const item = await postJson(page, '/api/inventory/items', {
    sku: 'VIJ-4',
    name: 'Vijak 4x40',
    kind: 'component',
    base_unit: 'kom',
  });
  await postJson(page, '/api/inventory/receipts', {
    location_id: shelf.id,
    lines: [{ item_id: item.id, quantity: '10', unit_cost: '2.5' }],
  });

  // 10 × 2,50 € on the shelf: the warehouse row counts them too.
  await page.goto('/inventory/locations');
  const warehouseRow = page.getByTestId('locations').getByRole('row', { name: /SKL Glavno skladište/ });
  await expect(warehouseRow).toContainText('25,00');
  await page.getByRole('link', { name: 'SKL', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'SKL · Glavno skladište' })).toBeVisible();
  await expect(page.getByRole('row', { name: /VIJ-4/ }).getByRole('link', { name: 'SKL-A' })).toBeVisible();

  // The shelf holds stock: it keeps being active, and says why.
  await page.goto(`/inventory/locations/${shelf.id}`);
  const form = page.getByTestId('location-edit');
  await form.getByLabel('Aktivna').uncheck();
  await form.getByRole('button', { name: 'Spremi lokaciju' }).click();
  await expect(form.getByRole('alert')).toContainText('Lokacija SKL-A još ima zalihu (1 art.)');
  await page.reload();
  await expect(form.getByLabel('Aktivna')).toBeChecked();
  await form.getByLabel('Naziv').fill('Polica 1');
  await form.getByRole('button', { name: 'Spremi lokaciju' }).click();
  await expect(page.getByRole('heading', { name: 'SKL-A · Polica 1' })).toBeVisible();

  // An empty location is deactivated: marked in the list, not offered for a receipt.
  await page.goto(`/inventory/locations/${old.id}`);
  await form.getByLabel('Aktivna').uncheck();
  await form.getByRole('button', { name: 'Spremi lokaciju' }).click();
  await expect(page.getByText('Skladište · neaktivna')).toBeVisible();
  await page.goto('/inventory/locations');
  await expect(page.getByTestId('locations').getByRole('row', { name: /STARO/ })).toContainText('neaktivna');
  await page.goto('/inventory/operations');
  const picker = page.getByLabel('Lokacija').first();
  await expect(picker.locator('option', { hasText: 'SKL-A · Polica 1' })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: 'STARO' })).toHaveCount(0);
});
