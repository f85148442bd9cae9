import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// The documents flow reviewed as a planner uses it (2026-11-27, docs/product-conformance.md):
// each test is one defect found, driven over HTTP through the neighbouring areas, with the stock
// and money invariants checked after it.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

const db = <T>(query: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
    rowsOf<T>(await tx.execute(query)),
  );

/** Stock = ledger: per item, the movements add up to the balances and to the item's on-hand. */
async function ledgerMismatches() {
  return db<{ item_id: string }>(
    sql`select s.item_id from item_stock s
        where s.on_hand <> coalesce((select sum(quantity) from stock_movements m where m.item_id = s.item_id), 0)
           or s.on_hand <> coalesce((select sum(quantity) from stock_balances b where b.item_id = s.item_id), 0)`,
  );
}

/** What a refused request must leave alone: documents, lines, movements, reservations. */
async function counts() {
  const [row] = await db<Json>(
    sql`select (select count(*) from documents)::int as documents,
          (select count(*) from document_lines)::int as lines,
          (select count(*) from stock_movements)::int as movements,
          (select count(*) from reservations where status = 'active')::int as reservations`,
  );
  return row;
}

/** A PDF's text, line by line as laid out (text items on one baseline joined). */
async function pdfText(url: string): Promise<string> {
  const res = await api.call('GET', url);
  expect(res.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const item = async (id: string) => (await api.ok('GET', `/api/inventory/items/${id}`)).item as Json;

async function finishOperations(woId: string) {
  const wo = await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
  for (const op of wo.operations as Json[]) {
    const base = `/api/documents/work-orders/${woId}/operations/${op.id}`;
    await api.ok('POST', `${base}/start`);
    await api.ok('POST', `${base}/time`, { minutes: '30' });
    await api.ok('POST', `${base}/finish`);
    if (op.quality_check_required) await api.ok('POST', `${base}/checks`, { result: 'pass' });
  }
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('quantities that reach stock have at most 4 decimals', () => {
  it('refuses a delivery note line of 1,234567 m² (the ledger would move 1,2346) and writes nothing', async () => {
    const before = await counts();
    const r = await api.call('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.glass.id, quantity: '1.234567' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'lines.0.quantity', key: 'validation.quantityDecimals' }]);
    expect(r.body.error.message).toBe('Količina može imati najviše 4 decimale');
    expect(await counts()).toEqual(before);
    expect(await item(shop.glass.id)).toMatchObject({ on_hand: '10', reserved: '0' });
  });

  it('a note of 1,2345 m² moves exactly what it says', async () => {
    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.glass.id, quantity: '1,2345' }],
    });
    expect(note.lines[0].quantity).toBe('1.2345');
    expect(await item(shop.glass.id)).toMatchObject({ reserved: '1.2345' });
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    expect(await item(shop.glass.id)).toMatchObject({ on_hand: '8.7655', reserved: '0' });
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('refuses a quote line and a completion actual with a fifth decimal', async () => {
    const before = await counts();
    const q = await api.call('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      lines: [{ description: 'Staklo', quantity: '0.00001', unit_price: '10' }],
    });
    expect(q.status).toBe(400);
    expect(q.body.error.details).toEqual([{ field: 'lines.0.quantity', key: 'validation.quantityDecimals' }]);
    expect(await counts()).toEqual(before);

    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '1000', height_mm: '500' }],
    });
    const woId = wo.document.id;
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
    await finishOperations(woId);
    const planned = await counts();
    const done = await api.call('POST', `/api/documents/work-orders/${woId}/complete`, {
      actual: [{ item_id: shop.glass.id, quantity: '1.00005' }],
    });
    expect(done.status).toBe(400);
    expect(done.body.error.details).toEqual([
      { field: 'actual.0.quantity', key: 'validation.quantityDecimals' },
    ]);
    expect(await counts()).toEqual(planned);
    expect((await api.ok('GET', `/api/documents/${woId}`)).document.status).toBe('in_progress');
    // The same completion with 4 decimals posts them as typed.
    await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {
      actual: [{ item_id: shop.glass.id, quantity: '1.0001' }],
    });
    const glass = (await api.ok('GET', `/api/documents/${woId}`)).materials.find(
      (m: Json) => m.item_id === shop.glass.id,
    );
    expect(glass.actual_qty).toBe('1.0001');
    expect(await ledgerMismatches()).toEqual([]);
    const open = await db<Json>(
      sql`select id from reservations where status = 'active' and source_id = ${woId}`,
    );
    expect(open).toEqual([]);
  });

  it('names a VAT rate outside 25/13/5/0 % as such', async () => {
    const r = await api.call('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      lines: [{ description: 'Staklo', quantity: '1', unit_price: '10', vat_rate: '22' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'lines.0.vat_rate', key: 'validation.vatRateInvalid' }]);
    expect(r.body.error.message).toBe('Stopa PDV-a mora biti 25, 13, 5 ili 0 %');
  });
});

describe('an invoice keeps its payment terms when it is issued', () => {
  const line = { description: 'Brušenje rubova', quantity: '1', unit_price: '100', kpd_code: '23.12.13' };
  /** The ISO date `days` after `iso`, computed here without the app's helpers. */
  const plusDays = (iso: string, days: number) =>
    new Date(new Date(`${iso}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

  it('a draft written long ago is issued due 30 days (the client terms) after the day of issue, not overdue', async () => {
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      doc_date: '2025-06-01',
      lines: [line],
    });
    expect(draft.document).toMatchObject({ doc_date: '2025-06-01', due_date: '2025-07-01' });
    const issued = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    expect(issued.document.doc_date).not.toBe('2025-06-01');
    expect(issued.document.due_date).toBe(plusDays(issued.document.doc_date, 30));
    expect(issued.document.payment_status).toBe('unpaid');
  });

  it('refuses a due date before the invoice date, on a new draft and on an edit, and writes nothing', async () => {
    const before = await counts();
    const r = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      doc_date: '2026-11-20',
      due_date: '2026-11-19',
      lines: [line],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'due_date', key: 'validation.dueBeforeDate' }]);
    expect(r.body.error.message).toBe('Rok plaćanja ne može biti prije datuma računa');
    expect(await counts()).toEqual(before);

    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      doc_date: '2026-11-20',
      lines: [line],
    });
    const edit = await api.call('PUT', `/api/invoices/${draft.document.id}`, {
      client_id: shop.client.id,
      due_date: '2026-11-01',
      lines: [{ ...line, quantity: '2' }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.details).toEqual([{ field: 'due_date', key: 'validation.dueBeforeDate' }]);
    const kept = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(kept.document).toMatchObject({ due_date: '2026-12-20', total: draft.document.total });
    expect(kept.lines.map((l: Json) => l.quantity)).toEqual(['1']);
  });
});

describe('dates a planner can mistype', () => {
  it('refuses a quote valid until a day before its own date, on create and on edit, and writes nothing', async () => {
    const line = { description: 'Kaljeno staklo', quantity: '1', unit_price: '80' };
    const before = await counts();
    const r = await api.call('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      doc_date: '2026-11-20',
      valid_until: '2026-11-01',
      lines: [line],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'valid_until', key: 'validation.validUntilBeforeDate' }]);
    expect(r.body.error.message).toBe('Ponuda ne može vrijediti do dana prije svog datuma');
    expect(await counts()).toEqual(before);

    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      doc_date: '2026-11-20',
      valid_until: '2026-11-20',
      lines: [line],
    });
    const edit = await api.call('PUT', `/api/documents/quotes/${quote.document.id}`, {
      client_id: shop.client.id,
      valid_until: '2026-11-19',
      lines: [{ ...line, quantity: '3' }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.details).toEqual([
      { field: 'valid_until', key: 'validation.validUntilBeforeDate' },
    ]);
    const kept = await api.ok('GET', `/api/documents/${quote.document.id}`);
    expect(kept.document).toMatchObject({ valid_until: '2026-11-20', total: quote.document.total });
    expect(kept.lines.map((l: Json) => l.quantity)).toEqual(['1']);
  });

  it('refuses a payment dated in the future: the invoice stays owed', async () => {
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      lines: [{ description: 'Rezanje', quantity: '1', unit_price: '100', kpd_code: '23.12.13' }],
    });
    const invoice = (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document;
    const tomorrow = new Date(new Date(`${invoice.doc_date}T00:00:00Z`).getTime() + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const r = await api.call('POST', `/api/invoices/${invoice.id}/payments`, {
      paid_on: tomorrow,
      amount: invoice.total,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'paid_on', key: 'validation.paymentInFuture' }]);
    expect(r.body.error.message).toBe('Datum uplate ne može biti u budućnosti');
    const after = await api.ok('GET', `/api/documents/${invoice.id}`);
    expect(after.document).toMatchObject({ paid_total: '0.00', payment_status: 'unpaid' });
    expect(after.payments).toEqual([]);
    // Paid today: accepted, the invoice is paid and its payments add up to its total.
    const paid = await api.ok('POST', `/api/invoices/${invoice.id}/payments`, {
      paid_on: invoice.doc_date,
      amount: invoice.total,
    });
    expect(paid.document).toMatchObject({ paid_total: invoice.total, payment_status: 'paid' });
  });
});

describe('a delivery note line naming a lot', () => {
  it('refuses a lot of another item or an unknown lot (was 500) and writes nothing', async () => {
    const [glassLot] = await db<{ id: string }>(
      sql`select id from lots where item_id = ${shop.glass.id} and lot_number = 'L-100'`,
    );
    const before = await counts();
    for (const lotId of [glassLot?.id, '00000000-0000-4000-8000-000000000000']) {
      const r = await api.call('POST', '/api/delivery-notes', {
        client_id: shop.client.id,
        source_location_id: shop.materials.id,
        lines: [
          { item_id: shop.glass.id, quantity: '1', lot_id: glassLot?.id },
          { item_id: shop.spacer.id, quantity: '2', lot_id: lotId },
        ],
      });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([
        { field: 'lines.1.lot_id', key: 'validation.lotNotOfItem', params: { item: 'DIST16' } },
      ]);
    }
    expect(await counts()).toEqual(before);
    // The glass line with its own lot is fine, and issuing takes that lot.
    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.glass.id, quantity: '1', lot_id: glassLot?.id }],
    });
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    const moved = await db<{ lot_id: string; quantity: string }>(
      sql`select m.lot_id, trim_scale(m.quantity)::text as quantity from stock_movements m
          join stock_documents s on s.id = m.document_id
          where s.id = (select stock_document_id from documents where id = ${note.document.id})`,
    );
    expect(moved).toEqual([{ lot_id: glassLot?.id, quantity: '-1' }]);
    expect(await ledgerMismatches()).toEqual([]);
  });
});

describe('a delivery note whose invoice was credited in full', () => {
  it('can be cancelled (goods back in stock) and the order delivered and billed again: quote = invoiced − credited', async () => {
    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: shop.client.id,
      lines: [{ item_id: shop.igu.id, quantity: '3', width_mm: '1000', height_mm: '500' }],
    });
    const quoteId = quote.document.id;
    expect(quote.document.net_total).toBe('270.00'); // 3 × 100 × (1 − 10 %)
    await api.ok('POST', `/api/documents/quotes/${quoteId}/send`);
    await api.ok('POST', `/api/documents/quotes/${quoteId}/accept`);
    const converted = await api.ok('POST', `/api/documents/quotes/${quoteId}/convert`);
    const woId = converted.document.id;
    await api.ok('PUT', `/api/documents/work-orders/${woId}`, {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: converted.lines.map((l: Json) => ({
        item_id: l.item_id,
        quantity: l.quantity,
        width_mm: l.width_mm,
        height_mm: l.height_mm,
        unit_price: l.unit_price,
        discount_pct: l.discount_pct,
        source_line_id: l.source_line_id,
      })),
    });
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
    await finishOperations(woId);
    // IZO units made by earlier tests stay in stock: this order's count on top of them.
    const base = new Decimal((await item(shop.igu.id)).on_hand);
    const onHand = (plus: number) => base.plus(plus).toFixed();
    const done = await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {});
    const woLine = done.lines[0].id;
    expect((await item(shop.igu.id)).on_hand).toBe(onHand(3));

    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: woId,
      lines: [{ source_line_id: woLine, quantity: '2' }],
    });
    const noteId = note.document.id;
    await api.ok('POST', `/api/delivery-notes/${noteId}/issue`);
    expect((await item(shop.igu.id)).on_hand).toBe(onHand(1));
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [noteId],
    });
    const invoice = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    const invoiceLine = invoice.lines[0].id;

    const refused = async () => {
      const r = await api.call('POST', `/api/delivery-notes/${noteId}/cancel`);
      expect(r.status).toBe(409);
      expect(r.body.error.details[0].key).toBe('validation.deliveryNoteInvoiced');
      expect((await api.ok('GET', `/api/documents/${noteId}`)).document.status).toBe('issued');
      expect((await item(shop.igu.id)).on_hand).toBe(onHand(1));
    };
    await refused();
    // Half credited: still billed, still refused.
    await api.ok('POST', `/api/invoices/${invoice.document.id}/credit-notes`, {
      lines: [{ source_line_id: invoiceLine, quantity: '1' }],
    });
    await refused();
    // The rest credited: nothing of the note is billed any more, so it can be cancelled.
    await api.ok('POST', `/api/invoices/${invoice.document.id}/credit-notes`, {});
    const cancelled = await api.ok('POST', `/api/delivery-notes/${noteId}/cancel`);
    expect(cancelled.document.status).toBe('cancelled');
    expect(await item(shop.igu.id)).toMatchObject({ on_hand: onHand(3), reserved: '0' });
    expect(await ledgerMismatches()).toEqual([]);
    const progress = await api.ok('GET', `/api/documents/work-orders/${woId}/progress`);
    expect(progress.lines[0]).toMatchObject({ ordered: '3', delivered: '0', invoiced: '0', to_invoice: '3' });

    // Delivered and billed again in full: the order's quote equals invoiced − credited.
    const again = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: woId,
    });
    await api.ok('POST', `/api/delivery-notes/${again.document.id}/issue`);
    // The note's PDF prints the produced lot whole ("RN-2026-0003-1" was wrapped after its last dash).
    const lot = (await api.ok('GET', `/api/documents/${again.document.id}`)).lines[0].lot_number;
    expect(lot).toMatch(/^RN-\d{4}-\d{4}-1$/);
    const pdfLines = (await pdfText(`/api/documents/${again.document.id}/pdf`)).split('\n');
    expect(pdfLines.some((l) => l.includes(lot))).toBe(true);
    const second = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [again.document.id],
    });
    await api.ok('POST', `/api/invoices/${second.document.id}/issue`);
    const [money] = await db<{ invoiced: string; credited: string }>(
      sql`select coalesce(sum(d.net_total) filter (where d.kind = 'invoice'), 0)::text as invoiced,
            coalesce(sum(d.net_total) filter (where d.kind = 'credit_note'), 0)::text as credited
          from documents d where d.status = 'issued' and d.id in (
            select l.document_id from document_lines l where l.source_line_id in (
              select id from document_lines where document_id in (${noteId}, ${again.document.id})
              union select i.id from document_lines i join document_lines n on n.id = i.source_line_id
                where n.document_id in (${noteId}, ${again.document.id})))`,
    );
    expect(money).toEqual({ invoiced: '450.00', credited: '180.00' }); // 180 + 270 billed, 90 + 90 credited
    expect(Number(money?.invoiced) - Number(money?.credited)).toBe(270);
    expect(await item(shop.igu.id)).toMatchObject({ on_hand: onHand(0), reserved: '0' });
    expect(await ledgerMismatches()).toEqual([]);
    const open = await db<Json>(sql`select id from reservations where status = 'active'`);
    expect(open).toEqual([]);
  });
});

describe('a credit note takes back what the invoice billed, never more', () => {
  it('credits a line on the invoice terms; a higher price or more than the invoice is refused', async () => {
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      lines: [{ item_id: shop.igu.id, quantity: '2', kpd_code: '23.12.13' }],
    });
    const invoice = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    const invoiceId = invoice.document.id;
    const line = invoice.lines[0];
    // 2 × 100 less the client's 10 % = 180.00 net, 225.00 with 25 % VAT
    expect(line).toMatchObject({ unit_price: '100', discount_pct: '10', net_amount: '180.00' });
    expect(invoice.document.total).toBe('225.00');
    const credits = async () =>
      db<Json>(
        sql`select id from documents where kind = 'credit_note' and original_invoice_id = ${invoiceId}`,
      );

    // One piece at 1 000 (was credited as 1 250,00 on a 225,00 invoice).
    const before = await counts();
    const high = await api.call('POST', `/api/invoices/${invoiceId}/credit-notes`, {
      lines: [
        {
          source_line_id: line.id,
          item_id: shop.igu.id,
          quantity: '1',
          unit_price: '1000',
          discount_pct: '0',
        },
      ],
    });
    expect(high.status).toBe(400);
    expect(high.body.error.details).toEqual([
      { field: 'lines.0.unit_price', key: 'validation.creditPriceAbove', params: { line: 1 } },
    ]);
    expect(await counts()).toEqual(before);
    expect(await credits()).toEqual([]);

    // The item costs 150 today: one piece is still credited at the invoice's 100 less 10 %.
    await api.ok('PATCH', `/api/inventory/items/${shop.igu.id}`, { sales_price: '150' });
    const one = await api.ok('POST', `/api/invoices/${invoiceId}/credit-notes`, {
      lines: [{ source_line_id: line.id, item_id: shop.igu.id, quantity: '1' }],
    });
    expect(
      one.lines.map((l: Json) => [l.quantity, l.unit_price, l.discount_pct, l.vat_rate, l.net_amount]),
    ).toEqual([['1', '100', '10', '25', '90.00']]);
    expect(one.document.total).toBe('112.50');

    // A free line worth more than what is left (112,50) is refused too.
    const free = await api.call('POST', `/api/invoices/${invoiceId}/credit-notes`, {
      lines: [{ description: 'Popust', quantity: '1', unit_price: '100', discount_pct: '0', vat_rate: '25' }],
    });
    expect(free.status).toBe(400);
    expect(free.body.error.details).toEqual([{ field: 'lines', key: 'validation.creditExceedsInvoice' }]);
    expect(await credits()).toHaveLength(1);

    // The rest: credited in full, exactly the invoice.
    await api.ok('POST', `/api/invoices/${invoiceId}/credit-notes`, {});
    const after = await api.ok('GET', `/api/documents/${invoiceId}`);
    expect(after.document).toMatchObject({ total: '225.00', credited_total: '225.00', outstanding: '0.00' });
    await api.ok('PATCH', `/api/inventory/items/${shop.igu.id}`, { sales_price: '100' });
  });
});

describe('completing a work order into an unknown location', () => {
  it('is refused naming the field (was 500) and posts nothing; the order completes afterwards', async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '500', height_mm: '400' }],
    });
    const woId = wo.document.id;
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
    await finishOperations(woId);
    const before = await counts();
    const r = await api.call('POST', `/api/documents/work-orders/${woId}/complete`, {
      output_location_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { field: 'output_location_id', key: 'validation.locationInactive' },
    ]);
    expect(await counts()).toEqual(before);
    expect((await api.ok('GET', `/api/documents/${woId}`)).document.status).toBe('in_progress');
    const done = await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {
      output_location_id: shop.finished.id,
    });
    expect(done.document.status).toBe('completed');
    expect(await ledgerMismatches()).toEqual([]);
    expect(
      await db<Json>(sql`select id from reservations where status = 'active' and source_id = ${woId}`),
    ).toEqual([]);
  });
});

describe('an invoice that cannot be an eRačun yet', () => {
  it('says what is missing in words, not keys, and numbers nothing', async () => {
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      lines: [
        { item_id: shop.igu.id, quantity: '1' },
        { description: 'Prijevoz', quantity: '1', unit_price: '30', vat_rate: '13' },
      ],
    });
    const r = await api.call('POST', `/api/invoices/${draft.document.id}/issue`);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { field: 'lines.kpd_code', key: 'validation.lineKpdMissing', params: { line: 2 } },
    ]);
    expect(r.body.error.message).toBe('Račun se ne može izdati kao eRačun: Stavka 2 nema šifru KPD');
    const kept = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(kept.document).toMatchObject({ status: 'draft', number: null });
  });
});
