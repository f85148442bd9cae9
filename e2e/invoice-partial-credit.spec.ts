import { BASE_URL, dismissChangelog, newAccount, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

// "Izdaj odobrenje" on an issued invoice opens a dialog of its lines with what is still creditable;
// the user credits part of a line (1 of 2 panes returned) and nothing of another. The server stores
// a credit note of that one line, tied to the invoice line; a second credit of more than is left is
// refused with the server's translated message, naming the dialog's row, and stores nothing.

async function call(page: Page, method: 'post' | 'put' | 'patch', url: string, data: unknown = {}) {
  const res = await page.request[method](url, { headers: { Origin: BASE_URL }, data: data as object });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

const get = async (page: Page, url: string) => (await page.request.get(url)).json();

test('part of an invoice line is credited from the invoice page', async ({ page }) => {
  await signUpViaApi(page, newAccount('partial-credit'));
  await dismissChangelog(page);
  await call(page, 'patch', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await call(page, 'put', '/api/einvoice/operator', { operator_mark: 'Ana', operator_oib: '12345678903' });
  const pane = await call(page, 'post', '/api/inventory/items', {
    sku: 'IZO',
    name: 'Izo staklo 4-16-4',
    kind: 'service',
    base_unit: 'kom',
    vat_rate: '25',
    kpd_code: '23.12.12',
    sales_price: '100',
  });
  const fitting = await call(page, 'post', '/api/inventory/items', {
    sku: 'MONT',
    name: 'Montaža',
    kind: 'service',
    base_unit: 'h',
    vat_rate: '25',
    kpd_code: '43.34.10',
    sales_price: '40',
  });
  const client = await call(page, 'post', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  const draft = await call(page, 'post', '/api/invoices', {
    client_id: client.id,
    lines: [
      { item_id: (pane.item ?? pane).id, quantity: '2', unit_price: '100' },
      { item_id: (fitting.item ?? fitting).id, quantity: '3', unit_price: '40' },
    ],
  });
  const invoice = await call(page, 'post', `/api/invoices/${draft.document.id}/issue`);
  const [paneLine, fittingLine] = invoice.lines.map((l: { id: string }) => l.id);

  await page.goto(`/documents/invoices/${invoice.document.id}`);
  await page.getByTestId('credit-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('credit-left-1')).toHaveText('2 kom');
  await expect(dialog.getByTestId('credit-left-2')).toHaveText('3 h');
  await dialog.getByLabel('Količina za odobrenje, redak 1').fill('1');
  await dialog.getByLabel('Količina za odobrenje, redak 2').fill('0');
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/credit-notes') && r.request().method() === 'POST',
  );
  await dialog.getByTestId('credit-issue').click();
  expect((await answer).status()).toBe(201);
  await expect(page).not.toHaveURL(new RegExp(invoice.document.id));
  const creditId = page.url().split('/').at(-1) as string;

  // What the server stored: one line, 1 × 100,00 of the pane line; 125,00 with VAT credited.
  const credit = await get(page, `/api/documents/${creditId}`);
  expect(credit.document.kind).toBe('credit_note');
  expect(
    credit.lines.map((l: Record<string, string>) => [l.source_line_id, l.quantity, l.unit_price]),
  ).toEqual([[paneLine, '1', '100']]);
  const after = await get(page, `/api/documents/${invoice.document.id}`);
  expect(after.document.credited_total).toBe('125.00');
  expect(after.creditable).toEqual([
    { line_id: paneLine, quantity: '1' },
    { line_id: fittingLine, quantity: '3' },
  ]);

  // Crediting 2 of the 1 pane left is refused with the server's message; nothing more is stored.
  await page.goto(`/documents/invoices/${invoice.document.id}`);
  await page.getByTestId('credit-open').click();
  await expect(dialog.getByTestId('credit-left-1')).toHaveText('1 kom');
  await dialog.getByLabel('Količina za odobrenje, redak 1').fill('2');
  await dialog.getByLabel('Količina za odobrenje, redak 2').fill('');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/credit-notes') && r.request().method() === 'POST',
  );
  await dialog.getByTestId('credit-issue').click();
  expect((await refused).status()).toBe(400);
  await expect(dialog.getByText('Stavka 1: preostalo za odobrenje 1, traženo 2')).toBeVisible();
  // A price above the invoice's is refused too (validation.creditPriceAbove), row 2 named as shown.
  await dialog.getByLabel('Količina za odobrenje, redak 1').fill('');
  await dialog.getByLabel('Količina za odobrenje, redak 2').fill('1');
  await dialog.getByLabel('Cijena odobrenja, redak 2').fill('45,00');
  const priced = page.waitForResponse(
    (r) => r.url().endsWith('/credit-notes') && r.request().method() === 'POST',
  );
  await dialog.getByTestId('credit-issue').click();
  expect((await priced).status()).toBe(400);
  await expect(dialog.getByText('Stavka 2: cijena odobrenja veća je od cijene na računu')).toBeVisible();
  const unchanged = await get(page, `/api/documents/${invoice.document.id}`);
  expect(unchanged.document.credited_total).toBe('125.00');
  expect(unchanged.links.filter((l: { relation: string }) => l.relation === 'credited')).toHaveLength(1);
});

// Crediting the whole of an invoice paid in part (102,00 of 225,00) showed "Plaćen" with
// outstanding -102,00 and nowhere to record the money paid back. The invoice now reads "Za povrat"
// with 102,00 owed back to the client; recording that refund stores a payment of -102.00 and the
// invoice is paid with nothing left either way.
test('a refund owed after crediting a partly paid invoice is shown and recorded', async ({ page }) => {
  await signUpViaApi(page, newAccount('refund-owed'));
  await dismissChangelog(page);
  await call(page, 'patch', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await call(page, 'put', '/api/einvoice/operator', { operator_mark: 'Ana', operator_oib: '12345678903' });
  const client = await call(page, 'post', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  // 2 × 90,00 net + 25 % VAT = 225,00.
  const draft = await call(page, 'post', '/api/invoices', {
    client_id: client.id,
    lines: [{ description: 'Kaljeno staklo 8 mm', quantity: '2', unit_price: '90', kpd_code: '23.12.12' }],
  });
  const invoice = await call(page, 'post', `/api/invoices/${draft.document.id}/issue`);
  const id = invoice.document.id as string;
  await call(page, 'post', `/api/invoices/${id}/payments`, {
    paid_on: invoice.document.doc_date,
    amount: '102',
  });
  await call(page, 'post', `/api/invoices/${id}/credit-notes`);

  await page.goto(`/documents/invoices/${id}`);
  await expect(page.getByText('Za povrat', { exact: true })).toBeVisible();
  await expect(page.getByTestId('refund-owed')).toHaveText('102,00 €');
  await page.getByLabel('Iznos povrata').fill('102,00');
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/invoices/${id}/refunds`));
  await page.getByTestId('refund-add').click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId('outstanding')).toHaveText('0,00 €');
  await expect(page.getByText('Plaćen', { exact: true })).toBeVisible();

  const stored = await get(page, `/api/documents/${id}`);
  expect(stored.payments.map((p: { amount: string }) => p.amount)).toEqual(['102.00', '-102.00']);
  expect([stored.document.outstanding, stored.document.payment_status]).toEqual(['0.00', 'paid']);
});
