import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { validateEInvoices } from '../einvoice/validators.ts';
import { backdateOrder } from '../purchasing/test-dates.ts';
import { receiveUbl } from './purchase-invoices.service.ts';
import { SELLER_OIB, supplierInvoice } from './test-invoices.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read field by field
type Json = Record<string, any>;

// A supplier invoices each delivery of one order separately. 10 sheets of glass (1 plo = 7.2225 m²)
// and 20 m of spacer are ordered; 4 sheets and the spacer arrive first (invoice 1), 3 sheets later
// (invoice 2). Each invoice is matched with what is left to bill: received less the order's other
// invoices. Before, invoice 2 was compared with all 7 sheets received (3 instead of 7, -4) and the
// spacer it does not bill was listed as not invoiced, although invoice 1 billed it; and the second
// delivery billed twice (invoice 3) looked no different from invoice 2.

let t: TestApp;
let user: SignedIn;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : null };
};
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
  const r = await call(method, url, payload);
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Json;
};

let order: Json;
const invoices: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Računi po isporuci');
  // We are the buyer of Porezna's examples (Tvrtka B d.o.o., OIB 11111111119).
  await ok('PATCH', '/api/tenants/me', { company_name: 'Tvrtka B d.o.o.', tax_number: '11111111119' });
  const supplier = await ok('POST', '/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: SELLER_OIB });
  const first = await ok('POST', '/api/inventory/locations', { code: 'SK1', name: 'Skladište 1' });
  const second = await ok('POST', '/api/inventory/locations', { code: 'SK2', name: 'Skladište 2' });
  const glass = await ok('POST', '/api/inventory/items', {
    sku: 'FLOAT-4',
    name: 'Float staklo 4 mm',
    kind: 'material',
    base_unit: 'm2',
  });
  await ok('PUT', `/api/inventory/items/${glass.id}/conversions`, {
    conversions: [{ unit: 'plo', factor: '7.2225', purchase: true }],
  });
  const spacer = await ok('POST', '/api/inventory/items', {
    sku: 'DIST-16',
    name: 'Distancer 16 mm',
    kind: 'material',
    base_unit: 'm',
  });
  const draft = await ok('POST', '/api/purchase-orders', {
    supplier_id: supplier.id,
    lines: [
      { item_id: glass.id, quantity: '10', unit: 'plo', unit_price: '72.225', vat_rate: '25' },
      { item_id: spacer.id, quantity: '20', unit_price: '1.20', vat_rate: '25' },
    ],
  });
  order = await ok('POST', `/api/purchase-orders/${draft.id}/send`);
  await backdateOrder(t, user, order.id, '2026-03-01');
  const [glassLine, spacerLine] = order.lines as Json[];
  await ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
    location_id: first.id,
    received_on: '2026-03-05',
    lines: [
      { po_line_id: glassLine?.id, quantity: '4' },
      { po_line_id: spacerLine?.id, quantity: '20' },
    ],
  });
  await ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
    location_id: second.id,
    received_on: '2026-03-09',
    lines: [{ po_line_id: glassLine?.id, quantity: '3' }],
  });

  const sheets = (quantity: string) => ({
    name: 'Float staklo 4 mm',
    buyerItemId: 'FLOAT-4',
    quantity,
    unitCode: 'H87',
    price: '72.225',
  });
  const docs = {
    first: supplierInvoice({
      number: '101-P1-1',
      issueDate: '2026-03-06',
      orderRef: order.number,
      lines: [
        sheets('4'),
        { name: 'Distancer 16 mm', buyerItemId: 'DIST-16', quantity: '20', unitCode: 'MTR', price: '1.20' },
      ],
    }).xml,
    second: supplierInvoice({
      number: '102-P1-1',
      issueDate: '2026-03-10',
      orderRef: order.number,
      lines: [sheets('3')],
    }).xml,
    again: supplierInvoice({
      number: '103-P1-1',
      issueDate: '2026-03-11',
      orderRef: order.number,
      lines: [sheets('3')],
    }).xml,
  };
  // One run of the official validators for the three, then each received as an upload.
  const reports = new Map((await validateEInvoices(docs)).map((r) => [r.name, r.failures]));
  for (const name of ['first', 'second'] as const) {
    expect(reports.get(name)).toEqual([]);
    const r = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      receiveUbl(tx, user.id, docs[name], { kind: 'upload', userId: user.id }, { failures: [] }),
    );
    invoices[name] = r.id;
  }
  expect(reports.get('again')).toEqual([]);
  invoices.againXml = docs.again;
}, 300_000);
afterAll(async () => t?.close());

const match = async (id: string) => (await ok('GET', `/api/purchase-invoices/${id}`)).match as Json;

describe('purchase invoices: one order invoiced per delivery', () => {
  it("matches each invoice with what the order's other invoices have not billed", async () => {
    const second = await match(invoices.second as string);
    expect(second.receipts).toHaveLength(2);
    expect(
      (second.lines as Json[]).map((l) => [l.sku, l.invoiced_qty, l.received_qty, l.invoiced_elsewhere]),
    ).toEqual([
      ['FLOAT-4', '3', '7', '4'],
      ['DIST-16', null, '20', '20'],
    ]);
    expect(second.differences).toBe(0);
    const first = await match(invoices.first as string);
    expect((first.lines as Json[]).map((l) => l.invoiced_elsewhere)).toEqual(['3', '0']);
    expect(first.differences).toBe(0);
  });

  it('shows the second delivery billed twice, and no longer once that invoice is rejected', async () => {
    const again = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      receiveUbl(
        tx,
        user.id,
        invoices.againXml as string,
        { kind: 'upload', userId: user.id },
        { failures: [] },
      ),
    );
    const twice = await match(again.id);
    // 7 received, 4 + 3 billed by the other two: nothing left for this one.
    expect(twice.lines[0].differences).toEqual([
      { kind: 'quantity', expected: '0', actual: '3', difference: '3' },
    ]);
    // The honest second invoice now also sees the third one's 3 sheets.
    expect((await match(invoices.second as string)).differences).toBe(1);
    await ok('POST', `/api/purchase-invoices/${again.id}/reject`, {
      code: 'N',
      reason: 'Druga isporuka već je fakturirana (102-P1-1)',
    });
    expect((await match(invoices.second as string)).differences).toBe(0);
  });
});
