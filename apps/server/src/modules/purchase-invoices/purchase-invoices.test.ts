import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../documents/test-helpers.ts';
import { validateEInvoices } from '../einvoice/validators.ts';
import { backdateOrder } from '../purchasing/test-dates.ts';
import { finishCheck, receiveUbl } from './purchase-invoices.service.ts';
import { correctedExample, EXAMPLES_DIR, SELLER_OIB, supplierInvoice, uploadXml } from './test-invoices.ts';

/**
 * The first `<cbc:tag>` amount of the XML after the UBL extensions (whose HR block repeats some
 * totals), read with a regular expression, not our parser. Totals come from LegalMonetaryTotal.
 */
const amountIn = (xml: string, tag: string) => {
  const body = xml.slice(xml.indexOf('</ext:UBLExtensions>'));
  const part = tag === 'TaxAmount' ? body : body.slice(body.indexOf('<cac:LegalMonetaryTotal>'));
  return new RegExp(`<cbc:${tag}[^>]*>([^<]+)</cbc:${tag}>`).exec(part)?.[1] as string;
};
const cents = (v: string) => Number(v).toFixed(2);

describe('purchase invoices: receive, validate, match, decide, pay', () => {
  let t: TestApp;
  let user: SignedIn;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
    const r = await call(method, url, payload);
    if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Json;
  };
  const upload = async (xml: string, name = 'racun.xml') => {
    const res = await uploadXml(t.app, user.cookie, xml, name);
    const first = res.json() as Json;
    if (res.statusCode !== 201) return { status: res.statusCode, body: first, first };
    // Stored at once as `checking`; the validators run in the background job: run it, read again.
    let body = first;
    for (let i = 0; i < 120 && body.status === 'checking'; i++) {
      if ((await runDueJobs(t.deps)) === 0) await new Promise((r) => setTimeout(r, 500));
      body = await ok('GET', `/api/purchase-invoices/${first.id}`);
    }
    return { status: res.statusCode, body, first };
  };
  const count = async () =>
    withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      const [r] = rowsOf<{ n: number; f: number }>(
        await tx.execute(
          sql`select (select count(*)::int from purchase_invoices) as n, (select count(*)::int from purchase_invoice_files) as f`,
        ),
      );
      return r as { n: number; f: number };
    });

  let supplier: Json;
  let order: Json;
  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Ulazni Računi');
    // We are the buyer of Porezna's examples (Tvrtka B d.o.o., OIB 11111111119).
    await ok('PATCH', '/api/tenants/me', { company_name: 'Tvrtka B d.o.o.', tax_number: '11111111119' });
    supplier = await ok('POST', '/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: SELLER_OIB });
    const location = await ok('POST', '/api/inventory/locations', { code: 'SK1', name: 'Skladište' });
    const glass = await ok('POST', '/api/inventory/items', {
      sku: 'FLOAT-4',
      name: 'Float staklo 4 mm',
      kind: 'material',
      base_unit: 'm2',
      purchase_price: '12.50',
    });
    const spacer = await ok('POST', '/api/inventory/items', {
      sku: 'DIST-16',
      name: 'Distancer 16 mm',
      kind: 'material',
      base_unit: 'm',
      purchase_price: '1.20',
    });
    const draft = await ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [
        { item_id: (glass.item ?? glass).id, quantity: '100', unit_price: '12.50', vat_rate: '25' },
        { item_id: (spacer.item ?? spacer).id, quantity: '40', unit_price: '1.20', vat_rate: '25' },
      ],
    });
    order = await ok('POST', `/api/purchase-orders/${draft.id}/send`);
    await backdateOrder(t, user, order.id, '2026-03-01');
    // 90 m² of the 100 ordered arrive, and all 40 m of spacer.
    await ok('POST', `/api/purchase-orders/${order.id}/receipts`, {
      location_id: location.id,
      received_on: '2026-03-05',
      lines: [
        { po_line_id: order.lines[0].id, quantity: '90' },
        { po_line_id: order.lines[1].id, quantity: '40' },
      ],
    });
  }, 120_000);
  afterAll(() => t.close());

  it('refuses a file that is not UBL at once, storing nothing', async () => {
    const res = await upload('<html><body>nije račun</body></html>', 'x.xml');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'file', key: 'validation.notUbl' }]);
    expect(await count()).toEqual({ n: 0, f: 0 });
  });

  it('keeps an upload that fails the validators, with their messages, to be rejected only', async () => {
    // As published, the example carries the placeholder OIB 12345678901: HR-BR-9 and others fail.
    // Numbered apart from the intermediary test's copy of the same example below.
    const published = readFileSync(join(EXAMPLES_DIR, 'eRacun_PDV25.xml'), 'utf8').replace(
      '<cbc:ID>1-P1-1</cbc:ID>',
      '<cbc:ID>BAD-P1-1</cbc:ID>',
    );
    const res = await upload(published);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The answer came before the validators: stored, being checked, nothing to decide yet.
    expect(res.first).toMatchObject({ status: 'checking', valid: false, actions: [], failures: [] });
    expect(res.body).toMatchObject({ status: 'invalid', valid: false, actions: ['reject'] });
    const br9 = res.body.failures.find((f: Json) => f.id === 'HR-BR-9');
    expect(br9).toMatchObject({ source: 'HR-CIUS' });
    expect(br9.text).toContain('OIB operatera');
    expect(await count()).toEqual({ n: 1, f: 1 });
    expect((await call('POST', `/api/purchase-invoices/${res.body.id}/approve`)).status).toBe(409);
    // The same file again is a duplicate, as for a valid one.
    expect((await upload(published)).status).toBe(409);
    await ok('POST', `/api/purchase-invoices/${res.body.id}/reject`, {
      code: 'O',
      reason: 'Ne prolazi provjere',
    });
  }, 180_000);

  let matched: Json;
  it('uploads a supplier eRačun for the order: matched to supplier, order and receipt, with the differences', async () => {
    const { xml } = supplierInvoice({
      number: '77-P1-1',
      issueDate: '2026-03-10',
      orderRef: order.number,
      lines: [
        {
          name: 'Float staklo 4 mm',
          buyerItemId: 'FLOAT-4',
          quantity: '100',
          unitCode: 'MTK',
          price: '12.50',
        },
        { name: 'Distancer 16 mm', buyerItemId: 'DIST-16', quantity: '40', unitCode: 'MTR', price: '1.25' },
      ],
    });
    const res = await upload(xml);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    matched = res.body;
    // 100 × 12.50 + 40 × 1.25 = 1300.00; 25 % = 325.00; 1625.00
    expect(matched).toMatchObject({
      status: 'received',
      valid: true,
      doc_type: 'invoice',
      number: '77-P1-1',
      supplier_id: supplier.id,
      purchase_order_id: order.id,
      net_total: '1300.00',
      vat_total: '325.00',
      total: '1625.00',
      payable: '1625.00',
    });
    expect(matched.failures).toEqual([]);
    expect(matched.addressed_to_us).toBe(true);
    expect(matched.match.receipts).toHaveLength(1);
    const [glass, spacer] = matched.match.lines;
    expect(glass).toMatchObject({
      sku: 'FLOAT-4',
      invoiced_qty: '100',
      received_qty: '90',
      ordered_qty: '100',
    });
    expect(glass.differences).toEqual([
      { kind: 'quantity', expected: '90', actual: '100', difference: '10' },
    ]);
    expect(spacer).toMatchObject({ sku: 'DIST-16', invoice_price: '1.2500', order_price: '1.2000' });
    expect(spacer.differences).toEqual([
      { kind: 'price', expected: '1.2000', actual: '1.2500', difference: '0.0500' },
    ]);
    expect(matched.match.differences).toBe(2);
    // The original bytes are kept as they came.
    const original = await t.app.inject({
      method: 'GET',
      url: `/api/purchase-invoices/${matched.id}/xml`,
      headers: { cookie: user.cookie },
    });
    expect(original.body).toBe(xml);
    // The same file again is refused as a duplicate.
    const again = await upload(xml);
    expect(again.status).toBe(409);
    expect(again.body.error.details[0].key).toBe('validation.purchaseInvoiceDuplicate');
  }, 180_000);

  it('approves, records payments up to the open amount, and refuses more', async () => {
    const approved = await ok('POST', `/api/purchase-invoices/${matched.id}/approve`);
    expect(approved).toMatchObject({ status: 'approved', open: '1625.00', actions: ['pay'] });
    const again = await call('POST', `/api/purchase-invoices/${matched.id}/approve`);
    expect(again.status).toBe(409);
    const rejectApproved = await call('POST', `/api/purchase-invoices/${matched.id}/reject`, {
      code: 'U',
      reason: 'x',
    });
    expect(rejectApproved.status).toBe(409);
    const part = await ok('POST', `/api/purchase-invoices/${matched.id}/payments`, {
      paid_on: '2026-03-20',
      amount: '1000.00',
    });
    expect(part).toMatchObject({ paid_total: '1000.00', open: '625.00' });
    const tooMuch = await call('POST', `/api/purchase-invoices/${matched.id}/payments`, {
      paid_on: '2026-03-21',
      amount: '625.01',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.details[0].key).toBe('validation.paymentTooLarge');
    const rest = await ok('POST', `/api/purchase-invoices/${matched.id}/payments`, {
      paid_on: '2026-03-25',
      amount: '625',
    });
    expect(rest).toMatchObject({ paid_total: '1625.00', open: '0.00', actions: [] });
    expect(rest.payments.map((p: Json) => [p.paid_on, p.amount])).toEqual([
      ['2026-03-20', '1000.00'],
      ['2026-03-25', '625.00'],
    ]);
    // An invoice addressed to another OIB than the company's is flagged.
    await ok('PATCH', '/api/tenants/me', { tax_number: '94577403194' });
    expect((await ok('GET', `/api/purchase-invoices/${matched.id}`)).addressed_to_us).toBe(false);
    await ok('PATCH', '/api/tenants/me', { tax_number: '11111111119' });
    // The supplier's page lists its invoices.
    const bySupplier = await ok('GET', `/api/purchase-invoices?supplier_id=${supplier.id}`);
    expect(bySupplier.rows.map((r: Json) => r.number)).toEqual(['77-P1-1']);
    const history = await ok('GET', `/api/suppliers/${supplier.id}/history`);
    expect(history.entries.find((e: Json) => e.type === 'purchase_invoice')).toMatchObject({
      id: matched.id,
      number: '77-P1-1',
      status: 'approved',
      total: '1625.00',
    });
  });

  it('takes in Porezna’s example eRačuni: parsed totals equal the XML’s, the leasing one is kept as invalid', async () => {
    const files = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.xml'));
    const docs = Object.fromEntries(files.map((f, i) => [f, correctedExample(f, `${i + 1}-EX-1`)]));
    // One run of the validators for all twenty (a JVM per rule set), then each received as an upload.
    const reports = new Map((await validateEInvoices(docs)).map((r) => [r.name, r.failures]));
    const stored: Record<string, Json> = {};
    for (const f of files) {
      try {
        const r = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
          receiveUbl(
            tx,
            user.id,
            docs[f] as string,
            { kind: 'upload', userId: user.id },
            { failures: reports.get(f) },
          ),
        );
        stored[f] = await ok('GET', `/api/purchase-invoices/${r.id}`);
      } catch (error) {
        stored[f] = { error };
      }
    }
    const leasing = 'Racun_za_leasing_PDV_PPMV_aktivacija.xml';
    // Kept, as every received file that fails the validators, with its one failed rule.
    expect(stored[leasing]?.status).toBe('invalid');
    expect(stored[leasing]?.failures.map((f: Json) => f.id)).toEqual(['HR-BR-25']);
    for (const f of files.filter((x) => x !== leasing)) {
      const xml = docs[f] as string;
      const got = stored[f] as Json;
      expect(got.status, f).toBe('received');
      expect(got.supplier_id, f).toBe(supplier.id);
      expect(got.doc_type, f).toBe(xml.includes('<CreditNote') ? 'credit_note' : 'invoice');
      expect(got.payable, f).toBe(cents(amountIn(xml, 'PayableAmount')));
      expect(got.total, f).toBe(cents(amountIn(xml, 'TaxInclusiveAmount')));
      expect(got.net_total, f).toBe(cents(amountIn(xml, 'TaxExclusiveAmount')));
      expect(got.vat_total, f).toBe(cents(amountIn(xml, 'TaxAmount')));
      expect(got.document.lines.length, f).toBe((xml.match(/<cac:(Invoice|CreditNote)Line>/g) ?? []).length);
    }
    expect(stored['eRacun_Prijenos_porezne_obveze.xml']?.document.tax_subtotals[0].category).toBe('AE');
  }, 300_000);

  it('keeps an invalid eRačun from the intermediary; it can only be rejected, with a reason kind', async () => {
    const published = readFileSync(join(EXAMPLES_DIR, 'eRacun_PDV13.xml'), 'utf8');
    const failures = [{ source: 'HR-CIUS' as const, id: 'HR-BR-9', text: 'OIB operatera' }];
    const r = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      receiveUbl(tx, user.id, published, { kind: 'intermediary', reference: 'msg-1' }, { failures }),
    );
    expect(r).toMatchObject({ status: 'invalid', duplicate: false });
    // A second delivery of the same message is the same invoice.
    const twice = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      receiveUbl(tx, user.id, published, { kind: 'intermediary', reference: 'msg-1' }, { failures }),
    );
    expect(twice).toMatchObject({ id: r.id, duplicate: true });
    const shown = await ok('GET', `/api/purchase-invoices/${r.id}`);
    expect(shown).toMatchObject({ status: 'invalid', valid: false, actions: ['reject'], failures });
    expect((await call('POST', `/api/purchase-invoices/${r.id}/approve`)).status).toBe(409);
    const badCode = await call('POST', `/api/purchase-invoices/${r.id}/reject`, { code: 'X', reason: 'y' });
    expect(badCode.status).toBe(400);
    const noReason = await call('POST', `/api/purchase-invoices/${r.id}/reject`, { code: 'U', reason: ' ' });
    expect(noReason.status).toBe(400);
    const rejected = await ok('POST', `/api/purchase-invoices/${r.id}/reject`, {
      code: 'U',
      reason: 'Neispravan OIB operatera',
    });
    expect(rejected).toMatchObject({
      status: 'rejected',
      reject_code: 'U',
      reject_reason: 'Neispravan OIB operatera',
    });
    // Nothing was posted from it: no payment possible, not in the open list.
    expect(
      (await call('POST', `/api/purchase-invoices/${r.id}/payments`, { paid_on: '2026-03-01', amount: '1' }))
        .status,
    ).toBe(409);
    const open = await ok('GET', '/api/purchase-invoices?status=open');
    expect(open.rows.map((x: Json) => x.id)).not.toContain(r.id);

    // A delivery that is not UBL at all is kept too (by its reference), to be rejected.
    const junk = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      receiveUbl(tx, user.id, '<html>nije račun</html>', { kind: 'intermediary', reference: 'msg-2' }),
    );
    expect(junk).toMatchObject({ status: 'invalid', duplicate: false });
    expect(junk.failures.map((f) => f.id)).toEqual(['notUbl']);
    const junkShown = await ok('GET', `/api/purchase-invoices/${junk.id}`);
    expect(junkShown).toMatchObject({
      number: 'msg-2',
      status: 'invalid',
      total: '0.00',
      actions: ['reject'],
    });
    await ok('POST', `/api/purchase-invoices/${junk.id}/reject`, { code: 'O', reason: 'Nije eRačun' });
  });

  it('an upload being checked cannot be decided; the check ends once and its report is then frozen', async () => {
    const xml = correctedExample('eRacun_PDV5.xml', 'CHK-1');
    const actor = { userId: user.id, companyId: user.id };
    const r = await withCompany(t.deps.db, actor, (tx) =>
      receiveUbl(tx, user.id, xml, { kind: 'upload', userId: user.id }, { checkLater: true }),
    );
    expect(r).toMatchObject({ status: 'checking', failures: [] });
    expect((await call('POST', `/api/purchase-invoices/${r.id}/approve`)).status).toBe(409);
    expect(
      (await call('POST', `/api/purchase-invoices/${r.id}/reject`, { code: 'O', reason: 'x' })).status,
    ).toBe(409);
    const failures = [{ source: 'HR-CIUS' as const, id: 'HR-BR-1', text: 'Probno pravilo' }];
    expect(await withCompany(t.deps.db, actor, (tx) => finishCheck(tx, actor, r.id, failures))).toBe(true);
    // A second run (a retried job) finds it checked and changes nothing.
    expect(await withCompany(t.deps.db, actor, (tx) => finishCheck(tx, actor, r.id, []))).toBe(false);
    expect(await ok('GET', `/api/purchase-invoices/${r.id}`)).toMatchObject({ status: 'invalid', failures });
    await expect(
      withCompany(t.deps.db, actor, (tx) =>
        tx.execute(
          sql`update purchase_invoices set validation = '{"failures":[]}'::jsonb where id = ${r.id}`,
        ),
      ),
    ).rejects.toThrow();
  });

  it('stored file and what was read from it cannot be changed', async () => {
    await expect(
      withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
        tx.execute(
          sql`update purchase_invoice_files set data = '\\x00'::bytea where invoice_id = ${matched.id}`,
        ),
      ),
    ).rejects.toThrow();
    await expect(
      withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
        tx.execute(sql`update purchase_invoices set total = 1 where id = ${matched.id}`),
      ),
    ).rejects.toThrow();
  });

  it('is invisible to another company', async () => {
    const other = await signUp(t.app, 'Druga Tvrtka');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/purchase-invoices/${matched.id}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/purchase-invoices',
      headers: { cookie: other.cookie },
    });
    expect(list.json().total).toBe(0);
  });
});
