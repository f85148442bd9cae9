import { dismissChangelog, newAccount, postJson, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('automation', () => {
  test('a rule "quote accepted → notification" rings the bell when a quote is accepted', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('automation'));
    await dismissChangelog(page);

    // Settings → automation → new rule, made through the form.
    await page.goto('/settings');
    await page.getByTestId('automation-settings-link').click();
    await expect(page).toHaveURL(/\/settings\/automation$/);
    await page.getByTestId('rule-new').click();
    await page.getByLabel('Naziv pravila').fill('Prihvaćena ponuda → obavijest');
    await page.getByLabel('Kada se dogodi').selectOption('quote.accepted');
    await page.getByTestId('add-action-notify').click();
    await page.getByLabel('Naslov obavijesti').fill('Ponuda {{number}} je prihvaćena');
    await page.getByTestId('rule-save').click();
    await expect(page).toHaveURL(/\/settings\/automation\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Pravilo se još nije izvelo.')).toBeVisible();
    await expect(page.getByTestId('notifications-count')).toHaveCount(0);

    // A quote accepted elsewhere (through the API, as another user's tab would).
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    const client = await post('/api/clients', { kind: 'company', name: 'Staklorez d.o.o.' });
    const quote = await post('/api/documents/quotes', {
      client_id: client.id,
      lines: [{ description: 'PVC prozor 1200×1400', quantity: '3', unit_price: '420' }],
    });
    await post(`/api/documents/quotes/${quote.document.id}/send`);
    await post(`/api/documents/quotes/${quote.document.id}/accept`);

    // The background job runs the rule; the bell's count follows live, without a reload.
    await expect(page.getByTestId('notifications-count')).toHaveText('1', { timeout: 15_000 });
    await page.getByTestId('notifications-open').click();
    await expect(page.getByTestId('notification-item')).toContainText(
      `Ponuda ${quote.document.number} je prihvaćena`,
    );
    await page.keyboard.press('Escape');

    // The run log shows the run; the test run previews without acting.
    await page.reload();
    await expect(page.getByTestId('run-log')).toContainText('Gotovo');
    await page.getByLabel('Događaj', { exact: true }).selectOption({ index: 1 });
    await page.getByTestId('test-run').click();
    await expect(page.getByTestId('test-result')).toContainText('Uvjeti vrijede');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/automation-rules.png`, fullPage: true });
    await expect(page.getByTestId('notifications-count')).toHaveText('1');
  });
});
