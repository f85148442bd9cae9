import { BASE_URL, dismissChangelog, type Json, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

const post = postJson;

/** Three items: A 12,40 € (25 %), B 3,99 € (13 %), C 100,00 € (25 %). */
async function catalogue(page: Page) {
  const item = (sku: string, name: string, price: string, vat: string) =>
    post(page, '/api/inventory/items', {
      sku,
      name,
      kind: 'product',
      base_unit: 'kom',
      sales_price: price,
      vat_rate: vat,
    });
  await item('GRID-A', 'Kaljeno staklo', '12.40', '25');
  await item('GRID-B', 'Vijak inox', '3.99', '13');
  await item('GRID-C', 'Okov klizni', '100', '25');
  // Priced per m² (measure pricing): float glass at 25,00 €/m².
  await post(page, '/api/inventory/items', {
    sku: 'GRID-G',
    name: 'Float 4 mm',
    kind: 'material',
    base_unit: 'm2',
    sales_price: '25.00',
    vat_rate: '25',
    price_basis: 'area',
    glass_kind: 'float',
    thickness_mm: '4',
  });
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.getAttribute('data-testid') ?? el?.tagName ?? '';
  });

/** Presses Tab until the element with this accessible name (or test id) has focus: keyboard only. */
async function tabTo(page: Page, name: string, max = 120) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; last focus: ${await focused(page)}`);
}

test.describe('line grid', () => {
  test('a 30-line quote entered with the keyboard only has the hand-computed totals', async ({ page }) => {
    test.setTimeout(180_000);
    await signUpViaApi(page, newAccount('grid-kbd'));
    await dismissChangelog(page);
    await catalogue(page);
    await page.goto('/documents/quotes/new');
    await expect(page.getByTestId('document-title')).toHaveText('Nova ponuda');
    // No mouse from here on: focus arrives by Tab, everything else is typed.
    await tabTo(page, 'Artikl, redak 1');
    const skus = ['GRID-A', 'GRID-B', 'GRID-C'];
    for (let i = 1; i <= 30; i++) {
      const sku = skus[(i - 1) % 3] as string;
      await expect.poll(() => focused(page)).toBe(`Artikl, redak ${i}`);
      await page.keyboard.type(sku);
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(sku);
      await page.keyboard.press('Enter'); // takes the item, focus moves to the quantity
      await expect.poll(() => focused(page)).toBe(`Količina, redak ${i}`);
      await page.keyboard.type(String(i)); // the default 1 is selected, typing replaces it
      if (i === 30) {
        // On to the discount (the unit is the item's: Tab passes it by).
        await tabTo(page, 'Rabat, redak 30', 8);
        await page.keyboard.type('10');
      } else {
        await page.keyboard.press('Enter'); // a filled last line: a new line, focus to its item
      }
    }
    await expect(page.getByTestId('line-row')).toHaveCount(30);
    // By hand: A on lines 1,4,…,28: (1+4+…+28)=145 × 12,40 = 1 798,00; B on 2,5,…,29: 155 × 3,99 =
    // 618,45; C on 3,6,…,30: 165 × 100 = 16 500,00 less 10 % of line 30 (300,00) = 16 200,00.
    // Net 18 616,45; VAT 25 % of 17 998,00 = 4 499,50; 13 % of 618,45 = 80,3985 → 80,40;
    // total 18 616,45 + 4 499,50 + 80,40 = 23 196,35.
    const totals = page.getByTestId('totals');
    await expect(page.getByTestId('total-net')).toContainText('18.616,45');
    await expect(totals).toContainText('4.499,50');
    await expect(totals).toContainText('80,40');
    await expect(page.getByTestId('total')).toContainText('23.196,35');
    await expect(page.getByTestId('save-state')).toHaveText('Nespremljene promjene');

    // Save from the keyboard too: Ctrl+S, wherever the focus is.
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('document-title')).toHaveText(/^Ponuda P-\d{4}-0001$/);
    await expect(page.getByTestId('save-state')).toHaveText('Spremljeno');
    const id = page.url().split('/').at(-2) as string;
    const saved = (await (await page.request.get(`/api/documents/${id}`)).json()) as Json;
    expect(saved.lines).toHaveLength(30);
    expect(saved.document).toMatchObject({ net_total: '18616.45', vat_total: '4579.90', total: '23196.35' });
  });

  test('ten lines pasted from tab-separated text; a removed line comes back with Undo', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpViaApi(page, newAccount('grid-paste'));
    await dismissChangelog(page);
    await catalogue(page);
    // The company prices a hole at 1,50 € (used by the glass line below).
    const pricing = (await (await page.request.get('/api/documents/pricing-settings')).json()) as Json;
    const put = await page.request.put('/api/documents/pricing-settings', {
      headers: { Origin: BASE_URL },
      data: { ...pricing, hole_price: '1.50', edge_price_kpo: '6' },
    });
    expect(put.status()).toBe(200);
    await page.goto('/documents/quotes/new');
    // Columns from the item cell on: item, description, quantity, unit, width, height, price.
    const rows = Array.from({ length: 10 }, (_, k) => {
      const i = k + 1;
      const sku = ['GRID-A', 'GRID-B', 'GRID-C'][k % 3];
      return i === 10 ? `${sku}\tPosebna cijena\t10\tkom\t\t\t50,00` : `${sku}\t\t${i}`;
    });
    await page.evaluate((text) => navigator.clipboard.writeText(text), `${rows.join('\r\n')}\r\n`);
    await page.getByLabel('Artikl, redak 1', { exact: true }).focus();
    await page.keyboard.press('Control+V');
    await expect(page.getByTestId('line-row')).toHaveCount(10);
    await expect(page.getByLabel('Artikl, redak 2')).toHaveValue('GRID-B · Vijak inox');
    await expect(page.getByLabel('Opis, redak 2')).toHaveValue('Vijak inox');
    await expect(page.getByLabel('Količina, redak 9')).toHaveValue('9');
    await expect(page.getByLabel('Cijena, redak 10')).toHaveValue('50,00');
    await expect(page.getByLabel('Opis, redak 10')).toHaveValue('Posebna cijena');
    // By hand: A lines 1,4,7: 12 × 12,40 = 148,80 and line 10: 10 × 50,00 = 500,00; B 2,5,8: 15 × 3,99
    // = 59,85; C 3,6,9: 18 × 100 = 1 800,00. Net 2 508,65; VAT 25 % of 2 448,80 = 612,20; 13 % of
    // 59,85 = 7,7805 → 7,78; total 3 128,63.
    await expect(page.getByTestId('total-net')).toContainText('2.508,65');
    await expect(page.getByTestId('total')).toContainText('3.128,63');

    // Ctrl+Delete removes line 3 (C × 3 = 300,00 net); Undo in the toast puts it back.
    await page.getByLabel('Količina, redak 3').focus();
    await page.keyboard.press('Control+Delete');
    await expect(page.getByTestId('line-row')).toHaveCount(9);
    await expect(page.getByTestId('total-net')).toContainText('2.208,65');
    await page.getByRole('button', { name: 'Poništi' }).click();
    await expect(page.getByTestId('line-row')).toHaveCount(10);
    await expect(page.getByLabel('Količina, redak 3')).toHaveValue('3');
    await expect(page.getByTestId('total-net')).toContainText('2.508,65');

    // A glass line priced per m²: 1000 × 500 mm → 1020 × 510 (30 mm step) = 0,5202 m² × 25,00 =
    // 13,005 € per pane, shown as the price's placeholder while typing; 2 panes = 26,01 €.
    await page.getByRole('button', { name: 'Dodaj stavku' }).click();
    await page.getByLabel('Artikl, redak 11').fill('GRID-G');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByLabel('Količina, redak 11').fill('2');
    await page.getByLabel('Širina, redak 11').fill('1000');
    await page.getByLabel('Visina, redak 11').fill('500');
    const price = page.getByLabel('Cijena, redak 11');
    await expect(price).toHaveValue('');
    await expect(price).toHaveAttribute('placeholder', '13,005');
    await expect(page.getByTestId('line-billed').nth(10)).toHaveText('0,5202 m²');
    await expect(page.getByTestId('line-net').nth(10)).toContainText('26,01');
    await expect(page.getByTestId('total-net')).toContainText('2.534,66');
    // Glass work: 2 holes at the company's 1,50 € (set before the page opened) → 13,005 + 3,00 =
    // 16,005 per pane, 2 panes 32,01; Ø 3 mm in 4 mm glass, 5 mm from the edge (< 2 × 4) → both
    // warnings, and the line is still saved.
    await page.getByLabel('Broj rupa, redak 11').fill('2');
    await page.getByLabel('Promjer rupa, redak 11').fill('3');
    await page.getByLabel('Udaljenost rupa od ruba, redak 11').fill('5');
    await expect(price).toHaveAttribute('placeholder', '16,005');
    await expect(page.getByTestId('line-net').nth(10)).toContainText('32,01');
    await expect(page.getByTestId('total-net')).toContainText('2.540,66');
    await expect(page.getByTestId('line-warnings').getByRole('listitem')).toHaveText([
      'Promjer rupe 3 mm manji je od debljine stakla 4 mm',
      'Rupa 5 mm od ruba: najmanje 8 mm (2 × debljina stakla)',
    ]);
    // Edge work: polished KPO at 6,00 €/m × 2 × (1000 + 500) = 3 m = 18 → 34,005 per pane, 2 panes
    // 68,01; net 2 540,66 − 32,01 + 68,01 = 2 576,66.
    await page.getByLabel('Obrada ruba, redak 11').selectOption('kpo');
    await expect(price).toHaveAttribute('placeholder', '34,005');
    await expect(page.getByTestId('line-net').nth(10)).toContainText('68,01');
    await expect(page.getByTestId('total-net')).toContainText('2.576,66');
    // The server prices the saved line with the same rule and returns the same warnings.
    await page.getByTestId('save').click();
    await expect(page.getByTestId('save-state')).toHaveText('Spremljeno');
    const id = page.url().split('/').at(-2) as string;
    const saved = (await (await page.request.get(`/api/documents/${id}`)).json()) as Json;
    expect(saved.lines[10]).toMatchObject({
      unit_price: '34.005',
      billed_measure: '0.5202',
      net_amount: '68.01',
      edge_type: 'kpo',
      hole_count: 2,
      hole_diameter_mm: '3',
      hole_edge_mm: '5',
    });
    expect(saved.lines[10].warnings.map((w: Json) => w.key)).toEqual([
      'glassWork.holeDiameter',
      'glassWork.holeEdge',
    ]);
    expect(saved.document.net_total).toBe('2576.66');
  });

  // Functional part only: how fast a key is with 200 lines is measured by the benchmark
  // bench/web/line-grid.ts (10 vs 200 lines side by side, results in bench/web/RESULTS.md),
  // not asserted here: timing bounds flake on the shared, loaded machine.
  test('a window line: profile system, glass make-up, colour and hardware set through the line dialog', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('grid-window'));
    await dismissChangelog(page);
    await post(page, '/api/inventory/items', {
      sku: 'WIN-1',
      name: 'PVC prozor',
      kind: 'product',
      base_unit: 'kom',
      sales_price: '420',
      vat_rate: '25',
    });
    const settings = (await (await page.request.get('/api/documents/settings')).json()) as Json;
    const put = await page.request.put('/api/documents/settings', {
      headers: { Origin: BASE_URL },
      data: { ...settings, profile_systems: ['Aluplast Ideal 4000'] },
    });
    expect(put.status()).toBe(200);
    await page.goto('/documents/quotes/new');
    await page.getByLabel('Artikl, redak 1', { exact: true }).fill('WIN-1');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByLabel('Širina, redak 1', { exact: true }).fill('1200');
    await page.getByLabel('Visina, redak 1', { exact: true }).fill('1400');
    await page.getByRole('button', { name: 'Izvedba prozora, redak 1' }).click();
    const dialog = page.getByRole('dialog');
    // The company's list is offered; free text is taken too.
    await expect(dialog.locator('datalist option')).toHaveAttribute('value', 'Aluplast Ideal 4000');
    await dialog.getByLabel('Profilni sustav').fill('Aluplast Ideal 4000');
    await dialog.getByLabel('Sastav stakla').fill('4-16Ne-4');
    await expect(dialog.getByRole('alert')).toHaveText('Sastav stakla nije ispravan: „16Ne” (2. dio)');
    await expect(dialog.getByRole('button', { name: 'Primijeni' })).toBeDisabled();
    await dialog.getByLabel('Sastav stakla').fill('4e-16ar-4');
    await dialog.getByLabel('Boja').fill('bijela RAL 9016');
    await dialog.getByLabel('Okov').fill('Roto NT');
    await dialog.getByRole('button', { name: 'Primijeni' }).click();
    await expect(dialog).toBeHidden();
    const text = 'profil Aluplast Ideal 4000 · staklo 4E-16Ar-4 · boja bijela RAL 9016 · okov Roto NT';
    await expect(page.getByTestId('line-window').first()).toHaveText(text);
    await page.getByTestId('save').click();
    await expect(page.getByTestId('document-title')).toHaveText(/^Ponuda P-\d{4}-0001$/);
    const id = page.url().split('/').at(-2) as string;
    const saved = (await (await page.request.get(`/api/documents/${id}`)).json()) as Json;
    expect(saved.lines[0]).toMatchObject({
      width_mm: '1200',
      height_mm: '1400',
      profile_system: 'Aluplast Ideal 4000',
      glass_makeup: '4E-16Ar-4',
      colour: 'bijela RAL 9016',
      hardware_set: 'Roto NT',
    });
    // After a reload the saved line shows the same text.
    await page.reload();
    await expect(page.getByTestId('line-window').first()).toHaveText(text);
  });

  test('optional column groups per line kind: glass work on the pane, the window spec on the window, neither on a service', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('grid-groups'));
    await dismissChangelog(page);
    await catalogue(page);
    const items = (await (await page.request.get('/api/inventory/items?q=GRID')).json()) as Json;
    const glass = (items.items as Json[]).find((i) => i.sku === 'GRID-G') as Json;
    const window = await post(page, '/api/inventory/items', {
      sku: 'WIN-2',
      name: 'PVC prozor jednokrilni',
      kind: 'product',
      base_unit: 'kom',
      sales_price: '420',
      vat_rate: '25',
    });
    const quote = await post(page, '/api/documents/quotes', {
      lines: [
        { item_id: glass.id, quantity: '2', width_mm: '1000', height_mm: '800', edge_type: 'kpo' },
        {
          item_id: window.id,
          quantity: '1',
          width_mm: '1200',
          height_mm: '1400',
          profile_system: 'Aluplast',
        },
        { description: 'Montaža na objektu', quantity: '3', unit: 'h', unit_price: '35' },
      ],
    });
    await page.goto(`/documents/quotes/${quote.document.id}/edit`);
    await expect(page.getByTestId('line-row')).toHaveCount(3);
    // Both groups are on (the lines call for them), with their headers.
    await expect(page.getByTestId('line-group-glass')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('line-group-window')).toHaveAttribute('aria-pressed', 'true');
    const header = page.getByRole('columnheader');
    await expect(header.filter({ hasText: /^Rub$/ })).toHaveCount(1);
    await expect(header.filter({ hasText: /^Izvedba$/ })).toHaveCount(1);
    const edge = (n: number) => page.getByLabel(`Obrada ruba, redak ${n}`, { exact: true });
    const windowButton = (n: number) => page.getByRole('button', { name: `Izvedba prozora, redak ${n}` });
    const row = (n: number) => page.getByTestId('line-row').nth(n - 1);
    // The pane: glass-work cells, no window cell.
    await expect(edge(1)).toHaveValue('kpo');
    await expect(windowButton(1)).toHaveCount(0);
    await expect(row(1).getByTestId('line-window')).toHaveCount(0);
    // The window: its spec, no glass work.
    await expect(edge(2)).toHaveCount(0);
    await expect(row(2).getByTestId('line-edge')).toHaveCount(0);
    await expect(row(2).getByLabel('Broj rupa, redak 2', { exact: true })).toHaveCount(0);
    await expect(row(2).getByTestId('line-window')).toHaveText('profil Aluplast');
    await expect(windowButton(2)).toBeVisible();
    // The service: neither.
    await expect(edge(3)).toHaveCount(0);
    await expect(row(3).getByTestId('line-edge')).toHaveCount(0);
    await expect(windowButton(3)).toHaveCount(0);
    await expect(row(3).getByTestId('line-window')).toHaveCount(0);
    await expect(row(3).locator('select')).toHaveCount(1); // the VAT rate only
    // Groups on demand: off hides the header and the cells, on brings them back.
    await page.getByTestId('line-group-glass').click();
    await expect(header.filter({ hasText: /^Rub$/ })).toHaveCount(0);
    await expect(edge(1)).toHaveCount(0);
    await page.getByTestId('line-group-glass').click();
    await expect(header.filter({ hasText: /^Rub$/ })).toHaveCount(1);
    await expect(edge(1)).toHaveValue('kpo');
    await expect(edge(3)).toHaveCount(0);
  });

  test('200 lines: every typed key arrives and the totals follow', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpViaApi(page, newAccount('grid-200'));
    await dismissChangelog(page);
    await page.goto('/documents/quotes/new');
    const rows = Array.from({ length: 200 }, (_, k) => `\tStavka ${k + 1}\t1\tkom\t\t\t2,00`);
    await page.evaluate((text) => navigator.clipboard.writeText(text), rows.join('\n'));
    await page.getByLabel('Artikl, redak 1', { exact: true }).focus();
    await page.keyboard.press('Control+V');
    await expect(page.getByTestId('line-row')).toHaveCount(200);
    await expect(page.getByTestId('total-net')).toContainText('400,00');

    // Every keydown is counted once its frame has run (the probe the benchmark times).
    await page.evaluate(() => {
      const w = window as unknown as { __keys: number };
      w.__keys = 0;
      document.addEventListener(
        'keydown',
        () => requestAnimationFrame(() => setTimeout(() => w.__keys++, 0)),
        true,
      );
    });
    const typeInto = async (label: string) => {
      await page.evaluate(() => {
        (window as unknown as { __keys: number }).__keys = 0;
      });
      const cell = page.getByLabel(label, { exact: true });
      await cell.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('123456789', { delay: 60 });
      await expect(cell).toHaveValue('123456789');
      // Control, A and the nine digits: every key reached a rendered frame.
      await expect.poll(() => page.evaluate(() => (window as unknown as { __keys: number }).__keys)).toBe(11);
    };
    await typeInto('Količina, redak 200');
    // 199 × 2,00 + 123 456 789 × 2,00 = 246 913 976,00 net.
    await expect(page.getByTestId('total-net')).toContainText('246.913.976,00');
    await typeInto('Količina, redak 1');
    // Both lines at 123 456 789: 198 × 2,00 + 2 × 246 913 578,00 = 493 827 552,00.
    await expect(page.getByTestId('total-net')).toContainText('493.827.552,00');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Količina, redak 2', { exact: true })).toBeFocused();
  });
});
