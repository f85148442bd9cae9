import { dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('routing and guards (signed out)', () => {
  for (const path of [
    '/',
    '/profile',
    '/inventory',
    '/documents/quotes/new',
    '/changelog',
    '/help',
    '/settings',
  ]) {
    test(`protected ${path} redirects to /landing`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/landing$/);
    });
  }

  for (const path of ['/login', '/no-such-page', '/documents/unknown/deeper']) {
    test(`unknown ${path} redirects to /landing`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/landing$/);
    });
  }

  test('public pages stay reachable', async ({ page }) => {
    for (const path of ['/landing', '/auth', '/contact']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('nothing from the app shell is rendered while signed out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
  });
});

test.describe('routing and guards (signed in)', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page, newAccount('routes'));
    await dismissChangelog(page);
  });

  test('public routes redirect a signed-in user to /', async ({ page }) => {
    for (const path of ['/landing', '/auth', '/contact']) {
      await page.goto(path);
      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(page.getByTestId('sidebar')).toBeVisible();
    }
  });

  test('/documents goes to /documents/work-orders, /inventory to /inventory/items', async ({ page }) => {
    await page.goto('/documents');
    await expect(page).toHaveURL(/\/documents\/work-orders$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/inventory');
    await expect(page).toHaveURL(/\/inventory\/items$/);
  });

  test('every protected route renders inside the shell', async ({ page }) => {
    // About thirty page loads, each a lazy chunk: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    // Business sections are being built by others: only that the route exists and renders is checked here.
    const paths = [
      '/',
      '/inventory',
      '/clients',
      '/suppliers',
      '/processes',
      '/products',
      '/documents/work-orders',
      '/documents/quotes',
      '/documents/work-orders/new',
      '/documents/quotes/new',
      '/documents/quotes/42/edit',
      '/documents/work-orders/7/edit',
      '/delivery-notes',
      '/delivery-notes/new',
      '/export',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByTestId('sidebar'), path).toBeVisible();
      await expect(page.locator('#main'), path).not.toBeEmpty();
      // A section may open a sub-page of its own (e.g. /inventory → /inventory/items).
      expect(new URL(page.url()).pathname.startsWith(path), `${path} → ${page.url()}`).toBe(true);
    }
    const own: [string, string][] = [
      ['/changelog', 'Povijest promjena'],
      ['/help', 'Help Center'],
      ['/settings', 'Postavke'],
      ['/profile', 'Profil'],
    ];
    for (const [path, title] of own) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    }
  });

  test('unknown paths and /login go to /landing and from there to /', async ({ page }) => {
    // A path one level deeper than a section knows is unknown too (not the shell with an empty page),
    // and so is one under /documents or /inventory (it no longer opens the section's first list).
    for (const path of [
      '/login',
      '/no-such-page',
      '/delivery-notes/a/b',
      '/processes/a/b',
      '/documents/nope',
      '/documents/work-orders/7/nope',
      '/inventory/nope',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/:\d+\/$/);
      await expect(page.getByTestId('sidebar'), path).toBeVisible();
    }
  });

  test("a client's or supplier's unknown tab is an unknown path; its own tabs open", async ({ page }) => {
    const client = await postJson(page, '/api/clients', { name: 'Kupac Rute d.o.o.' });
    const supplier = await postJson(page, '/api/suppliers', { name: 'Dobavljač Rute d.o.o.' });
    await page.goto(`/clients/${client.id}/contacts`);
    await expect(page.getByRole('heading', { name: 'Kupac Rute d.o.o.' })).toBeVisible();
    await expect(page).toHaveURL(/\/contacts$/);
    await page.goto(`/suppliers/${supplier.id}/items`);
    await expect(page.getByRole('heading', { name: 'Dobavljač Rute d.o.o.' })).toBeVisible();
    await expect(page).toHaveURL(/\/items$/);
    // A typo, a supplier's tab on a client, a client's tab on a supplier: each used to open the data tab.
    for (const path of [
      `/clients/${client.id}/nope`,
      `/clients/${client.id}/items`,
      `/suppliers/${supplier.id}/analytics`,
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/:\d+\/$/);
      await expect(page.getByTestId('sidebar'), path).toBeVisible();
    }
  });

  test('pages load lazily behind the loading view', async ({ page }) => {
    // Hold the help page's chunk back to observe the loading view the seed describes.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/help-page-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/help');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByText('Učitavanje stranice...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  });
});
