import { BASE_URL, dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// A client deactivated after its delivery note was issued (partners are deactivated, never deleted)
// is still invoiced from the note's "Izradi račun". The form's buyer list holds active clients only,
// so it showed "—" while the invoice was made for that client; now the client is offered, marked
// inactive, and the invoice names it.
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
  const client = await postJson(page, '/api/clients', { name: 'Bivši Kupac d.o.o.' });
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
});
