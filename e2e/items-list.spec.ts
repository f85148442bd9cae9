import { readFileSync } from 'node:fs';
import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const COUNT = 230;
const sku = (n: number) => `ART-${String(n).padStart(3, '0')}`;

test.describe('item list on the data table', () => {
  test('virtualised rows, keyboard to the row link, pages, sort, "select all matching" and its CSV', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('items-list'));
    await dismissChangelog(page);
    const lines = ['Šifra;Naziv;Vrsta'];
    for (let n = 1; n <= COUNT; n++) lines.push(`${sku(n)};Artikl ${n};materijal`);
    const imported = await page.request.post('/api/inventory/import?commit=true', {
      headers: { Origin: BASE_URL },
      multipart: {
        file: { name: 'artikli.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) },
      },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect((await imported.json()).created).toBe(COUNT);

    await page.goto('/inventory/items');
    await expect(page.getByRole('status').filter({ hasText: `${COUNT} artikala` })).toBeVisible();
    const rows = page.getByTestId('item-row');
    await expect(rows.first()).toContainText(sku(1));
    // The page holds 200 items, but only the rows in view (and the overscan) are in the document.
    const rendered = await rows.count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    await expect(rows.filter({ hasText: sku(200) })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/items-list-virtual.png` });

    // Scrolling the table's frame brings the page's last rows in (and the first ones out).
    await page
      .getByTestId('items-table')
      .evaluate((table) => table.parentElement?.scrollTo({ top: table.scrollHeight }));
    await expect(rows.filter({ hasText: sku(200) })).toHaveCount(1);
    await expect(rows.filter({ hasText: sku(1) })).toHaveCount(0);
    await expect(rows.filter({ hasText: sku(201) })).toHaveCount(0);

    // Keyboard: a row's checkbox, then its SKU link; Enter opens the item.
    await page.getByLabel(`Odaberi ${sku(199)}`).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: sku(199), exact: true })).toBeFocused();

    // The whole page, then explicitly everything the filter matches (both pages), as CSV.
    await page.getByLabel('Odaberi sve na stranici').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('Odabrano 200 redaka');
    await page.getByTestId('select-all-matching').click();
    await expect(page.getByTestId('bulk-count')).toHaveText(
      `Odabrano je svih ${COUNT} zapisa koji odgovaraju filtru`,
    );
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-csv').click();
    const csv = readFileSync(await (await download).path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv).toHaveLength(COUNT + 1);
    expect(csv[0]?.startsWith('Šifra;Naziv;Vrsta')).toBe(true);
    expect(csv.filter((l) => l.startsWith(`${sku(230)};Artikl 230;`))).toHaveLength(1);
    await page.getByRole('button', { name: 'Poništi odabir' }).click();

    // The second page: the last 30 items, one-based in the address like every list.
    await page.getByRole('button', { name: 'Sljedeća' }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(page.getByText('Stranica 2 od 2')).toBeVisible();
    await expect(rows.first()).toContainText(sku(201));

    // Sorting by SKU from the header: descending, back on the first page.
    await page.getByRole('columnheader', { name: 'Šifra' }).getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=-sku\b/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByRole('columnheader', { name: 'Šifra' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(rows.first()).toContainText(sku(COUNT));

    await page.getByRole('link', { name: sku(COUNT), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/inventory\/items\/[0-9a-f-]{36}$/);
  });
});
