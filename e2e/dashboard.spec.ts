import {
  BASE_URL,
  dismissChangelog,
  newAccount,
  postJson,
  SCREENSHOTS,
  signUpViaApi,
} from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('dashboard', () => {
  test('an empty company sees the empty state; a new quote changes the open-quotes tile live', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('dashboard'));
    await dismissChangelog(page);

    await page.goto('/');
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();
    await expect(page.getByTestId('tile-open-quotes-value')).toHaveText('0');
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-empty.png`, fullPage: true });

    // A quote made elsewhere (the API, as another tab would): the tile follows without a reload.
    const res = await page.request.post('/api/documents/quotes', {
      headers: { Origin: BASE_URL },
      data: { lines: [{ description: 'Izo staklo 4-16-4', quantity: '2', unit_price: '150' }] },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    await expect(page.getByTestId('tile-open-quotes-value')).toHaveText('1');
    await expect(page.getByTestId('dashboard-empty')).toHaveCount(0);
    await expect(page.getByTestId('recent-activity')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard.png`, fullPage: true });

    // The tile is a link to the list behind it.
    await page.getByTestId('tile-open-quotes').click();
    await expect(page).toHaveURL(/\/documents\/quotes$/);
  });

  test('a cancelled work order reads "Otkazan" on the dashboard, its badge, its history and the list filter', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('wo-cancelled'));
    await dismissChangelog(page);
    const created = await postJson(page, '/api/documents/work-orders', {
      lines: [{ description: 'Rezanje stakla', quantity: '1', unit_price: '10' }],
    });
    const id = created.document.id as string;
    await postJson(page, `/api/documents/work-orders/${id}/cancel`);

    await page.goto('/');
    const cancelled = page.getByTestId('work-orders-by-status').locator('a[href$="status=cancelled"]');
    await expect(cancelled).toHaveText('Otkazan: 1');

    await page.goto(`/documents/work-orders/${id}/edit`);
    await expect(page.getByTestId('status-badge').first()).toHaveText('Otkazan');
    await expect(page.getByTestId('document-history')).toContainText('„Otkazan“');

    await page.goto('/documents/work-orders?status=cancelled');
    await expect(page.getByLabel('Status', { exact: true }).locator('option:checked')).toHaveText('Otkazan');
    await expect(page.getByTestId('status-badge').first()).toHaveText('Otkazan');
  });
});
