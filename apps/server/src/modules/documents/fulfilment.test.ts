import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createMontage, documentsClient, glassShop, type Json } from './test-helpers.ts';

// Issue 17, "every line reaches an invoice exactly once": a quote with glass, window and service
// lines → work order → two partial delivery notes (stock moves for goods only) → one invoice from
// both notes + one for the rest of the order → credit notes → the credited rest invoiced again.
// All expected figures are worked out by hand in the comments.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
let window: Json;
let profile: Json;
let montage: Json;
let transport: Json;

const query = <T>(q: SQL) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
    rowsOf<T>(await tx.execute(q)),
  );

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  // eRačun: every issued invoice names its operator (the issuing user's mark and OIB).
  await api.ok('PUT', '/api/einvoice/operator', {
    operator_mark: 'Ana (blagajna 1)',
    operator_oib: '12345678903',
  });
  profile = await api.ok('POST', '/api/inventory/items', {
    sku: 'PVC70',
    name: 'PVC profil 70 mm',
    kind: 'material',
    base_unit: 'm',
    purchase_price: '5',
  });
  window = await api.ok('POST', '/api/inventory/items', {
    sku: 'PROZOR',
    name: 'PVC prozor',
    kind: 'product',
    base_unit: 'kom',
    lot_tracked: true,
    sales_price: '250',
    vat_rate: '25',
    kpd_code: '22.23.10',
  });
  const bom = await api.ok('POST', `/api/products/${window.id}/boms`, {
    variables: [],
    lines: [{ componentId: profile.id, formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' }],
  });
  await api.ok('POST', `/api/products/${window.id}/boms/${bom.id}/activate`);
  montage = await createMontage(api);
  transport = await api.ok('POST', '/api/inventory/items', {
    sku: 'TRANS',
    name: 'Transport',
    kind: 'service',
    base_unit: 'kom',
    sales_price: '9',
    vat_rate: '25',
    kpd_code: '49.41.19',
  });
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-1' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
      { item_id: profile.id, quantity: '20', unit_cost: '5' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

/** Every balance equals the sum of its movements, and no reservation is left open. */
async function checkStockInvariants() {
  const drift = await query<{ item_id: string }>(
    sql`select coalesce(b.item_id, m.item_id) as item_id
        from stock_balances b
        full join (select item_id, location_id, lot_id, sum(quantity) as q from stock_movements
                   group by item_id, location_id, lot_id) m
          on m.item_id = b.item_id and m.location_id = b.location_id and m.lot_id is not distinct from b.lot_id
        where coalesce(b.quantity, 0) <> coalesce(m.q, 0)`,
  );
  expect(drift).toEqual([]);
  const open = await query<{ n: number }>(
    sql`select count(*)::int as n from reservations where status = 'active'`,
  );
  expect(open[0]?.n).toBe(0);
}

const onHand = async (itemId: string) =>
  ((await api.ok('GET', `/api/inventory/items/${itemId}`)) as Json).item.on_hand as string;
const progress = async (woId: string) => {
  const p = await api.ok('GET', `/api/documents/work-orders/${woId}/progress`);
  return Object.fromEntries(
    (p.lines as Json[]).map((l) => [l.sku ?? l.description, [l.ordered, l.delivered, l.invoiced]]),
  );
};
/** What the invoice form offers: number → net left to bill, notes and orders. */
const billable = async () => {
  const b = await api.ok('GET', `/api/invoices/billable?client_id=${shop.client.id}`);
  const of = (list: Json[]) => Object.fromEntries(list.map((d) => [d.number, d.net_left]));
  return { notes: of(b.delivery_notes), orders: of(b.work_orders) };
};
const quantities = (d: Json) => (d.lines as Json[]).map((l) => [l.sku ?? l.description, l.quantity]);

describe('every line reaches an invoice exactly once', () => {
  const s: Record<string, Json> = {};
  // The order: 4 IGU at 100 (−10 % client discount) = 360.00; 2 windows at 250 (−10 %) = 450.00;
  // 3 h montaža at 40 (−10 %) = 108.00; transport 9.00 without discount. Net 927.00.
  const lines = () => [
    { item_id: shop.igu.id, quantity: '4', width_mm: '1000', height_mm: '500' },
    { item_id: window.id, quantity: '2', width_mm: '1200', height_mm: '1400' },
    { item_id: montage.id, quantity: '3' },
    { item_id: transport.id, quantity: '1', discount_pct: '0' },
  ];

  it('runs the quote to a completed work order', async () => {
    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      lines: lines(),
    });
    expect(quote.document.net_total).toBe('927.00');
    s.quote = quote.document;
    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/send`);
    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/accept`);
    const wo = await api.ok('POST', `/api/documents/quotes/${quote.document.id}/convert`);
    const id = wo.document.id;
    await api.ok('PUT', `/api/documents/work-orders/${id}`, {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: wo.lines.map((l: Json) => ({
        item_id: l.item_id,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        width_mm: l.width_mm,
        height_mm: l.height_mm,
        unit_price: l.unit_price,
        discount_pct: l.discount_pct,
        vat_rate: l.vat_rate,
      })),
    });
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const started = await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    for (const op of started.operations as Json[]) {
      const base = `/api/documents/work-orders/${id}/operations/${op.id}`;
      await api.ok('POST', `${base}/start`);
      await api.ok('POST', `${base}/finish`);
      if (op.quality_check_required) await api.ok('POST', `${base}/checks`, { result: 'pass' });
    }
    const done = await api.ok('POST', `/api/documents/work-orders/${id}/complete`, {});
    expect(done.document).toMatchObject({ status: 'completed', net_total: '927.00' });
    expect(await onHand(shop.igu.id)).toBe('4');
    expect(await onHand(window.id)).toBe('2');
    s.wo = done;
    await checkStockInvariants();
  });

  it('delivers in two partial notes, services on the note, stock moving for goods only', async () => {
    const woLine = (sku: string) => ((s.wo as Json).lines as Json[]).find((l) => l.sku === sku) as Json;
    const igu = woLine('IZO');
    const dn1 = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: s.wo?.document.id,
      lines: [
        { source_line_id: igu.id, quantity: '3' },
        { source_line_id: woLine('PROZOR').id, quantity: '2' },
        { source_line_id: woLine('TRANS').id, quantity: '1' },
      ],
    });
    // copied from the order line: price, discount, dimensions and its output lot
    expect(dn1.lines[0]).toMatchObject({
      item_id: shop.igu.id,
      unit_price: '100',
      discount_pct: '10',
      width_mm: '1000',
    });
    expect(dn1.lines[0].lot_number).toBe(igu.lot_number);
    expect(quantities(dn1)).toEqual([
      ['IZO', '3'],
      ['PROZOR', '2'],
      ['TRANS', '1'],
    ]);
    await api.ok('POST', `/api/delivery-notes/${dn1.document.id}/issue`);
    expect(await onHand(shop.igu.id)).toBe('1');
    expect(await onHand(window.id)).toBe('0');

    // 1 IGU is left: asking for 2 is refused naming the line, and nothing is written
    const over = await api.call('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: s.wo?.document.id,
      lines: [
        { source_line_id: woLine('MONT').id, quantity: '1' },
        { source_line_id: igu.id, quantity: '2' },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body.error.details).toEqual([
      {
        field: 'lines.1.quantity',
        key: 'validation.overDelivery',
        params: { line: 2, item: 'IZO', remaining: '1', requested: '2' },
      },
    ]);
    const notes = await api.ok('GET', '/api/delivery-notes');
    expect(notes.total).toBe(1);

    const dn2 = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: s.wo?.document.id,
      lines: [
        { source_line_id: igu.id, quantity: '1' },
        { source_line_id: woLine('MONT').id, quantity: '2' },
      ],
    });
    // a draft note holds only its goods
    const held = await query<{ item_id: string; quantity: string }>(
      sql`select item_id, trim_scale(quantity)::text as quantity from reservations
          where source_id = ${dn2.document.id} and status = 'active'`,
    );
    expect(held).toEqual([{ item_id: shop.igu.id, quantity: '1' }]);
    // an edit of the draft keeps delivering the order line (and is checked again)
    const edited = await api.call('PUT', `/api/delivery-notes/${dn2.document.id}`, {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      lines: [
        { source_line_id: igu.id, quantity: '1' },
        { source_line_id: woLine('MONT').id, quantity: '4' },
      ],
    });
    expect(edited.status).toBe(400);
    expect(edited.body.error.details[0]).toMatchObject({
      key: 'validation.overDelivery',
      params: { line: 2, item: 'MONT', remaining: '3', requested: '4' },
    });
    await api.ok('POST', `/api/delivery-notes/${dn2.document.id}/issue`);
    expect(await onHand(shop.igu.id)).toBe('0');
    expect(await onHand(montage.id)).toBe('0');
    // the notes' movements: goods only (3 + 1 IGU, 2 windows), nothing for montaža or transport
    const moved = await query<{ sku: string; q: string }>(
      sql`select i.sku, trim_scale(sum(m.quantity))::text as q from stock_movements m join items i on i.id = m.item_id
          where m.type = 'delivery' group by i.sku order by i.sku`,
    );
    expect(moved).toEqual([
      { sku: 'IZO', q: '-4' },
      { sku: 'PROZOR', q: '-2' },
    ]);
    // ordered, on notes, invoiced
    expect(await progress(s.wo?.document.id)).toEqual({
      IZO: ['4', '4', '0'],
      PROZOR: ['2', '2', '0'],
      MONT: ['3', '2', '0'],
      TRANS: ['1', '1', '0'],
    });
    s.dn1 = dn1.document;
    s.dn2 = dn2.document;
    await checkStockInvariants();
  });

  it('invoices both notes in one invoice, refuses them twice and notes of another client', async () => {
    // offered: note 1 = 270.00 + 450.00 + 9.00, note 2 = 90.00 + 72.00, the order all of 927.00
    expect(await billable()).toEqual({
      notes: { [s.dn1?.number]: '729.00', [s.dn2?.number]: '162.00' },
      orders: { [s.wo?.document.number]: '927.00' },
    });
    const inv = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [s.dn1?.id, s.dn2?.id],
    });
    expect(quantities(inv)).toEqual([
      ['IZO', '3'],
      ['PROZOR', '2'],
      ['TRANS', '1'],
      ['IZO', '1'],
      ['MONT', '2'],
    ]);
    // 270.00 + 450.00 + 9.00 + 90.00 + 72.00 (2 × 40 × 0.9)
    expect(inv.document.net_total).toBe('891.00');
    expect(
      inv.links
        .filter((l: Json) => l.relation === 'invoiced')
        .map((l: Json) => l.id)
        .sort(),
    ).toEqual([s.dn1?.id, s.dn2?.id].sort());
    s.inv1 = (await api.ok('POST', `/api/invoices/${inv.document.id}/issue`)).document;

    const twice = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [s.dn2?.id],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.deliveryNoteInvoiced', params: { number: s.dn2?.number } }),
    ]);

    const other = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Drugi kupac d.o.o.' });
    const foreign = await api.ok('POST', '/api/delivery-notes', {
      client_id: other.id,
      source_location_id: shop.finished.id,
      lines: [{ description: 'Dostava', quantity: '1', unit: 'kom', unit_price: '20' }],
    });
    // a note of services only is issued without a stock document
    const issued = await api.ok('POST', `/api/delivery-notes/${foreign.document.id}/issue`);
    expect(issued.document).toMatchObject({ status: 'issued', stock_document_id: null });
    const mixed = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [foreign.document.id],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details).toEqual([
      expect.objectContaining({
        key: 'validation.deliveryNoteOtherClient',
        params: { number: foreign.document.number },
      }),
    ]);
    const invoices = await api.ok('GET', '/api/invoices');
    expect(invoices.total).toBe(1);
    // what is left: the montaža hour no note carried (1 × 40 × 0.9)
    expect(await billable()).toEqual({ notes: {}, orders: { [s.wo?.document.number]: '36.00' } });
  });

  it('invoices the rest of the order (the montaža hour no note carried), once', async () => {
    const rest = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [s.wo?.document.id],
    });
    expect(quantities(rest)).toEqual([['MONT', '1']]);
    expect(rest.document.net_total).toBe('36.00'); // 1 × 40 × 0.9
    s.inv2 = (await api.ok('POST', `/api/invoices/${rest.document.id}/issue`)).document;
    const again = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [s.wo?.document.id],
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details[0].key).toBe('validation.workOrderInvoiced');
    expect(await progress(s.wo?.document.id)).toEqual({
      IZO: ['4', '4', '4'],
      PROZOR: ['2', '2', '2'],
      MONT: ['3', '2', '3'],
      TRANS: ['1', '1', '1'],
    });
    // 891.00 + 36.00 = the quote's 927.00
    const billed = await api.ok('GET', '/api/invoices?sort=number');
    const net = (billed.items as Json[]).reduce((sum, d) => sum + Math.round(Number(d.net_total) * 100), 0);
    expect(net).toBe(92_700);
    expect(s.quote?.net_total).toBe('927.00');
  });

  it('credits quantities back, refuses crediting more than was billed, and bills the rest again', async () => {
    const over = await api.call('POST', `/api/invoices/${s.inv1?.id}/credit-notes`, {
      lines: [{ item_id: shop.igu.id, quantity: '5', unit_price: '100', discount_pct: '10' }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error.details[0]).toMatchObject({
      key: 'validation.overCredit',
      params: { line: 1, remaining: '3', requested: '5' },
    });
    // one IGU returned: 1 × 100 × 0.9 = 90.00 net
    const credit = await api.ok('POST', `/api/invoices/${s.inv1?.id}/credit-notes`, {
      lines: [{ item_id: shop.igu.id, quantity: '1', unit_price: '100', discount_pct: '10' }],
    });
    expect(credit.document.net_total).toBe('90.00');
    // the whole montaža invoice credited (36.00), then nothing is left to credit on it
    const whole = await api.ok('POST', `/api/invoices/${s.inv2?.id}/credit-notes`, {});
    expect(whole.document.net_total).toBe('36.00');
    const none = await api.call('POST', `/api/invoices/${s.inv2?.id}/credit-notes`, {});
    expect(none.status).toBe(409);
    expect(none.body.error.details[0].key).toBe('validation.invoiceFullyCredited');
    expect(await progress(s.wo?.document.id)).toEqual({
      IZO: ['4', '4', '3'],
      PROZOR: ['2', '2', '2'],
      MONT: ['3', '2', '2'],
      TRANS: ['1', '1', '1'],
    });

    // the credited IGU and montaža hour are billable again, from the order
    const again = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [s.wo?.document.id],
    });
    expect(quantities(again)).toEqual([
      ['IZO', '1'],
      ['MONT', '1'],
    ]);
    // a draft edit keeps each line's source and cannot bill more than is left
    const edit = (igu: string) =>
      api.call('PUT', `/api/invoices/${again.document.id}`, {
        client_id: shop.client.id,
        lines: (again.lines as Json[]).map((l) => ({
          item_id: l.item_id,
          description: l.description,
          quantity: l.sku === 'IZO' ? igu : l.quantity,
          unit: l.unit,
          width_mm: l.width_mm,
          height_mm: l.height_mm,
          unit_price: l.unit_price,
          discount_pct: l.discount_pct,
          vat_rate: l.vat_rate,
          source_line_id: l.source_line_id,
        })),
      });
    const tooMuch = await edit('2');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.details[0]).toMatchObject({
      field: 'lines.0.quantity',
      key: 'validation.overInvoicing',
      params: { line: 1, remaining: '1', requested: '2' },
    });
    const kept = await edit('1');
    expect(kept.status).toBe(200);
    expect(kept.body.lines.map((l: Json) => l.source_line_id)).toEqual(
      (again.lines as Json[]).map((l) => l.source_line_id),
    );
    // 90.00 + 36.00
    expect(kept.body.document.net_total).toBe('126.00');
    await api.ok('POST', `/api/invoices/${again.document.id}/issue`);

    expect(await progress(s.wo?.document.id)).toEqual({
      IZO: ['4', '4', '4'],
      PROZOR: ['2', '2', '2'],
      MONT: ['3', '2', '3'],
      TRANS: ['1', '1', '1'],
    });
    // invoiced 891.00 + 36.00 + 126.00 = 1 053.00; credited 90.00 + 36.00 = 126.00;
    // 1 053.00 − 126.00 = 927.00, the accepted quote's net
    const docs = (await api.ok('GET', '/api/invoices?page_size=200')).items as Json[];
    const cents = (kind: string) =>
      docs.filter((d) => d.kind === kind).reduce((sum, d) => sum + Math.round(Number(d.net_total) * 100), 0);
    expect(cents('invoice')).toBe(105_300);
    expect(cents('credit_note')).toBe(12_600);
    expect(cents('invoice') - cents('credit_note')).toBe(92_700);
    expect(await billable()).toEqual({ notes: {}, orders: {} });
    await checkStockInvariants();
  });

  it('keeps an invoiced note from being cancelled', async () => {
    const r = await api.call('POST', `/api/delivery-notes/${s.dn1?.id}/cancel`);
    expect(r.status).toBe(409);
    expect(r.body.error.details[0].key).toBe('validation.deliveryNoteInvoiced');
  });

  it('delivers what is left by default, and refuses a note when nothing is left', async () => {
    const rest = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: s.wo?.document.id,
    });
    expect(quantities(rest)).toEqual([['MONT', '1']]);
    // invoiced already straight from the order: the note has nothing left to bill
    await api.ok('POST', `/api/delivery-notes/${rest.document.id}/issue`);
    const bill = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [rest.document.id],
    });
    expect(bill.status).toBe(409);
    expect(bill.body.error.details[0].key).toBe('validation.deliveryNoteInvoiced');
    const none = await api.call('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: s.wo?.document.id,
    });
    expect(none.status).toBe(409);
    expect(none.body.error.details[0].key).toBe('validation.workOrderDelivered');
    await checkStockInvariants();
  });
});

describe('a free-text line keeps its own KPD code from the order to the invoice', () => {
  it('copies the code to the delivery note and the invoice, which issues as an eRačun', async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [
        {
          description: 'Prijevoz do gradilišta',
          quantity: '1',
          unit: 'kom',
          unit_price: '30',
          kpd_code: '49.41.19',
        },
      ],
    });
    for (const step of ['plan', 'start', 'complete'])
      await api.ok(
        'POST',
        `/api/documents/work-orders/${wo.document.id}/${step}`,
        step === 'complete' ? {} : undefined,
      );
    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: wo.document.id,
    });
    expect(note.lines.map((l: Json) => [l.description, l.kpd_code])).toEqual([
      ['Prijevoz do gradilišta', '49.41.19'],
    ]);
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    const inv = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [note.document.id],
    });
    expect(inv.lines.map((l: Json) => l.kpd_code)).toEqual(['49.41.19']);
    const issued = await api.ok('POST', `/api/invoices/${inv.document.id}/issue`);
    expect(issued.document.status).toBe('issued');
  });
});
