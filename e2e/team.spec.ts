import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';

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

test.describe('team', () => {
  test('owner invites a planner; the planner joins, writes what a planner may and is refused the rest', async ({
    page,
    browser,
  }) => {
    const owner = await ownerWithCompany(page, 'Staklorez d.o.o.');
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

    // Quotes are not built yet: the planner's permitted write here is a production process
    // (documents and production are planner work); a stock adjustment (warehouse work) is refused.
    const inCompany = { ...write, 'x-company-id': owner.id };
    const process = await planner.request.post('/api/processes', {
      headers: inCompany,
      data: {
        code: 'REZ',
        name: 'Rezanje stakla',
        costPerHour: '32.50',
        setupMinutes: '10',
        minutesPerUnit: '2',
        dailyCapacityHours: '8',
      },
    });
    expect(process.status(), await process.text()).toBe(201);
    const adjustment = await planner.request.post('/api/inventory/adjustments', {
      headers: inCompany,
      data: {},
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

    // The owner sees the new member and the process the planner created in their company.
    await page.goto('/settings');
    await expect(page.getByTestId('member-row').filter({ hasText: plannerEmail })).toContainText(
      'Petar Planer',
    );
    const processes = await (await page.request.get('/api/processes')).json();
    expect(JSON.stringify(processes)).toContain('Rezanje stakla');
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
    const email = newAccount('team-wh').email;
    const link = await inviteThroughSettings(page, email, 'Skladištar');
    const { context, page: member } = await joinThroughLink(browser, link, 'Marta Skladište');
    await member.getByTestId('invite-submit-auth').click();
    await expect(member.getByTestId('company-switcher-current')).toHaveText('Staklorez d.o.o.');
    await dismissChangelog(member);

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
});
