import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { validateEInvoices } from '../einvoice/validators.ts';
import { receiveUbl } from './purchase-invoices.service.ts';
import { SELLER_OIB, supplierInvoice } from './test-invoices.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read field by field
type Json = Record<string, any>;

// A payment of a supplier's invoice is money that has left: dated today at the latest, as a
// payment of an issued invoice is (validation.paymentInFuture). A payment dated next week was
// taken and the invoice showed as paid at once.

let t: TestApp;
let user: SignedIn;
let invoiceId: string;
const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : null };
};

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Plaćanja');
  expect((await call('PATCH', '/api/tenants/me', { tax_number: '11111111119' })).status).toBe(200);
  expect((await call('POST', '/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: SELLER_OIB })).status).toBe(
    201,
  );
  // 4 × 25.00 = 100.00 + 25 % = 125.00
  const { xml } = supplierInvoice({
    number: '201-P1-1',
    issueDate: '2026-03-06',
    lines: [{ name: 'Staklo', quantity: '4', unitCode: 'H87', price: '25.00' }],
  });
  const [report] = await validateEInvoices({ invoice: xml });
  expect(report?.failures).toEqual([]);
  const r = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
    receiveUbl(tx, user.id, xml, { kind: 'upload', userId: user.id }, { failures: [] }),
  );
  invoiceId = r.id;
  expect((await call('POST', `/api/purchase-invoices/${invoiceId}/approve`)).status).toBe(200);
}, 300_000);
afterAll(async () => t?.close());

const day = (offset: number) => {
  const d = new Date(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date())}T00:00:00Z`,
  );
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe('purchase invoice payments', () => {
  it('refuses a payment dated after today in Zagreb and changes nothing', async () => {
    const future = await call('POST', `/api/purchase-invoices/${invoiceId}/payments`, {
      paid_on: day(1),
      amount: '125.00',
      note: null,
    });
    expect(future.status).toBe(400);
    expect(future.body?.error.details).toEqual([{ field: 'paid_on', key: 'validation.paymentInFuture' }]);
    const unchanged = (await call('GET', `/api/purchase-invoices/${invoiceId}`)).body as Json;
    expect(unchanged).toMatchObject({ paid_total: '0.00', open: '125.00', payments: [] });

    const today = await call('POST', `/api/purchase-invoices/${invoiceId}/payments`, {
      paid_on: day(0),
      amount: '125.00',
      note: null,
    });
    expect(today.status).toBeLessThan(300);
    const paid = (await call('GET', `/api/purchase-invoices/${invoiceId}`)).body as Json;
    expect(paid).toMatchObject({ paid_total: '125.00', open: '0.00' });
  });
});
