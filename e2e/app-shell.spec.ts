import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

async function signedIn(page: Page, name = 'Ivana Kovač') {
  const account = newAccount('shell', name);
  await signUpViaApi(page, account);
  await dismissChangelog(page);
  return account;
}

test.describe('app shell', () => {
  test('sign-up through the form lands on the dashboard', async ({ page }) => {
    const account = newAccount('signup', 'Marko Horvat');
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Ime i prezime').fill(account.name);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.locator('#auth-password').fill(account.password);
    await page.locator('#auth-confirm-password').fill(account.password);
    await page.getByTestId('auth-submit').click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // CSS, not role, queries: the changelog modal may be open over the shell for a new user.
    await expect(page.getByTestId('sidebar').locator('a[aria-current="page"]')).toHaveAttribute('href', '/');
    await expect(page.getByTestId('user-name')).toHaveText('Marko Horvat');
    // The tab no longer carries the sign-up page's title.
    await expect(page).toHaveTitle('Pogon ERP');
  });

  test('sidebar shows the seed sections, labels and links', async ({ page }) => {
    await signedIn(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Glavni izbornik' });
    const links: [string, string][] = [
      ['Dashboard', '/'],
      ['Skladište', '/inventory'],
      ['Dokumenti', '/documents'],
      ['Otpremnice', '/delivery-notes'],
      ['Klijenti', '/clients'],
      ['Dobavljači', '/suppliers'],
      ['Procesi', '/processes'],
      ['Proizvodi', '/products'],
      ['Help Center', '/help'],
    ];
    for (const [label, href] of links)
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    // Later areas may add links; the seed's links keep their order.
    const shown = await nav.getByRole('link').allTextContents();
    expect(shown.filter((text) => links.some(([label]) => label === text))).toEqual(
      links.map(([label]) => label),
    );
    await expect(nav.getByRole('heading')).toHaveText(['UPRAVLJANJE', 'POMOĆ']);
    await nav.getByRole('link', { name: 'Dobavljači' }).click();
    await expect(page).toHaveURL(/\/suppliers$/);
    await expect(nav.getByRole('link', { name: 'Dobavljači' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-shell.png` });
  });

  test('collapsing the sidebar is remembered across a reload', async ({ page }) => {
    await signedIn(page);
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    expect(await page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('true');
    // Collapsed links keep their accessible names.
    await expect(page.getByRole('link', { name: 'Skladište' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
  });

  test('under 768 px the sidebar is a slide-over drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedIn(page);
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('mobile-drawer')).toHaveCount(0);
    await page.getByRole('button', { name: 'Otvori izbornik' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(320);
    await drawer.getByRole('link', { name: 'Klijenti' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(drawer).toHaveCount(0);
    await page.getByRole('button', { name: 'Otvori izbornik' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mobile-drawer')).toHaveCount(0);
  });

  test('user menu: name, company fallback, initials, profile and settings', async ({ page }) => {
    await signedIn(page, 'Ana Marija Horvat');
    await page.goto('/');
    await expect(page.getByTestId('user-name')).toHaveText('Ana Marija Horvat');
    await expect(page.getByTestId('user-company')).toHaveText('Tvrtka');
    await expect(page.getByTestId('user-initials')).toHaveText('AM');
    await page.getByTestId('user-menu-trigger').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Profil', 'Postavke', 'Odjavi se']);
    await page.getByRole('menuitem', { name: 'Postavke' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the company name from the profile replaces the fallback', async ({ page }) => {
    await signedIn(page);
    const res = await page.request.patch('/api/tenants/me', {
      headers: { Origin: BASE_URL },
      data: { company_name: 'Staklo Horvat d.o.o.' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/');
    await expect(page.getByTestId('user-company')).toHaveText('Staklo Horvat d.o.o.');
  });

  test("'Odjava pristupa' follows gate:* keys and clears them", async ({ page }) => {
    await signedIn(page);
    await page.goto('/');
    await page.getByTestId('user-menu-trigger').click();
    await expect(page.getByRole('menuitem', { name: 'Odjava pristupa' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      localStorage.setItem('gate:warehouse', '1');
      localStorage.setItem('gate:office', '1');
      localStorage.setItem('other', 'kept');
      window.dispatchEvent(new Event('gates-changed'));
    });
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Odjava pristupa' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => k.startsWith('gate:'))).toEqual([]);
    expect(keys).toContain('other');
    await page.getByTestId('user-menu-trigger').click();
    await expect(page.getByRole('menuitem', { name: 'Odjava pristupa' })).toHaveCount(0);
  });

  test("'Odjavi se' signs out and lands on /landing", async ({ page }) => {
    await signedIn(page);
    await page.goto('/');
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Odjavi se' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('signing out in one tab signs out the other tab', async ({ page, context }) => {
    await signedIn(page);
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/profile');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Profil');
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Odjavi se' }).click();
    await expect(other).toHaveURL(/\/landing$/);
  });
});
