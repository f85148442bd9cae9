import { admin, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 10: while a company is moved or restored it is read-only. The operator switch
 * (`npm run admin -- company read-only <id> on|off`) uses the same state as a move: the page shows
 * the notice live, reads keep working, a write attempt says it was not saved, and the notice goes
 * away live when the company is writable again.
 */
test.describe('read-only company', () => {
  test('the notice appears and disappears live; a write meanwhile is refused with the message', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('read-only'));
    await dismissChangelog(page);
    const companies = (await (await page.request.get('/api/team/companies')).json()) as {
      company_id: string;
      is_own: boolean;
    }[];
    const companyId = companies.find((c) => c.is_own)?.company_id as string;
    expect(companyId).toBeTruthy();

    await page.goto('/inventory/locations');
    const addLocation = async (code: string) => {
      await page.locator('input[name=code]').fill(code);
      await page.locator('input[name=name]').fill(`Skladište ${code}`);
      await page.getByRole('button', { name: 'Dodaj lokaciju' }).click();
    };
    await addLocation('RO-1');
    await expect(page.getByTestId('locations').getByRole('link', { name: 'RO-1' })).toBeVisible();
    await expect(page.getByTestId('company-read-only')).toHaveCount(0);
    // A marker on window proves the notice arrives without a reload.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 7;
    });

    await admin('company', 'read-only', companyId, 'on');
    const notice = page.getByTestId('company-read-only');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Samo za čitanje.');
    await expect(notice).toContainText('Podatke možete pregledavati');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);

    // Nothing is disabled: the attempt is made, refused, and says so; the list still reads.
    await addLocation('RO-2');
    const refused = page.getByRole('status').filter({ hasText: 'Promjena nije spremljena' });
    await expect(refused).toBeVisible();
    await expect(page.getByTestId('locations').getByRole('link', { name: 'RO-1' })).toBeVisible();
    await expect(page.getByTestId('locations').getByRole('link', { name: 'RO-2' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/company-read-only.png` });
    // The pointer rests over the toast (hover keeps it open) and it covers the form's button: close it.
    await refused.getByRole('button', { name: 'Zatvori' }).click();
    await expect(refused).toHaveCount(0);

    await admin('company', 'read-only', companyId, 'off');
    await expect(notice).toHaveCount(0);
    await expect(page.getByText('Tvrtka je ponovno dostupna za promjene.')).toBeVisible();
    await addLocation('RO-2');
    await expect(page.getByTestId('locations').getByRole('link', { name: 'RO-2' })).toBeVisible();
  });
});
