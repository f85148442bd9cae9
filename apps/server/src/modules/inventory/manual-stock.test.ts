import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop } from '../documents/test-helpers.ts';
import { inventoryClient } from './test-helpers.ts';

// Issue 17, deliverable 9: counts post what they show, reversals go through the owning document,
// lots and reasons on manual postings. Every figure below is computed by hand.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

/** Ledger sum, item on hand and the sum of balances of one item (they must agree). */
async function books(itemId: string) {
  return withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const r = await tx.execute(
      sql`select trim_scale(coalesce((select sum(quantity) from stock_movements where item_id = ${itemId}), 0))::text as ledger,
            trim_scale((select on_hand from item_stock where item_id = ${itemId}))::text as on_hand,
            trim_scale(coalesce((select sum(quantity) from stock_balances where item_id = ${itemId}), 0))::text as balances`,
    );
    return (r as unknown as { rows: { ledger: string; on_hand: string; balances: string }[] }).rows[0];
  });
}

describe('stock count posts exactly the difference it shows', () => {
  it('book 40, counted 42, 2 issued after counting: post is refused naming the line; a re-count ends at the counted stock', async () => {
    const loc = await api.location('INV1');
    const glass = await api.item('CNT-FLOAT', { base_unit: 'm2' });
    await api.receive(loc.id, [{ item_id: glass.id, quantity: '40', unit_cost: '10' }]);
    const sheet = await api.ok('POST', '/api/inventory/counts', { location_id: loc.id });
    const line = sheet.lines[0];
    expect(line).toMatchObject({ sku: 'CNT-FLOAT', expected_qty: '40', counted_qty: null, moved: false });

    const saved = await api.ok('PUT', `/api/inventory/counts/${sheet.id}/lines`, {
      lines: [{ id: line.id, counted_qty: '42' }],
    });
    // 42 counted - 40 on the books when counting = +2
    expect(saved.lines[0]).toMatchObject({
      counted_qty: '42',
      book_qty: '40',
      difference: '2',
      moved: false,
    });

    await api.ok('POST', '/api/inventory/issues', {
      location_id: loc.id,
      reason: 'production',
      lines: [{ item_id: glass.id, quantity: '2' }],
    });
    // Saving the sheet again with the same count keeps the book quantity of the counting moment.
    const resaved = await api.ok('PUT', `/api/inventory/counts/${sheet.id}/lines`, {
      lines: [{ id: line.id, counted_qty: '42' }],
    });
    expect(resaved.lines[0]).toMatchObject({
      book_qty: '40',
      difference: '2',
      current_qty: '38',
      moved: true,
    });

    const refused = await api.call('POST', `/api/inventory/counts/${sheet.id}/post`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect(refused.body.error.details).toEqual([
      {
        field: `lines.${line.id}`,
        key: 'validation.countStockMoved',
        params: { item: 'CNT-FLOAT', book: '40', current: '38', line_id: line.id },
      },
    ]);
    // Nothing was booked: 40 received - 2 issued.
    expect(await books(glass.id)).toEqual({ ledger: '38', on_hand: '38', balances: '38' });
    expect((await api.ok('GET', `/api/inventory/counts/${sheet.id}`)).status).toBe('draft');

    const recount = await api.ok('POST', `/api/inventory/counts/${sheet.id}/recount`, {
      line_ids: [line.id],
    });
    expect(recount.lines[0]).toMatchObject({
      expected_qty: '38',
      counted_qty: null,
      book_qty: null,
      moved: false,
    });
    // Counted again: the shelf holds the 42 found minus the 2 issued = 40.
    await api.ok('PUT', `/api/inventory/counts/${sheet.id}/lines`, {
      lines: [{ id: line.id, counted_qty: '40' }],
    });
    const posted = await api.ok('POST', `/api/inventory/counts/${sheet.id}/post`);
    expect(posted.status).toBe('posted');
    expect(posted.lines[0]).toMatchObject({ counted_qty: '40', book_qty: '38', difference: '2' });
    const doc = await api.ok('GET', `/api/inventory/documents/${posted.document_id}`);
    expect(doc).toMatchObject({ type: 'count', source_type: 'stock_count', source_id: sheet.id });
    expect(doc.reference).toMatch(/^INV-INV1-\d{4}-\d{2}-\d{2}$/);
    // The ledger books what the sheet showed (+2), and ends at the counted quantity.
    expect(doc.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['2']);
    expect(await books(glass.id)).toEqual({ ledger: '40', on_hand: '40', balances: '40' });
    // A posted sheet cannot be posted again.
    expect((await api.call('POST', `/api/inventory/counts/${sheet.id}/post`)).status).toBe(409);
  });

  it('without movement a count posts counted - book; an item found at the location is added; the sheet prints', async () => {
    const loc = await api.location('INV2');
    const a = await api.item('CNT-A2');
    const found = await api.item('CNT-FOUND', { name: 'Kutni spoj' });
    await api.receive(loc.id, [{ item_id: a.id, quantity: '10' }]);
    const sheet = await api.ok('POST', '/api/inventory/counts', { location_id: loc.id, note: 'Godišnja' });
    const withFound = await api.ok('POST', `/api/inventory/counts/${sheet.id}/lines`, { item_id: found.id });
    expect(
      withFound.lines.map((l: { sku: string; expected_qty: string }) => [l.sku, l.expected_qty]),
    ).toEqual([
      ['CNT-A2', '10'],
      ['CNT-FOUND', '0'],
    ]);
    const dup = await api.call('POST', `/api/inventory/counts/${sheet.id}/lines`, { item_id: found.id });
    expect(dup.status).toBe(409);
    expect(dup.body.error.details[0].key).toBe('validation.countLineExists');
    const [la, lf] = withFound.lines;
    await api.ok('PUT', `/api/inventory/counts/${sheet.id}/lines`, {
      lines: [
        { id: la.id, counted_qty: '7' },
        { id: lf.id, counted_qty: '3' },
      ],
    });
    const pdfRes = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/counts/${sheet.id}/pdf`,
      headers: { cookie: user.cookie },
    });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdfRes.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('INVENTURNA LISTA INV2');
    expect(flat).toContain('Kutni spoj');
    expect(flat).toContain('-3'); // 7 - 10
    expect(flat).toContain('+3'); // 3 - 0

    const key = { 'idempotency-key': `count-${sheet.id}` };
    const posted = await api.ok('POST', `/api/inventory/counts/${sheet.id}/post`, undefined, key);
    // A replay with the same key answers the posted count and books nothing twice.
    const replay = await api.ok('POST', `/api/inventory/counts/${sheet.id}/post`, undefined, key);
    expect(replay).toMatchObject({ status: 'posted', document_id: posted.document_id });
    const doc = await api.ok('GET', `/api/inventory/documents/${posted.document_id}`);
    expect(doc.lines.map((l: { sku: string; quantity: string }) => [l.sku, l.quantity]).sort()).toEqual([
      ['CNT-A2', '-3'],
      ['CNT-FOUND', '3'],
    ]);
    expect(await books(a.id)).toEqual({ ledger: '7', on_hand: '7', balances: '7' });
    expect(await books(found.id)).toEqual({ ledger: '3', on_hand: '3', balances: '3' });
    // The movements name the count.
    const moves = await api.ok('GET', `/api/inventory/movements?item_id=${found.id}`);
    expect(moves[0]).toMatchObject({
      document_type: 'count',
      reference: doc.reference,
      source_type: 'stock_count',
    });
  });
});

describe('a reversal goes through the document that made the movement', () => {
  it("refuses the movement of an issued delivery note and of a goods receipt, naming them; the note's cancel returns the stock", async () => {
    const docs = documentsClient(t.app, user);
    const shop = await glassShop(docs, '-RV');
    await api.receive(shop.materials.id, [{ item_id: shop.spacer.id, quantity: '10', unit_cost: '1' }]);
    const dn = await docs.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [{ item_id: shop.spacer.id, quantity: '4' }],
    });
    const issued = await docs.ok('POST', `/api/delivery-notes/${dn.document.id}/issue`);
    const stockDocId = issued.document.stock_document_id as string;
    const number = issued.document.number as string;
    expect(await books(shop.spacer.id)).toEqual({ ledger: '6', on_hand: '6', balances: '6' });

    const refused = await api.call('POST', `/api/inventory/documents/${stockDocId}/reverse`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      {
        field: 'document',
        key: 'validation.reverseViaDeliveryNote',
        params: { number, kind: 'delivery_note', id: dn.document.id },
      },
    ]);
    expect(refused.body.error.message).toContain(number);
    // Nothing moved and the movement tells the screen which document owns it.
    expect(await books(shop.spacer.id)).toEqual({ ledger: '6', on_hand: '6', balances: '6' });
    const moves = await api.ok('GET', `/api/inventory/movements?item_id=${shop.spacer.id}&type=delivery`);
    expect(moves[0]).toMatchObject({
      owner_kind: 'delivery_note',
      owner_id: dn.document.id,
      owner_number: number,
    });

    // The way that works: cancel the note (not invoiced): status cancelled, stock back.
    const cancelled = await docs.ok('POST', `/api/delivery-notes/${dn.document.id}/cancel`);
    expect(cancelled.document.status).toBe('cancelled');
    expect(await books(shop.spacer.id)).toEqual({ ledger: '10', on_hand: '10', balances: '10' });

    // A goods receipt's stock document: cancel the receipt instead.
    const supplier = await docs.ok('POST', '/api/suppliers', { name: 'Dobavljač Storno d.o.o.' });
    const po = await docs.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: shop.spacer.id, quantity: '5', unit_price: '1' }],
    });
    await docs.ok('POST', `/api/purchase-orders/${po.id}/send`);
    const sent = await docs.ok('GET', `/api/purchase-orders/${po.id}`);
    const receipt = await docs.ok('POST', `/api/purchase-orders/${po.id}/receipts`, {
      location_id: shop.materials.id,
      received_on: sent.ordered_on,
      lines: [{ po_line_id: sent.lines[0].id, quantity: '5' }],
    });
    const viaReceipt = await api.call(
      'POST',
      `/api/inventory/documents/${receipt.stock_document_id}/reverse`,
    );
    expect(viaReceipt.status).toBe(409);
    expect(viaReceipt.body.error.details[0]).toMatchObject({
      key: 'validation.reverseViaGoodsReceipt',
      params: { number: receipt.number, kind: 'goods_receipt' },
    });
    expect(await books(shop.spacer.id)).toEqual({ ledger: '15', on_hand: '15', balances: '15' });

    // A manual posting is still reversed directly, once.
    const manual = await api.ok('POST', '/api/inventory/issues', {
      location_id: shop.materials.id,
      reason: 'damage',
      lines: [{ item_id: shop.spacer.id, quantity: '1' }],
    });
    expect(manual.owner_kind).toBeNull();
    await api.ok('POST', `/api/inventory/documents/${manual.id}/reverse`);
    expect(await books(shop.spacer.id)).toEqual({ ledger: '15', on_hand: '15', balances: '15' });
  });
});

describe('manual postings: a reason and a chosen lot', () => {
  it('requires a reason (and a note for "other"), stores it and shows it in the movements', async () => {
    const loc = await api.location('RSN');
    const item = await api.item('RSN-1');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '5', unit_cost: '2' }]);
    const none = await api.call('POST', '/api/inventory/issues', {
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '1' }],
    });
    expect(none.status).toBe(400);
    expect(none.body.error.details).toContainEqual({ field: 'reason', key: 'validation.reasonRequired' });
    const other = await api.call('POST', '/api/inventory/adjustments', {
      location_id: loc.id,
      reason: 'other',
      lines: [{ item_id: item.id, quantity: '-1' }],
    });
    expect(other.status).toBe(400);
    expect(other.body.error.details).toContainEqual({ field: 'note', key: 'validation.reasonNoteRequired' });
    expect(await books(item.id)).toEqual({ ledger: '5', on_hand: '5', balances: '5' });

    await api.ok('POST', '/api/inventory/adjustments', {
      location_id: loc.id,
      reason: 'other',
      note: 'Pregledano s voditeljem',
      lines: [{ item_id: item.id, quantity: '-1' }],
    });
    const moves = await api.ok('GET', `/api/inventory/movements?item_id=${item.id}&type=adjustment`);
    expect(moves[0]).toMatchObject({ reason: 'other', note: 'Pregledano s voditeljem', quantity: '-1' });
    expect(moves[0].document_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('suggests the FEFO lot, posts the lot the user chose instead, and refuses a lot of another item', async () => {
    const a = await api.location('LOTA');
    const b = await api.location('LOTB');
    const item = await api.item('LOTC-1', { lot_tracked: true });
    const other = await api.item('LOTC-2', { lot_tracked: true });
    await api.receive(a.id, [
      { item_id: item.id, quantity: '5', lot_number: 'L-LATE', expires_on: '2031-09-01' },
      { item_id: item.id, quantity: '5', lot_number: 'L-SOON', expires_on: '2031-03-01' },
    ]);
    await api.receive(a.id, [{ item_id: other.id, quantity: '1', lot_number: 'L-OTHER' }]);
    const picks = await api.ok(
      'GET',
      `/api/inventory/lot-picks?item_id=${item.id}&location_id=${a.id}&quantity=7&strategy=fefo`,
    );
    const lotId = (n: string) => picks.lots.find((l: { lot_number: string }) => l.lot_number === n).lot_id;
    // FEFO: the 5 of L-SOON (expires first), then 2 of L-LATE.
    expect(picks.picks).toEqual([
      { lot_id: lotId('L-SOON'), quantity: '5' },
      { lot_id: lotId('L-LATE'), quantity: '2' },
    ]);
    expect(picks.enough).toBe(true);

    const moved = await api.ok('POST', '/api/inventory/transfers', {
      from_location_id: a.id,
      to_location_id: b.id,
      reason: 'relocation',
      lines: [{ item_id: item.id, quantity: '3', lot_id: lotId('L-LATE') }],
    });
    expect(moved.reason).toBe('relocation');
    expect(
      moved.lines.map((l: { lot_number: string; quantity: string }) => [l.lot_number, l.quantity]),
    ).toEqual([
      ['L-LATE', '-3'],
      ['L-LATE', '3'],
    ]);
    const [otherLot] = await api.ok('GET', `/api/inventory/lots?item_id=${other.id}`);
    const wrong = await api.call('POST', '/api/inventory/issues', {
      location_id: a.id,
      reason: 'production',
      lines: [{ item_id: item.id, quantity: '1', lot_id: otherLot.id }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0]).toMatchObject({
      key: 'validation.lotNotOfItem',
      params: { item: 'LOTC-1' },
    });
    expect(await books(item.id)).toEqual({ ledger: '10', on_hand: '10', balances: '10' });
  });
});

describe('the refusals are translated', () => {
  it('every key these refusals send exists in all six languages', () => {
    const keys = [
      'reasonRequired',
      'reasonNoteRequired',
      'countStockMoved',
      'reverseViaDeliveryNote',
      'reverseViaWorkOrder',
      'reverseViaCuttingList',
      'reverseViaGoodsReceipt',
      'receiptInFuture',
      'receiptBeforeOrder',
      'receiptBeforeLatest',
      'lotNotOfItem',
    ];
    const missing = ['hr', 'en', 'sl', 'de', 'it', 'cs'].flatMap((lng) => {
      const common = JSON.parse(
        readFileSync(new URL(`../../../../web/public/locales/${lng}/common.json`, import.meta.url), 'utf8'),
      ) as { validation: Record<string, string> };
      return keys.filter((k) => !common.validation[k]?.trim()).map((k) => `${lng}: validation.${k}`);
    });
    expect(missing).toEqual([]);
  });
});
