import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { workOrderCuttingPieces } from './cutting-pieces.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
const year = new Date().getFullYear();

async function pdfText(url: string): Promise<string> {
  const res = await api.call('GET', url);
  expect(res.status).toBe(200);
  expect(res.raw.headers['content-type']).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const stockOf = async (itemId: string) => (await api.ok('GET', `/api/inventory/items/${itemId}`)) as Json;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  // 10 m² of supplier lot L-100 at 20 €/m², 50 m of spacer at 1 €/m.
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('quote → work order → delivery note → invoice', () => {
  const state: Record<string, Json> = {};

  it('creates a numbered quote with prices from the item and the client discount', async () => {
    const r = await api.call('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500' }],
    });
    expect(r.status).toBe(201);
    const q = r.body;
    expect(q.document.number).toBe(`P-${year}-0001`);
    expect(q.document.status).toBe('draft');
    expect(q.lines[0]).toMatchObject({
      unit_price: '100',
      discount_pct: '10',
      vat_rate: '25',
      unit: 'kom',
      net_amount: '180.00',
    });
    // 2 × 100 × 0.9 = 180.00; VAT 25 % = 45.00; total 225.00
    expect(q.document).toMatchObject({ net_total: '180.00', vat_total: '45.00', total: '225.00' });
    expect(q.document.valid_until).not.toBeNull();
    expect(q.document.actions).toEqual(['send']);
    state.quote = q.document;
  });

  it('refuses illegal transitions with INVALID_TRANSITION', async () => {
    const r = await api.call('POST', `/api/documents/quotes/${state.quote?.id}/accept`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('INVALID_TRANSITION');
  });

  it('expires a sent quote automatically after its valid-until date', async () => {
    // Dated and valid until yesterday (a quote may not be valid until a day before its own date).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const q = await api.ok('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      doc_date: yesterday,
      valid_until: yesterday,
      lines: [{ description: 'Staro', quantity: '1', unit_price: '1' }],
    });
    const sent = await api.ok('POST', `/api/documents/quotes/${q.document.id}/send`);
    expect(sent.document.status).toBe('expired');
    expect(sent.document.actions).toEqual([]);
    const r = await api.call('POST', `/api/documents/quotes/${q.document.id}/accept`);
    expect(r.status).toBe(409);
    const expired = await api.ok('GET', '/api/documents/quotes?status=expired');
    expect(expired.items.map((d: Json) => d.id)).toEqual([q.document.id]);
  });

  it('sends, accepts and converts the quote into a linked work order (idempotent)', async () => {
    await api.ok('POST', `/api/documents/quotes/${state.quote?.id}/send`);
    const accepted = await api.ok('POST', `/api/documents/quotes/${state.quote?.id}/accept`);
    expect(accepted.document.status).toBe('accepted');
    const headers = { 'idempotency-key': 'convert-1' };
    const wo = await api.ok('POST', `/api/documents/quotes/${state.quote?.id}/convert`, undefined, headers);
    const again = await api.ok(
      'POST',
      `/api/documents/quotes/${state.quote?.id}/convert`,
      undefined,
      headers,
    );
    expect(again.document.id).toBe(wo.document.id);
    expect(wo.document.number).toBe(`RN-${year}-0001`);
    expect(wo.lines[0]).toMatchObject({
      item_id: shop.igu.id,
      quantity: '2',
      width_mm: '1000',
      height_mm: '500',
    });
    expect(wo.links).toEqual([
      expect.objectContaining({ id: state.quote?.id, relation: 'converted', direction: 'from' }),
    ]);
    const quote = await api.ok('GET', `/api/documents/${state.quote?.id}`);
    expect(quote.document.status).toBe('converted');
    state.wo = wo.document;
  });

  it('plans: explodes the BOM with the dimensions and reserves the materials', async () => {
    await api.ok('PUT', `/api/documents/work-orders/${state.wo?.id}`, {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [
        {
          item_id: shop.igu.id,
          quantity: '2',
          width_mm: '1000',
          height_mm: '500',
          unit_price: '100',
          discount_pct: '10',
        },
      ],
    });
    const planned = await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/plan`);
    expect(planned.document.status).toBe('planned');
    // glass 2 × (2·1000·500/1e6) = 2 m²; spacer 2 × 2·(1000+500)/1000 = 6 m
    const needs = Object.fromEntries(planned.materials.map((m: Json) => [m.item_id, m.planned_qty]));
    expect(needs).toEqual({ [shop.glass.id]: '2', [shop.spacer.id]: '6' });
    expect(planned.materials.every((m: Json) => m.reservation_status === 'active')).toBe(true);
    expect((await stockOf(shop.glass.id)).item).toMatchObject({
      on_hand: '10',
      reserved: '2',
      available: '8',
    });
    expect(planned.operations.map((o: Json) => [o.code, o.quality_check_required])).toEqual([
      ['REZ', true],
      ['SAS', false],
    ]);
    // planned material 2 × 20 + 6 × 1 = 46.00
    expect(planned.costs.planned_material).toBe('46.00');
  });

  it('gives the cutting area the made-to-measure pieces of the order', async () => {
    const pieces = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      workOrderCuttingPieces(tx, state.wo?.id as string),
    );
    expect(pieces).toEqual([
      expect.objectContaining({
        ref: `RN-${year}-0001-1`,
        width: 1000,
        height: 500,
        quantity: 2,
        order_ref: `RN-${year}-0001`,
      }),
    ]);
  });

  it('blocks completion until operations are done and the quality check passes', async () => {
    const wo = await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/start`);
    const [cut, assemble] = wo.operations as Json[];
    let r = await api.call('POST', `/api/documents/work-orders/${state.wo?.id}/complete`, {});
    expect(r.status).toBe(409);
    for (const op of [cut, assemble]) {
      await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/operations/${op?.id}/start`);
      await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/operations/${op?.id}/time`, {
        minutes: '30',
      });
      await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/operations/${op?.id}/finish`);
    }
    await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/operations/${cut?.id}/checks`, {
      result: 'fail',
      note: 'Ogrebotina na rubu',
    });
    r = await api.call('POST', `/api/documents/work-orders/${state.wo?.id}/complete`, {});
    expect(r.status).toBe(409);
    expect(r.body.error.details).toEqual([expect.objectContaining({ key: 'validation.qualityCheckFailed' })]);
    await api.ok('POST', `/api/documents/work-orders/${state.wo?.id}/operations/${cut?.id}/checks`, {
      result: 'pass',
    });
  });

  it('completes in one transaction: consumption (actual quantity), output lot, lot links, actual cost', async () => {
    const done = await api.ok(
      'POST',
      `/api/documents/work-orders/${state.wo?.id}/complete`,
      { actual: [{ item_id: shop.glass.id, quantity: '2.2' }] },
      { 'idempotency-key': 'complete-1' },
    );
    expect(done.document.status).toBe('completed');
    expect((await stockOf(shop.glass.id)).item).toMatchObject({ on_hand: '7.8', reserved: '0' });
    expect((await stockOf(shop.spacer.id)).item).toMatchObject({ on_hand: '44', reserved: '0' });
    const product = await stockOf(shop.igu.id);
    expect(product.item.on_hand).toBe('2');
    expect(product.balances).toEqual([
      expect.objectContaining({
        location_id: shop.finished.id,
        quantity: '2',
        lot_number: `RN-${year}-0001-1`,
      }),
    ]);
    // actual material 2.2 × 20 + 6 × 1 = 50.00; labour 30 min × 30 €/h + 30 min × 24 €/h = 27.00
    // (the seconds between each operation's start and finish count as no minute)
    expect(done.costs).toMatchObject({ actual_material: '50.00', actual_labour: '27.00' });
    expect(done.lines[0].lot_number).toBe(`RN-${year}-0001-1`);
    state.wo = done.document;
  });

  it('issues a delivery note from the work order: the product leaves stock', async () => {
    const dn = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: state.wo?.id,
    });
    expect(dn.document.number).toBe(`OT-${year}-0001`);
    expect(dn.document.delivery_address).toBe('Gradilište Kman, 21000 Split');
    expect(dn.lines[0]).toMatchObject({
      item_id: shop.igu.id,
      quantity: '2',
      lot_number: `RN-${year}-0001-1`,
    });
    const issued = await api.ok('POST', `/api/delivery-notes/${dn.document.id}/issue`, undefined, {
      'idempotency-key': 'dn-1',
    });
    expect(issued.document.status).toBe('issued');
    expect((await stockOf(shop.igu.id)).item.on_hand).toBe('0');
    const replay = await api.ok('POST', `/api/delivery-notes/${dn.document.id}/issue`, undefined, {
      'idempotency-key': 'dn-1',
    });
    expect(replay.document.stock_document_id).toBe(issued.document.stock_document_id);
    state.dn = issued.document;
  });

  it('refuses a delivery note without stock, naming the item and quantities', async () => {
    // The draft cannot reserve what is not there (delivery-reservations.test.ts has the rest).
    const r = await api.call('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '1' }],
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(r.body.error.details[0]).toMatchObject({
      key: 'validation.deliveryOverFree',
      params: { available: '0', requested: '1' },
    });
  });

  it('invoices the delivery note and issues it with a Croatian number and payment reference', async () => {
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [state.dn?.id],
    });
    expect(draft.document.number).toBeNull();
    expect(draft.document.total).toBe('225.00');
    const issued = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`, undefined, {
      'idempotency-key': 'inv-1',
    });
    expect(issued.document).toMatchObject({
      number: '1-POS1-1',
      status: 'issued',
      reference_model: 'HR01',
      payment_status: 'unpaid',
    });
    expect(issued.document.payment_reference).toMatch(new RegExp(`^1-${year}\\d$`));
    const edit = await api.call('PUT', `/api/invoices/${draft.document.id}`, {
      client_id: shop.client.id,
      lines: [],
    });
    expect(edit.status).toBe(409);
    // the order's only line was billed through this note: nothing is left to bill from the order
    // (an order with lines no note carried bills those: fulfilment.test.ts)
    const twice = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [state.wo?.id],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.workOrderInvoiced', params: { number: `RN-${year}-0001` } }),
    ]);
    const progress = await api.ok('GET', `/api/documents/work-orders/${state.wo?.id}/progress`);
    expect(progress.lines).toEqual([
      expect.objectContaining({
        ordered: '2',
        delivered: '2',
        to_deliver: '0',
        invoiced: '2',
        to_invoice: '0',
      }),
    ]);
    state.invoice = issued.document;
  });

  it('exports the UBL e-invoice with Croatian fields', async () => {
    const r = await api.call('GET', `/api/invoices/${state.invoice?.id}/ubl`);
    expect(r.status).toBe(200);
    const xml = String(r.body);
    expect(xml).toContain('<cbc:ID>1-POS1-1</cbc:ID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="9934">94577403194</cbc:EndpointID>');
    expect(xml).toContain('<cbc:ItemClassificationCode listID="CG">23.12.13</cbc:ItemClassificationCode>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">225.00</cbc:PayableAmount>');
    expect(xml).toContain(`<cac:DespatchDocumentReference><cbc:ID>OT-${year}-0001</cbc:ID>`);
  });

  it('prints PDFs with number, client and totals', async () => {
    const quote = await pdfText(`/api/documents/${state.quote?.id}/pdf`);
    expect(quote).toContain(`Ponuda P-${year}-0001`);
    expect(quote).toContain('Gradnja Kovač j.d.o.o.');
    expect(quote).toContain('225,00 EUR');
    const invoice = await pdfText(`/api/documents/${state.invoice?.id}/pdf`);
    expect(invoice).toContain('Račun 1-POS1-1');
    expect(invoice).toContain('OIB: 69435151530');
    expect(invoice).toContain('225,00 EUR');
    expect(invoice).toContain('HUB-3');
    const wo = await pdfText(`/api/documents/${state.wo?.id}/pdf`);
    expect(wo).toContain(`Radni nalog RN-${year}-0001`);
    expect(wo).toContain('Rezanje');
    const dn = await pdfText(`/api/documents/${state.dn?.id}/pdf`);
    expect(dn).toContain(`Otpremnica OT-${year}-0001`);
    expect(dn).toContain('Primio');
    const bulk = await pdfText(`/api/documents/pdf?ids=${state.quote?.id},${state.dn?.id}`);
    expect(bulk).toContain(`P-${year}-0001`);
    expect(bulk).toContain(`OT-${year}-0001`);
  });

  it('records payments and moves the payment status; refuses overpayment', async () => {
    let inv = await api.ok('POST', `/api/invoices/${state.invoice?.id}/payments`, {
      paid_on: `${year}-01-15`,
      amount: '100',
    });
    expect(inv.document).toMatchObject({ payment_status: 'partially_paid', outstanding: '125.00' });
    const over = await api.call('POST', `/api/invoices/${state.invoice?.id}/payments`, {
      paid_on: `${year}-01-16`,
      amount: '125.01',
    });
    expect(over.status).toBe(400);
    inv = await api.ok('POST', `/api/invoices/${state.invoice?.id}/payments`, {
      paid_on: `${year}-01-16`,
      amount: '125',
    });
    expect(inv.document).toMatchObject({ payment_status: 'paid', outstanding: '0.00' });
    expect(inv.payments).toHaveLength(2);
  });

  it('corrects an issued invoice only with a credit note in the same series', async () => {
    const credit = await api.ok('POST', `/api/invoices/${state.invoice?.id}/credit-notes`, {
      lines: [{ item_id: shop.igu.id, quantity: '1', unit_price: '100', discount_pct: '10' }],
    });
    expect(credit.document).toMatchObject({
      kind: 'credit_note',
      number: '2-POS1-1',
      status: 'issued',
      total: '112.50',
    });
    const inv = await api.ok('GET', `/api/documents/${state.invoice?.id}`);
    expect(inv.document.credited_total).toBe('112.50');
    expect(inv.links).toEqual(
      expect.arrayContaining([expect.objectContaining({ relation: 'credited', number: '2-POS1-1' })]),
    );
    const list = await api.ok('GET', '/api/invoices?sort=number');
    expect(list.items.map((d: Json) => d.number)).toEqual(['1-POS1-1', '2-POS1-1']);
  });

  it('traces a supplier lot to the finished lot, delivery note and client, and back', async () => {
    const lots = await api.ok('GET', `/api/inventory/lots?item_id=${shop.glass.id}`);
    const supplierLot = (lots.items ?? lots).find((l: Json) => l.lot_number === 'L-100');
    const forward = await api.ok('GET', `/api/documents/trace/lots/${supplierLot.id}`);
    expect(forward.produced_lots.map((l: Json) => l.lot_number)).toEqual([`RN-${year}-0001-1`]);
    expect(forward.delivery_notes.map((d: Json) => [d.number, d.client_name, d.quantity])).toEqual([
      [`OT-${year}-0001`, 'Gradnja Kovač j.d.o.o.', '2'],
    ]);
    expect(forward.clients.map((c: Json) => c.name)).toEqual(['Gradnja Kovač j.d.o.o.']);
    const back = await api.ok('GET', `/api/documents/trace/lots/${forward.produced_lots[0].lot_id}`);
    expect(back.source_lots.map((l: Json) => l.lot_number)).toEqual(['L-100']);
    expect(back.work_orders).toEqual(
      expect.arrayContaining([expect.objectContaining({ number: `RN-${year}-0001`, direction: 'produced' })]),
    );
  });

  it('shows the history of a document from the audit trail', async () => {
    const history = await api.ok('GET', `/api/documents/${state.quote?.id}/history`);
    const statuses = history
      .filter((h: Json) => h.table_name === 'documents' && h.changes.status)
      .map((h: Json) => h.changes.status.new);
    expect(statuses).toEqual(['draft', 'sent', 'accepted', 'converted']);
  });

  it("feeds the client's transaction history and analytics", async () => {
    const history = await api.ok('GET', `/api/clients/${shop.client.id}/history`);
    const byType = (type: string) =>
      history.entries.filter((e: Json) => e.type === type).map((e: Json) => e.number);
    // newest date first: the accepted quote (today), then the expired one (dated yesterday)
    expect(byType('quote')).toEqual([`P-${year}-0001`, `P-${year}-0002`]);
    expect(byType('work_order')).toEqual([`RN-${year}-0001`]);
    expect(byType('delivery_note')).toEqual(expect.arrayContaining([`OT-${year}-0001`]));
    // credit notes appear with the invoices
    expect(byType('invoice').sort()).toEqual(['1-POS1-1', '2-POS1-1']);
    const a = await api.ok('GET', `/api/clients/${shop.client.id}/analytics`);
    // invoice 180.00 net − credit note 90.00 net
    expect(a.revenue_total).toBe('90.00');
    // one converted, one expired
    expect(a.quote_win_rate).toBe('50.0');
    expect(a.open_items).toBe('-112.50');
  });

  it('lists with search, status filter, sort and paging', async () => {
    await api.ok('POST', '/api/documents/quotes', {
      lines: [{ description: 'Popravak', quantity: '1', unit_price: '50' }],
    });
    const page = await api.ok('GET', '/api/documents/quotes?sort=number&page=1&page_size=1');
    expect(page.total).toBe(3);
    expect(page.items.map((d: Json) => d.number)).toEqual([`P-${year}-0001`]);
    const found = await api.ok('GET', `/api/documents/quotes?q=Kovač&status=converted`);
    expect(found.items.map((d: Json) => d.number)).toEqual([`P-${year}-0001`]);
    const none = await api.ok('GET', '/api/documents/quotes?status=rejected');
    expect(none.total).toBe(0);
  });
});

describe('invoice straight from a work order', () => {
  it('takes the lines of a completed order once; refuses an unfinished one', async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [
        {
          description: 'Montaža stakla',
          quantity: '3',
          unit: 'h',
          unit_price: '40',
          discount_pct: '0',
          vat_rate: '25',
        },
      ],
    });
    const early = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [wo.document.id],
    });
    expect(early.status).toBe(400);
    expect(early.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.workOrderNotCompletedInvoice' }),
    ]);
    for (const step of ['plan', 'start', 'complete'])
      await api.ok(
        'POST',
        `/api/documents/work-orders/${wo.document.id}/${step}`,
        step === 'complete' ? {} : undefined,
      );
    const inv = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [wo.document.id],
    });
    expect(inv.lines).toEqual([
      expect.objectContaining({ description: 'Montaža stakla', quantity: '3', unit_price: '40' }),
    ]);
    expect(inv.document.total).toBe('150.00'); // 3 × 40 = 120 + 25 % VAT
    expect(inv.links).toEqual([expect.objectContaining({ id: wo.document.id, relation: 'invoiced' })]);
    const again = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [wo.document.id],
    });
    expect(again.status).toBe(409);
  });
});

describe('invoice to a buyer in another EU country', () => {
  it('prints and exports the intra-Community supply wording and the buyer VAT id at 0 %', async () => {
    const client = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Glasbau Huber GmbH',
      vat_id: 'DE123456789',
      // its eRačun address (BT-49): the German VAT number scheme
      einvoice_address: '9930:DE123456789',
      billing_address: { street: 'Hauptstraße 1', postal_code: '80331', city: 'München', country: 'DE' },
    });
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      lines: [
        {
          description: 'Izo staklo 4-16Ar-4',
          quantity: '2',
          unit: 'kom',
          unit_price: '50',
          vat_rate: '0',
          kpd_code: '23.12.20',
        },
      ],
    });
    const issued = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`, undefined, {
      'idempotency-key': 'inv-eu-1',
    });
    const text = await pdfText(`/api/documents/${issued.document.id}/pdf`);
    expect(text).toContain('PDV ID: DE123456789');
    expect(text).toContain('čl. 41. st. 1. t. a) Zakona o PDV-u (isporuka dobara unutar EU)');
    expect(text).not.toContain('Stavke s 0 % PDV-a');
    const xml = String((await api.call('GET', `/api/invoices/${issued.document.id}/ubl`)).body);
    expect(xml).toContain('<cbc:CompanyID>DE123456789</cbc:CompanyID>');
    expect(xml.match(/<cbc:ID>K<\/cbc:ID>/g)?.length).toBe(2);
    expect(xml).toContain('isporuka dobara unutar EU)</cbc:TaxExemptionReason>');
  });
});

describe('delivery note cancellation', () => {
  it('posts the reversal and restores the stock', async () => {
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: shop.materials.id,
      lines: [{ item_id: shop.spacer.id, quantity: '5', unit_cost: '1' }],
    });
    const before = (await stockOf(shop.spacer.id)).item.on_hand;
    const dn = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.spacer.id, quantity: '3' }],
    });
    // the draft holds its quantity: available = on hand − reserved
    expect((await stockOf(shop.spacer.id)).item).toMatchObject({ on_hand: before, reserved: '3' });
    await api.ok('POST', `/api/delivery-notes/${dn.document.id}/issue`);
    expect((await stockOf(shop.spacer.id)).item.reserved).toBe('0');
    expect(Number((await stockOf(shop.spacer.id)).item.on_hand)).toBe(Number(before) - 3);
    const cancelled = await api.ok('POST', `/api/delivery-notes/${dn.document.id}/cancel`);
    expect(cancelled.document.status).toBe('cancelled');
    expect(cancelled.document.reversal_document_id).not.toBeNull();
    expect((await stockOf(shop.spacer.id)).item.on_hand).toBe(before);
    const again = await api.call('POST', `/api/delivery-notes/${dn.document.id}/cancel`);
    expect(again.status).toBe(409);
  });

  it('releases the reservation of a cancelled draft', async () => {
    const draft = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.spacer.id, quantity: '2' }],
    });
    expect((await stockOf(shop.spacer.id)).item.reserved).toBe('2');
    await api.ok('PUT', `/api/delivery-notes/${draft.document.id}`, {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.spacer.id, quantity: '1.5' }],
    });
    expect((await stockOf(shop.spacer.id)).item.reserved).toBe('1.5');
    const cancelled = await api.ok('POST', `/api/delivery-notes/${draft.document.id}/cancel`);
    expect(cancelled.document).toMatchObject({ status: 'cancelled', reversal_document_id: null });
    expect((await stockOf(shop.spacer.id)).item.reserved).toBe('0');
  });
});
