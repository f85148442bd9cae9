import { dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('profile', () => {
  test('unsaved profile, eRačun operator or Fiskalizacija 2.0 changes ask before leaving', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('profile-guard'));
    await dismissChangelog(page);
    const leave = page.getByRole('dialog', { name: 'Napustiti bez spremanja?' });
    const goHome = async () => {
      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press('g');
      await page.keyboard.press('d');
    };
    await page.goto('/profile');
    const department = page.getByLabel('Odjel');
    await department.fill('Nabava');
    await goHome();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Ostani' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(department).toHaveValue('Nabava');
    await department.fill('');
    // The eRačun operator card on the same page asks too.
    await page.locator('#einvoice-operator_mark').fill('OP-7');
    await goHome();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Ostani' }).click();
    await expect(page.locator('#einvoice-operator_mark')).toHaveValue('OP-7');

    // Fiskalizacija 2.0 settings: a changed address asks; leaving drops it.
    await page.goto('/settings');
    await page.locator('#fiscal-porezna_url').fill('https://primjer.hr/fisk');
    await goHome();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Napusti' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('edit every field, validation, bank accounts, save with a toast', async ({ page }) => {
    await signUpViaApi(page, newAccount('profile'));
    await dismissChangelog(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profil');
    await expect(page.getByLabel('Ime i prezime')).toHaveValue('Ivana Kovač');

    await page.getByLabel('Telefon', { exact: true }).fill('+385 91 123 4567');
    await page.getByLabel('Adresa', { exact: true }).fill('Ilica 1, Zagreb');
    await page.getByLabel('Datum rođenja').fill('1988-03-14');
    await page.getByLabel('Radno mjesto').fill('Voditeljica proizvodnje');
    await page.getByLabel('Odjel').fill('Proizvodnja');
    await page.getByLabel('Naziv tvrtke').fill('Staklo Kovač d.o.o.');
    await page.getByLabel('Adresa tvrtke').fill('Industrijska 5, Sesvete');
    await page.getByLabel('Telefon tvrtke').fill('+385 1 234 5678');
    await page.getByLabel('Email tvrtke').fill('nije-email');
    await page.getByLabel('Web stranica').fill('staklo-kovac.hr');
    await page.getByLabel('OIB', { exact: true }).fill('12345678901');
    await page.getByRole('button', { name: 'Dodaj račun' }).click();
    await page.getByLabel('IBAN').fill('HR00 1234');
    await page.getByTestId('profile-save').click();

    await expect(page.getByText('Email format nije valjan')).toBeVisible();
    await expect(page.getByText('OIB nije valjan')).toBeVisible();
    await expect(page.getByText('IBAN nije valjan')).toBeVisible();

    await page.getByLabel('Email tvrtke').fill('ured@staklo-kovac.hr');
    await page.getByLabel('OIB', { exact: true }).fill('69435151530');
    await page.getByLabel('IBAN').fill('HR12 1001 0051 8630 0016 0');
    await page.getByLabel('Naziv banke').fill('Hrvatska narodna banka');
    await page.getByTestId('profile-save').click();
    const toast = page.getByRole('status').filter({ hasText: 'Profil je spremljen' });
    await expect(toast).toBeVisible();
    await expect(page.getByText('OIB nije valjan')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/profile.png`, fullPage: true });

    const saved = await (await page.request.get('/api/tenants/me')).json();
    expect(saved).toMatchObject({
      phone: '+385 91 123 4567',
      date_of_birth: '1988-03-14',
      company_name: 'Staklo Kovač d.o.o.',
      company_email: 'ured@staklo-kovac.hr',
      tax_number: '69435151530',
      bank_accounts: [{ iban: 'HR1210010051863000160', bank_name: 'Hrvatska narodna banka' }],
    });

    await page.reload();
    await expect(page.getByLabel('Naziv tvrtke')).toHaveValue('Staklo Kovač d.o.o.');
    await expect(page.getByLabel('IBAN')).toHaveValue('HR1210010051863000160');
    await expect(page.getByTestId('user-company')).toHaveText('Staklo Kovač d.o.o.');

    // Removing the bank account is saved too.
    await page.getByRole('button', { name: 'Ukloni račun 1' }).click();
    await page.getByTestId('profile-save').click();
    await expect(page.getByRole('status').filter({ hasText: 'Profil je spremljen' }).first()).toBeVisible();
    expect((await (await page.request.get('/api/tenants/me')).json()).bank_accounts).toEqual([]);
  });

  test('logo upload', async ({ page }) => {
    await signUpViaApi(page, newAccount('logo'));
    await dismissChangelog(page);
    await page.goto('/profile');
    await page
      .getByTestId('logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('status').filter({ hasText: 'Logotip je spremljen' })).toBeVisible();
    const logo = page.getByRole('img', { name: 'Logotip tvrtke' });
    await expect(logo).toHaveAttribute('src', /^\/api\/files\//);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });
});

test.describe('toasts', () => {
  test('bottom right, dismissable, gone after about 4 seconds', async ({ page }) => {
    await signUpViaApi(page, newAccount('toast'));
    await dismissChangelog(page);
    await page.goto('/profile');
    await page.getByLabel('Odjel').fill('Nabava');
    await page.getByTestId('profile-save').click();
    const toast = page.getByRole('status').filter({ hasText: 'Profil je spremljen' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(box && viewport && viewport.height - (box.y + box.height)).toBeLessThan(40);
    await toast.getByRole('button', { name: 'Zatvori' }).click();
    await expect(toast).toHaveCount(0);

    await page.getByLabel('Odjel').fill('Prodaja');
    // Timed from the server's answer: the toast cannot appear before it, so however late this
    // test sees the toast on a busy machine, it must still be there about 4 s after the answer.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/tenants/me'),
    );
    await page.getByTestId('profile-save').click();
    await saved;
    const answeredAt = Date.now();
    await expect(toast).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0, { timeout: 9000 });
    expect(Date.now() - answeredAt).toBeGreaterThan(3500);
  });

  test('an error toast for a failed save', async ({ page }) => {
    await signUpViaApi(page, newAccount('toast-error'));
    await dismissChangelog(page);
    await page.goto('/profile');
    await page.route('**/api/tenants/me', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"INTERNAL","message":"x"}}',
          })
        : route.continue(),
    );
    await page.getByLabel('Odjel').fill('Nabava');
    await page.getByTestId('profile-save').click();
    const toast = page.getByRole('alert').filter({ hasText: 'Profil nije spremljen' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Greška na poslužitelju. Pokušajte ponovno.');
    await expect(toast).toHaveAttribute('data-toast-type', 'error');
  });
});
