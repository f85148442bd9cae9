import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { backdateOrder } from './test-dates.ts';

type Json = Record<string, any>;

async function setup(t: TestApp, user: SignedIn) {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Json = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, ...headers },
      payload: payload as object,
    });
    return {
      status: res.statusCode,
      body: res.body
        ? String(res.headers['content-type'] ?? '').includes('json')
          ? res.json()
          : res.body
        : null,
      raw: res,
    };
  };
  const ok = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Json = {},
  ) => {
    const r = await call(method, url, payload, headers);
    if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Json;
  };
  const supplier = await ok('POST', '/api/suppliers', {
    name: 'Staklo Dobavljač d.o.o.',
    oib: '69435151530',
    lead_time_days: 7,
  });
  const location = await ok('POST', '/api/inventory/locations', { code: 'SK1', name: 'Glavno skladište' });
  const glass = await ok('POST', '/api/inventory/items', {
    sku: 'FLOAT-4',
    name: 'Float staklo 4 mm',
    kind: 'material',
    base_unit: 'm2',
    reorder_point: '50',
    reorder_qty: '100',
    default_supplier_id: supplier.id,
    purchase_price: '12.50',
  });
  const spacer = await ok('POST', '/api/inventory/items', {
    sku: 'DIST-16',
    name: 'Distancer 16 mm',
    kind: 'material',
    base_unit: 'm',
    lot_tracked: true,
    reorder_point: '10',
    reorder_qty: '40',
    default_supplier_id: supplier.id,
    purchase_price: '1.20',
    vat_rate: '13',
  });
  const item = async (id: string) => (await ok('GET', `/api/inventory/items/${id}`)).item as Json;
  return { call, ok, supplier, location, glass: glass.item ?? glass, spacer: spacer.item ?? spacer, item };
}

describe('purchasing: orders, receipts, on order and stock', () => {
  let t: TestApp;
  let user: SignedIn;
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Nabava Test');
    s = await setup(t, user);
  });
  afterAll(() => t.close());

  it('creates drafts from low stock, one per default supplier, with reorder quantities', async () => {
    const res = await s.ok('POST', '/api/purchase-orders/from-low-stock', {});
    expect(res.orders).toHaveLength(1);
    expect(res.skipped).toEqual([]);
    const order = await s.ok('GET', `/api/purchase-orders/${res.orders[0].id}`);
    expect(order).toMatchObject({
      status: 'draft',
      number: null,
      source: 'low_stock',
      supplier_id: s.supplier.id,
    });
    expect(order.lines.map((l: Json) => [l.sku, l.quantity, l.unit, l.unit_price, l.vat_rate])).toEqual([
      ['DIST-16', '40', 'm', '1.2', '13'],
      ['FLOAT-4', '100', 'm2', '12.5', '25'],
    ]);
    // 40 × 1.20 = 48.00 at 13 % → 6.24; 100 × 12.50 = 1250.00 at 25 % → 312.50; total 1616.74
    expect(order).toMatchObject({ net_total: '1298.00', vat_total: '318.74', total: '1616.74' });
    expect(order.actions.sort()).toEqual(['cancel', 'edit', 'send']);
  });

  let orderId: string;
  it('sending allocates NB-<year>-0001 and puts quantities on order', async () => {
    const list = await s.ok('GET', '/api/purchase-orders?status=draft');
    orderId = list.rows[0].id;
    const sent = await s.ok('POST', `/api/purchase-orders/${orderId}/send`);
    // The receipts below are dated in March: the order was sent before them.
    await backdateOrder(t, user, orderId, '2026-03-01');
    const year = new Date().getFullYear();
    expect(sent).toMatchObject({ status: 'sent', number: `NB-${year}-0001` });
    expect((await s.item(s.glass.id)).on_order).toBe('100');
    expect((await s.item(s.spacer.id)).on_order).toBe('40');
    // Low stock now counts what is on order: nothing more to order.
    const again = await s.ok('POST', '/api/purchase-orders/from-low-stock', {});
    expect(again.orders).toEqual([]);
    // A sent order can no longer be edited or sent again.
    const resend = await s.call('POST', `/api/purchase-orders/${orderId}/send`);
    expect(resend.status).toBe(409);
    expect(resend.body.error.code).toBe('INVALID_TRANSITION');
    const edit = await s.call('PUT', `/api/purchase-orders/${orderId}`, {
      supplier_id: s.supplier.id,
      lines: [{ item_id: s.glass.id, quantity: '1', unit_price: '1' }],
    });
    expect(edit.status).toBe(409);
  });

  let firstReceipt: Json;
  it('a partial receipt updates stock, average cost, on order and status exactly', async () => {
    const order = await s.ok('GET', `/api/purchase-orders/${orderId}`);
    const glassLine = order.lines.find((l: Json) => l.sku === 'FLOAT-4');
    const spacerLine = order.lines.find((l: Json) => l.sku === 'DIST-16');
    const missingLot = await s.call('POST', `/api/purchase-orders/${orderId}/receipts`, {
      location_id: s.location.id,
      received_on: '2026-03-10',
      lines: [{ po_line_id: spacerLine.id, quantity: '10' }],
    });
    expect(missingLot.status).toBe(400);
    expect(missingLot.body.error.details[0].key).toBe('validation.lotRequired');

    firstReceipt = await s.ok('POST', `/api/purchase-orders/${orderId}/receipts`, {
      location_id: s.location.id,
      received_on: '2026-03-10',
      lines: [
        { po_line_id: glassLine.id, quantity: '60', unit_price: '13.00' },
        { po_line_id: spacerLine.id, quantity: '40', lot_number: 'L-2026-07' },
      ],
    });
    expect(firstReceipt.number).toBe('PR-2026-0001');
    const glass = await s.item(s.glass.id);
    expect(glass).toMatchObject({ on_hand: '60', on_order: '40', avg_cost: '13' });
    expect(await s.item(s.spacer.id)).toMatchObject({ on_hand: '40', on_order: '0', avg_cost: '1.2' });
    const after = await s.ok('GET', `/api/purchase-orders/${orderId}`);
    expect(after.status).toBe('partially_received');
    expect(after.lines.map((l: Json) => [l.sku, l.received_qty, l.open_qty])).toEqual([
      ['DIST-16', '40', '0'],
      ['FLOAT-4', '60', '40'],
    ]);
    expect(after.actions).toEqual(['receive', 'close']);
  });

  it('refuses over-receipt unless confirmed', async () => {
    const order = await s.ok('GET', `/api/purchase-orders/${orderId}`);
    const glassLine = order.lines.find((l: Json) => l.sku === 'FLOAT-4');
    const over = await s.call('POST', `/api/purchase-orders/${orderId}/receipts`, {
      location_id: s.location.id,
      received_on: '2026-03-12',
      lines: [{ po_line_id: glassLine.id, quantity: '41' }],
    });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('OVER_RECEIPT');
    expect(over.body.error.details[0]).toMatchObject({
      field: 'lines.0.quantity',
      params: { item: 'FLOAT-4', remaining: '40', requested: '41' },
    });
    expect((await s.item(s.glass.id)).on_hand).toBe('60');
  });

  let secondReceipt: Json;
  it('the second part completes the order; average cost moves by the actual price', async () => {
    const order = await s.ok('GET', `/api/purchase-orders/${orderId}`);
    const glassLine = order.lines.find((l: Json) => l.sku === 'FLOAT-4');
    secondReceipt = await s.ok(
      'POST',
      `/api/purchase-orders/${orderId}/receipts`,
      {
        location_id: s.location.id,
        received_on: '2026-03-20',
        lines: [{ po_line_id: glassLine.id, quantity: '40', unit_price: '11.75' }],
      },
      { 'idempotency-key': 'receipt-two-0001' },
    );
    // Replaying the same request returns the same receipt and posts nothing twice.
    const replay = await s.ok(
      'POST',
      `/api/purchase-orders/${orderId}/receipts`,
      {
        location_id: s.location.id,
        received_on: '2026-03-20',
        lines: [{ po_line_id: glassLine.id, quantity: '40', unit_price: '11.75' }],
      },
      { 'idempotency-key': 'receipt-two-0001' },
    );
    expect(replay.id).toBe(secondReceipt.id);
    // (60 × 13.00 + 40 × 11.75) / 100 = (780 + 470) / 100 = 12.50
    expect(await s.item(s.glass.id)).toMatchObject({ on_hand: '100', on_order: '0', avg_cost: '12.5' });
    expect((await s.ok('GET', `/api/purchase-orders/${orderId}`)).status).toBe('received');
    const closed = await s.call('POST', `/api/purchase-orders/${orderId}/receipts`, {
      location_id: s.location.id,
      received_on: '2026-03-21',
      lines: [{ po_line_id: glassLine.id, quantity: '1' }],
      confirm_over_receipt: true,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('INVALID_TRANSITION');
  });

  it('cancelling a receipt posts reversals and restores stock, cost, on order and status', async () => {
    const cancelled = await s.ok('POST', `/api/goods-receipts/${secondReceipt.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.reversal_document_id).toBeTruthy();
    expect(await s.item(s.glass.id)).toMatchObject({ on_hand: '60', on_order: '40', avg_cost: '13' });
    const order = await s.ok('GET', `/api/purchase-orders/${orderId}`);
    expect(order.status).toBe('partially_received');
    expect(order.lines.find((l: Json) => l.sku === 'FLOAT-4').received_qty).toBe('60');
    const twice = await s.call('POST', `/api/goods-receipts/${secondReceipt.id}/cancel`);
    expect(twice.status).toBe(409);
    // Cancelling the first as well takes the order back to sent, everything on order again.
    await s.ok('POST', `/api/goods-receipts/${firstReceipt.id}/cancel`);
    expect(await s.item(s.glass.id)).toMatchObject({ on_hand: '0', on_order: '100' });
    expect(await s.item(s.spacer.id)).toMatchObject({ on_hand: '0', on_order: '40' });
    expect((await s.ok('GET', `/api/purchase-orders/${orderId}`)).status).toBe('sent');
  });

  it('cancelling a sent order takes its quantities off order; a cancelled order accepts nothing', async () => {
    const cancelled = await s.ok('POST', `/api/purchase-orders/${orderId}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.actions).toEqual([]);
    expect((await s.item(s.glass.id)).on_order).toBe('0');
    const order = cancelled;
    const r = await s.call('POST', `/api/purchase-orders/${orderId}/receipts`, {
      location_id: s.location.id,
      received_on: '2026-03-22',
      lines: [{ po_line_id: order.lines[0].id, quantity: '1' }],
    });
    expect(r.status).toBe(409);
  });

  it('numbers stay gapless and the prefix is configurable', async () => {
    const make = () =>
      s.ok('POST', '/api/purchase-orders', {
        supplier_id: s.supplier.id,
        expected_on: '2026-04-01',
        lines: [{ item_id: s.glass.id, quantity: '2.5', unit_price: '10.333', vat_rate: '25' }],
      });
    const a = await make();
    expect(a.lines[0].net).toBe('25.83');
    const bad = await s.call('PUT', '/api/purchasing/settings', { po_prefix: 'N B' });
    expect(bad.status).toBe(400);
    await s.ok('PUT', '/api/purchasing/settings', { po_prefix: 'NAR-' });
    const year = new Date().getFullYear();
    expect((await s.ok('POST', `/api/purchase-orders/${a.id}/send`)).number).toBe(`NAR-${year}-0002`);
    const b = await make();
    await s.ok('POST', `/api/purchase-orders/${b.id}/cancel`); // a cancelled draft takes no number
    const c = await make();
    expect((await s.ok('POST', `/api/purchase-orders/${c.id}/send`)).number).toBe(`NAR-${year}-0003`);
  });

  it('validates orders and receipts with clear errors', async () => {
    const noLines = await s.call('POST', '/api/purchase-orders', { supplier_id: s.supplier.id, lines: [] });
    expect(noLines.body.error.details).toEqual([{ field: 'lines', key: 'validation.linesRequired' }]);
    const badUnit = await s.call('POST', '/api/purchase-orders', {
      supplier_id: s.supplier.id,
      lines: [{ item_id: s.glass.id, quantity: '1', unit: 'kg', unit_price: '1' }],
    });
    expect(badUnit.body.error.details).toEqual([{ field: 'lines.0.unit', key: 'validation.unitUnknown' }]);
    const notSupplier = await s.call('POST', '/api/purchase-orders', {
      supplier_id: '00000000-0000-4000-8000-000000000000',
      lines: [{ item_id: s.glass.id, quantity: '1', unit_price: '1' }],
    });
    expect(notSupplier.body.error.details).toEqual([
      { field: 'supplier_id', key: 'validation.supplierUnknown' },
    ]);
  });

  it('prints the order as a PDF with company data and Croatian formats', async () => {
    await s.ok('PUT', '/api/purchasing/settings', { po_prefix: 'NB-' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: {
        company_name: 'Pogon Staklo d.o.o.',
        company_address: 'Savska 12, 10000 Zagreb',
        tax_number: '94577403194',
      },
    });
    const o = await s.ok('POST', '/api/purchase-orders', {
      supplier_id: s.supplier.id,
      expected_on: '2026-05-04',
      note: 'Isporuka na rampu 2, najava dan ranije.',
      lines: [{ item_id: s.glass.id, quantity: '1234.5', unit_price: '12.5', vat_rate: '25' }],
    });
    const sent = await s.ok('POST', `/api/purchase-orders/${o.id}/send`);
    const res = await s.call('GET', `/api/purchase-orders/${o.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`NARUDŽBENICA ${sent.number}`);
    expect(flat).toContain('Pogon Staklo d.o.o.');
    expect(flat).toContain('OIB: 94577403194');
    expect(flat).toContain('Staklo Dobavljač d.o.o.');
    expect(flat).toContain('Float staklo 4 mm');
    // 1234.5 × 12.50 = 15431.25; VAT 25 % = 3857.81 (3857.8125 rounded); total 19289.06
    expect(flat).toContain('1.234,5');
    expect(flat).toContain('15.431,25 EUR');
    expect(flat).toContain('3.857,81 EUR');
    expect(flat).toContain('19.289,06 EUR');
    expect(flat).toContain('04. 05. 2026.');
    expect(flat).toContain('Isporuka na rampu 2');
  });

  it('supplier history lists orders and receipts; performance counts posted receipts only', async () => {
    const history = await s.ok('GET', `/api/suppliers/${s.supplier.id}/history`);
    // Purchase invoices (docs/purchase-invoices.md) list on the supplier's history as well.
    expect([...history.types].sort()).toEqual(['goods_receipt', 'purchase_invoice', 'purchase_order']);
    expect(
      history.entries
        .filter((e: Json) => e.type === 'goods_receipt')
        .map((e: Json) => e.status)
        .sort(),
    ).toEqual(['cancelled', 'cancelled']);
    const year = new Date().getFullYear();
    const perf = await s.ok(
      'GET',
      `/api/suppliers/${s.supplier.id}/performance?from=${year}-01-01&to=${year}-12-31`,
    );
    expect(perf.receipts).toBe(0);
    expect(perf.on_time_rate).toBeNull();
  });
});
