import { dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('languages', () => {
  test('?lng=en switches the language and the choice persists without the parameter', async ({ page }) => {
    await signUpViaApi(page, newAccount('lang'));
    await dismissChangelog(page);
    await page.goto('/?lng=en');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Inventory' })).toBeVisible();
    await expect(nav.getByRole('heading')).toHaveText(['MANAGEMENT', 'HELP']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  });

  test('the language picker switches every text, e.g. to Czech and German', async ({ page }) => {
    await signUpViaApi(page, newAccount('picker'));
    await dismissChangelog(page);
    await page.goto('/settings?lng=hr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Postavke');
    await page.getByLabel('Jezik').first().selectOption('cs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nastavení');
    await expect(page.getByRole('link', { name: 'Dodavatelé' })).toBeVisible();
    await page.getByLabel('Jazyk').first().selectOption('de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    // Without the query parameter the choice comes back from localStorage.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  });

  test('the picker lists six languages with flag and name', async ({ page }) => {
    await page.goto('/landing?lng=hr');
    await page.evaluate(() => localStorage.clear());
    await signUpViaApi(page, newAccount('flags'));
    await dismissChangelog(page);
    await page.goto('/settings?lng=hr');
    const options = page.getByTestId('language-picker').first().locator('option');
    await expect(options).toHaveText([
      '🇭🇷 Hrvatski',
      '🇬🇧 English',
      '🇸🇮 Slovenščina',
      '🇩🇪 Deutsch',
      '🇮🇹 Italiano',
      '🇨🇿 Čeština',
    ]);
  });

  test('help articles are searchable in the chosen language', async ({ page }) => {
    await signUpViaApi(page, newAccount('help'));
    await dismissChangelog(page);
    await page.goto('/help?lng=hr');
    await expect(page.getByTestId('help-article')).toHaveCount(12);
    await page.getByRole('searchbox', { name: 'Pretraži pomoć' }).fill('OTPREMNIC');
    await expect(page.getByTestId('help-article').filter({ hasText: 'Otpremnica prati robu' })).toHaveCount(
      1,
    );
    await expect(page.getByTestId('help-article').filter({ hasText: 'Dobavljači' })).toHaveCount(0);
    await page.getByRole('searchbox').fill('skladiste zalihe');
    await expect(page.getByTestId('help-article').filter({ hasText: 'Skladište' })).toHaveCount(1);
    await page.getByRole('searchbox').fill('xyzzy');
    await expect(page.getByText('Nema članaka koji odgovaraju pretrazi.')).toBeVisible();
    await page.goto('/help?lng=it');
    await page.getByRole('searchbox').fill('fornitori');
    await expect(page.getByTestId('help-article').first()).toContainText('Fornitori');
  });

  test('theme: dark is applied and remembered', async ({ page }) => {
    await signUpViaApi(page, newAccount('theme'));
    await dismissChangelog(page);
    await page.goto('/settings?lng=hr');
    await page.getByText('Tamna', { exact: true }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('radio', { name: 'Tamna' })).toBeChecked();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByText('Svijetla', { exact: true }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});

test.describe('screenshots of the public pages', () => {
  test('landing and auth', async ({ page }) => {
    await page.goto('/landing?lng=hr');
    await expect(page.locator('main')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/landing.png` });
    await page.goto('/auth?lng=hr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/auth.png` });
  });
});
