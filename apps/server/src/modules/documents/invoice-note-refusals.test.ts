import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createMontage, documentsClient, glassShop, type Json } from './test-helpers.ts';

/**
 * Invoicing from a delivery note that cannot be invoiced, or for a client that is gone. The web shows
 * the text of the refusal's key (with its params), so each test reads that Croatian sentence: it
 * names the note when the note has a number, says something true without one, and never falls back
 * to "Polje je obavezno". A refused request writes nothing.
 */
const hr = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../web/public/locales/hr/common.json'), 'utf8'),
) as { validation: Record<string, string> };
const NOBODY = '00000000-0000-4000-8000-00000000abcd';

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
let montage: Json;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Invoice Note Refusals');
  api = documentsClient(t.app, owner);
  shop = await glassShop(api);
  montage = await createMontage(api);
}, 120_000);
afterAll(async () => t?.close());

const query = <T>(q: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: owner.id, companyId: owner.id }, async (tx) =>
    rowsOf<T>(await tx.execute(q)),
  );

/** A delivery note of two hours of fitting (a service: no stock moves), as a draft. */
async function draftNote(clientId = shop.client.id): Promise<Json> {
  const note = await api.ok('POST', '/api/delivery-notes', {
    client_id: clientId,
    source_location_id: shop.finished.id,
    lines: [{ item_id: montage.id, quantity: '2' }],
  });
  return note.document;
}

async function issuedNote(clientId = shop.client.id): Promise<Json> {
  const note = await draftNote(clientId);
  return (await api.ok('POST', `/api/delivery-notes/${note.id}/issue`)).document;
}

const invoiceCount = async () =>
  (await query<{ n: number }>(sql`select count(*)::int as n from documents where kind = 'invoice'`))[0]?.n;

/** The one detail of a refusal and the Croatian sentence the screen makes of it. */
function refusal(res: { status: number; body: Json }, status = 400) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const [detail, ...more] = res.body.error.details as { key: string; params?: Record<string, string> }[];
  expect(more).toEqual([]);
  const template = hr.validation[(detail?.key ?? '').replace(/^validation\./, '')];
  expect(template, detail?.key).toBeDefined();
  const text = (template ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => detail?.params?.[name] ?? '');
  expect(text).not.toBe(hr.validation.required);
  expect(text).not.toBe(hr.validation.invalid);
  return { ...detail, text };
}

describe('invoicing a delivery note that cannot be invoiced', () => {
  it('names a note cancelled after issue by its number, and writes nothing', async () => {
    const note = await issuedNote();
    expect(note.number).toMatch(/\S/);
    await api.ok('POST', `/api/delivery-notes/${note.id}/cancel`);
    const before = await invoiceCount();
    const r = refusal(
      await api.call('POST', '/api/invoices', { client_id: shop.client.id, delivery_note_ids: [note.id] }),
    );
    expect(r).toMatchObject({
      key: 'validation.deliveryNoteCancelled',
      params: { number: note.number },
    });
    expect(r.text).toContain(`Otpremnica ${note.number} je stornirana`);
    expect(await invoiceCount()).toBe(before);
  });

  it('names a draft note (numbered when it was created) and says it is not issued', async () => {
    const draft = await draftNote();
    expect(draft.number).toMatch(/\S/);
    const before = await invoiceCount();
    const r = refusal(
      await api.call('POST', '/api/invoices', { client_id: shop.client.id, delivery_note_ids: [draft.id] }),
    );
    expect(r).toMatchObject({ key: 'validation.deliveryNoteNotIssued', params: { number: draft.number } });
    expect(r.text).toMatch(new RegExp(`^Otpremnica ${draft.number} nije izdana`));
    // An issued note next to the draft: the whole request is refused.
    const issued = await issuedNote();
    const mixed = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [issued.id, draft.id],
    });
    expect(refusal(mixed).key).toBe('validation.deliveryNoteNotIssued');
    // A draft cancelled before issue keeps its number and is named as cancelled.
    await api.ok('POST', `/api/delivery-notes/${draft.id}/cancel`);
    const cancelled = refusal(
      await api.call('POST', '/api/invoices', { client_id: shop.client.id, delivery_note_ids: [draft.id] }),
    );
    expect(cancelled).toMatchObject({
      key: 'validation.deliveryNoteCancelled',
      params: { number: draft.number },
    });
    expect(await invoiceCount()).toBe(before);
  });

  it('every note has a number, so the refusal always names it: the database holds none without', async () => {
    const draft = await draftNote();
    await api.ok('POST', `/api/delivery-notes/${draft.id}/cancel`);
    const refused = await query(sql`update documents set number = null where id = ${draft.id}`).then(
      () => null,
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(refused).toMatch(/check constraint/);
  });
});

describe('refusals that name the document by its number', () => {
  it('a note invoiced before is named when it is invoiced again or cancelled, and nothing changes', async () => {
    const note = await issuedNote();
    const first = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [note.id],
    });
    await api.ok('POST', `/api/invoices/${first.document.id}/issue`);
    const before = await invoiceCount();
    const again = refusal(
      await api.call('POST', '/api/invoices', { client_id: shop.client.id, delivery_note_ids: [note.id] }),
      409,
    );
    expect(again).toMatchObject({
      field: 'delivery_note_ids',
      key: 'validation.deliveryNoteInvoiced',
      params: { number: note.number },
    });
    expect(again.text).toBe(`Otpremnica ${note.number} je već fakturirana`);
    expect(await invoiceCount()).toBe(before);

    const cancel = refusal(await api.call('POST', `/api/delivery-notes/${note.id}/cancel`), 409);
    expect(cancel).toMatchObject({
      field: 'status',
      key: 'validation.deliveryNoteInvoiced',
      params: { number: note.number },
    });
    expect(cancel.text).toBe(`Otpremnica ${note.number} je već fakturirana`);
    expect((await api.ok('GET', `/api/documents/${note.id}`)).document.status).toBe('issued');
  });

  it('a work order not completed yet, cancelled, or of another client is named with its problem; nothing is written', async () => {
    const workOrder = async (clientId: string) =>
      (
        await api.ok('POST', '/api/documents/work-orders', {
          client_id: clientId,
          // The shop has two locations and no production defaults: the order names its own.
          source_location_id: shop.materials.id,
          output_location_id: shop.finished.id,
          lines: [{ item_id: montage.id, quantity: '1' }],
        })
      ).document as Json;
    const invoiceOrder = async (order: Json) =>
      refusal(
        await api.call('POST', '/api/invoices', { client_id: shop.client.id, work_order_ids: [order.id] }),
      );
    const before = await invoiceCount();

    // Planned, not completed: said so, with its number.
    const open = await workOrder(shop.client.id);
    expect(open.number).toMatch(/\S/);
    await api.ok('POST', `/api/documents/work-orders/${open.id}/plan`);
    const notCompleted = await invoiceOrder(open);
    expect(notCompleted).toMatchObject({
      field: 'work_order_ids',
      key: 'validation.workOrderNotCompletedInvoice',
      params: { number: open.number },
    });
    expect(notCompleted.text).toBe(
      `Radni nalog ${open.number} nije završen: fakturirati se može samo završen radni nalog`,
    );

    // Cancelled: said so, not "not completed".
    const cancelled = await workOrder(shop.client.id);
    await api.ok('POST', `/api/documents/work-orders/${cancelled.id}/cancel`);
    const refusedCancelled = await invoiceOrder(cancelled);
    expect(refusedCancelled).toMatchObject({
      key: 'validation.workOrderCancelledInvoice',
      params: { number: cancelled.number },
    });
    expect(refusedCancelled.text).toBe(`Radni nalog ${cancelled.number} je otkazan i ne može se fakturirati`);

    // Completed, but another client's: the client is the problem.
    const other = await api.ok('POST', '/api/clients', { name: 'Drugi Kupac d.o.o.' });
    const theirs = await workOrder(other.id);
    for (const step of ['plan', 'start', 'complete'])
      await api.ok(
        'POST',
        `/api/documents/work-orders/${theirs.id}/${step}`,
        step === 'complete' ? {} : undefined,
      );
    expect((await api.ok('GET', `/api/documents/${theirs.id}`)).document.status).toBe('completed');
    const otherClient = await invoiceOrder(theirs);
    expect(otherClient).toMatchObject({
      key: 'validation.workOrderOtherClient',
      params: { number: theirs.number },
    });
    expect(otherClient.text).toBe(
      `Radni nalog ${theirs.number} je drugog kupca: jedan račun objedinjuje dokumente jednog kupca`,
    );

    // Nothing written: no invoice, and each order stays as it was.
    expect(await invoiceCount()).toBe(before);
    const states = await query<{ id: string; status: string }>(
      sql`select id, status from documents where id in (${open.id}, ${cancelled.id}, ${theirs.id})`,
    );
    expect(Object.fromEntries(states.map((r) => [r.id, r.status]))).toEqual({
      [open.id]: 'planned',
      [cancelled.id]: 'cancelled',
      [theirs.id]: 'completed',
    });
    // The invoice the client's own order does get, once it is completed, shows the guard is no stricter.
    for (const step of ['start', 'complete'])
      await api.ok(
        'POST',
        `/api/documents/work-orders/${open.id}/${step}`,
        step === 'complete' ? {} : undefined,
      );
    const invoice = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      work_order_ids: [open.id],
    });
    expect(invoice.lines.map((l: Json) => [l.item_id, l.quantity])).toEqual([[montage.id, '1']]);
  });
});

describe('invoicing for a client that is gone', () => {
  it('a client that does not exist is named as such, not "field required"', async () => {
    const note = await issuedNote();
    const before = await invoiceCount();
    const r = refusal(
      await api.call('POST', '/api/invoices', { client_id: NOBODY, delivery_note_ids: [note.id] }),
    );
    expect(r).toMatchObject({
      field: 'client_id',
      key: 'validation.clientUnknown',
      text: 'Klijent ne postoji',
    });
    expect(await invoiceCount()).toBe(before);
  });

  it('a client with documents cannot be deleted: there is no route, and the database refuses', async () => {
    const note = await issuedNote();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/clients/${shop.client.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(404);
    const refused = await query(sql`delete from partners where id = ${shop.client.id}`).then(
      () => null,
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(refused).toMatch(/foreign key/);
    const [kept] = await query<{ client_id: string }>(
      sql`select client_id from documents where id = ${note.id}`,
    );
    expect(kept?.client_id).toBe(shop.client.id);
  });

  it('an advance for a work order without a client asks for the client, and writes nothing', async () => {
    const order = await api.ok('POST', '/api/documents/work-orders', {
      lines: [{ item_id: montage.id, quantity: '1' }],
    });
    const before = await invoiceCount();
    const r = refusal(
      await api.call('POST', `/api/documents/${order.document.id}/advance-invoices`, { percent: '30' }),
    );
    expect(r).toMatchObject({
      field: 'client_id',
      key: 'validation.clientRequired',
      text: 'Odaberite klijenta',
    });
    expect(await invoiceCount()).toBe(before);
  });

  it('a draft invoice without a client (only a restored archive can hold one) asks for the client when issued', async () => {
    const note = await issuedNote();
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [note.id],
    });
    // The API always sets an invoice's client; an archive restore carries the column as it is.
    await query(sql`update documents set client_id = null where id = ${draft.document.id}`);
    const r = refusal(await api.call('POST', `/api/invoices/${draft.document.id}/issue`));
    expect(r).toMatchObject({ field: 'client_id', key: 'validation.clientRequired' });
    const [after] = await query<{ status: string; number: string | null }>(
      sql`select status, number from documents where id = ${draft.document.id}`,
    );
    expect(after).toEqual({ status: 'draft', number: null });
  });

  it('a client deactivated after the note was issued is still invoiced, and the note only once', async () => {
    const note = await issuedNote();
    await api.ok('PATCH', `/api/clients/${shop.client.id}`, { active: false });
    expect((await api.ok('GET', `/api/clients/${shop.client.id}`)).active).toBe(false);
    const billable = await api.ok('GET', `/api/invoices/billable?client_id=${shop.client.id}`);
    expect((billable.delivery_notes as Json[]).map((d) => d.id)).toContain(note.id);

    const invoice = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [note.id],
    });
    expect(invoice.document.client_id).toBe(shop.client.id);
    expect(invoice.lines.map((l: Json) => [l.item_id, l.quantity])).toEqual([[montage.id, '2']]);
    const issued = await api.ok('POST', `/api/invoices/${invoice.document.id}/issue`);
    expect(issued.document.status).toBe('issued');

    const again = await api.call('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [note.id],
    });
    expect(refusal(again, 409).key).toBe('validation.deliveryNoteInvoiced');
    const left = await api.ok('GET', `/api/invoices/billable?client_id=${shop.client.id}`);
    expect((left.delivery_notes as Json[]).map((d) => d.id)).not.toContain(note.id);
  });

  it("a draft invoice of a deactivated client prices a line without its own discount with the client's, as the editor shows", async () => {
    // The shop's client gives 10 % (glassShop); the invoice editor applies the same (useDocumentClient).
    expect(shop.client.default_discount).toMatch(/^10(\.0+)?$/);
    const note = await issuedNote();
    await api.ok('PATCH', `/api/clients/${shop.client.id}`, { active: false });
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      delivery_note_ids: [note.id],
    });
    const sourced = (draft.lines as Json[]).map((l) => ({
      item_id: l.item_id,
      description: l.description,
      quantity: l.quantity,
      discount_pct: l.discount_pct,
      source_line_id: l.source_line_id,
    }));
    const edited = await api.ok('PUT', `/api/invoices/${draft.document.id}`, {
      client_id: shop.client.id,
      lines: [...sourced, { item_id: montage.id, quantity: '1' }],
    });
    const typed = (edited.lines as Json[]).find((l) => !l.source_line_id);
    // By hand: 1 h × 40,00 less 10 % = 36,00; the note's 2 h × 40,00 less 10 % = 72,00; net 108,00.
    expect(typed).toMatchObject({ quantity: '1', net_amount: '36.00' });
    expect(edited.document.net_total).toBe('108.00');
  });
});
