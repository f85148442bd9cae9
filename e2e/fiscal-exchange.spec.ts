import {
  type PoreznaStandIn,
  startPoreznaStandIn,
} from '../apps/server/src/modules/fiscal-exchange/testing/porezna-stand-in.ts';
import { makeTestCertificate } from '../apps/server/src/security/test-certificates.ts';
import { BASE_URL, dismissChangelog, newAccount, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// Fiskalizacija 2.0 in the browser: an issued B2B invoice is fiscalised (EvidentirajERacun reaches a
// stand-in of Porezna's service that checks it against the XSD and the signature), sent through
// the company's intermediary (the demo stand-in) and delivered, then paid on its page, and the
// payment report (EvidentirajNaplatu) goes out with the amount typed in.

const SELLER_OIB = '94577403194';
let porezna: PoreznaStandIn;

test.afterAll(async () => {
  await porezna?.close();
});

test('an issued invoice is fiscalised, sent, delivered and paid, and the payment report goes out', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpViaApi(page, newAccount('fiscal-exchange'));
  await dismissChangelog(page);
  const call = async (method: 'post' | 'put' | 'patch', url: string, data: unknown) => {
    const res = await page.request[method](url, { headers: { Origin: BASE_URL }, data: data as object });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  await call('patch', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: SELLER_OIB,
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await call('put', '/api/einvoice/operator', { operator_mark: 'Ana', operator_oib: '12345678903' });
  const cert = makeTestCertificate({ oib: SELLER_OIB });
  await call('post', '/api/fiscal/certificate', {
    p12_base64: cert.p12.toString('base64'),
    password: cert.password,
  });
  porezna = await startPoreznaStandIn({ trustedCertificatePem: cert.certPem });
  await call('put', '/api/fiscal-exchange/settings', {
    enabled: true,
    porezna_url: porezna.url,
    intermediary_kind: 'demo',
    intermediary_url: null,
    intermediary_username: null,
    auto_send: false,
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
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  const draft = await call('post', '/api/invoices', {
    client_id: client.id,
    lines: [{ item_id: (item.item ?? item).id, quantity: '2', unit_price: '100' }],
  });
  const issued = await call('post', `/api/invoices/${draft.document.id}/issue`, {});

  await page.goto(`/documents/invoices/${issued.document.id}`);
  const panel = page.getByTestId('fiscal-exchange');
  const eracun = panel.getByTestId('fiscal-message-eracun_issued');
  await expect(eracun).toContainText('Fiskalizacija izdanog eRačuna');
  await expect(eracun.getByTestId('fiscal-message-state')).toHaveText('Zaprimljeno', { timeout: 60_000 });

  await panel.getByRole('button', { name: 'Pošalji eRačun' }).click();
  await expect(panel.getByTestId('delivery-state')).toHaveText('Dostavljen primatelju', { timeout: 60_000 });

  await page.getByLabel('Iznos').fill('250');
  await page.getByRole('button', { name: 'Zabilježi uplatu' }).click();
  const payment = panel.getByTestId('fiscal-message-payment');
  await expect(payment).toBeVisible();
  await expect(payment.getByTestId('fiscal-message-state')).toHaveText('Zaprimljeno', { timeout: 60_000 });

  const reports = [...porezna.recorded.values()];
  expect(reports.map((r) => r.operation).sort()).toEqual([
    'EvidentirajERacunZahtjev',
    'EvidentirajNaplatuZahtjev',
  ]);
  expect(reports.every((r) => r.valid)).toBe(true);
  expect(reports.find((r) => r.operation === 'EvidentirajNaplatuZahtjev')?.body).toContain(
    '<eiz:naplaceniIznos>250.00</eiz:naplaceniIznos>',
  );
});
