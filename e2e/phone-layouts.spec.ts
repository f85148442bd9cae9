import { dismissChangelog, newAccount, postJson, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

// Issue 22: the warehouse screens work on a 390 px phone: no page scrolls sideways, the receipt
// form's quantity, price and lot fields are on screen and usable, and the item page fits; a quote's
// and a delivery note's lines show the item, the quantity with its unit and the amount on screen.

const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page, path: string) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: (document.scrollingElement ?? document.documentElement).scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(scroll, `${path} is ${scroll} px wide on a ${inner} px screen`).toBeLessThanOrEqual(inner);
}

/** The element lies inside the screen's width (it can be reached without scrolling sideways). */
async function onScreen(selector: ReturnType<Page['locator']>) {
  await selector.scrollIntoViewIfNeeded();
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
}

test('warehouse screens at 390 × 844: no sideways scrolling, receipt fields on screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('phone'));
  await dismissChangelog(page);
  const location = await postJson(page, '/api/inventory/locations', {
    code: 'SKL-A',
    name: 'Glavno skladište',
  });
  await postJson(page, '/api/inventory/locations', { code: 'SKL-B', name: 'Radiona' });
  const glass = await postJson(page, '/api/inventory/items', {
    sku: 'FLOAT-4',
    name: 'Float staklo 4 mm, 3210 × 2250',
    kind: 'material',
    base_unit: 'm2',
    lot_tracked: true,
    purchase_price: '8.5',
  });
  await postJson(page, '/api/inventory/receipts', {
    location_id: location.id,
    lines: [{ item_id: glass.id, quantity: '72.225', unit_cost: '8.5', lot_number: 'L-2026-01' }],
  });
  await page.setViewportSize(PHONE);

  const screens: [string, RegExp | string][] = [
    ['/inventory/items', 'FLOAT-4'],
    ['/inventory/operations?op=transfer', 'Prijenos'],
    ['/inventory/operations?op=issue', 'Proknjiži izdavanje'],
    ['/inventory/counts', 'Inventur'],
    ['/inventory/lots', 'L-2026-01'],
    ['/inventory/locations', 'SKL-B'],
    ['/delivery-notes', 'Otpremnice'],
  ];
  for (const [path, loaded] of screens) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(loaded);
    await noSidewaysScroll(page, path);
  }
  await page.goto('/inventory/items');
  await expect(page.getByRole('main')).toContainText('FLOAT-4');
  await page.screenshot({ path: `${SCREENSHOTS}/phone-inventory-items.png` });

  // A receipt typed on the phone: every field of the line is on screen and takes input.
  await page.goto('/inventory/operations?op=receipt');
  await page.getByLabel('Lokacija', { exact: true }).selectOption({ label: 'SKL-A · Glavno skladište' });
  await page.locator('[id$="line-0-item"]').first().fill('FLOAT-4');
  const quantity = page.locator('input[name=line-0-quantity]');
  const price = page.getByLabel('Jedinična cijena');
  const lot = page.getByLabel('Lot', { exact: true });
  await expect(lot).toBeVisible();
  for (const field of [quantity, price, lot]) await onScreen(field);
  await quantity.fill('21,5');
  await price.fill('8,40');
  await lot.fill('L-2026-02');
  await noSidewaysScroll(page, 'receipt');
  await page.screenshot({ path: `${SCREENSHOTS}/phone-receipt.png` });
  await page.getByRole('button', { name: 'Proknjiži primku' }).click();
  // Posted: the app opens the item's page, which fits too (it was 895 px wide: the movements'
  // hidden row labels escaped their scrolling box).
  await expect(page.getByRole('heading', { name: /FLOAT-4/ })).toBeVisible();
  await expect(page.getByTestId('movements')).toContainText('L-2026-02');
  await noSidewaysScroll(page, 'item page');
  await page.screenshot({ path: `${SCREENSHOTS}/phone-item.png` });
});

test('quote and delivery note lines at 390 × 844: item, quantity with unit and amount on screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('phone-lines'));
  await dismissChangelog(page);
  const location = await postJson(page, '/api/inventory/locations', { code: 'SKL-A', name: 'Skladište' });
  const glass = await postJson(page, '/api/inventory/items', {
    sku: 'FLOAT-6',
    name: 'Float staklo 6 mm',
    kind: 'material',
    base_unit: 'm2',
    purchase_price: '9',
  });
  await postJson(page, '/api/inventory/receipts', {
    location_id: location.id,
    lines: [{ item_id: glass.id, quantity: '40', unit_cost: '9' }],
  });
  const client = await postJson(page, '/api/clients', { kind: 'company', name: 'Staklorez d.o.o.' });
  const quote = await postJson(page, '/api/documents/quotes', {
    client_id: client.id,
    lines: [
      { item_id: glass.id, quantity: '12.5', unit_price: '20' },
      { description: 'Montaža stakla', quantity: '3', unit: 'h', unit_price: '35' },
    ],
  });
  const note = await postJson(page, '/api/delivery-notes', {
    client_id: client.id,
    source_location_id: location.id,
    lines: [{ item_id: glass.id, quantity: '4.5', unit_price: '20' }],
  });
  await page.setViewportSize(PHONE);
  // Each line's quantity, unit and amount, written out by hand: 12,5 × 20 = 250; 3 × 35 = 105; 4,5 × 20 = 90.
  const documents: [string, string, string[][]][] = [
    [
      `/documents/quotes/${quote.document.id}/edit`,
      'quote',
      [
        ['12,5 m²', '250,00'],
        ['3 h', '105,00', 'Montaža stakla'],
      ],
    ],
    [`/delivery-notes/${note.document.id}`, 'delivery note', [['4,5 m²', '90,00']]],
  ];
  for (const [path, name, lines] of documents) {
    await page.goto(path);
    await expect(page.getByTestId('line-row')).toHaveCount(lines.length);
    for (const [i, texts] of lines.entries()) {
      const row = page.getByTestId('line-row').nth(i);
      await expect(row.getByLabel(`Artikl, redak ${i + 1}`, { exact: true })).toBeInViewport();
      const phoneNote = row.getByTestId('line-phone-note');
      for (const text of texts) await expect(phoneNote).toContainText(text);
      await onScreen(phoneNote);
    }
    await noSidewaysScroll(page, name);
  }
  await page.screenshot({ path: `${SCREENSHOTS}/phone-delivery-note.png` });
});
