import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

const csv = (lines: string[]) => ({
  name: 'artikli.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { headers: { Origin: BASE_URL }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test.describe('inventory import, reservations and low stock', () => {
  test('import with a bad row writes nothing; the fixed file imports items and opening stock', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('inventory-import'));
    await dismissChangelog(page);
    await post(page, '/api/inventory/locations', { code: 'SKL-A', name: 'Glavno skladište' });

    await page.goto('/inventory/import');
    await expect(page.getByRole('heading', { name: 'Uvoz artikala i početnog stanja' })).toBeVisible();
    const header = 'Šifra;Naziv;Vrsta;Točka narudžbe;Lokacija;Količina;Jedinična cijena';
    await page
      .getByLabel('Datoteka (CSV ili XLSX)')
      .setInputFiles(
        csv([
          header,
          'UV-PROF;Profil 60;komponenta;50;SKL-A;20;3,10',
          'UV-STAK;Staklo 4 mm;materijal;;SKL-X;8;12',
        ]),
      );
    const bad = page.getByTestId('import-row-3');
    await expect(bad).toContainText('Stupac „Lokacija”: Lokacija SKL-X ne postoji');
    await expect(page.getByTestId('import-summary')).toContainText('Redaka s greškama: 1');
    await expect(page.getByRole('button', { name: /Uvezi/ })).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}/inventory-import.png`, fullPage: true });

    // Nothing was written by the preview.
    const none = await (await page.request.get('/api/inventory/items?q=UV-')).json();
    expect(none.total).toBe(0);

    await page
      .getByLabel('Datoteka (CSV ili XLSX)')
      .setInputFiles(
        csv([
          header,
          'UV-PROF;Profil 60;komponenta;50;SKL-A;20;3,10',
          'UV-STAK;Staklo 4 mm;materijal;;SKL-A;8;12',
        ]),
      );
    await expect(page.getByTestId('import-summary')).toContainText('Svi redci su ispravni (2)');
    await page.getByRole('button', { name: 'Uvezi (2)' }).click();
    await expect(page.getByTestId('import-done')).toContainText(
      'Uvezeno artikala: 2, stavki početnog stanja: 2',
    );

    await page.getByRole('link', { name: 'Na popis artikala' }).click();
    await expect(page.getByTestId('item-row')).toHaveCount(2);
    // The row's SKU is its link (the list is a table).
    await page
      .getByTestId('item-row')
      .filter({ hasText: 'UV-PROF' })
      .getByRole('link', { name: 'UV-PROF' })
      .click();
    await expect(page.getByTestId('balance-SKL-A').getByTestId('balance-qty')).toHaveText('20');
  });

  test('reservations list and release; low stock makes a draft purchase order; the item picker has a name', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('inventory-reserve'));
    await dismissChangelog(page);
    const loc = await post(page, '/api/inventory/locations', { code: 'SKL-R', name: 'Rezervno skladište' });
    const supplier = await post(page, '/api/suppliers', { name: 'Alu Profil d.o.o.' });
    const item = await post(page, '/api/inventory/items', {
      sku: 'RZ-1',
      name: 'Profil za rezervaciju',
      kind: 'material',
      base_unit: 'kom',
      reorder_point: '10',
      reorder_qty: '25',
      default_supplier_id: supplier.id,
    });
    await post(page, '/api/inventory/receipts', {
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '12', unit_cost: '2' }],
    });
    await post(page, '/api/inventory/reservations', {
      item_id: item.id,
      location_id: loc.id,
      quantity: '5',
      note: 'Za narudžbu kupca',
    });

    // Reservations: listed with location, released after a confirmation.
    await page.goto('/inventory/reservations');
    const rows = page.getByTestId('reservations').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('SKL-R');
    await page.screenshot({ path: `${SCREENSHOTS}/inventory-reservations.png`, fullPage: true });

    // 12 on hand − 5 reserved = 7 available, below the reorder point of 10.
    await page.goto('/inventory/low-stock');
    await expect(page.getByRole('link', { name: 'RZ-1' })).toBeVisible();
    await page.getByRole('button', { name: 'Nacrt narudžbenice za RZ-1' }).click();
    const drafts = page.getByTestId('drafts');
    await expect(drafts).toContainText('Alu Profil d.o.o.');
    await page.screenshot({ path: `${SCREENSHOTS}/inventory-low-stock.png`, fullPage: true });
    await drafts.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/suppliers\/orders\/[0-9a-f-]{36}$/);

    await page.goto('/inventory/reservations');
    await page.getByRole('button', { name: 'Otpusti' }).click();
    // One confirmation naming the reservation (our dialog, not the browser's).
    await expect(page.getByRole('dialog')).toContainText('RZ-1');
    await page.getByTestId('confirm-action').click();
    await expect(page.getByText('Nema rezervacija za odabrane filtre.')).toBeVisible();
    const after = await (await page.request.get(`/api/inventory/items/${item.id}`)).json();
    expect(after.item.available).toBe('12');

    // The item picker in a document line is named for assistive technology.
    await page.goto('/inventory/operations?op=issue');
    await expect(page.getByRole('combobox', { name: 'Artikl, stavka 1' })).toBeVisible();
  });
});
