import { parseMime, type SmtpSink, startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import { BASE_URL, dismissChangelog, newAccount, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// "Pošalji" on an issued invoice (issue 22, deliverable 5): the dialog opens prefilled with the
// client's address and the invoice's subject, the message reaches a real SMTP server on localhost
// with the stored PDF and eRačun XML attached, and the sent log on the invoice shows it.

let sink: SmtpSink;
test.afterAll(async () => {
  await sink?.close();
});

test('an issued invoice is e-mailed from its page and the sent log shows it', async ({ page }) => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  await signUpViaApi(page, newAccount('document-mail'));
  await dismissChangelog(page);
  const call = async (method: 'post' | 'put' | 'patch', url: string, data: unknown) => {
    const res = await page.request[method](url, { headers: { Origin: BASE_URL }, data: data as object });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  await call('patch', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await call('put', '/api/einvoice/operator', { operator_mark: 'Ana', operator_oib: '12345678903' });
  await call('put', '/api/settings/mail', {
    host: '127.0.0.1',
    port: sink.port,
    security: 'none',
    from_address: 'ured@staklo-horvat.hr',
  });
  const item = await call('post', '/api/inventory/items', {
    sku: 'IZO',
    name: 'Izo staklo 4-16-4',
    kind: 'product',
    base_unit: 'kom',
    vat_rate: '25',
    kpd_code: '23.12.12',
    sales_price: '100',
  });
  const client = await call('post', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    email: 'nabava@gradnja-kovac.hr',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  const draft = await call('post', '/api/invoices', {
    client_id: client.id,
    lines: [{ item_id: (item.item ?? item).id, quantity: '2', unit_price: '100' }],
  });
  const issued = (await call('post', `/api/invoices/${draft.document.id}/issue`, {})).document;

  await page.goto(`/documents/invoices/${issued.id}`);
  await page.getByRole('button', { name: 'Pošalji', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Prima')).toHaveValue('nabava@gradnja-kovac.hr');
  await expect(dialog.getByLabel('Predmet')).toHaveValue(`Račun ${issued.number}`);
  await expect(dialog.getByTestId('mail-attachments')).toContainText(`Račun-${issued.number}.xml`);
  await dialog.getByLabel('Kopija (cc)').fill('racunovodstvo@gradnja-kovac.hr');
  await dialog.getByTestId('mail-send').click();
  await expect(dialog).toBeHidden();

  await expect.poll(() => sink.received.length).toBe(1);
  const received = sink.received[0];
  expect(received?.to.sort()).toEqual(['nabava@gradnja-kovac.hr', 'racunovodstvo@gradnja-kovac.hr']);
  const mail = parseMime(received?.data ?? '');
  expect(mail.subject).toBe(`Račun ${issued.number}`);
  // The attachments are the files the invoice serves (stored at issue), byte for byte.
  const pdf = await (await page.request.get(`/api/documents/${issued.id}/pdf`)).body();
  const xml = await (await page.request.get(`/api/invoices/${issued.id}/ubl`)).body();
  expect(mail.attachments.map((a) => a.filename)).toEqual([
    `Račun-${issued.number}.pdf`,
    `Račun-${issued.number}.xml`,
  ]);
  expect(mail.attachments[0]?.content.equals(pdf)).toBe(true);
  expect(mail.attachments[1]?.content.equals(xml)).toBe(true);

  const log = page.getByTestId('mail-log');
  await expect(log).toContainText('nabava@gradnja-kovac.hr');
  await expect(log).toContainText('Poslano');
  await expect(log).toContainText(mail.headers.get('message-id') ?? 'missing');
});
