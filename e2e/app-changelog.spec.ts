import { admin, dismissChangelog, newAccount, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

function unique(tag: string) {
  return `${tag} ${Date.now().toString(36)}`;
}

async function publishEntry(title: string, version: string, type = 'feature') {
  const out = await admin(
    'changelog',
    'add',
    '--title',
    title,
    '--version',
    version,
    '--type',
    type,
    '--description',
    `Opis: ${title}`,
    '--item',
    'Prva promjena',
    '--item',
    'Druga promjena',
    '--publish',
  );
  expect(out).toMatch(/added and published/);
}

const modal = (page: Page) => page.getByRole('dialog', { name: 'Sistemska ažuriranja' });

test.describe('changelog', () => {
  // One after another: each test publishes an entry that the others' open sessions would see.
  test.describe.configure({ mode: 'default' });
  test('modal opens after login with unseen entries; confirming marks them viewed', async ({ page }) => {
    await signUpViaApi(page, newAccount('changelog'));
    await dismissChangelog(page);
    const title = unique('Nova skladišna lista');
    const version = `9.${Date.now() % 1000}.1`;
    await publishEntry(title, version);

    await page.goto('/');
    await expect(modal(page)).toBeVisible();
    const entry = modal(page).getByTestId('changelog-entry').filter({ hasText: title });
    await expect(entry).toHaveCount(1);
    await expect(entry).toHaveAttribute('data-type', 'feature');
    await expect(entry.getByRole('img', { name: 'Nova mogućnost' })).toBeVisible();
    await expect(entry).toContainText(version);
    await expect(entry).toContainText(`Opis: ${title}`);
    await expect(entry.getByRole('listitem')).toHaveText(['Prva promjena', 'Druga promjena']);
    const now = new Date(); // the calendar date in Croatian: "27. 11. 2026.", "05. 03. 2026."
    const two = (n: number) => String(n).padStart(2, '0');
    const today = `${two(now.getDate())}. ${two(now.getMonth() + 1)}. ${now.getFullYear()}.`;
    await expect(entry).toContainText(today);

    // Hold the mark calls to see the busy label, then let them through.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/changelog/*/view', async (route) => {
      await held;
      await route.continue();
    });
    await modal(page).getByRole('button', { name: 'Potvrdi pregled' }).click();
    await expect(modal(page).getByRole('button', { name: 'Označavam...' })).toBeDisabled();
    release();
    await expect(modal(page)).toHaveCount(0);

    const unseen = await page.request.get('/api/changelog/unseen');
    expect(await unseen.json()).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(modal(page)).toHaveCount(0);

    // Opened by hand with nothing unseen: the empty state.
    await page.getByTestId('changelog-open').click();
    await expect(modal(page).getByText('Sustav je ažuran')).toBeVisible();
    await expect(modal(page).getByRole('button', { name: 'Potvrdi pregled' })).toHaveCount(0);
    await modal(page).getByRole('button', { name: 'Zatvori' }).click();
    await expect(modal(page)).toHaveCount(0);

    // The page lists every published entry.
    await page.goto('/changelog');
    await expect(page.getByTestId('changelog-entry').filter({ hasText: title })).toHaveCount(1);
  });

  test('a failed mark still closes the modal, and the entry stays unseen', async ({ page }) => {
    await signUpViaApi(page, newAccount('changelog-fail'));
    await dismissChangelog(page);
    const title = unique('Sigurnosna zakrpa');
    await publishEntry(title, '9.9.9', 'security');
    await page.route('**/api/changelog/*/view', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    );
    await page.goto('/');
    await expect(modal(page).getByTestId('changelog-entry').filter({ hasText: title })).toHaveAttribute(
      'data-type',
      'security',
    );
    await modal(page).getByRole('button', { name: 'Potvrdi pregled' }).click();
    await expect(modal(page)).toHaveCount(0);
    await page.unroute('**/api/changelog/*/view');
    await page.reload();
    await expect(modal(page).getByTestId('changelog-entry').filter({ hasText: title })).toHaveCount(1);
  });

  test('entries are unseen per user', async ({ page, browser }) => {
    await signUpViaApi(page, newAccount('changelog-a'));
    await dismissChangelog(page);
    const title = unique('Poboljšanje izvoza');
    await publishEntry(title, '9.2.0', 'improvement');
    await dismissChangelog(page);
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(modal(page)).toHaveCount(0);

    const other = await (await browser.newContext()).newPage();
    await signUpViaApi(other, newAccount('changelog-b'));
    await other.goto('/');
    await expect(modal(other).getByTestId('changelog-entry').filter({ hasText: title })).toHaveCount(1);
    await other.context().close();
  });
});
