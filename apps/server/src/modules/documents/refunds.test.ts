import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import * as inv from '../../flows/invariants.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json, TEST_OPERATOR } from './test-helpers.ts';

// A whole invoice credited after a partial payment (102.00 of 225.00 paid) showed outstanding
// -102.00 as "Plaćen", and the money owed back was recorded nowhere. Now the invoice is "refund due"
// (payment_status refund_due, found by that list filter), the client's open items show -102.00,
// and a refund (POST /refunds, stored as a payment of -102.00) settles it: outstanding 0.00, paid.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let db: inv.Query;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  db = <T>(q: SQL) =>
    withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<T>(await tx.execute(q)),
    );
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
}, 120_000);
afterAll(async () => t?.close());

describe('a refund owed after crediting a partly paid invoice', () => {
  it('shows refund due, counts it in open items, and a refund settles it', async () => {
    const client = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
    });
    // 2 × 90.00 = 180.00 net, 25 % VAT: 225.00.
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      lines: [{ description: 'Kaljeno staklo 8 mm', quantity: '2', unit_price: '90', kpd_code: '23.12.12' }],
    });
    const invoice = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    const id = invoice.document.id as string;
    expect(invoice.document.total).toBe('225.00');
    const today = invoice.document.doc_date as string;

    // A refund is refused while the client owes money, and changes nothing.
    const early = await api.call('POST', `/api/invoices/${id}/refunds`, { paid_on: today, amount: '1' });
    expect(early.status).toBe(400);
    expect((early.body.error as Json).details).toEqual([
      { field: 'amount', key: 'validation.refundTooLarge', params: { owed: '0.00' } },
    ]);

    await api.ok('POST', `/api/invoices/${id}/payments`, { paid_on: today, amount: '102' });
    await api.ok('POST', `/api/invoices/${id}/credit-notes`, {});
    const owed = (await api.ok('GET', `/api/documents/${id}`)).document;
    expect([owed.credited_total, owed.paid_total, owed.outstanding, owed.payment_status]).toEqual([
      '225.00',
      '102.00',
      '-102.00',
      'refund_due',
    ]);
    const listed = async (status: string) =>
      ((await api.ok('GET', `/api/invoices?payment_status=${status}`)).items as Json[]).map((d) => d.id);
    expect(await listed('refund_due')).toEqual([id]);
    expect(await listed('paid')).toEqual([]);
    const openItems = async () => (await api.ok('GET', `/api/clients/${client.id}/analytics`)).open_items;
    expect(await openItems()).toBe('-102.00');

    // More than is owed back, or a refund dated tomorrow, is refused and nothing is stored.
    const over = await api.call('POST', `/api/invoices/${id}/refunds`, { paid_on: today, amount: '102.01' });
    expect(over.status).toBe(400);
    expect((over.body.error as Json).details).toEqual([
      { field: 'amount', key: 'validation.refundTooLarge', params: { owed: '102.00' } },
    ]);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await api.call('POST', `/api/invoices/${id}/refunds`, {
      paid_on: tomorrow,
      amount: '102',
    });
    expect(future.status).toBe(400);
    expect((await api.ok('GET', `/api/documents/${id}`)).payments).toHaveLength(1);

    const refunded = await api.ok('POST', `/api/invoices/${id}/refunds`, { paid_on: today, amount: '102' });
    expect(refunded.payments.map((p: Json) => p.amount)).toEqual(['102.00', '-102.00']);
    expect([
      refunded.document.paid_total,
      refunded.document.outstanding,
      refunded.document.payment_status,
    ]).toEqual(['0.00', '0.00', 'paid']);
    expect(await listed('paid')).toEqual([id]);
    expect(await listed('refund_due')).toEqual([]);
    expect(await openItems()).toBe('0.00');
    // Settled: neither a payment nor another refund fits.
    expect(
      (await api.call('POST', `/api/invoices/${id}/refunds`, { paid_on: today, amount: '1' })).status,
    ).toBe(400);
    expect(
      (await api.call('POST', `/api/invoices/${id}/payments`, { paid_on: today, amount: '1' })).status,
    ).toBe(400);

    // The invariants: paid total = sum of payments (the refund included), never above the total;
    // invoiced − credited per line never above ordered; the credit note took back the whole invoice.
    expect(await inv.paymentsAddUp(db)).toEqual([]);
    expect(await inv.billedAtMostOrdered(db)).toEqual([]);
    const [net] = await db<{ billed: string }>(
      sql`select (i.total - i.credited_total)::text as billed from documents i where i.id = ${id}`,
    );
    expect(net?.billed).toBe('0.00');
  });
});
