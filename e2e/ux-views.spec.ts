import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BASE_URL, dismissChangelog, SCREENSHOTS, uniqueEmail } from './support/app.ts';
import { apiPost, createQuote, signUpWithId } from './support/ux.ts';

test.describe('saved views and bulk actions', () => {
  test('a shared saved view survives reload and is seen by a second member of the company', async ({
    page,
    browser,
  }) => {
    const ownerId = await signUpWithId(page, 'Vlasta Vlasnik', uniqueEmail('ux-views-owner'));
    await dismissChangelog(page);
    const client = await apiPost(page, '/api/clients', { name: 'Pogled Staklo d.o.o.' });
    const sent = await createQuote(page, client.id);
    await createQuote(page, client.id);
    await apiPost(page, `/api/documents/quotes/${sent}/send`, {});

    await page.goto('/documents/quotes?status=sent');
    await expect(page.getByTestId('document-row')).toHaveCount(1);
    await expect(page.getByTestId('filters-active')).toContainText('Aktivan 1 filtar');
    await page.getByTestId('views-menu').click();
    await page.getByTestId('view-save').click();
    await page.getByLabel('Naziv pogleda').fill('Poslane ponude');
    await page.getByLabel('Podijeli sa svima u tvrtki').check();
    await page.getByRole('button', { name: 'Spremi', exact: true }).click();
    await expect(page.getByTestId('views-menu')).toHaveText('Pogled: Poslane ponude');

    await page.reload();
    await expect(page.getByTestId('views-menu')).toHaveText('Pogled: Poslane ponude');
    await expect(page.getByTestId('document-row')).toHaveCount(1);
    await page.getByTestId('views-menu').click();
    await expect(page.getByTestId('view-item')).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOTS}/saved-views.png` });
    await page.keyboard.press('Escape');
    // Clear all: every filter goes, the view no longer matches.
    await page.getByRole('button', { name: 'Očisti sve' }).click();
    await expect(page.getByTestId('document-row')).toHaveCount(2);
    await expect(page.getByTestId('filters-active')).toBeHidden();
    await expect(page.getByTestId('views-menu')).toHaveText('Pogledi');
    await page.getByTestId('views-menu').click();
    await expect(page.getByTestId('view-item')).toHaveText([/^Poslane ponude\s*Dijeljeno$/]);
    await page.keyboard.press('Escape');

    // A second member of the same company (invited as planner) sees the shared view and applies it.
    const email = uniqueEmail('ux-views-member');
    const invited = await apiPost<{ link: string }>(page, '/api/team/invitations', {
      email,
      role: 'planner',
    });
    const context = await browser.newContext({ locale: 'hr-HR', baseURL: BASE_URL });
    const member = await context.newPage();
    const memberId = await signUpWithId(member, 'Marko Član', email);
    await apiPost(member, '/api/invitations/accept', { token: invited.link.split('#')[1] });
    await dismissChangelog(member);
    // Act in the owner's company (the company switcher remembers the choice per user like this).
    await member.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      `erp:company:${memberId}`,
      ownerId,
    ] as const);
    await member.goto('/documents/quotes');
    await expect(member.getByTestId('document-row')).toHaveCount(2);
    await member.getByTestId('views-menu').click();
    await expect(member.getByTestId('view-item')).toHaveText([/^Poslane ponude\s*Vlasta Vlasnik$/]);
    await member.getByTestId('view-item').click();
    await expect(member).toHaveURL(/status=sent/);
    await expect(member.getByTestId('document-row')).toHaveCount(1);
    await expect(member.getByTestId('views-menu')).toHaveText('Pogled: Poslane ponude');
    await context.close();
  });

  test('bulk: the selected count, an explicit "select all matching" and CSV of all matching rows', async ({
    page,
  }) => {
    await signUpWithId(page, 'Skupna Radnja', uniqueEmail('ux-bulk'));
    await dismissChangelog(page);
    for (let i = 0; i < 53; i++)
      await apiPost(page, '/api/clients', { name: `Klijent ${String(i).padStart(2, '0')}` });

    await page.goto('/clients');
    await expect(page.getByRole('status').filter({ hasText: '53' })).toBeVisible();
    await page.getByLabel('Odaberi Klijent 00').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('Odabran 1 redak');
    await page.getByLabel('Odaberi sve na stranici').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('Odabrano 50 redaka');
    await page.getByTestId('select-all-matching').click();
    await expect(page.getByTestId('bulk-count')).toHaveText(
      // 53 takes the "few" form in Croatian.
      'Odabrana su sva 53 zapisa koja odgovaraju filtru',
    );
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-csv').click();
    const file = readFileSync(await (await download).path(), 'utf8');
    const lines = file.replace(/^\ufeff/, '').split('\r\n');
    // The CSV has the visible columns, separated by ";" as Croatian Excel expects.
    expect(lines[0]).toBe('Naziv;OIB;Grad;Email;Telefon;Rok plaćanja (dana)');
    expect(lines).toHaveLength(54);
    expect(lines).toContain('Klijent 52;;;;;15');

    // A filter change drops the selection, so it never covers rows no longer shown.
    await page.getByRole('searchbox').fill('Klijent 1');
    await expect(page.getByTestId('bulk-bar')).toBeHidden();

    // Columns: hide one on a non-document list, save that as a view; it survives reload and applies.
    const header = page.getByRole('columnheader');
    await expect(header.filter({ hasText: 'Telefon' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Stupci' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Telefon' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/cols=/);
    await expect(header.filter({ hasText: 'Telefon' })).toHaveCount(0);
    await expect(header.filter({ hasText: 'OIB' })).toHaveCount(1);
    await page.getByTestId('views-menu').click();
    await page.getByTestId('view-save').click();
    await page.getByLabel('Naziv pogleda').fill('Bez telefona');
    await page.getByRole('button', { name: 'Spremi', exact: true }).click();
    await expect(page.getByTestId('views-menu')).toHaveText('Pogled: Bez telefona');
    await page.goto('/clients');
    await expect(header.filter({ hasText: 'Telefon' })).toHaveCount(1);
    await page.getByTestId('views-menu').click();
    await page.getByTestId('view-item').filter({ hasText: 'Bez telefona' }).click();
    await expect(header.filter({ hasText: 'Telefon' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('views-menu')).toHaveText('Pogled: Bez telefona');
    await expect(header.filter({ hasText: 'Naziv' })).toHaveCount(1);
    await expect(header.filter({ hasText: 'Telefon' })).toHaveCount(0);
  });
});
