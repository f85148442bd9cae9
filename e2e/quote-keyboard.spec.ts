import {
  dismissChangelog,
  type Json,
  newAccount,
  postJson,
  SCREENSHOTS,
  signUpViaApi,
} from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

const post = postJson;
const idOf = (r: Json, key: string) => ((r[key] ?? r) as Json).id as string;

/** A glass shop's catalogue: four glasses priced per m² and a client. */
async function glassShop(page: Page) {
  const glass = (sku: string, name: string, price: string, kind: string, thickness: string) =>
    post(page, '/api/inventory/items', {
      sku,
      name,
      kind: 'material',
      base_unit: 'm2',
      sales_price: price,
      vat_rate: '25',
      price_basis: 'area',
      glass_kind: kind,
      thickness_mm: thickness,
    });
  const ids = {
    izo: idOf(await glass('IZO-4164', 'IZO staklo 4-16-4', '55.00', 'insulating', '24'), 'item'),
    kal: idOf(await glass('KAL-8', 'Kaljeno staklo 8 mm', '68.00', 'tempered', '8'), 'item'),
    flo: idOf(await glass('FLO-4', 'Float staklo 4 mm', '22.00', 'float', '4'), 'item'),
    lam: idOf(await glass('LAM-44', 'Laminirano staklo 44.1', '48.00', 'laminated', '8.8'), 'item'),
  };
  const client = idOf(
    await post(page, '/api/clients', { kind: 'company', name: 'Kovač stakla d.o.o.' }),
    'client',
  );
  return { ids, client };
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.getAttribute('data-testid') ?? el?.tagName ?? '';
  });

/** The keyboard, counting every key it presses (a chord such as Ctrl+S counts each of its keys). */
function countingKeyboard(page: Page) {
  let keys = 0;
  return {
    get keys() {
      return keys;
    },
    async press(key: string) {
      keys += key.split('+').length;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      keys += text.length;
      await page.keyboard.type(text);
    },
    /** Tab until the named cell has focus (each Tab counted). */
    async tabTo(name: string, max = 40) {
      for (let i = 0; i < max; i++) {
        if ((await focused(page)) === name) return;
        await this.press('Tab');
      }
      throw new Error(`Tab never reached ${name}; last focus: ${await focused(page)}`);
    },
  };
}

/** The page does not scroll sideways, and the amount of line 1 is on screen, inside the grid's box. */
async function fitsTheWindow(page: Page) {
  const page_ = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
    scrollX: window.scrollX,
  }));
  expect(page_.scrollWidth).toBeLessThanOrEqual(page_.innerWidth);
  expect(page_.scrollX).toBe(0);
  const box = await page.getByTestId('line-grid-scroll').boundingBox();
  const net = await page.getByTestId('line-net').first().boundingBox();
  expect(box && net).toBeTruthy();
  if (!box || !net) return;
  expect(net.x).toBeGreaterThanOrEqual(box.x);
  expect(net.x + net.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  expect(net.x + net.width).toBeLessThanOrEqual(page_.innerWidth);
  await expect(page.getByTestId('sidebar')).toBeInViewport();
  await expect(page.getByTestId('totals')).toBeInViewport();
}

test.describe('line entry at the speed of a keyboard (issue 22)', () => {
  test('a 10-line glass quote typed in at most 150 keys, saved with Ctrl+S', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpViaApi(page, newAccount('quote-keys'));
    await dismissChangelog(page);
    const { ids, client } = await glassShop(page);
    await page.goto('/documents/quotes/new');
    await expect(page.getByTestId('document-title')).toHaveText('Nova ponuda');
    // A new quote starts at its client: one letter picks it.
    await expect(page.locator('#doc-client')).toBeFocused();
    const kb = countingKeyboard(page);
    await kb.type('k');
    await expect(page.locator('#doc-client')).toHaveValue(client);
    // Enter in the header goes on to the lines.
    await kb.press('Enter');

    /**
     * One line: the item (typed, or Ctrl+D = the item above), W, H, the quantity when it is not 1,
     * then the glass work columns by Tab (`work`: keys typed in the edge, hole count, ... cells,
     * '' = leave), and Enter to the next line's item cell.
     */
    type Line = { item: string | 'above'; w: string; h: string; qty?: string; work?: string[] };
    const quote: Line[] = [
      { item: 'izo', w: '1200', h: '1400', qty: '2' },
      { item: 'above', w: '800', h: '1400' },
      { item: 'above', w: '600', h: '1000', qty: '2' },
      // Polished edges (the select takes the first letter of "polirano KPO").
      { item: 'kal', w: '900', h: '2000', work: ['p'] },
      // The same glass again keeps its edge work; four holes of Ø 10 mm.
      { item: 'above', w: '500', h: '500', qty: '2', work: ['', '4', '10'] },
      { item: 'flo', w: '400', h: '300', qty: '3' },
      { item: 'above', w: '450', h: '300' },
      { item: 'lam', w: '1000', h: '2100' },
      { item: 'above', w: '1000', h: '900', qty: '2' },
      { item: 'izo', w: '1250', h: '1480', qty: '4' },
    ];
    for (const [i, line] of quote.entries()) {
      const n = i + 1;
      await expect.poll(() => focused(page)).toBe(`Artikl, redak ${n}`);
      if (line.item === 'above') {
        await kb.press('Control+d');
      } else {
        await kb.type(line.item);
        const options = page.getByRole('listbox').getByRole('option');
        await expect(options).toHaveCount(1);
        await kb.press('Enter');
      }
      // A glass priced per m²: the cursor goes straight to W.
      await expect.poll(() => focused(page)).toBe(`Širina, redak ${n}`);
      await kb.type(line.w);
      await kb.press('Tab');
      await kb.type(line.h);
      if (line.qty || line.work) {
        await kb.press('Tab');
        await expect.poll(() => focused(page)).toBe(`Količina, redak ${n}`);
        if (line.qty) await kb.type(line.qty);
      }
      for (const keys of line.work ?? []) {
        await kb.press('Tab');
        if (keys) await kb.type(keys);
      }
      if (n < quote.length) await kb.press('Enter');
    }
    await expect(page.getByTestId('line-row')).toHaveCount(10);
    await expect(page.getByLabel('Obrada ruba, redak 4')).toHaveValue('kpo');
    await expect(page.getByLabel('Obrada ruba, redak 5')).toHaveValue('kpo');
    await expect(page.getByLabel('Broj rupa, redak 5')).toHaveValue('4');
    await fitsTheWindow(page);
    console.log(`10-line glass quote: ${kb.keys} keys before saving`);

    // Ctrl+S saves (and the browser's own save dialog never opens: the page keeps the focus).
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/documents/quotes') && r.request().method() === 'POST',
    );
    await kb.press('Control+s');
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBeLessThan(300);
    // The saved quote opens under its number (a loaded machine may take a while to re-render).
    await expect(page.getByTestId('document-title')).toHaveText(/^Ponuda P-\d{4}-0001$/, { timeout: 20_000 });
    await expect(page.getByTestId('save-state')).toHaveText('Spremljeno');

    test.info().annotations.push({ type: 'keys', description: String(kb.keys) });
    console.log(`10-line glass quote: ${kb.keys} keys`);
    expect(kb.keys).toBeLessThanOrEqual(150);

    const id = ((await answer.json()) as Json).document.id as string;
    const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as Json;
    expect(doc.document.client_id).toBe(client);
    const itemOf = { izo: ids.izo, kal: ids.kal, flo: ids.flo, lam: ids.lam };
    let item = '';
    const expected = quote.map((l) => {
      if (l.item !== 'above') item = itemOf[l.item as keyof typeof itemOf];
      return { item_id: item, width_mm: l.w, height_mm: l.h, quantity: l.qty ?? '1' };
    });
    expect(
      doc.lines.map((l: Json) => ({
        item_id: l.item_id,
        width_mm: String(Number(l.width_mm)),
        height_mm: String(Number(l.height_mm)),
        quantity: String(Number(l.quantity)),
      })),
    ).toEqual(expected);
    expect(doc.lines.map((l: Json) => l.edge_type)).toEqual([
      'rezano',
      'rezano',
      'rezano',
      'kpo',
      'kpo',
      'rezano',
      'rezano',
      'rezano',
      'rezano',
      'rezano',
    ]);
    expect(doc.lines.map((l: Json) => l.hole_count)).toEqual([0, 0, 0, 0, 4, 0, 0, 0, 0, 0]);
    expect(Number(doc.lines[4].hole_diameter_mm)).toBe(10);
    // Every line was priced by the rule on the server, and the page shows the server's total.
    for (const l of doc.lines) expect(Number(l.unit_price)).toBeGreaterThan(0);
    const total = Number(doc.document.total).toLocaleString('hr-HR', { minimumFractionDigits: 2 });
    await expect(page.getByTestId('total')).toContainText(total);
    // For the README: the saved quote with all ten lines on screen.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.screenshot({ path: `${SCREENSHOTS}/documents-quote-10-lines.png` });
  });

  test('at 1280 and 1440 px the quote page does not scroll sideways; tabbing to the glass work keeps the sidebar and the amount', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('quote-fit'));
    await dismissChangelog(page);
    const { ids, client } = await glassShop(page);
    const line = (item_id: string, w: string, h: string) => ({
      item_id,
      quantity: '1',
      width_mm: w,
      height_mm: h,
      edge_type: 'kpo',
      hole_count: 2,
      hole_diameter_mm: '10',
      hole_edge_mm: '30',
    });
    const quote = await post(page, '/api/documents/quotes', {
      client_id: client,
      lines: [line(ids.kal, '900', '2000'), line(ids.izo, '1200', '1400'), line(ids.lam, '1000', '2100')],
    });
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/documents/quotes/${quote.document.id}/edit`);
      await expect(page.getByTestId('line-row')).toHaveCount(3);
      // Glass lines: the glass work columns are on without asking.
      await expect(page.getByTestId('line-group-glass')).toHaveAttribute('aria-pressed', 'true');
      await fitsTheWindow(page);
      // Tab from the item to the last glass-work cell: the grid scrolls inside itself, the page not.
      await page.getByLabel('Artikl, redak 1', { exact: true }).focus();
      for (let i = 0; i < 30 && (await focused(page)) !== 'Broj izreza, redak 1'; i++)
        await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Broj izreza, redak 1');
      await fitsTheWindow(page);
      // The pinned item cell is still on screen beside the focused cell.
      await expect(page.getByLabel('Artikl, redak 1', { exact: true })).toBeInViewport();
      await expect(page.getByLabel('Broj izreza, redak 1')).toBeInViewport();
    }
    // The group can be switched off by hand: its columns go, the quote still fits.
    await page.getByTestId('line-group-glass').click();
    await expect(page.getByLabel('Obrada ruba, redak 1')).toHaveCount(0);
    await fitsTheWindow(page);
  });

  test('Ctrl+S saves an item form too, and the browser never gets the key (no "Save page" dialog)', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('item-ctrl-s'));
    await dismissChangelog(page);
    const id = idOf(
      await post(page, '/api/inventory/items', {
        sku: 'KAL-10',
        name: 'Kaljeno 10',
        kind: 'material',
        base_unit: 'm2',
        vat_rate: '25',
      }),
      'item',
    );
    await page.goto(`/inventory/items/${id}/edit`);
    const name = page.getByLabel('Naziv', { exact: true });
    await expect(name).toHaveValue('Kaljeno 10');
    // A listener after the app's own sees whether the key was taken from the browser.
    await page.evaluate(() => {
      window.addEventListener('keydown', (e) => {
        if (e.key === 's') (window as unknown as { __prevented: boolean }).__prevented = e.defaultPrevented;
      });
    });
    await name.fill('Kaljeno staklo 10 mm');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/inventory/items/${id}`) && r.request().method() !== 'GET',
    );
    await page.keyboard.press('Control+s');
    expect((await saved).ok()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __prevented: boolean }).__prevented)).toBe(true);
    const item = (await (await page.request.get(`/api/inventory/items/${id}`)).json()) as Json;
    expect((item.item ?? item).name).toBe('Kaljeno staklo 10 mm');
  });
});
