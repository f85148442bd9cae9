import { type APIRequestContext, expect, type Page, test } from './support/fixtures.ts';

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const SIGN_UP_PATH = '/api/auth/sign-up/email';

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/** Counts calls to the auth API, to prove that invalid input never leaves the browser. */
function countAuthCalls(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes(SIGN_IN_PATH) || r.url().includes(SIGN_UP_PATH)) n += 1;
  });
  return { count: () => n };
}

/** A separate request context (not the page's cookies) creates the account the page then uses. */
async function createAccount(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const res = await request.post(SIGN_UP_PATH, {
    headers: { Origin: new URL(baseURL).origin },
    data: { name: 'Ivana Kovač', email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const errorList = (page: Page) => page.getByRole('alert').getByRole('listitem');

test.describe('auth screen (hr)', () => {
  test('sign-in mode: fields, forgot-password link, mode switch and back link', async ({ page }) => {
    await page.goto('/auth?lng=hr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prijava');
    await expect(page.getByLabel('Ime i prezime')).toHaveCount(0);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(page.getByRole('link', { name: 'Zaboravili ste lozinku?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByTestId('auth-marketing').getByRole('heading', { level: 3 })).toHaveText([
      'Praćenje u stvarnom vremenu',
      'Potpuni revizijski trag',
      'Enkripcija bankovne razine',
    ]);
    await page.getByTestId('auth-mode-switch').click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registracija');
    await expect(page).toHaveTitle('Registracija · Pogon ERP');
    await expect(page.getByText('Najmanje 8 znakova.')).toBeVisible();
    await page.getByTestId('auth-mode-switch').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prijava');
    await page.getByRole('link', { name: 'Natrag na početnu' }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('sign-in validation: messages listed together in red, nothing sent', async ({ page }) => {
    const calls = countAuthCalls(page);
    await page.goto('/auth?lng=hr');
    // Every input is required, yet the browser's own bubble never takes over: the form is noValidate.
    await expect(page.locator('form')).toHaveAttribute('novalidate', '');
    for (const input of await page.locator('form input').all())
      await expect(input).toHaveAttribute('required', '');

    await page.getByTestId('auth-submit').click();
    await expect(errorList(page)).toHaveText(['Email je obavezan', 'Lozinka je obavezna']);
    await expect(page.getByRole('alert')).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

    await page.getByLabel('Email', { exact: true }).fill('ana@tvrtka');
    await page.getByLabel('Lozinka', { exact: true }).fill('12345');
    await page.getByTestId('auth-submit').click();
    await expect(errorList(page)).toHaveText([
      'Email format nije valjan',
      'Lozinka mora imati najmanje 6 znakova',
    ]);

    await page.getByLabel('Email', { exact: true }).fill('ana horvat@tvrtka.hr');
    await expect(errorList(page)).toHaveText([
      'Email format nije valjan',
      'Lozinka mora imati najmanje 6 znakova',
    ]);
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    expect(calls.count()).toBe(0);
  });

  test('sign-up validation: name, length and mismatch messages', async ({ page }) => {
    const calls = countAuthCalls(page);
    await page.goto('/auth?lng=hr&mode=signup');
    await page.getByTestId('auth-submit').click();
    await expect(errorList(page)).toHaveText(['Ime je obavezno', 'Email je obavezan', 'Lozinka je obavezna']);

    await page.getByLabel('Ime i prezime').fill('A');
    await page.getByLabel('Email', { exact: true }).fill('ana@tvrtka.hr');
    await page.getByLabel('Lozinka', { exact: true }).fill('tajna-lozinka');
    await page.getByLabel('Potvrdite lozinku').fill('tajna-lozinkA');
    await page.getByTestId('auth-submit').click();
    await expect(errorList(page)).toHaveText(['Ime mora imati najmanje 2 znaka', 'Lozinke se ne podudaraju']);

    // Fixing a field removes its message while the others stay.
    await page.getByLabel('Ime i prezime').fill('Ana Horvat');
    await expect(errorList(page)).toHaveText(['Lozinke se ne podudaraju']);

    // Under 6 characters the seed's message; 6 or 7 fall short of the 8 the hint promises.
    await page.getByLabel('Lozinka', { exact: true }).fill('12345');
    await page.getByLabel('Potvrdite lozinku').fill('12345');
    await expect(errorList(page)).toHaveText(['Lozinka mora imati najmanje 6 znakova']);
    await page.getByLabel('Lozinka', { exact: true }).fill('1234567');
    await page.getByLabel('Potvrdite lozinku').fill('1234567');
    await expect(errorList(page)).toHaveText(['Lozinka mora imati najmanje 8 znakova']);
    expect(calls.count()).toBe(0);
  });

  test('English error texts follow the language', async ({ page }) => {
    await page.goto('/auth?lng=en&mode=signup');
    await page.getByLabel('Full name').fill('Ana Horvat');
    await page.getByLabel('Email', { exact: true }).fill('ana@tvrtka.hr');
    await page.getByLabel('Password', { exact: true }).fill('tajna-lozinka');
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(errorList(page)).toHaveText(['Passwords do not match']);
  });

  test('password show/hide toggles the input type', async ({ page }) => {
    await page.goto('/auth?lng=hr');
    const password = page.getByLabel('Lozinka', { exact: true });
    await password.fill('tajna');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Prikaži lozinku' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('tajna');
    await page.getByRole('button', { name: 'Sakrij lozinku' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('sign-up lands on the dashboard shell', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth?lng=hr&mode=signup');
    await page.getByLabel('Ime i prezime').fill('Ana Horvat');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Lozinka', { exact: true }).fill('tajna-lozinka');
    await page.getByLabel('Potvrdite lozinku').fill('tajna-lozinka');
    await page.getByTestId('auth-submit').click();
    await expect(page).toHaveURL(/\/$/);
    // Located by address, not by role: when earlier tests have published changelog entries, the
    // 'Sistemska ažuriranja' modal opens over the shell and hides it from the accessibility tree.
    const inventoryLink = page.locator('a[href="/inventory"]').first();
    await expect(inventoryLink).toBeVisible();
    await expect(inventoryLink).toContainText('Skladište');
    // The public pages now send a signed-in user back to the app.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });

  test('sign-in with a wrong password shows the translated error; busy label while waiting', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('wrongpw');
    await createAccount(request, baseURL ?? '', email, 'prava-lozinka');
    // Hold the answer back a moment so the busy state can be seen.
    await page.route(`**${SIGN_IN_PATH}`, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto('/auth?lng=hr');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Lozinka', { exact: true }).fill('kriva-lozinka');
    await page.getByTestId('auth-submit').click();
    await expect(page.getByTestId('auth-submit')).toHaveText('Prijava u tijeku...');
    await expect(page.getByTestId('auth-submit')).toBeDisabled();
    await expect(errorList(page)).toHaveText(['Pogrešan email ili lozinka.']);
    await expect(page.getByTestId('auth-submit')).toHaveText('Prijavi se');
    await expect(page).toHaveURL((url) => url.pathname === '/auth');

    await page.getByLabel('Lozinka', { exact: true }).fill('prava-lozinka');
    await page.getByTestId('auth-submit').click();
    await expect(page).toHaveURL(/\/$/);
  });
});
