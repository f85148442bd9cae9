import { BASE_URL, dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// A client deactivated after its delivery note was issued (partners are deactivated, never deleted)
// is still invoiced from the note's "Izradi račun". The form's buyer list holds active clients only,
// so it showed "—" while the invoice was made for that client; now the client is offered, marked
// inactive, and the invoice names it. Its default discount still applies to a line typed on the
// draft, on screen as on the server (the editor used to take it from the active clients' list).
test('a delivery note of a client deactivated since is invoiced from the note', async ({ page }) => {
  await signUpViaApi(page, newAccount('inactive-client'));
  await dismissChangelog(page);
  const patch = async (url: string, data: unknown) => {
    const res = await page.request.patch(url, { headers: { Origin: BASE_URL }, data: data as object });
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  const location = await postJson(page, '/api/inventory/locations', {
    code: 'GOT',
    name: 'Gotovi',
    type: 'storage',
  });
  const montage = await postJson(page, '/api/inventory/items', {
    sku: 'MONT',
    name: 'Montaža',
    kind: 'service',
    base_unit: 'h',
    sales_price: '40',
    vat_rate: '25',
  });
  const client = await postJson(page, '/api/clients', { name: 'Bivši Kupac d.o.o.', default_discount: '10' });
  const note = await postJson(page, '/api/delivery-notes', {
    client_id: client.id,
    source_location_id: location.id,
    lines: [{ item_id: montage.id, quantity: '2' }],
  });
  await postJson(page, `/api/delivery-notes/${note.document.id}/issue`);
  await patch(`/api/clients/${client.id}`, { active: false });

  await page.goto(`/delivery-notes/${note.document.id}`);
  await page.getByRole('link', { name: 'Izradi račun' }).click();
  await expect(page).toHaveURL(/\/documents\/invoices\/new\?/);
  await expect(page.locator('#inv-client option:checked')).toHaveText('Bivši Kupac d.o.o. (neaktivan)');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/documents\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Bivši Kupac d.o.o.')).toBeVisible();

  // A line typed on the draft takes the inactive client's 10 % on screen, as the server prices it.
  // By hand: the note's 2 h × 40,00 less 10 % = 72,00; the typed 1 h × 40,00 less 10 % = 36,00.
  await expect(page.getByTestId('total-net')).toContainText('72,00');
  await page.getByRole('button', { name: 'Dodaj stavku' }).click();
  await page.getByLabel('Artikl, redak 2', { exact: true }).fill('MONT');
  await page.getByRole('option', { name: /^MONT / }).click();
  await page.getByLabel('Količina, redak 2', { exact: true }).fill('1');
  await expect(page.getByTestId('total-net')).toContainText('108,00');
  await page.getByTestId('save').click();
  const id = page.url().split('/').at(-1) as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/documents/${id}`)).json()).document.net_total)
    .toBe('108.00');
  await expect(page.getByTestId('total-net')).toContainText('108,00');
});
