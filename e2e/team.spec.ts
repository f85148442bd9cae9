import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { type Browser, expect, type Page, test } from './support/fixtures.ts';

const write = { Origin: BASE_URL };

/** An owner signed up through the API, with a named company, on the settings page. */
async function ownerWithCompany(page: Page, companyName: string) {
  const owner = newAccount('team-owner', 'Vesna Vlasnik');
  await signUpViaApi(page, owner);
  await dismissChangelog(page);
  const named = await page.request.patch('/api/company', {
    headers: write,
    data: { company_name: companyName },
  });
  expect(named.status()).toBe(200);
  const me = await (await page.request.get('/api/auth/get-session')).json();
  return { ...owner, id: me.user.id as string };
}

/** What a planner needs for a quote (a client and a sold item) and a location for the refused adjustment. */
async function seedCompany(page: Page) {
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { headers: write, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const client = await post('/api/clients', { name: 'Gradnja Horvat d.o.o.' });
  const item = await post('/api/inventory/items', {
    sku: 'PROZ-1',
    name: 'Prozorsko staklo',
    kind: 'product',
    base_unit: 'kom',
    sales_price: '40',
  });
  const location = await post('/api/inventory/locations', { code: 'SKL', name: 'Glavno skladište' });
  return { clientId: client.id, itemId: item.id, locationId: location.id };
}

/**
 * Links and buttons that create, edit, post or import, in the page's main area (by text for edit:
 * a quote's row link itself ends in /edit, since its detail is the editor).
 */
const ACTIONS =
  'a[href$="/new"], a[href$="/import"], a:text-matches("^Uredi"), [data-testid="save"], ' +
  'button:text-is("Pošalji"), button:text-is("Kopiraj"), button:text-is("Izdaj")';

/** Opens a page, waits until its data is shown, and counts the action controls in the main area. */
async function actionsOn(page: Page, path: string, loaded: string | RegExp): Promise<number> {
  await page.goto(path);
  // The controls render together with the data (the role is known before any page renders).
  await expect(page.getByRole('main')).toContainText(loaded);
  return page.getByRole('main').locator(ACTIONS).count();
}

/** The owner invites through the settings screen and reads the link shown to copy. */
async function inviteThroughSettings(page: Page, email: string, roleLabel: string): Promise<string> {
  await page.goto('/settings');
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-role').selectOption({ label: roleLabel });
  await page.getByTestId('invite-submit').click();
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveValue(/\/invite#[A-Za-z0-9_-]{43}$/);
  return link.inputValue();
}

/** A fresh browser profile opens the link, signs up with the invited address and joins. */
async function joinThroughLink(browser: Browser, link: string, name: string) {
  const context = await browser.newContext({ locale: 'hr-HR' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('invite-title')).toHaveText('Pozivnica u tvrtku Staklorez d.o.o.');
  await page.getByTestId('invite-name').fill(name);
  await page.getByTestId('invite-password').fill('lozinka-123');
  await page.getByTestId('invite-confirm').fill('lozinka-123');
  return { context, page };
}

/**
 * Set-up for the tests about what a member then sees (the invitation and join screens themselves are
 * the first test's subject): the owner invites over the API, a fresh browser profile signs up with
 * the invited address and accepts the link's token, and the app is told to open in the joined
 * company, as the join screen does (it remembers the choice per user on the device).
 */
async function joinOverApi(browser: Browser, owner: Page, role: string, name: string) {
  const email = newAccount(`team-${role}`).email;
  const invited = await owner.request.post('/api/team/invitations', {
    headers: write,
    data: { email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split('#')[1];
  const context = await browser.newContext({ locale: 'hr-HR' });
  const page = await context.newPage();
  await signUpViaApi(page, { name, email, password: 'lozinka-123' });
  const accepted = await page.request.post('/api/invitations/accept', { headers: write, data: { token } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const companyId = ((await accepted.json()) as { company_id: string }).company_id;
  const me = await (await page.request.get('/api/auth/get-session')).json();
  await dismissChangelog(page);
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [`erp:company:${me.user.id}`, companyId],
  );
  await page.goto('/');
  return { context, page, email };
}

test.describe('team', () => {
  // Two browsers and a dozen screens per test: more than the suite's default minute on a busy machine.
  test.describe.configure({ timeout: 150_000 });
  test('owner invites a planner; the planner joins, creates a quote and cannot post a stock adjustment', async ({
    page,
    browser,
  }) => {
    const owner = await ownerWithCompany(page, 'Staklorez d.o.o.');
    const seed = await seedCompany(page);
    const plannerEmail = newAccount('team-planner').email;
    const link = await inviteThroughSettings(page, plannerEmail, 'Planer');
    await expect(page.getByTestId('invitation-row').first()).toContainText(plannerEmail);
    await expect(page.getByTestId('invitation-status').first()).toHaveText('Čeka');
    await page.getByTestId('members-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/team-settings.png` });

    const { context, page: planner } = await joinThroughLink(browser, link, 'Petar Planer');
    await planner.screenshot({ path: `${SCREENSHOTS}/team-invite.png` });
    await planner.getByTestId('invite-submit-auth').click();
    await expect(planner).toHaveURL(`${BASE_URL}/`);
    await dismissChangelog(planner);

    // The app opened in the owner's company: the switcher says so and every request carries it.
    await expect(planner.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');
    await planner.goto('/settings');
    const rows = planner.getByTestId('member-row');
    await expect(rows).toHaveCount(2);
    await expect(planner.getByTestId('members-card')).toContainText('Vesna Vlasnik');
    await expect(planner.getByTestId('members-card')).toContainText('Planer');
    // A planner reads the company details but cannot change them, nor invite.
    await expect(planner.getByTestId('company-company_name')).toHaveValue('Staklorez d.o.o.');
    await expect(planner.getByTestId('company-company_name')).toBeDisabled();
    await expect(planner.getByTestId('company-save')).toHaveCount(0);
    await expect(planner.getByTestId('invitations-card')).toHaveCount(0);

    // A planner writes documents: a quote through the documents screens, in the owner's company.
    await planner.goto('/documents/quotes');
    await planner.getByRole('link', { name: 'Nova ponuda' }).click();
    await expect(planner.getByTestId('document-title')).toHaveText('Nova ponuda');
    await planner.getByLabel('Klijent', { exact: true }).selectOption({ label: 'Gradnja Horvat d.o.o.' });
    await planner.getByRole('combobox', { name: 'Artikl, redak 1' }).fill('PROZ');
    // The picker's first match is highlighted; Enter takes it (as a keyboard user would).
    await expect(planner.getByRole('option', { name: /PROZ-1/ })).toHaveAttribute('aria-selected', 'true');
    await planner.getByRole('combobox', { name: 'Artikl, redak 1' }).press('Enter');
    await planner.getByLabel('Količina, redak 1').fill('3');
    await planner.getByTestId('save').click();
    const year = new Date().getFullYear();
    await expect(planner.getByTestId('document-title')).toHaveText(`Ponuda P-${year}-0001`);

    // Stock adjustments are warehouse work: the screens do not offer them to a planner …
    await planner.goto('/inventory/items');
    await expect(planner.getByRole('link', { name: 'Artikli' })).toBeVisible();
    await expect(planner.getByRole('link', { name: 'Knjiženja' })).toHaveCount(0);
    await planner.goto('/inventory/operations?op=adjustment');
    await expect(planner.getByTestId('not-allowed')).toHaveText(
      'Vaša uloga u ovoj tvrtki ne dopušta ovu radnju.',
    );
    // … and the server refuses the call itself, with a complete body.
    const inCompany = { ...write, 'x-company-id': owner.id };
    const adjustment = await planner.request.post('/api/inventory/adjustments', {
      headers: inCompany,
      data: {
        location_id: seed.locationId,
        reason: 'correction',
        lines: [{ item_id: seed.itemId, quantity: '5', unit_cost: '1' }],
      },
    });
    expect(adjustment.status()).toBe(403);
    expect((await adjustment.json()).error.code).toBe('FORBIDDEN');
    const invite = await planner.request.post('/api/team/invitations', {
      headers: inCompany,
      data: { email: 'netko@example.hr', role: 'viewer' },
    });
    expect(invite.status()).toBe(403);
    const settings = await planner.request.patch('/api/company', {
      headers: inCompany,
      data: { company_name: 'Oteto' },
    });
    expect(settings.status()).toBe(403);

    // The owner sees the new member and the planner's quote in their company; stock did not move.
    await page.goto('/settings');
    await expect(page.getByTestId('member-row').filter({ hasText: plannerEmail })).toContainText(
      'Petar Planer',
    );
    const quotes = await (await page.request.get('/api/documents/quotes')).json();
    expect(JSON.stringify(quotes)).toContain(`P-${year}-0001`);
    const item = await (await page.request.get(`/api/inventory/items/${seed.itemId}`)).json();
    expect(Number(item.item.on_hand)).toBe(0);
    // The link is one-time.
    const reuse = await planner.request.post('/api/invitations/accept', {
      headers: write,
      data: { token: link.split('#')[1] },
    });
    expect(reuse.status()).toBe(409);
    await context.close();
  });

  test('suspension shows the blocked screen live; switching companies and removal follow at once', async ({
    page,
    browser,
  }) => {
    await ownerWithCompany(page, 'Staklorez d.o.o.');
    const { context, page: member, email } = await joinOverApi(browser, page, 'warehouse', 'Marta Skladište');
    await expect(member.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');

    // Switch to the member's own company and back: the members list follows the chosen company.
    await member.goto('/settings');
    await expect(member.getByTestId('member-row')).toHaveCount(2);
    await member.getByTestId('company-switcher').click();
    // A company without a name is listed under its founder's name.
    await member.getByTestId('company-option').filter({ hasText: 'Marta Skladište' }).click();
    await expect(member).toHaveURL(`${BASE_URL}/`);
    await member.goto('/settings');
    await expect(member.getByTestId('member-row')).toHaveCount(1);
    await expect(member.getByTestId('members-card')).not.toContainText('Vesna Vlasnik');
    await member.reload();
    await expect(member.getByTestId('company-switcher-current')).toHaveText('Marta Skladište');
    await member.getByTestId('company-switcher').click();
    await member.getByTestId('company-option').filter({ hasText: 'Staklorez d.o.o.' }).click();
    await expect(member.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');

    // The owner suspends the member: their open app shows the blocked screen without a reload.
    await page.goto('/settings');
    const row = page.getByTestId('member-row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Obustavi' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(row.getByTestId('member-status')).toHaveText('Obustavljen');
    await expect(member.getByTestId('suspended-screen')).toBeVisible();
    await expect(member.getByRole('heading', { level: 1 })).toHaveText('Račun privremeno nije dostupan');
    await member.screenshot({ path: `${SCREENSHOTS}/team-suspended.png` });

    // Reinstated: the app comes back; removed: the member lands in their own company.
    await row.getByRole('button', { name: 'Vrati pristup' }).click();
    await expect(member.getByTestId('suspended-screen')).toHaveCount(0);
    await expect(member.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');
    await row.getByRole('button', { name: 'Ukloni' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('member-row').filter({ hasText: email })).toHaveCount(0);
    await expect(member.getByText('Više nemate pristup toj tvrtki. Otvorena je vaša tvrtka.')).toBeVisible();
    await expect(member.getByTestId('company-switcher')).toHaveCount(0);
    await context.close();
  });

  test('a viewer sees the lists and details without any create, edit or post controls', async ({
    page,
    browser,
  }) => {
    await ownerWithCompany(page, 'Staklorez d.o.o.');
    const seed = await seedCompany(page);
    const quote = await page.request.post('/api/documents/quotes', {
      headers: write,
      data: { client_id: seed.clientId, lines: [{ item_id: seed.itemId, quantity: '2' }] },
    });
    expect(quote.status(), await quote.text()).toBe(201);
    const quoteId = (await quote.json()).document.id as string;
    const year = new Date().getFullYear();
    const screens: [string, string | RegExp][] = [
      ['/inventory/items', 'PROZ-1'],
      [`/inventory/items/${seed.itemId}`, 'Prozorsko staklo'],
      ['/documents/quotes', `P-${year}-0001`],
      [`/documents/quotes/${quoteId}/edit`, `Ponuda P-${year}-0001`],
      ['/clients', 'Gradnja Horvat d.o.o.'],
      [`/clients/${seed.clientId}`, 'Gradnja Horvat d.o.o.'],
      ['/documents/work-orders', 'Radni nalozi'],
      ['/delivery-notes', 'Otpremnice'],
      ['/suppliers/orders', 'Narudžbenice'],
      ['/processes', 'Procesi'],
      ['/products', 'Proizvodi'],
    ];
    // The owner's screens have their controls (so the count below can fail) …
    for (const [path, loaded] of screens) {
      expect(await actionsOn(page, path, loaded), `owner on ${path}`).toBeGreaterThan(0);
    }
    const { context, page: viewer } = await joinOverApi(browser, page, 'viewer', 'Vlado Pregled');
    await expect(viewer.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');
    // … and the viewer's have none.
    for (const [path, loaded] of screens) {
      expect(await actionsOn(viewer, path, loaded), `viewer on ${path}`).toBe(0);
    }
    await viewer.goto(`/documents/quotes/${quoteId}/edit`);
    // The lines are shown read-only: no item picker or quantity input to type into.
    await expect(viewer.getByTestId('document-title')).toHaveText(`Ponuda P-${year}-0001`);
    await expect(viewer.getByRole('combobox', { name: 'Artikl, redak 1' })).toHaveCount(0);
    await expect(viewer.getByRole('textbox', { name: 'Količina, redak 1' })).toHaveCount(0);
    await viewer.screenshot({ path: `${SCREENSHOTS}/team-viewer-quote.png` });
    await context.close();
  });

  // Issue 22: settings a role cannot save read as values, not as fields without a save button.
  for (const [role, name] of [
    ['warehouse', 'Stjepan Skladište'],
    ['viewer', 'Vlado Pregled'],
  ] as const) {
    test(`${role}: the company settings are read-only values, with no field to type into and no button`, async ({
      page,
      browser,
    }) => {
      await ownerWithCompany(page, 'Staklorez d.o.o.');
      // The owner's settings are editable (so the checks below can fail).
      await page.goto('/settings');
      await expect(page.getByRole('main')).toContainText('Krojenje');
      await expect(page.getByTestId('settings-read-only')).toHaveCount(0);
      await expect(page.getByLabel('Širina reza ploča (mm)').first()).toBeEditable();
      const { context, page: member } = await joinOverApi(browser, page, role, name);
      await expect(member.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');
      await member.goto('/settings');
      const group = member.getByTestId('settings-read-only');
      await expect(group.getByRole('note')).toContainText('Vaša uloga ih može samo pregledati');
      await expect(group).toContainText('Krojenje');
      // Values are shown, nothing in the group can be typed into, chosen or pressed.
      // The cards fill in as their settings arrive: wait for one field the owner could edit above.
      await expect(group.getByLabel('Širina reza ploča (mm)').first()).toBeVisible();
      const fields = group.locator('input:visible, select:visible, textarea:visible');
      expect(await fields.count()).toBeGreaterThan(0);
      for (const field of await fields.all()) await expect(field).toBeDisabled();
      await expect(group.locator('button:visible')).toHaveCount(0);
      // A field reads as text: no frame.
      const border = await fields.first().evaluate((el) => getComputedStyle(el).borderTopColor);
      expect(border).toBe('rgba(0, 0, 0, 0)');
      await member.screenshot({ path: `${SCREENSHOTS}/settings-read-only-${role}.png`, fullPage: true });
      await context.close();
    });
  }
});
