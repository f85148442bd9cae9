import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, TEST_OPERATOR } from './test-helpers.ts';

/**
 * The client page's revenue (by month and in total) counts an order invoiced with an advance once:
 * the advance invoice in its month, the final invoice only for what is left after the advances it
 * deducts, and a credit note takes its own net off.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('client analytics with an advance invoice and a credit note', () => {
  it('counts the order once and takes the credit note off', async () => {
    const shop = await signUp(t.app);
    const api = documentsClient(t.app, shop);
    await api.ok('PATCH', '/api/tenants/me', {
      company_name: 'Staklo Horvat d.o.o.',
      company_address: 'Ilica 1, 10000 Zagreb',
      tax_number: '94577403194',
      bank_accounts: [{ iban: 'HR1210010051863000160' }],
    });
    await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
    const client = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
      billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    });
    const mat = await api.ok('POST', '/api/inventory/locations', {
      code: 'MAT',
      name: 'MAT',
      type: 'storage',
    });
    const got = await api.ok('POST', '/api/inventory/locations', {
      code: 'GOT',
      name: 'GOT',
      type: 'storage',
    });
    // 4 × 100.00 at 25 %: net 400.00. An advance of 30 %: net 120.00.
    const lines = [
      {
        description: 'Izo staklo 4-16-4',
        quantity: '4',
        unit: 'kom',
        unit_price: '100',
        vat_rate: '25',
        kpd_code: '23.12.12',
      },
    ];
    const quote = await api.ok('POST', '/api/documents/quotes', { client_id: client.id, lines });
    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/send`);
    const advance = await api.ok('POST', `/api/documents/${quote.document.id}/advance-invoices`, {
      percent: '30',
    });
    expect(advance.document.net_total).toBe('120.00');
    const analytics = async () => api.ok('GET', `/api/clients/${client.id}/analytics`);
    expect((await analytics()).revenue_total).toBe('120.00');

    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/accept`);
    const converted = await api.ok('POST', `/api/documents/quotes/${quote.document.id}/convert`);
    const wo = await api.ok('PUT', `/api/documents/work-orders/${converted.document.id}`, {
      client_id: client.id,
      source_location_id: mat.id,
      output_location_id: got.id,
      lines,
    });
    for (const step of ['plan', 'start', 'complete'])
      await api.ok(
        'POST',
        `/api/documents/work-orders/${wo.document.id}/${step}`,
        step === 'complete' ? {} : undefined,
      );
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      work_order_ids: [wo.document.id],
    });
    const final = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    expect(final.document.net_total).toBe('400.00');
    const detail = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(detail.advances.map((a: { number: string }) => a.number)).toEqual([advance.document.number]);

    // Invoiced 120.00 + 400.00, of which 120.00 twice: the order's net is 400.00.
    const month = (await analytics()).months.at(-1).month;
    expect(await analytics()).toMatchObject({ revenue_total: '400.00' });
    expect((await analytics()).months.at(-1)).toEqual({ month, revenue: '400.00' });

    // One of the four pieces credited: 100.00 off.
    const credit = await api.ok('POST', `/api/invoices/${final.document.id}/credit-notes`, {
      lines: [{ source_line_id: final.lines[0].id, quantity: '1' }],
    });
    expect(credit.document.net_total).toBe('100.00');
    const after = await analytics();
    expect(after.revenue_total).toBe('300.00');
    expect(after.months.at(-1)).toEqual({ month, revenue: '300.00' });
  });
});
