import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = Record<string, any>;

async function call(page: Page, method: 'post' | 'get', url: string, data?: unknown): Promise<Json> {
  const res = await page.request[method](url, { headers: { Origin: BASE_URL }, data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Json;
}

/** What a keyboard-wedge scanner sends: the code as a fast burst of keys, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The item's stock per location code and lot, as the API reports it (quantities as numbers). */
async function balances(page: Page, itemId: string): Promise<Record<string, number>> {
  const detail = await call(page, 'get', `/api/inventory/items/${itemId}`);
  const out: Record<string, number> = {};
  for (const b of detail.balances as Json[])
    if (Number(b.quantity) !== 0) out[`${b.location_code}/${b.lot_number}`] = Number(b.quantity);
  return out;
}

// A 10-inch tablet held upright (a handheld's screen is the same layout, narrower).
test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

test('warehouse scanning: label PDF, receive a lot by wedge scans, move, issue, refusal, undo', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('warehouse-scan'));
  await dismissChangelog(page);
  const shelfA = await call(page, 'post', '/api/inventory/locations', { code: 'REG-A', name: 'Regal A' });
  await call(page, 'post', '/api/inventory/locations', { code: 'REG-B', name: 'Regal B' });
  const glass = await call(page, 'post', '/api/inventory/items', {
    sku: 'STAKLO-4',
    name: 'Float staklo 4 mm',
    kind: 'material',
    base_unit: 'kom',
    lot_tracked: true,
    purchase_price: '12',
  });

  // The location's label sheet, printed from its page: the PDF carries the code the scanner reads.
  await page.goto(`/inventory/locations/${shelfA.id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('print-labels-location').tap(),
  ]);
  const pdfBytes = await readFile((await download.path()) as string);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(pdfBytes)), { mergePages: true }))
    .text;
  expect(pdfText).toContain('REG-A');
  expect(pdfText).toContain('Regal A');

  // The shortcut G then B opens the screen; so does the button on the inventory page.
  await page.goto('/inventory/items');
  await expect(page.getByRole('link', { name: 'Skeniranje' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(`${BASE_URL}/inventory/scan`);
  await page.goto('/inventory/items');
  await page.getByRole('link', { name: 'Skeniranje' }).tap();
  await expect(page).toHaveURL(`${BASE_URL}/inventory/scan`);
  await expect(page.getByRole('heading', { name: 'Skeniranje skladišta' })).toBeVisible();
  const feedback = page.getByTestId('scan-feedback');
  const current = page.locator('[aria-current="step"]');
  await expect(page.getByRole('tab', { name: 'Prijem' })).toHaveAttribute('aria-selected', 'true');
  await expect(current).toContainText('Lokacija');
  // Targets for fingers: at least 44 px.
  for (const name of ['Prijem', 'Premještanje', 'Izdavanje'])
    expect((await page.getByRole('tab', { name }).boundingBox())?.height).toBeGreaterThanOrEqual(44);

  // Receive: an item first is refused (location first), then location, item, the lot number typed.
  await scan(page, 'STAKLO-4');
  await expect(feedback).toHaveText('Najprije skenirajte lokaciju');
  await expect(feedback).toHaveAttribute('data-tone', 'error');
  await scan(page, 'REG-A');
  await expect(feedback).toHaveText('Lokacija: REG-A · Regal A');
  await expect(feedback).toHaveAttribute('data-tone', 'ok');
  await expect(current).toContainText('Artikl ili lot');
  await scan(page, 'ITEM:STAKLO-4');
  await expect(feedback).toHaveText('Artikl: STAKLO-4 · Float staklo 4 mm — prati lotove, upišite broj lota');
  await expect(current).toContainText('Broj lota');
  const lotField = page.getByLabel('Broj lota');
  await expect(lotField).toBeFocused();
  await lotField.fill('DOB-77');
  await lotField.press('Enter');
  await expect(feedback).toHaveText('Lot: DOB-77');
  await expect(current).toContainText('Količina');
  const qty = page.getByLabel(/^Količina: STAKLO-4/);
  await expect(qty).toBeFocused();
  await qty.fill('20');
  await qty.press('Enter');
  await expect(feedback).toHaveText('Zaprimljeno 20 kom STAKLO-4 / DOB-77 na REG-A · Regal A');
  expect(await balances(page, glass.id)).toEqual({ 'REG-A/DOB-77': 20 });
  // The location stays for the next item.
  await expect(page.getByTestId('step-location')).toHaveText('REG-A · Regal A');
  await expect(current).toContainText('Artikl ili lot');

  // Move 8 of the lot (scanned by its label) from REG-A (kept) to REG-B.
  await page.getByRole('tab', { name: 'Premještanje' }).tap();
  await expect(page.getByTestId('step-location')).toHaveText('REG-A · Regal A');
  await scan(page, 'LOT:DOB-77');
  await expect(feedback).toHaveText('Lot DOB-77: STAKLO-4 · Float staklo 4 mm');
  await expect(page.getByTestId('scan-on-hand')).toHaveText('Na lokaciji REG-A · Regal A: 20 kom');
  await qty.fill('8');
  await qty.press('Enter');
  await expect(feedback).toHaveText('Sad skenirajte odredišnu lokaciju');
  await expect(current).toContainText('Na lokaciju');
  // Esc takes back the last step (the quantity), which is typed again.
  await page.keyboard.press('Escape');
  await expect(current).toContainText('Količina');
  await expect(feedback).toHaveText('Korak poništen');
  await qty.fill('8');
  await qty.press('Enter');
  await expect(current).toContainText('Na lokaciju');
  await scan(page, 'REG-A');
  await expect(feedback).toHaveText('Odredište je ista lokacija: skenirajte drugu');
  await scan(page, 'REG-B');
  await expect(feedback).toHaveText('Premješteno 8 kom STAKLO-4 / DOB-77: REG-A · Regal A → REG-B · Regal B');
  expect(await balances(page, glass.id)).toEqual({ 'REG-A/DOB-77': 12, 'REG-B/DOB-77': 8 });

  // Issue 3 from REG-B: scanning another location at the item step changes it.
  await page.getByRole('tab', { name: 'Izdavanje' }).tap();
  await scan(page, 'LOC:REG-B');
  await expect(feedback).toHaveText('Lokacija: REG-B · Regal B');
  await scan(page, 'STAKLO-4');
  await expect(feedback).toHaveText('Artikl: STAKLO-4 · Float staklo 4 mm');
  await qty.fill('3');
  await qty.press('Enter');
  await expect(feedback).toHaveText('Izdano 3 kom STAKLO-4 / DOB-77 s REG-B · Regal B');
  expect(await balances(page, glass.id)).toEqual({ 'REG-A/DOB-77': 12, 'REG-B/DOB-77': 5 });

  // More than REG-B has: refused by the server, in words, and nothing changes.
  await scan(page, 'LOT:DOB-77');
  await expect(feedback).toHaveText('Lot DOB-77: STAKLO-4 · Float staklo 4 mm');
  await qty.fill('6');
  await qty.press('Enter');
  await expect(feedback).toHaveText(
    'Nedovoljno zalihe: artikl STAKLO-4 (DOB-77) na lokaciji REG-B ima raspoloživo 5, traženo 6.',
  );
  await expect(feedback).toHaveAttribute('data-tone', 'error');
  expect(await balances(page, glass.id)).toEqual({ 'REG-A/DOB-77': 12, 'REG-B/DOB-77': 5 });
  await page.screenshot({ path: `${SCREENSHOTS}/warehouse-scan.png` });
  // No serious accessibility violation on the filled-in screen (WCAG A/AA rules, as e2e/a11y.spec.ts).
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // The session's postings, newest first; Undo reverses the issue.
  const postings = page.getByTestId('scan-posting');
  await expect(postings).toHaveCount(3);
  const issued = postings.filter({ hasText: 'Izdano 3 kom' });
  await issued.getByRole('button', { name: 'Poništi knjiženje' }).tap();
  await expect(issued).toContainText('stornirano');
  expect(await balances(page, glass.id)).toEqual({ 'REG-A/DOB-77': 12, 'REG-B/DOB-77': 8 });
});

test('a viewer can look up labels on the scanning screen but gets no posting controls', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('warehouse-owner', 'Vesna Vlasnik'));
  await dismissChangelog(page);
  await call(page, 'post', '/api/inventory/locations', { code: 'POL-1', name: 'Polica 1' });
  const named = await page.request.patch('/api/company', {
    headers: { Origin: BASE_URL },
    data: { company_name: 'Skladište Vid d.o.o.' },
  });
  expect(named.status()).toBe(200);
  const viewerAccount = newAccount('warehouse-viewer', 'Vlado Pregled');
  const { link } = await call(page, 'post', '/api/team/invitations', {
    email: viewerAccount.email,
    role: 'viewer',
  });

  const context = await browser.newContext({
    locale: 'hr-HR',
    viewport: { width: 800, height: 1280 },
    hasTouch: true,
  });
  const viewer = await context.newPage();
  await viewer.goto(link as string);
  await viewer.getByTestId('invite-name').fill(viewerAccount.name);
  await viewer.getByTestId('invite-password').fill('lozinka-123');
  await viewer.getByTestId('invite-confirm').fill('lozinka-123');
  await viewer.getByTestId('invite-submit-auth').click();
  await expect(viewer).toHaveURL(`${BASE_URL}/`);
  await expect(viewer.getByTestId('company-switcher-current')).toHaveText('Skladište Vid d.o.o.');
  await dismissChangelog(viewer);

  await viewer.goto('/inventory/scan');
  const feedback = viewer.getByTestId('scan-feedback');
  await expect(feedback).toHaveText(
    'Vaša uloga ne može knjižiti zalihu: skeniranjem samo provjeravate što je na naljepnici.',
  );
  await expect(viewer.getByRole('tab')).toHaveCount(0);
  await expect(viewer.getByTestId('scan-steps')).toHaveCount(0);
  await scan(viewer, 'POL-1');
  await expect(feedback).toHaveText('Lokacija: POL-1 · Polica 1');
  await context.close();
});
