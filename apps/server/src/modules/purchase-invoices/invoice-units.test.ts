import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { validateEInvoices } from '../einvoice/validators.ts';
import { backdateOrder } from '../purchasing/test-dates.ts';
import { receiveUbl } from './purchase-invoices.service.ts';
import { SELLER_OIB, supplierInvoice } from './test-invoices.ts';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read field by field
type Json = Record<string, any>;

// Units on a supplier's invoice. Glass is kept in m² and bought in sheets (1 plo = 7.2225 m²):
// 4 sheets at 72.225 a sheet are ordered and received, with 10 seals (pieces only). The match
// compared the invoice's numbers with the order's as they stood, whatever their units: 28.89 m² of
// glass (the 4 sheets, billed by area) read as 28.89 sheets, and 4 m² of glass or 10 kg of seals
// passed as 4 sheets and 10 pieces. Now a quantity in another of the item's units is converted to
// the order line's unit (price too), and one in a unit the item does not have is flagged.

let t: TestApp;
let user: SignedIn;
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Json;
};

let order: Json;
const invoices: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Jedinice na računu');
  await ok('PATCH', '/api/tenants/me', { company_name: 'Tvrtka B d.o.o.', tax_number: '11111111119' });
  const supplier = await ok('POST', '/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: SELLER_OIB });
  const store = await ok('POST', '/api/inventory/locations', { code: 'SK1', name: 'Skladište 1' });
  const glass = await ok('POST', '/api/inventory/items', {
    sku: 'FLOAT-4',
    name: 'Float staklo 4 mm',
    kind: 'material',
    base_unit: 'm2',
  });
  await ok('PUT', `/api/inventory/items/${glass.id}/conversions`, {
    conversions: [{ unit: 'plo', factor: '7.2225', purchase: true }],
  });
  const seal = await ok('POST', '/api/inventory/items', {
    sku: 'BRTVA-1',
    name: 'Brtva',
    kind: 'material',
    base_unit: 'kom',
  });
  const draft = await ok('POST', '/api/purchase-orders', {
    supplier_id: supplier.id,
    lines: [
      { item_id: glass.id, quantity: '4', unit: 'plo', unit_price: '72.225', vat_rate: '25' },
      { item_id: seal.id, quantity: '10', unit_price: '0.50', vat_rate: '25' },
    ],
  });
  order = await ok('POST', `/api/purchase-orders/${draft.id}/send`);
  await backdateOrder(t, user, order.id, '2026-03-01');
  const [glassLine, sealLine] = order.lines as Json[];
  await ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
    location_id: store.id,
    received_on: '2026-03-05',
    lines: [
      { po_line_id: glassLine?.id, quantity: '4' },
      { po_line_id: sealLine?.id, quantity: '10' },
    ],
  });

  const glassIn = (quantity: string, unitCode: string, price: string) => ({
    name: 'Float staklo 4 mm',
    buyerItemId: 'FLOAT-4',
    quantity,
    unitCode,
    price,
  });
  const docs = {
    // The 4 sheets billed by area at 10.00 a m²: the same goods and money as the order.
    byArea: supplierInvoice({
      number: '201-P1-1',
      issueDate: '2026-03-06',
      orderRef: order.number,
      lines: [
        glassIn('28.89', 'MTK', '10.00'),
        { name: 'Brtva', buyerItemId: 'BRTVA-1', quantity: '10', unitCode: 'H87', price: '0.50' },
      ],
    }).xml,
    // 4 m² at a sheet's price, and the seals by weight: neither is what was ordered.
    wrongUnits: supplierInvoice({
      number: '202-P1-1',
      issueDate: '2026-03-06',
      orderRef: order.number,
      lines: [
        glassIn('4', 'MTK', '72.225'),
        { name: 'Brtva', buyerItemId: 'BRTVA-1', quantity: '10', unitCode: 'KGM', price: '0.50' },
      ],
    }).xml,
  };
  // The official validators pass both: units are the buyer's business, not the format's.
  const reports = new Map((await validateEInvoices(docs)).map((r) => [r.name, r.failures]));
  for (const name of ['byArea', 'wrongUnits'] as const) {
    expect(reports.get(name)).toEqual([]);
    const r = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      receiveUbl(tx, user.id, docs[name], { kind: 'upload', userId: user.id }, { failures: [] }),
    );
    invoices[name] = r.id;
  }
}, 300_000);
afterAll(async () => t?.close());

const match = async (id: string) => (await ok('GET', `/api/purchase-invoices/${id}`)).match as Json;
const rowsOf = (m: Json) =>
  (m.lines as Json[]).map((l) => [
    l.sku,
    l.invoiced_qty,
    l.invoice_unit,
    l.invoiced_in_order_unit,
    l.order_unit,
    l.invoice_price,
    l.differences,
  ]);

describe('purchase invoices: units of the invoice and the order', () => {
  it('flags a unit the item does not have and converts, rather than equates, another of its units', async () => {
    const m = await match(invoices.wrongUnits as string);
    const [glass, seal] = m.lines as [Json, Json];
    // 4 m² are 0.553825 sheets, at 521.6451 a sheet; the 4 sheets received are billed by the other
    // invoice (its 28.89 m² counted as 4 sheets), so nothing is left for this one.
    expect(glass).toMatchObject({ invoice_unit: 'MTK', order_unit: 'plo', invoiced_elsewhere: '4' });
    expect(glass.invoiced_in_order_unit).toBe('0.553825');
    expect(glass.differences).toEqual([
      { kind: 'quantity', expected: '0', actual: '0.553825', difference: '0.553825' },
      { kind: 'price', expected: '72.2250', actual: '521.6451', difference: '449.4201' },
    ]);
    // kg against pieces: not compared at all, the line says why.
    expect(seal.invoiced_in_order_unit).toBeNull();
    expect(seal.differences).toEqual([{ kind: 'unit', invoice_unit: 'KGM', order_unit: 'kom' }]);
    expect(m.differences).toBe(3);
  });

  it('converts m² of glass into the sheets it was ordered in', async () => {
    await ok('POST', `/api/purchase-invoices/${invoices.wrongUnits}/reject`, {
      code: 'N',
      reason: 'Staklo u m² po cijeni ploče, brtve u kg',
    });
    const m = await match(invoices.byArea as string);
    expect(rowsOf(m)).toEqual([
      ['FLOAT-4', '28.89', 'MTK', '4', 'plo', '72.2250', []],
      ['BRTVA-1', '10', 'H87', '10', 'kom', '0.5000', []],
    ]);
    expect(m.differences).toBe(0);
  });
});
