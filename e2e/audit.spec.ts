import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('audit', () => {
  test('a client change shows in its history tab; the audit page filters and verifies the chain', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('audit', 'Marko Babić'));
    await dismissChangelog(page);
    const headers = { Origin: BASE_URL };
    const created = await page.request.post('/api/clients', {
      headers,
      data: { kind: 'company', name: 'Stolarija Rijeka d.o.o.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).id as string;
    const patched = await page.request.patch(`/api/clients/${id}`, {
      headers,
      data: { name: 'Stolarija Opatija d.o.o.' },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    await page.goto(`/clients/${id}/audit`);
    const history = page.getByTestId('record-history');
    await expect(history.getByTestId('audit-entry')).toHaveCount(2);
    await expect(history).toContainText('Marko Babić');
    await expect(history).toContainText('Stolarija Rijeka d.o.o.');
    await expect(history).toContainText('Stolarija Opatija d.o.o.');
    await page.screenshot({ path: `${SCREENSHOTS}/audit-record-history.png`, fullPage: true });

    await page.goto('/audit?table=partners');
    await expect(page.getByTestId('audit-entry')).toHaveCount(2);
    // A row per change; the changes cell names the changed fields and opens to old → new.
    await expect(page.getByRole('columnheader', { name: 'Zapis', exact: true })).toBeVisible();
    const update = page.getByTestId('audit-entry').filter({ hasText: 'izmijenjen zapis' });
    await expect(update).toContainText('Partner');
    const changes = update.getByTestId('audit-changes');
    await expect(changes.locator('summary')).toHaveText('Naziv');
    const renamed = changes.getByText('Stolarija Opatija d.o.o.');
    await expect(renamed).toBeHidden();
    await changes.locator('summary').click();
    await expect(renamed).toBeVisible();
    await expect(changes.getByText('Stolarija Rijeka d.o.o.')).toBeVisible();
    await page.getByTestId('verify-chain').click();
    await expect(page.getByTestId('verify-result')).toContainText('Lanac je ispravan');
    await page.screenshot({ path: `${SCREENSHOTS}/audit-page.png`, fullPage: true });
  });
});
