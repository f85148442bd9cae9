import { BASE_URL, dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

// A client deactivated after its delivery note was issued (partners are deactivated, never deleted)
// is still invoiced from the note's "Izradi račun". The form's buyer list holds active clients only,
// so it showed "—" while the invoice was made for that client; now the client is offered, marked
// inactive, and the invoice names it. Its default discount still applies to a line typed on the
// draft, on screen as on the server (the editor used to take it from the active clients' list).
/** A new account with a finished-goods location and a fitting service (no stock moves), signed in. */
async function shopWithFitting(page: Page, tag: string) {
  await signUpViaApi(page, newAccount(tag));
  await dismissChangelog(page);
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
  return { location, montage };
}

/** Deactivates a client (partners are deactivated, never deleted). */
async function deactivate(page: Page, clientId: string) {
  const res = await page.request.patch(`/api/clients/${clientId}`, {
    headers: { Origin: BASE_URL },
    data: { active: false },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test('a delivery note of a client deactivated since is invoiced from the note', async ({ page }) => {
  const { location, montage } = await shopWithFitting(page, 'inactive-client');
  const client = await postJson(page, '/api/clients', { name: 'Bivši Kupac d.o.o.', default_discount: '10' });
  const note = await postJson(page, '/api/delivery-notes', {
    client_id: client.id,
    source_location_id: location.id,
    lines: [{ item_id: montage.id, quantity: '2' }],
  });
  await postJson(page, `/api/delivery-notes/${note.document.id}/issue`);
  await deactivate(page, client.id);

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

// The same gap on the new delivery note: made from a completed work order whose client has been
// deactivated since, its client select showed "—" while the note was saved for that client. The
// client is now offered, marked inactive, and the saved note is that client's.
test('a delivery note from the work order of a client deactivated since names that client', async ({
  page,
}) => {
  const { location, montage } = await shopWithFitting(page, 'inactive-client-dn');
  const client = await postJson(page, '/api/clients', { name: 'Bivši Kupac d.o.o.' });
  const order = await postJson(page, '/api/documents/work-orders', {
    client_id: client.id,
    output_location_id: location.id,
    lines: [{ item_id: montage.id, quantity: '2' }],
  });
  for (const step of ['plan', 'start', 'complete'])
    await postJson(page, `/api/documents/work-orders/${order.document.id}/${step}`);
  await deactivate(page, client.id);

  await page.goto(`/delivery-notes/new?work_order_id=${order.document.id}`);
  await expect(page.locator('#dn-client option:checked')).toHaveText('Bivši Kupac d.o.o. (neaktivan)');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/delivery-notes\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) as string;
  const note = (await (await page.request.get(`/api/documents/${id}`)).json()).document;
  expect(note.client_id).toBe(client.id);
});
