import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field
type Json = Record<string, any>;

async function call(page: Page, method: 'post' | 'put' | 'get', url: string, data?: unknown): Promise<Json> {
  const res = await page.request[method](url, { headers: { Origin: BASE_URL }, data: data as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Json;
}

/** A joinery making 4 window frames: cut (quality check required), then assemble; the order is planned. */
async function plannedOrder(page: Page) {
  const process = (code: string, name: string, qc: boolean) =>
    call(page, 'post', '/api/processes', {
      code,
      name,
      costPerHour: '30',
      setupMinutes: '0',
      minutesPerUnit: '10',
      dailyCapacityHours: '8',
      qualityCheckRequired: qc,
    });
  const cut = await process('REZ', 'Rezanje', true);
  const assemble = await process('SAS', 'Sastavljanje', false);
  const frame = await call(page, 'post', '/api/inventory/items', {
    sku: 'PROZOR-1',
    name: 'Prozorski okvir',
    kind: 'product',
    base_unit: 'kom',
    sales_price: '180',
  });
  // Planning takes the operations of products made from a bill of materials: one profile per frame.
  const profile = await call(page, 'post', '/api/inventory/items', {
    sku: 'PROFIL-1',
    name: 'Profil',
    kind: 'material',
    base_unit: 'kom',
    purchase_price: '10',
  });
  const bom = await call(page, 'post', `/api/products/${frame.id}/boms`, {
    variables: [],
    lines: [{ componentId: profile.id, quantity: '1', unit: 'kom', scrapPct: '0' }],
  });
  await call(page, 'post', `/api/products/${frame.id}/boms/${bom.id}/activate`);
  await call(page, 'put', `/api/products/${frame.id}/routing`, {
    steps: [{ processId: cut.id }, { processId: assemble.id }],
  });
  const mat = await call(page, 'post', '/api/inventory/locations', { code: 'MAT', name: 'Materijal' });
  const got = await call(page, 'post', '/api/inventory/locations', { code: 'GOT', name: 'Gotovo' });
  await call(page, 'post', '/api/inventory/receipts', {
    location_id: mat.id,
    lines: [{ item_id: profile.id, quantity: '10', unit_cost: '10' }],
  });
  const wo = await call(page, 'post', '/api/documents/work-orders', {
    source_location_id: mat.id,
    output_location_id: got.id,
    lines: [{ item_id: frame.id, quantity: '4' }],
  });
  return (await call(page, 'post', `/api/documents/work-orders/${wo.document.id}/plan`)).document as Json;
}

/** What a keyboard-wedge scanner sends: the code as a fast burst of keys, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('shop floor on a 10-inch tablet: start and finish by scanning, then by tapping; the order shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('shop-floor'));
  await dismissChangelog(page);
  const wo = await plannedOrder(page);
  const number = wo.number as string;

  await page.goto('/shop-floor');
  await expect(page.getByRole('heading', { name: 'Radionica' })).toBeVisible();
  const cutCard = page.getByTestId('floor-operation').filter({ hasText: `${number} · REZ` });
  await expect(cutCard.getByTestId('op-status')).toHaveText('Čeka');
  // Targets are at least 44 px for fingers.
  const startBox = await cutCard.getByRole('button', { name: 'Početak' }).boundingBox();
  expect(startBox?.height).toBeGreaterThanOrEqual(44);

  // Scan the work order's QR (its number): the planned order and its first operation start.
  await scan(page, number);
  await expect(page.getByTestId('scan-feedback')).toHaveText(`Pokrenuto: REZ · ${number}`);
  await expect(page.getByTestId('scan-feedback')).toHaveAttribute('data-tone', 'ok');
  // The same code again at once (within the guard's 2 s of the first read) is a double read:
  // ignored, with feedback. Nothing slow may sit between the two reads.
  await scan(page, number);
  await expect(page.getByTestId('scan-feedback')).toHaveText(
    `Isti kod ponovno pročitan: ${number} (zanemareno)`,
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cutCard.getByTestId('op-status')).toHaveText('Radi se');
  await expect(page.getByTestId('order-panel')).toContainText('Gotovo operacija: 0 od 2');
  await page.screenshot({ path: `${SCREENSHOTS}/shop-floor.png` });

  // After the guard, scanning the running operation's order asks for the quantity and the check.
  await page.waitForTimeout(2100);
  await scan(page, number);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Završetak: REZ Rezanje · ${number}`);
  await expect(dialog.getByLabel('Dobro')).toHaveValue('4');
  await expect(dialog.getByTestId('confirm-finish')).toBeDisabled(); // the check is required
  await page.keyboard.type('40'); // the good quantity has focus and is selected
  await dialog.getByRole('button', { name: 'Prošla', exact: true }).tap();
  await dialog.getByTestId('confirm-finish').tap();
  // More than the 4 ordered is named in the dialog and not sent: the operation still runs.
  await expect(dialog).toContainText(
    'Dobro i škart zajedno (40 kom) više su od otvorene količine operacije (4 kom).',
  );
  await expect(cutCard.getByTestId('op-status')).toHaveText('Radi se');
  await dialog.getByLabel('Dobro').fill('3');
  await dialog.getByLabel('Škart').fill('1');
  await dialog.getByTestId('confirm-finish').tap();
  await expect(page.getByTestId('scan-feedback')).toHaveText(`Gotovo: REZ · ${number} · dobrih 3`);

  // By tapping: the assembly centre, start, then done.
  await page.getByRole('button', { name: /^SAS · Sastavljanje/ }).tap();
  const asmCard = page.getByTestId('floor-operation').filter({ hasText: `${number} · SAS` });
  await asmCard.getByRole('button', { name: 'Početak' }).tap();
  await expect(asmCard.getByTestId('op-status')).toHaveText('Radi se');
  await asmCard.getByRole('button', { name: 'Gotovo' }).tap();
  await expect(dialog).toContainText('Završetak: SAS Sastavljanje');
  await dialog.getByTestId('confirm-finish').tap();
  await expect(page.getByTestId('scan-feedback')).toHaveText(`Gotovo: SAS · ${number} · dobrih 4`);
  await expect(page.getByTestId('order-panel')).toContainText('Gotovo operacija: 2 od 2');

  // The work order itself shows the progress: both operations done, the cut one checked.
  const detail = await call(page, 'get', `/api/documents/${wo.id}`);
  expect(detail.document.status).toBe('in_progress');
  expect(detail.operations.map((o: Json) => [o.code, o.status, o.last_check])).toEqual([
    ['REZ', 'done', 'pass'],
    ['SAS', 'done', null],
  ]);
  await page.goto(`/documents/work-orders/${wo.id}/edit`);
  for (const code of ['REZ', 'SAS'])
    await expect(page.getByTestId('operation-row').filter({ hasText: code })).toContainText('Gotovo');
});

test('two workers on one order: a tap on one tablet shows on the other and on the planner’s page at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('shop-floor-two'));
  await dismissChangelog(page);
  const wo = await plannedOrder(page);
  const number = wo.number as string;
  // A second tablet and the planner's desk, signed in to the same company.
  const state = await page.context().storageState();
  const second = await (await browser.newContext({ storageState: state, hasTouch: true })).newPage();
  const desk = await (await browser.newContext({ storageState: state })).newPage();
  await desk.goto(`/documents/work-orders/${wo.id}/edit`);
  const deskCut = desk.getByTestId('operation-row').filter({ hasText: 'REZ' });
  await expect(deskCut).toBeVisible();

  const cutCard = (p: Page) => p.getByTestId('floor-operation').filter({ hasText: `${number} · REZ` });
  for (const p of [page, second]) {
    await p.goto('/shop-floor');
    await expect(cutCard(p).getByTestId('op-status')).toHaveText('Čeka');
  }
  // Worker one starts the cutting; the server's answer is awaited before looking at the others.
  const started = page.waitForResponse((r) => r.url().includes('/start') && r.request().method() === 'POST');
  await cutCard(page).getByRole('button', { name: 'Početak' }).tap();
  expect((await started).status()).toBe(200);
  // The other tablet polls only every 30 s: within the assertion's 10 s only the live update shows it.
  await expect(cutCard(second).getByTestId('op-status')).toHaveText('Radi se');
  await expect(deskCut).toContainText('Radi se');

  // Worker two pauses it; worker one's tablet follows.
  const paused = second.waitForResponse((r) => r.url().includes('/pause') && r.request().method() === 'POST');
  await cutCard(second).getByRole('button', { name: 'Pauza' }).tap();
  expect((await paused).status()).toBe(200);
  await expect(cutCard(page).getByTestId('op-status')).toHaveText('Pauzirano');
  await expect(deskCut).toContainText('Pauza');
  await second.context().close();
  await desk.context().close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the chosen card stays in view with the order below it, and every target of the finish dialog is at least 44 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('shop-floor-phone'));
    await dismissChangelog(page);
    const first = await call(page, 'get', `/api/documents/${(await plannedOrder(page)).id}`);
    // A second order for the same frames, so the cutting centre lists two cards.
    const second = await call(page, 'post', '/api/documents/work-orders', {
      source_location_id: first.document.source_location_id,
      output_location_id: first.document.output_location_id,
      lines: [{ item_id: first.lines[0].item_id, quantity: '2' }],
    });
    const planned = (await call(page, 'post', `/api/documents/work-orders/${second.document.id}/plan`))
      .document as Json;
    await page.goto('/shop-floor');
    const card = page.getByTestId('floor-operation').filter({ hasText: `${planned.number} · REZ` });
    await expect(card.getByTestId('op-status')).toHaveText('Čeka');
    // Choosing the second card opens its order; the card and its Start stay where the finger is
    // (the list and the order were two scroll boxes of a third of the screen each: the list kept
    // its scroll position, so the chosen card went out of its box).
    await card.getByTestId('op-piece').tap();
    await expect(page.getByTestId('order-panel')).toContainText(planned.number);
    await expect(card.getByRole('button', { name: 'Početak' })).toBeInViewport();

    await card.getByRole('button', { name: 'Početak' }).tap();
    await expect(card.getByTestId('op-status')).toHaveText('Radi se');
    await card.getByRole('button', { name: 'Gotovo' }).tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Završetak: REZ Rezanje · ${planned.number}`);
    // Every target of the dialog meets the shop floor's 44 px (the × in its corner had 28).
    for (const target of await dialog.locator('button, input').all()) {
      const box = await target.boundingBox();
      expect(
        Math.min(box?.width ?? 0, box?.height ?? 0),
        await target.evaluate((e) => e.outerHTML),
      ).toBeGreaterThanOrEqual(44);
    }
    await dialog.getByRole('button', { name: 'Odustani' }).tap();
    await expect(dialog).toHaveCount(0);
  });
});

test('a viewer sees the shop floor and opens an order by scanning, but is offered no taps that would be refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, newAccount('shop-floor-owner'));
  await dismissChangelog(page);
  const wo = await plannedOrder(page);
  const number = wo.number as string;
  // A viewer joins the company (invitation accepted over the API; the app opens in that company).
  const viewerAccount = newAccount('shop-floor-viewer', 'Vid Pregled');
  const { link } = await call(page, 'post', '/api/team/invitations', {
    email: viewerAccount.email,
    role: 'viewer',
  });
  const context = await browser.newContext({
    locale: 'hr-HR',
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const viewer = await context.newPage();
  await signUpViaApi(viewer, { ...viewerAccount, password: 'lozinka-123' });
  const accepted = await viewer.request.post('/api/invitations/accept', {
    headers: { Origin: BASE_URL },
    data: { token: (link as string).split('#')[1] },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const companyId = ((await accepted.json()) as { company_id: string }).company_id;
  const me = await (await viewer.request.get('/api/auth/get-session')).json();
  await dismissChangelog(viewer);
  await viewer.goto('/favicon.svg');
  await viewer.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [`erp:company:${me.user.id}`, companyId],
  );

  await viewer.goto('/shop-floor');
  const cutCard = viewer.getByTestId('floor-operation').filter({ hasText: `${number} · REZ` });
  await expect(cutCard.getByTestId('op-status')).toHaveText('Čeka');
  await expect(viewer.getByTestId('scan-feedback')).toHaveText(
    'Vaša uloga ne može mijenjati operacije: skeniranjem i dodirom samo otvarate radni nalog.',
  );
  // No Start, Pause or Done: the server would refuse them (403) after the card had changed.
  await expect(
    viewer.getByTestId('shop-floor').getByRole('button', { name: /^(Početak|Pauza|Gotovo)$/ }),
  ).toHaveCount(0);
  // A scan of the order's QR opens it, and starts nothing.
  await scan(viewer, number);
  await expect(viewer.getByTestId('order-panel')).toContainText(number);
  await expect(viewer.getByTestId('scan-feedback')).toHaveText(`Otvoren radni nalog ${number}`);
  await expect(cutCard.getByTestId('op-status')).toHaveText('Čeka');
  const detail = await call(page, 'get', `/api/documents/${wo.id}`);
  expect(detail.document.status).toBe('planned');
  await context.close();
});
