import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop } from './test-helpers.ts';

// Real parallel transactions only exist on a PostgreSQL server (PGlite runs one at a time).
describe.runIf(onPostgres)('documents under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let user: SignedIn;
  let api: ReturnType<typeof documentsClient>;
  let shop: Awaited<ReturnType<typeof glassShop>>;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app);
    api = documentsClient(t.app, user);
    shop = await glassShop(api);
  }, 120_000);
  afterAll(async () => t?.close());

  it('20 quotes created at once get 20 consecutive numbers, none twice', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.call('POST', '/api/documents/quotes', {
          client_id: shop.client.id,
          lines: [{ description: `Stavka ${i}`, quantity: '1', unit_price: '10' }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.document.number as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `P-${year}-${String(i + 1).padStart(4, '0')}`),
    );
  }, 120_000);

  it('20 invoices issued at once get 20 consecutive invoice numbers', async () => {
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(
        await api.ok('POST', '/api/invoices', {
          client_id: shop.client.id,
          lines: [{ description: `Usluga ${i}`, quantity: '1', unit_price: '10', kpd_code: '43.34.20' }],
        }),
      );
    const results = await Promise.all(
      drafts.map((d) => api.call('POST', `/api/invoices/${d.document.id}/issue`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const seqs = results
      .map((r) => Number(String(r.body.document.number).split('-')[0]))
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 120_000);

  it('two delivery notes issued at once against stock for one: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      // Each draft can reserve only what is free, so both are saved while 2 are there; then one
      // leaves by hand (a posting does not look at reservations) and 1 is left for two notes.
      await api.ok('POST', '/api/inventory/receipts', {
        location_id: shop.finished.id,
        lines: [{ item_id: shop.igu.id, quantity: '2', unit_cost: '50', lot_number: `K-${round}` }],
      });
      const notes = [];
      for (let i = 0; i < 2; i++)
        notes.push(
          await api.ok('POST', '/api/delivery-notes', {
            client_id: shop.client.id,
            source_location_id: shop.finished.id,
            lines: [{ item_id: shop.igu.id, quantity: '1' }],
          }),
        );
      await api.ok('POST', '/api/inventory/issues', {
        reason: 'production',
        location_id: shop.finished.id,
        lines: [{ item_id: shop.igu.id, quantity: '1' }],
      });
      const results = await Promise.all(
        notes.map((n) => api.call('POST', `/api/delivery-notes/${n.document.id}/issue`)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)?.body.error.code).toBe('INSUFFICIENT_STOCK');
      const stock = await api.ok('GET', `/api/inventory/items/${shop.igu.id}`);
      expect(stock.item.on_hand).toBe('0');
      // The refused note is still a draft holding 1; cancelling it leaves nothing reserved.
      const refused = notes[results.findIndex((r) => r.status === 409)];
      await api.ok('POST', `/api/delivery-notes/${refused?.document.id}/cancel`);
      expect((await api.ok('GET', `/api/inventory/items/${shop.igu.id}`)).item.reserved).toBe('0');
    }
  }, 120_000);

  it('two invoices written at once from the same delivery note: exactly one bills it (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const note = await api.ok('POST', '/api/delivery-notes', {
        client_id: shop.client.id,
        source_location_id: shop.finished.id,
        lines: [{ description: `Dostava ${round}`, quantity: '1', unit: 'kom', unit_price: '20' }],
      });
      await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
      const results = await Promise.all(
        [0, 1].map(() =>
          api.call('POST', '/api/invoices', {
            client_id: shop.client.id,
            delivery_note_ids: [note.document.id],
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.error.details[0].key).toBe(
        'validation.deliveryNoteInvoiced',
      );
    }
  }, 120_000);

  it('a note and its work order invoiced at once: the order line is billed once', async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ description: 'Montaža', quantity: '2', unit: 'h', unit_price: '40', discount_pct: '0' }],
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
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    const results = await Promise.all([
      api.call('POST', '/api/invoices', { client_id: shop.client.id, delivery_note_ids: [note.document.id] }),
      api.call('POST', '/api/invoices', { client_id: shop.client.id, work_order_ids: [wo.document.id] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const progress = await api.ok('GET', `/api/documents/work-orders/${wo.document.id}/progress`);
    expect(progress.lines.map((l: { invoiced: string }) => l.invoiced)).toEqual(['2']);
  }, 120_000);
  it('two credit notes at once, each 60 % of an invoice: exactly one is issued (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const draft = await api.ok('POST', '/api/invoices', {
        client_id: shop.client.id,
        lines: [
          {
            description: `Montaža ${round}`,
            quantity: '1',
            unit_price: '100',
            discount_pct: '0',
            kpd_code: '43.34.20',
          },
        ],
      });
      const invoice = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
      const credit = () =>
        api.call('POST', `/api/invoices/${invoice.document.id}/credit-notes`, {
          lines: [
            { description: 'Popust', quantity: '1', unit_price: '60', discount_pct: '0', vat_rate: '25' },
          ],
        });
      const results = await Promise.all([credit(), credit()]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
      const refused = results.find((r) => r.status === 400);
      expect(refused?.body.error.details).toEqual([
        { field: 'lines', key: 'validation.creditExceedsInvoice' },
      ]);
      const after = await api.ok('GET', `/api/documents/${invoice.document.id}`);
      expect(after.document).toMatchObject({ total: '125.00', credited_total: '75.00' });
    }
  }, 120_000);
});
