import { dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('inventory', () => {
  test('create locations and items, receive, transfer; a second browser sees the balance change live', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('inventory'));
    await dismissChangelog(page);

    // Locations through the form.
    await page.goto('/inventory/locations');
    for (const [code, name] of [
      ['SKL-A', 'Glavno skladište'],
      ['SKL-B', 'Proizvodna hala'],
    ] as const) {
      await page.locator('input[name=code]').fill(code);
      await page.locator('input[name=name]').fill(name);
      await page.getByRole('button', { name: 'Dodaj lokaciju' }).click();
      await expect(page.getByTestId('locations').getByRole('link', { name: code })).toBeVisible();
    }

    // Two items through the form.
    for (const [sku, name] of [
      ['PROF-60', 'Aluminijski profil 60 mm'],
      ['STAK-4', 'Float staklo 4 mm'],
    ] as const) {
      await page.goto('/inventory/items/new');
      await page.locator('input[name=sku]').fill(sku);
      await page.locator('input[name=name]').fill(name);
      if (sku === 'STAK-4') {
        // Glass sold per m², tempered, at least 12,50 € a line: the item page says so.
        await page.locator('input[name=sales_price]').fill('45');
        await page.locator('select[name=price_basis]').selectOption('area');
        await page.locator('select[name=glass_kind]').selectOption('tempered');
        await page.locator('input[name=min_charge]').fill('12.50');
      }
      await page.getByRole('button', { name: 'Spremi' }).click();
      await expect(page.getByRole('heading', { name: `${sku} · ${name}` })).toBeVisible();
    }
    const pricing = page.getByTestId('item-pricing');
    await expect(pricing.getByTestId('pricing-items.priceBasis')).toHaveText(
      'Cijena po:m² stakla (površina)',
    );
    await expect(pricing.getByTestId('pricing-items.glassKind')).toHaveText('Vrsta stakla:Kaljeno (ESG)');
    await expect(pricing.getByTestId('pricing-items.minCharge')).toContainText('12,50');
    await expect(pricing.getByTestId('pricing-items.salesPrice')).toContainText('45,00');
    // An item image (PNG, JPEG or WebP) is uploaded on the item page and shown there.
    await page
      .getByTestId('item-image')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'staklo.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
    await expect(page.getByRole('img', { name: 'Slika artikla' })).toBeVisible();
    await expect(page.getByText('Zamijeni sliku')).toBeVisible();
    await page.goto('/inventory/items');
    await expect(page.getByTestId('item-row')).toHaveCount(2);
    await expect(page.getByText('2 artikla')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/inventory-items.png` });

    // Receive 10 of PROF-60 into SKL-A.
    await page.goto('/inventory/operations?op=receipt');
    await page.getByLabel('Lokacija', { exact: true }).selectOption({ label: 'SKL-A · Glavno skladište' });
    await page.locator('#line-0-item, [id$="line-0-item"]').first().fill('PROF-60');
    await page.locator('input[name=line-0-quantity]').fill('10');
    await page.getByLabel('Jedinična cijena').fill('2,50');
    await page.screenshot({ path: `${SCREENSHOTS}/inventory-operations.png` });
    // Switching tab keeps what was typed in each tab (issue 12).
    await page.getByRole('tab', { name: 'Prijenos' }).click();
    await expect(page.getByLabel('S lokacije')).toHaveValue('');
    await expect(page.getByRole('tab', { name: /Primka/ })).toContainText('Nespremljene promjene');
    await page.getByRole('tab', { name: /Primka/ }).click();
    await expect(page.getByLabel('Lokacija', { exact: true })).not.toHaveValue('');
    await expect(page.locator('[id$="line-0-item"]').first()).toHaveValue(/^PROF-60/);
    await expect(page.locator('input[name=line-0-quantity]')).toHaveValue('10');
    await expect(page.getByLabel('Jedinična cijena')).toHaveValue('2,50');
    await page.getByRole('button', { name: 'Proknjiži primku' }).click();
    await expect(page.getByRole('heading', { name: /PROF-60/ })).toBeVisible();
    await expect(page.getByTestId('balance-SKL-A').getByTestId('balance-qty')).toHaveText('10');
    const itemUrl = page.url();

    // A second browser (same user, own context) keeps the item page open.
    const second = await browser.newContext({ storageState: await page.context().storageState() });
    const watcher = await second.newPage();
    await watcher.goto(itemUrl);
    await expect(watcher.getByTestId('balance-SKL-A').getByTestId('balance-qty')).toHaveText('10');
    await expect(watcher.getByTestId('balance-SKL-B')).toHaveCount(0);
    // Give its WebSocket a moment to subscribe before the change happens.
    await watcher.waitForTimeout(500);

    // Transfer 4 from SKL-A to SKL-B in the first browser.
    await page.goto('/inventory/operations?op=transfer');
    await page.getByLabel('S lokacije').selectOption({ label: 'SKL-A · Glavno skladište' });
    await page.getByLabel('Na lokaciju').selectOption({ label: 'SKL-B · Proizvodna hala' });
    // A manual posting names its reason (issue 17).
    await page.getByTestId('op-reason').selectOption({ label: 'Premještaj' });
    await page.locator('[id$="line-0-item"]').first().fill('PROF-60');
    await page.locator('input[name=line-0-quantity]').fill('4');
    await page.getByRole('button', { name: 'Proknjiži prijenos' }).click();
    await expect(page.getByTestId('balance-SKL-B').getByTestId('balance-qty')).toHaveText('4');

    // The watcher sees it without reloading.
    await expect(watcher.getByTestId('balance-SKL-A').getByTestId('balance-qty')).toHaveText('6', {
      timeout: 3000,
    });
    await expect(watcher.getByTestId('balance-SKL-B').getByTestId('balance-qty')).toHaveText('4', {
      timeout: 3000,
    });
    await watcher.screenshot({ path: `${SCREENSHOTS}/inventory-item-detail.png`, fullPage: true });
    await second.close();

    // Issuing more than is there names item, location, available and requested.
    await page.goto('/inventory/operations?op=issue');
    await page.getByLabel('Lokacija', { exact: true }).selectOption({ label: 'SKL-B · Proizvodna hala' });
    await page.getByTestId('op-reason').selectOption({ label: 'Za proizvodnju' });
    await page.locator('[id$="line-0-item"]').first().fill('PROF-60');
    await page.locator('input[name=line-0-quantity]').fill('5');
    await page.getByRole('button', { name: 'Proknjiži izdavanje' }).click();
    await expect(page.getByRole('alert')).toContainText('PROF-60');
    await expect(page.getByRole('alert')).toContainText('SKL-B');

    await page.goto('/inventory/locations');
    await page.screenshot({ path: `${SCREENSHOTS}/inventory-locations.png` });
  });
});
