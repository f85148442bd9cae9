import { dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('clients', () => {
  test('create a client with a contact, see its tabs, and get a duplicate warning for a near-identical name', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('clients'));
    await dismissChangelog(page);

    await page.goto('/clients');
    await expect(page.getByRole('heading', { name: 'Klijenti' })).toBeVisible();
    await page.getByRole('link', { name: 'Novi klijent' }).click();
    await page.getByLabel('Naziv', { exact: true }).fill('Staklo Horvat d.o.o.');
    // A wrong check digit is caught before saving, with the field named.
    await page.getByLabel('OIB').fill('69435151531');
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByRole('alert')).toContainText('OIB: OIB nije valjan');
    await page.getByLabel('OIB').fill('69435151530');
    await page.locator('#f-billing-city').fill('Zagreb');
    await page.getByRole('button', { name: 'Dodaj kontakt' }).click();
    await page.locator('#f-c0-name').fill('Ivana Kovač');
    await page.locator('#f-c0-email').fill('ivana@staklo.hr');
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByRole('heading', { name: 'Staklo Horvat d.o.o.' })).toBeVisible();
    await expect(page.getByText('OIB 69435151530')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/partners-client-detail.png` });

    await page.getByRole('link', { name: 'Kontakti' }).click();
    await expect(page.getByRole('cell', { name: 'Ivana Kovač' })).toBeVisible();
    await page.getByRole('link', { name: 'Povijest', exact: true }).click();
    await expect(page.getByTestId('history-empty')).toContainText('Još nema ponuda');
    await page.getByRole('link', { name: 'Analitika' }).click();
    await expect(page.getByTestId('analytics-no-sources')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Prihod po mjesecima' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/partners-client-analytics.png` });

    // The list: the row is a real link; search lives in the URL.
    await page.goto('/clients?q=horvat');
    await expect(page.getByRole('link', { name: 'Staklo Horvat d.o.o.' })).toHaveAttribute(
      'href',
      /\/clients\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByText('Rezultata: 1')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/partners-clients-list.png` });

    // Near-identical name: a warning while typing, not a block.
    await page.goto('/clients/new');
    await page.getByLabel('Naziv', { exact: true }).fill('STAKLO-HORVAT DOO');
    await expect(page.getByTestId('duplicate-warning')).toContainText('Staklo Horvat d.o.o.');
    await expect(page.getByTestId('duplicate-warning')).toContainText('ima gotovo isti naziv');
  });
});
