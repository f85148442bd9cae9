import { extractText, getDocumentProxy } from 'unpdf';
import {
  BASE_URL,
  dismissChangelog,
  newAccount,
  postJson,
  SCREENSHOTS,
  signUpViaApi,
} from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const isoDay = (offset = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};
/** "2026-05-04" → "04. 05. 2026.", as the Croatian screens and PDFs write a date. */
const hrDay = (iso: string) => `${iso.slice(8, 10)}. ${iso.slice(5, 7)}. ${iso.slice(0, 4)}.`;

test.describe('purchasing', () => {
  test('supplier, purchase order from low stock, two partial receipts, stock and supplier performance, PDF', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpViaApi(page, newAccount('purchasing'));
    await dismissChangelog(page);
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    await page.request.patch('/api/tenants/me', {
      headers: { Origin: BASE_URL },
      data: {
        company_name: 'Pogon Staklo d.o.o.',
        tax_number: '94577403194',
        company_address: 'Savska 12, Zagreb',
      },
    });

    // The supplier through the form.
    await page.goto('/suppliers');
    await page.getByRole('link', { name: 'Novi dobavljač' }).click();
    await page.getByLabel('Naziv', { exact: true }).fill('Float Trade d.o.o.');
    await page.getByLabel('OIB').fill('69435151530');
    await page.getByLabel('Rok isporuke (dana)').fill('7');
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByRole('heading', { name: 'Float Trade d.o.o.' })).toBeVisible();
    const supplierUrl = page.url();
    const supplierId = supplierUrl.split('/').at(-1) as string;

    // Inventory master data (the inventory area's API): a location and an item below its reorder point.
    await post('/api/inventory/locations', { code: 'SK1', name: 'Glavno skladište' });
    const created = await post('/api/inventory/items', {
      sku: 'FLOAT-4',
      name: 'Float staklo 4 mm',
      kind: 'material',
      base_unit: 'm2',
      reorder_point: '50',
      reorder_qty: '100',
      default_supplier_id: supplierId,
      purchase_price: '12.50',
    });
    const itemId = (created.item ?? created).id as string;

    // Low stock → one draft order for the default supplier.
    await page.goto('/suppliers/orders');
    await page.getByRole('link', { name: 'Iz niskih zaliha' }).click();
    await expect(page.getByRole('cell', { name: 'Float staklo 4 mm' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/purchasing-low-stock.png` });
    await page.getByRole('button', { name: 'Izradi nacrte narudžbenica' }).click();
    await expect(page.getByRole('heading', { name: 'Narudžbenica (nacrt)' })).toBeVisible();
    await expect(page.getByTestId('po-status')).toHaveText('Nacrt');
    const orderUrl = page.url();

    // Set the expected date on the draft, then send it: the number is allocated.
    await page.getByRole('link', { name: 'Uredi' }).click();
    await page.getByLabel('Očekivana isporuka').fill(isoDay(7));
    await page.getByRole('button', { name: 'Spremi nacrt' }).click();
    await expect(page.getByTestId('po-status')).toHaveText('Nacrt');
    await page.getByRole('button', { name: 'Pošalji' }).click();
    const year = new Date().getFullYear();
    await expect(page.getByRole('heading', { name: `NB-${year}-0001` })).toBeVisible();
    await expect(page.getByTestId('po-status')).toHaveText('Poslana');
    await page.screenshot({ path: `${SCREENSHOTS}/purchasing-order.png` });

    // Performance before anything arrived: nothing to measure yet.
    await page.goto(`${supplierUrl}/performance`);
    await expect(page.getByTestId('perf-on-time')).toHaveText('nema podataka');

    // First part: 60 of 100.
    await page.goto(orderUrl);
    await page.getByRole('button', { name: 'Zaprimi robu' }).click();
    await page.getByLabel('Zaprimljena količina FLOAT-4').fill('60');
    await page.screenshot({ path: `${SCREENSHOTS}/purchasing-receipt.png` });
    await page.getByRole('button', { name: 'Proknjiži primku' }).click();
    await expect(page.getByTestId('po-status')).toHaveText('Djelomično zaprimljena');
    await expect(page.getByTestId('received-FLOAT-4')).toHaveText('60');

    // An excess is refused until confirmed.
    await page.getByRole('button', { name: 'Zaprimi robu' }).click();
    await page.getByLabel('Zaprimljena količina FLOAT-4').fill('45');
    await page.getByRole('button', { name: 'Proknjiži primku' }).click();
    await expect(page.getByRole('alert')).toContainText('premašuje naručenu količinu');

    // Second part: the remaining 40 (the form proposes what is still open).
    await page.getByLabel('Zaprimljena količina FLOAT-4').fill('40');
    await page.getByRole('button', { name: 'Proknjiži primku' }).click();
    await expect(page.getByTestId('po-status')).toHaveText('Zaprimljena');
    await expect(page.getByTestId('received-FLOAT-4')).toHaveText('100');
    await expect(page.getByRole('link', { name: `PR-${year}-0002` })).toBeVisible();

    // Stock shows the 100 m2 on the inventory item page.
    await page.goto(`/inventory/items/${itemId}`);
    await expect(page.getByTestId('balance-SK1').getByTestId('balance-qty')).toHaveText('100');

    // Supplier performance now counts two on-time receipts and a full order.
    await page.goto(`${supplierUrl}/performance`);
    await expect(page.getByTestId('perf-on-time')).toHaveText(/100\s?%/);
    await expect(page.getByTestId('perf-fill-rate')).toHaveText(/100\s?%/);
    await expect(page.getByTestId('perf-receipts')).toHaveText('2 / 1');
    await page.screenshot({ path: `${SCREENSHOTS}/purchasing-supplier-performance.png` });
    await page.goto(`${supplierUrl}/history`);
    await expect(page.getByRole('link', { name: `NB-${year}-0001` })).toBeVisible();

    // The PDF: download it and read its text.
    await page.goto(orderUrl);
    const href = await page.getByTestId('po-pdf').getAttribute('href');
    const pdfRes = await page.request.get(href as string);
    expect(pdfRes.headers()['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdfRes.body())), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`NARUDŽBENICA NB-${year}-0001`);
    expect(flat).toContain('Pogon Staklo d.o.o.');
    expect(flat).toContain('Float Trade d.o.o.');
    expect(flat).toContain('Float staklo 4 mm');
    expect(flat).toContain(hrDay(isoDay(7)));
    // 100 × 12,50 = 1.250,00; PDV 25 % = 312,50; ukupno 1.562,50
    expect(flat).toContain('1.250,00 EUR');
    expect(flat).toContain('312,50 EUR');
    expect(flat).toContain('1.562,50 EUR');
  });

  test("a line's unit change moves its price through the item's conversion; the saved order keeps it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('po-units'));
    await dismissChangelog(page);
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    const supplier = await post('/api/suppliers', { name: 'Staklo Jedinice d.o.o.' });
    const created = await post('/api/inventory/items', {
      sku: 'FLOAT-PLO',
      name: 'Float 4 mm u pločama',
      kind: 'material',
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      purchase_price: '10',
    });
    const itemId = (created.item ?? created).id as string;
    // The sheet as the item's purchase unit, on the item page: 1 plo = 7,2225 m².
    await page.goto(`/inventory/items/${itemId}`);
    await page.getByRole('textbox', { name: 'Jedinica', exact: true }).fill('plo');
    await page.getByRole('textbox', { name: 'Faktor', exact: true }).fill('7,2225');
    await page.getByRole('checkbox', { name: 'Jedinica nabave' }).check();
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await expect(page.getByTestId('purchase-unit')).toBeVisible();
    const item = await (await page.request.get(`/api/inventory/items/${itemId}`)).json();
    expect(item.conversions).toEqual([{ unit: 'plo', factor: '7.2225', purchase: true }]);

    await page.goto('/suppliers/orders/new');
    await expect(page.getByRole('heading', { name: 'Nova narudžbenica' })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Dobavljač').selectOption({ label: 'Staklo Jedinice d.o.o.' });
    await page.getByLabel('Stavka 1, Artikl').fill('FLOAT-PLO');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByLabel('Stavka 1, Količina').fill('2');
    await expect(page.getByLabel('Stavka 1, JM')).toHaveValue('m2');
    await expect(page.getByLabel('Stavka 1, Cijena')).toHaveValue('10');
    // One sheet is 7.2225 m²: 10 €/m² is 72,225 € a sheet; 2 sheets 144,45 €.
    await page.getByLabel('Stavka 1, JM').fill('plo');
    await expect(page.getByLabel('Stavka 1, Cijena')).toHaveValue('72,225');
    await expect(page.getByTestId('total-net')).toContainText('144,45');
    await page.getByRole('button', { name: 'Spremi nacrt' }).click();
    await expect(page).toHaveURL(/\/suppliers\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1) as string;
    const saved = await (await page.request.get(`/api/purchase-orders/${id}`)).json();
    expect(saved.lines.map((l: { unit: string; unit_price: string }) => [l.unit, l.unit_price])).toEqual([
      ['plo', '72.225'],
    ]);
    expect(saved.net_total).toBe('144.45');

    // Opened again and saved unchanged, the sheet price stays 72.225 (it was read as 72 225).
    await page.getByRole('link', { name: 'Uredi' }).click();
    await expect(page.getByLabel('Stavka 1, Cijena')).toHaveValue('72,225');
    await page.getByLabel('Stavka 1, Količina').fill('3');
    await page.getByRole('button', { name: 'Spremi nacrt' }).click();
    await expect(page.getByTestId('po-status')).toHaveText('Nacrt');
    const again = await (await page.request.get(`/api/purchase-orders/${id}`)).json();
    expect(
      again.lines.map((l: { quantity: string; unit_price: string }) => [l.quantity, l.unit_price]),
    ).toEqual([['3', '72.225']]);
    expect(again.net_total).toBe('216.68'); // 3 × 72.225 = 216.675 → 216.68
  });

  test('unit prices show the decimals they have: the order and its receipt are not rounded to cents', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('purchasing-prices'));
    await dismissChangelog(page);
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    const supplier = await post('/api/suppliers', { name: 'Float Trade d.o.o.' });
    const store = await post('/api/inventory/locations', { code: 'SK1', name: 'Skladište' });
    const glass = await post('/api/inventory/items', {
      sku: 'FLOAT-4',
      name: 'Float 4 mm',
      kind: 'material',
      base_unit: 'm2',
    });
    const put = await page.request.put(`/api/inventory/items/${glass.id}/conversions`, {
      headers: { Origin: BASE_URL },
      data: { conversions: [{ unit: 'plo', factor: '7.2225' }] },
    });
    expect(put.status()).toBe(200);
    // 10 sheets at 72.225 € = 722.25 €; shown as 72,23 € a sheet, the line did not add up.
    const draft = await post('/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: glass.id, quantity: '10', unit: 'plo', unit_price: '72.225' }],
    });
    const order = await post(`/api/purchase-orders/${draft.id}/send`);
    const receipt = await post(`/api/purchase-orders/${order.id}/receipts`, {
      location_id: store.id,
      received_on: order.ordered_on,
      lines: [{ po_line_id: order.lines[0].id, quantity: '4', unit_price: '72.2254' }],
    });

    await page.goto(`/suppliers/orders/${order.id}`);
    const line = page.getByRole('row').filter({ hasText: 'Float 4 mm' });
    await expect(line).toContainText('72,225 €');
    await expect(line).toContainText('722,25 €');
    await page.goto(`/suppliers/orders/receipts/${receipt.id}`);
    // The receipt's own price, 4 decimals (it read 72,225).
    await expect(page.getByRole('row').filter({ hasText: 'FLOAT-4' })).toContainText('72,2254 €');
  });

  test('the order list sorts by its column headers and finds an order by an item on it', async ({ page }) => {
    await signUpViaApi(page, newAccount('purchasing-list'));
    await dismissChangelog(page);
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    const glass = await post('/api/inventory/items', {
      sku: 'FLOAT-4',
      name: 'Float 4 mm',
      kind: 'material',
      base_unit: 'm2',
    });
    const screws = await post('/api/inventory/items', {
      sku: 'VIJAK-6',
      name: 'Vijak 6 mm',
      kind: 'material',
      base_unit: 'kom',
    });
    for (const [name, item] of [
      ['Staklo d.o.o.', glass],
      ['Čelik d.o.o.', screws],
      ['Cink d.o.o.', screws],
    ] as const) {
      const supplier = await post('/api/suppliers', { name });
      const draft = await post('/api/purchase-orders', {
        supplier_id: supplier.id,
        lines: [{ item_id: item.id, quantity: '1', unit_price: '1' }],
      });
      await post(`/api/purchase-orders/${draft.id}/send`);
    }
    await page.goto('/suppliers/orders');
    const suppliers = page.getByRole('row').locator('td:nth-child(3)');
    await expect(suppliers).toHaveText(['Cink d.o.o.', 'Čelik d.o.o.', 'Staklo d.o.o.']); // newest first
    // The supplier's header sorts (the Croatian alphabet: Č after C), the address keeps it.
    const waitList = () => page.waitForResponse((r) => r.url().includes('/api/purchase-orders?') && r.ok());
    let answered = waitList();
    await page.getByRole('button', { name: 'Dobavljač' }).click();
    await answered;
    await expect(page).toHaveURL(/sort=supplier/);
    await expect(page.getByRole('columnheader', { name: 'Dobavljač' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(suppliers).toHaveText(['Cink d.o.o.', 'Čelik d.o.o.', 'Staklo d.o.o.']);
    answered = waitList();
    await page.getByRole('button', { name: 'Dobavljač' }).click();
    await answered;
    await expect(suppliers).toHaveText(['Staklo d.o.o.', 'Čelik d.o.o.', 'Cink d.o.o.']);
    // The search finds the order an item is on.
    await expect(page.getByLabel('Traži po broju, dobavljaču ili artiklu')).toBeVisible();
    answered = waitList();
    await page.getByLabel('Traži po broju, dobavljaču ili artiklu').fill('vijak');
    await answered;
    await expect(suppliers).toHaveText(['Čelik d.o.o.', 'Cink d.o.o.']);
  });

  test("a unit typed before the item's units have arrived still moves the price once they do", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('po-units-slow'));
    await dismissChangelog(page);
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    await post('/api/suppliers', { name: 'Staklo Spora Mreža d.o.o.' });
    const item = await post('/api/inventory/items', {
      sku: 'FLOAT-SLOW',
      name: 'Float 4 mm',
      kind: 'material',
      base_unit: 'm2',
      purchase_price: '10',
    });
    const put = await page.request.put(`/api/inventory/items/${item.id}/conversions`, {
      headers: { Origin: BASE_URL },
      data: { conversions: [{ unit: 'plo', factor: '7.2225' }] },
    });
    expect(put.status()).toBe(200);
    // The item's read (its units) is held back until the unit has been typed, as on a slow line.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(`**/api/inventory/items/${item.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/suppliers/orders/new');
    await page.getByLabel('Dobavljač').selectOption({ label: 'Staklo Spora Mreža d.o.o.' });
    await page.getByLabel('Stavka 1, Artikl').fill('FLOAT-SLOW');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByLabel('Stavka 1, Količina').fill('2');
    await expect(page.getByLabel('Stavka 1, Cijena')).toHaveValue('10');
    await page.getByLabel('Stavka 1, JM').fill('plo');
    await expect(page.getByLabel('Stavka 1, Cijena')).toHaveValue('10');
    const units = page.waitForResponse((r) => r.url().endsWith(`/api/inventory/items/${item.id}`));
    release();
    await units;
    // 10 €/m² is 72,225 € a sheet; it stayed 10 € a sheet (2 sheets 20 € instead of 144,45 €).
    await expect(page.getByLabel('Stavka 1, Cijena')).toHaveValue('72,225');
    await expect(page.getByTestId('total-net')).toContainText('144,45');
  });
});
