import { dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// A company with two locations and no default production locations: a work order used to get the
// first storage location by code for both sides without a word (GOT, while the material lay in
// MAT). Now nothing is guessed: the form says a location is to be chosen, planning without one is
// refused with the translated reason and reserves nothing, and once chosen the order is planned.
test('a work order without company defaults asks for its material location before planning', async ({
  page,
}) => {
  await signUpViaApi(page, newAccount('wo-locations'));
  await dismissChangelog(page);
  await postJson(page, '/api/inventory/locations', {
    code: 'GOT',
    name: 'Gotovi proizvodi',
    type: 'storage',
  });
  await postJson(page, '/api/inventory/locations', {
    code: 'MAT',
    name: 'Skladište materijala',
    type: 'storage',
  });

  // The new order's empty location choice names no location.
  await page.goto('/documents/work-orders/new');
  await expect(page.locator('#doc-source option:checked')).toHaveText('Odaberite lokaciju');
  await expect(page.locator('#doc-output option:checked')).toHaveText('Odaberite lokaciju');

  const created = await postJson(page, '/api/documents/work-orders', {
    lines: [{ description: 'Rezanje stakla', quantity: '1', unit_price: '10' }],
  });
  expect(created.document).toMatchObject({ source_location_id: null, output_location_id: null });
  await page.goto(`/documents/work-orders/${created.document.id}/edit`);
  await page.getByRole('button', { name: 'Planiraj' }).click();
  await expect(page.getByText('Odaberite lokaciju materijala').first()).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Nacrt');

  await page.getByLabel('Lokacija materijala').selectOption({ label: 'MAT · Skladište materijala' });
  await page.getByLabel('Lokacija gotovih proizvoda').selectOption({ label: 'GOT · Gotovi proizvodi' });
  await page.getByTestId('save').click();
  await expect(page.getByText('Spremljeno', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Planiraj' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Planiran');
});
