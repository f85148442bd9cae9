import { join } from 'node:path';
import { admin, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('password reset (hr)', () => {
  test('request a link, set a new password, sign in with it; the link works once', async ({ page }) => {
    const account = newAccount('reset');
    await signUpViaApi(page, account);
    await page.context().clearCookies();

    await page.goto('/auth?lng=hr');
    await page.getByRole('link', { name: 'Zaboravili ste lozinku?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zaboravljena lozinka');
    // The browser suite's server has no mail server (no SMTP_URL): the page says so and whom to
    // ask, instead of a form that promises an e-mail (issue 22). Known and unknown addresses are
    // answered alike by the server (auth-attack.test.ts); the administrator makes the link.
    await expect(page.getByText('slanje e-pošte nije postavljeno')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pošalji poveznicu' })).toHaveCount(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'password-reset-forgot.png') });

    const printed = await admin('reset-link', account.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(printed)?.[1];
    expect(token, printed).toBeTruthy();

    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova lozinka');
    const password = page.getByLabel('Nova lozinka', { exact: true });
    const repeat = page.getByLabel('Ponovite novu lozinku');
    await password.fill('kratka1');
    await repeat.fill('kratka1');
    await page.getByRole('button', { name: 'Spremi novu lozinku' }).click();
    await expect(page.getByRole('alert')).toContainText('Lozinka mora imati najmanje 8 znakova');
    await password.fill('nova-lozinka-1');
    await repeat.fill('nova-lozinka-2');
    await page.getByRole('button', { name: 'Spremi novu lozinku' }).click();
    await expect(page.getByRole('alert')).toContainText('Lozinke se ne podudaraju');
    await page.screenshot({ path: join(SCREENSHOTS, 'password-reset-new-password.png') });
    await repeat.fill('nova-lozinka-1');
    await page.getByRole('button', { name: 'Spremi novu lozinku' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // The old password no longer works; the new one does.
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Lozinka', { exact: true }).fill(account.password);
    await page.getByTestId('auth-submit').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Lozinka', { exact: true }).fill('nova-lozinka-1');
    await page.getByTestId('auth-submit').click();
    await expect(page).toHaveURL(/\/$/);

    // The link was spent: opening it again is refused with the translated reason.
    await page.context().clearCookies();
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('Nova lozinka', { exact: true }).fill('jos-jedna-lozinka');
    await page.getByLabel('Ponovite novu lozinku').fill('jos-jedna-lozinka');
    await page.getByRole('button', { name: 'Spremi novu lozinku' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Poveznica za novu lozinku nije valjana ili je istekla',
    );
  });
});
