import { dismissChangelog, type Json, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

const post = postJson;
const idOf = (r: Json, key: string) => ((r[key] ?? r) as Json).id as string;

/** What has focus: its accessible label, test id, or (buttons) its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return (
      el?.getAttribute('aria-label') ??
      el?.getAttribute('data-testid') ??
      (el?.tagName === 'BUTTON' ? (el.textContent ?? '').trim() : (el?.tagName ?? ''))
    );
  });

/** Presses Tab until the element with this name has focus: keyboard only. */
async function tabTo(page: Page, name: string, max = 80) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; last focus: ${await focused(page)}`);
}

test.describe('editors: keyboard and saving', () => {
  test('a purchase order entered with the keyboard only: type-ahead items, Enter adds lines, totals as you type', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('po-kbd'));
    await dismissChangelog(page);
    await post(page, '/api/suppliers', { name: 'Zeta Staklo d.o.o.' });
    const item = (sku: string, name: string, price: string, vat: string) =>
      post(page, '/api/inventory/items', {
        sku,
        name,
        kind: 'material',
        base_unit: 'm2',
        purchase_price: price,
        vat_rate: vat,
      });
    await item('POK-A', 'Float staklo 4 mm', '12.50', '25');
    await item('POK-B', 'Brtva EPDM', '3.99', '13');

    await page.goto('/suppliers/orders/new');
    await expect(page.getByRole('heading', { name: 'Nova narudžbenica' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('save-state')).toHaveText('Još nije spremljeno');
    // No mouse from here on. The supplier select takes typed letters.
    await tabTo(page, 'SELECT');
    await page.keyboard.type('Zeta');
    await expect(page.getByLabel('Dobavljač')).toHaveValue(/.+/);
    await tabTo(page, 'Stavka 1, Artikl');
    const lines: [string, string][] = [
      ['POK-A', '10'],
      ['POK-B', '7'],
      ['POK-A', '2,5'],
    ];
    for (const [i, [sku, qty]] of lines.entries()) {
      const n = i + 1;
      await expect.poll(() => focused(page)).toBe(`Stavka ${n}, Artikl`);
      await page.keyboard.type(sku);
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(sku);
      await page.keyboard.press('Enter'); // takes the item, focus moves to the quantity
      await expect.poll(() => focused(page)).toBe(`Stavka ${n}, Količina`);
      await page.keyboard.type(qty); // the quantity was selected: typing replaces it
      if (n < lines.length) {
        await page.keyboard.press('Enter'); // a filled last row: a new line, focus to its item
        await expect.poll(() => focused(page)).toBe(`Stavka ${n + 1}, Artikl`);
      }
    }
    await expect(page.getByTestId('line-row')).toHaveCount(3);
    await expect(page.getByLabel('Stavka 2, Cijena')).toHaveValue('3,99');
    // ↑ moves up the same column.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toBe('Stavka 2, Količina');
    // By hand: 10 × 12,50 = 125,00; 7 × 3,99 = 27,93; 2,5 × 12,50 = 31,25 → net 184,18;
    // VAT 25 % of 156,25 = 39,0625 → 39,06; 13 % of 27,93 = 3,6309 → 3,63; total 226,87.
    await expect(page.getByTestId('total-net')).toContainText('184,18');
    await expect(page.getByTestId('totals')).toContainText('39,06');
    await expect(page.getByTestId('totals')).toContainText('3,63');
    await expect(page.getByTestId('total')).toContainText('226,87');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');

    // Ctrl+S saves the order wherever the focus is.
    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(/\/suppliers\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1) as string;
    const saved = (await (await page.request.get(`/api/purchase-orders/${id}`)).json()) as Json;
    const order = (saved.order ?? saved) as Json;
    expect(order.lines.map((l: Json) => [l.sku, l.quantity])).toEqual([
      ['POK-A', expect.stringMatching(/^10(\.0+)?$/)],
      ['POK-B', expect.stringMatching(/^7(\.0+)?$/)],
      ['POK-A', expect.stringMatching(/^2\.50*$/)],
    ]);
    expect(order).toMatchObject({ net_total: '184.18', total: '226.87' });
  });

  test('a stock count by keyboard: Enter down the counted column, differences and progress as you type, Save; Post confirms once, naming the location', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('count-kbd'));
    await dismissChangelog(page);
    const location = idOf(
      await post(page, '/api/inventory/locations', { code: 'INV1', name: 'Skladište A' }),
      'location',
    );
    const stock: [string, string][] = [
      ['CNT-A', '10'],
      ['CNT-B', '4'],
      ['CNT-C', '2.5'],
    ];
    for (const [sku, qty] of stock) {
      const id = idOf(
        await post(page, '/api/inventory/items', {
          sku,
          name: `Artikl ${sku}`,
          kind: 'material',
          base_unit: 'kom',
        }),
        'item',
      );
      await post(page, '/api/inventory/receipts', {
        location_id: location,
        lines: [{ item_id: id, quantity: qty }],
      });
    }
    const count = idOf(await post(page, '/api/inventory/counts', { location_id: location }), 'count');
    await page.goto(`/inventory/counts/${count}`);
    await expect(page.getByTestId('line-row')).toHaveCount(3);
    await expect(page.getByTestId('count-progress')).toHaveText('Prebrojano: 0 od 3 · s razlikom: 0');
    await expect(page.getByTestId('save-state')).toHaveText('Spremljeno');

    await tabTo(page, 'Prebrojano za CNT-A');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Prebrojano za CNT-B');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Prebrojano za CNT-C');
    await page.keyboard.type('2,75');
    // Enter on the last row of a count sheet stays there (no new lines on a count).
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('line-row')).toHaveCount(3);
    await expect(page.getByTestId('difference-CNT-A')).toHaveText('0');
    await expect(page.getByTestId('difference-CNT-B')).toHaveText('\u22121'); // Croatian numbers use the minus sign
    await expect(page.getByTestId('difference-CNT-C')).toHaveText('0,25');
    await expect(page.getByTestId('count-progress')).toHaveText('Prebrojano: 3 od 3 · s razlikom: 2');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');

    await tabTo(page, 'Spremi', 10);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('save-state')).toHaveText('Spremljeno');
    const saved = (await (await page.request.get(`/api/inventory/counts/${count}`)).json()) as Json;
    const byId = Object.fromEntries(
      ((saved.count ?? saved) as Json).lines.map((l: Json) => [l.sku, l.counted_qty]),
    ) as Record<string, string>;
    expect(Number(byId['CNT-A'])).toBe(10);
    expect(Number(byId['CNT-B'])).toBe(3);
    expect(byId['CNT-C']).toMatch(/^2\.750*$/);

    // Posting is irreversible: one question in our dialog, naming the action and the location.
    const status = async () => {
      const body = (await (await page.request.get(`/api/inventory/counts/${count}`)).json()) as Json;
      return ((body.count ?? body) as Json).status;
    };
    const ask = page.getByRole('dialog', { name: 'Proknjižiti razlike inventure za lokaciju INV1?' });
    await page.getByRole('button', { name: 'Proknjiži razlike' }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Odustani' }).click();
    await expect(ask).toBeHidden();
    expect(await status()).toBe('draft');
    await page.getByRole('button', { name: 'Proknjiži razlike' }).click();
    // The heading changes optimistically; the status is read after the server has answered.
    const posted = page.waitForResponse(
      (r) => r.url().endsWith(`/api/inventory/counts/${count}/post`) && r.request().method() === 'POST',
    );
    await ask.getByRole('button', { name: 'Proknjiži razlike' }).click();
    expect((await posted).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Inventura INV1 · Proknjižena' })).toBeVisible();
    expect(await status()).toBe('posted');
  });

  test('leaving a dirty item form by a link or by browser Back asks first; Stay keeps the edits', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('leave-item'));
    await dismissChangelog(page);
    await page.goto('/inventory/items');
    // In-app navigation to the form, so Back is a history step inside the app.
    await page.getByRole('link', { name: 'Novi artikl' }).click();
    await expect(page).toHaveURL(/\/inventory\/items\/new$/);
    await expect(page.getByTestId('save-state')).toHaveText('Još nije spremljeno');
    await page.getByLabel('Naziv', { exact: true }).fill('Kaljeno staklo 8 mm');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');
    const dialog = page.getByRole('dialog', { name: 'Napustiti bez spremanja?' });

    // 1. A link in the main menu.
    await page
      .getByRole('navigation', { name: 'Glavni izbornik' })
      .getByRole('link', { name: 'Klijenti' })
      .click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ostani' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/inventory\/items\/new$/);
    await expect(page.getByLabel('Naziv', { exact: true })).toHaveValue('Kaljeno staklo 8 mm');

    // 2. The browser's Back button.
    await page.evaluate(() => history.back());
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/inventory\/items\/new$/);
    await dialog.getByRole('button', { name: 'Ostani' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/inventory\/items\/new$/);
    await expect(page.getByLabel('Naziv', { exact: true })).toHaveValue('Kaljeno staklo 8 mm');

    // Back again, and this time leave: the list, and nothing was saved.
    await page.evaluate(() => history.back());
    await dialog.getByRole('button', { name: 'Napusti' }).click();
    await expect(page).toHaveURL(/\/inventory\/items$/);
    const items = (await (await page.request.get('/api/inventory/items?q=Kaljeno')).json()) as Json;
    expect(items.items).toHaveLength(0);
  });

  test('leaving a dirty item form through the command palette or a G shortcut asks first; Stay keeps the edits', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('leave-palette'));
    await dismissChangelog(page);
    await page.goto('/inventory/items/new');
    await expect(page.getByTestId('save-state')).toHaveText('Još nije spremljeno');
    await page.getByLabel('Naziv', { exact: true }).fill('Lamistal 4.4.1');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');
    const dialog = page.getByRole('dialog', { name: 'Napustiti bez spremanja?' });

    // Ctrl+K → a section: the navigation is started by code, not by a link, and still asks.
    await page.keyboard.press('Control+K');
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    await page.keyboard.type('klijenti');
    await palette.getByRole('option', { name: /Idi na Klijenti/ }).click();
    await expect(palette).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ostani' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/inventory\/items\/new$/);
    await expect(page.getByLabel('Naziv', { exact: true })).toHaveValue('Lamistal 4.4.1');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');

    // G then Q (quotes), focus outside any field: asks too; Napusti goes, nothing was saved.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('g');
    await page.keyboard.press('q');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/inventory\/items\/new$/);
    await dialog.getByRole('button', { name: 'Napusti' }).click();
    await expect(page).toHaveURL(/\/documents\/quotes$/);
    const items = (await (await page.request.get('/api/inventory/items?q=Lamistal')).json()) as Json;
    expect(items.items).toHaveLength(0);
  });

  test('a product page with two editors (BOM and routing) asks when the first one is dirty', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('leave-bom'));
    await dismissChangelog(page);
    const product = await post(page, '/api/products', {
      sku: 'PRZ-1',
      name: 'Prozor PVC',
      baseUnit: 'kom',
      kind: 'product',
    });
    await page.goto(`/products/${idOf(product, 'product')}`);
    // No BOM yet: an empty BOM draft editor and the routing editor, each with its own guard.
    await expect(page.getByRole('button', { name: 'Dodaj operaciju' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Dodaj varijablu' }).click();
    await page.getByLabel('Naziv varijable').fill('W');
    // The BOM's state (first) is unsaved, the routing's (second, its guard registered last) is not.
    await expect(page.getByTestId('save-state').first()).toHaveText('Nespremljene promjene');
    await expect(page.getByTestId('save-state').nth(1)).toHaveText('Spremljeno');
    const dialog = page.getByRole('dialog', { name: 'Napustiti bez spremanja?' });
    await page.keyboard.press('Control+K');
    const palette = page.getByTestId('command-palette');
    await page.keyboard.type('klijenti');
    await palette.getByRole('option', { name: /Idi na Klijenti/ }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ostani' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  });

  test('Discard on a new empty draft and on a half-filled form leaves without required fields or a question', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, newAccount('discard'));
    await dismissChangelog(page);
    const dialog = page.getByRole('dialog', { name: 'Napustiti bez spremanja?' });

    // A new purchase order, nothing entered (no supplier, no lines): Odustani goes to the list.
    await page.goto('/suppliers/orders');
    await page.getByRole('link', { name: 'Nova narudžbenica' }).click();
    await expect(page).toHaveURL(/\/suppliers\/orders\/new$/);
    await page.getByRole('link', { name: 'Odustani' }).click();
    await expect(page).toHaveURL(/\/suppliers\/orders$/);
    await expect(dialog).toBeHidden();
    const orders = (await (await page.request.get('/api/purchase-orders')).json()) as Json;
    expect(orders.total ?? orders.rows?.length ?? orders.length).toBe(0);

    // A new item with only a name (the SKU is required): Odustani discards, no question, nothing saved.
    await page.goto('/inventory/items');
    await page.getByRole('link', { name: 'Novi artikl' }).click();
    await page.getByLabel('Naziv', { exact: true }).fill('Samo naziv');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');
    await page.getByRole('button', { name: 'Odustani' }).click();
    await expect(page).toHaveURL(/\/inventory\/items$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const items = (await (await page.request.get('/api/inventory/items?q=Samo')).json()) as Json;
    expect(items.items).toHaveLength(0);
  });
});
