import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createMontage, documentsClient, glassShop, type Json } from './test-helpers.ts';

/**
 * A document's history right after it is made: one creation, not a creation followed by an edit of
 * its totals ("izmijenio: Ukupno, Ukupno neto, Ukupno PDV") that nobody made. Each kind is made over
 * HTTP and its history read back; the header's creation carries the totals the document shows, every
 * line written is in the trail, a real edit afterwards is still a change, and the company's audit
 * chain still verifies.
 */

type Entry = {
  table_name: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  changes: Record<string, { old?: unknown; new?: unknown }>;
};

const TOTALS = ['net_total', 'vat_total', 'total'];

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
let client: Json;
let location: Json;
let montage: Json;
let supplier: Json;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Creation History');
  api = documentsClient(t.app, owner);
  shop = await glassShop(api); // the company profile and operator (invoices are issued), a client with 10 %
  client = shop.client;
  location = shop.finished;
  montage = await createMontage(api);
  supplier = await api.ok('POST', '/api/suppliers', { name: 'Staklo Dobavljač d.o.o.', lead_time_days: 7 });
}, 120_000);
afterAll(async () => t?.close());

/** The entries of the document's own row (what the document screen lists), oldest first. */
async function headerHistory(id: string): Promise<Entry[]> {
  const all = (await api.ok('GET', `/api/documents/${id}/history`)) as Entry[];
  return all.filter((e) => e.table_name === 'documents');
}

const lineInserts = async (id: string) =>
  ((await api.ok('GET', `/api/documents/${id}/history`)) as Entry[]).filter(
    (e) => e.table_name === 'document_lines' && e.action === 'INSERT',
  ).length;

const amount = (v: unknown) => new Decimal(String(v)).toFixed(2);

/** An update that changed the totals and nothing else: the entry the history must not show on creation. */
const totalsOnly = (e: Entry) =>
  e.action === 'UPDATE' && Object.keys(e.changes).every((field) => TOTALS.includes(field));

/** One creation, holding the totals the document shows; no edit of the totals of its own. */
function expectOneCreation(entries: Entry[], doc: Json) {
  expect(entries.map((e) => e.action).filter((a) => a === 'INSERT')).toEqual(['INSERT']);
  expect(entries[0]?.action).toBe('INSERT');
  expect(entries.filter(totalsOnly)).toEqual([]);
  const created = entries[0]?.changes ?? {};
  expect(TOTALS.map((f) => amount(created[f]?.new))).toEqual([doc.net_total, doc.vat_total, doc.total]);
  expect(new Decimal(doc.total).isZero()).toBe(false);
}

/** A draft of `lines` items: made and not touched since, so its history is its creation alone. */
async function expectDraftCreated(doc: Json, lines: number) {
  const entries = await headerHistory(doc.id);
  expectOneCreation(entries, doc);
  expect(entries).toHaveLength(1);
  expect(await lineInserts(doc.id)).toBe(lines);
}

const freeLine = (quantity: string, price = '100') => ({
  description: 'Izo staklo 4-16-4',
  quantity,
  unit: 'kom',
  unit_price: price,
  vat_rate: '25',
  kpd_code: '23.12.12',
});

async function issuedNote(): Promise<Json> {
  const note = await api.ok('POST', '/api/delivery-notes', {
    client_id: client.id,
    source_location_id: location.id,
    lines: [{ item_id: montage.id, quantity: '2' }],
  });
  await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
  return note.document;
}

describe('a document is created as one event in its history', () => {
  it('a quote, and a real edit afterwards is still a change of its totals', async () => {
    const quote = (
      await api.ok('POST', '/api/documents/quotes', { client_id: client.id, lines: [freeLine('2')] })
    ).document as Json;
    await expectDraftCreated(quote, 1);

    const edited = (
      await api.ok('PUT', `/api/documents/quotes/${quote.id}`, {
        client_id: client.id,
        lines: [freeLine('3')],
      })
    ).document as Json;
    expect(edited.total).not.toBe(quote.total);
    const entries = await headerHistory(quote.id);
    expect(entries.map((e) => e.action)).toEqual(['INSERT', 'UPDATE']);
    expect(amount(entries[1]?.changes.total?.old)).toBe(quote.total);
    expect(amount(entries[1]?.changes.total?.new)).toBe(edited.total);
  });

  it('a work order, typed or converted from a quote, and a duplicate', async () => {
    const wo = (
      await api.ok('POST', '/api/documents/work-orders', {
        client_id: client.id,
        output_location_id: location.id,
        lines: [freeLine('1'), freeLine('2', '50')],
      })
    ).document as Json;
    await expectDraftCreated(wo, 2);

    const quote = (
      await api.ok('POST', '/api/documents/quotes', { client_id: client.id, lines: [freeLine('4')] })
    ).document as Json;
    await api.ok('POST', `/api/documents/quotes/${quote.id}/send`);
    await api.ok('POST', `/api/documents/quotes/${quote.id}/accept`);
    const converted = (await api.ok('POST', `/api/documents/quotes/${quote.id}/convert`)).document as Json;
    await expectDraftCreated(converted, 1);

    const copy = (await api.ok('POST', `/api/documents/${quote.id}/duplicate`)).document as Json;
    await expectDraftCreated(copy, 1);
  });

  it('a delivery note', async () => {
    const note = (
      await api.ok('POST', '/api/delivery-notes', {
        client_id: client.id,
        source_location_id: location.id,
        lines: [{ item_id: montage.id, quantity: '3' }],
      })
    ).document as Json;
    await expectDraftCreated(note, 1);
  });

  it('an invoice from a delivery note and a typed line, and a real edit afterwards', async () => {
    const note = await issuedNote();
    const invoice = (
      await api.ok('POST', '/api/invoices', {
        client_id: client.id,
        delivery_note_ids: [note.id],
        lines: [freeLine('1')],
      })
    ).document as Json;
    await expectDraftCreated(invoice, 2);

    const detail = await api.ok('GET', `/api/documents/${invoice.id}`);
    const edited = (
      await api.ok('PUT', `/api/invoices/${invoice.id}`, {
        client_id: client.id,
        lines: detail.lines.map((l: Json) => ({
          item_id: l.item_id,
          description: l.description,
          quantity: l.source_line_id ? l.quantity : '2',
          unit: l.unit,
          unit_price: l.unit_price,
          discount_pct: l.discount_pct,
          vat_rate: l.vat_rate,
          kpd_code: l.kpd_code,
          source_line_id: l.source_line_id,
        })),
      })
    ).document as Json;
    expect(edited.total).not.toBe(invoice.total);
    const entries = await headerHistory(invoice.id);
    expect(entries.map((e) => e.action)).toEqual(['INSERT', 'UPDATE']);
    expect(amount(entries[1]?.changes.total?.new)).toBe(edited.total);
  });

  it('a credit note and an advance invoice, issued at once: a creation, then their issue', async () => {
    const draft = (await api.ok('POST', '/api/invoices', { client_id: client.id, lines: [freeLine('2')] }))
      .document as Json;
    await api.ok('POST', `/api/invoices/${draft.id}/issue`);
    const invoice = await api.ok('GET', `/api/documents/${draft.id}`);
    const credit = (
      await api.ok('POST', `/api/invoices/${draft.id}/credit-notes`, {
        lines: [{ ...freeLine('1'), source_line_id: invoice.lines[0].id }],
      })
    ).document as Json;
    expect(credit.status).toBe('issued');
    const creditEntries = await headerHistory(credit.id);
    expectOneCreation(creditEntries, credit);
    expect(creditEntries.some((e) => e.changes.status?.new === 'issued')).toBe(true);
    expect(await lineInserts(credit.id)).toBe(1);

    const quote = (
      await api.ok('POST', '/api/documents/quotes', { client_id: client.id, lines: [freeLine('5')] })
    ).document as Json;
    await api.ok('POST', `/api/documents/quotes/${quote.id}/send`);
    const advance = (await api.ok('POST', `/api/documents/${quote.id}/advance-invoices`, { percent: '20' }))
      .document as Json;
    expect(advance.advance_for_id).toBe(quote.id);
    const advanceEntries = await headerHistory(advance.id);
    expectOneCreation(advanceEntries, advance);
    // The order it advances is part of the creation, not a later edit.
    expect(advanceEntries[0]?.changes.advance_for_id?.new).toBe(quote.id);
    expect(advanceEntries.filter((e) => e.action === 'UPDATE' && 'advance_for_id' in e.changes)).toEqual([]);
  });

  it('a purchase order (its record history), and a real edit afterwards', async () => {
    const body = (quantity: string) => ({
      supplier_id: supplier.id,
      lines: [{ item_id: shop.glass.id, quantity, unit_price: '12.50', vat_rate: '25' }],
    });
    const order = await api.ok('POST', '/api/purchase-orders', body('4'));
    const history = async () =>
      ((await api.ok('GET', `/api/audit/records/purchase_orders/${order.id}?page_size=200`)).rows as Json[])
        .slice()
        .reverse();
    const created = await history();
    expect(created.map((e) => e.action)).toEqual(['INSERT']);
    const field = (e: Json | undefined, name: string) =>
      ((e?.changes ?? []) as Json[]).find((c) => c.field === name) ?? {};
    expect(amount(field(created[0], 'total').new)).toBe(order.total);
    expect(new Decimal(order.total).isZero()).toBe(false);

    const edited = await api.ok('PUT', `/api/purchase-orders/${order.id}`, body('6'));
    const after = await history();
    expect(after.map((e) => e.action)).toEqual(['INSERT', 'UPDATE']);
    expect(amount(field(after[1], 'total').old)).toBe(order.total);
    expect(amount(field(after[1], 'total').new)).toBe(edited.total);
  });

  it('the audit chain covers every row written', async () => {
    const check = await api.ok('POST', '/api/audit/verify');
    expect(check).toMatchObject({ ok: true, unsealed: 0, first_break: null });
    expect(check.rows).toBeGreaterThan(0);
  });
});
