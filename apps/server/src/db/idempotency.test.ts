import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsClient, glassShop, type Json } from '../modules/documents/test-helpers.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../test/harness.ts';

// The one Idempotency-Key mechanism (db/idempotency.ts, applied by inCompany to every write),
// exercised on postings of three areas: stock, money and documents.
let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
}, 120_000);
afterAll(async () => t?.close());

const onHand = async (itemId: string) =>
  String(((await api.ok('GET', `/api/inventory/items/${itemId}`)) as Json).item.on_hand);

describe('Idempotency-Key', () => {
  it('a replayed receipt returns the first answer and posts nothing; another body with the key is refused', async () => {
    const body = { location_id: shop.materials.id, lines: [{ item_id: shop.spacer.id, quantity: '7' }] };
    const key = { 'idempotency-key': 'receipt-once' };
    const first = await api.call('POST', '/api/inventory/receipts', body, key);
    expect(first.status).toBe(201);
    const again = await api.call('POST', '/api/inventory/receipts', body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(Number(await onHand(shop.spacer.id))).toBe(7);
    const other = await api.call(
      'POST',
      '/api/inventory/receipts',
      { ...body, lines: [{ item_id: shop.spacer.id, quantity: '8' }] },
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    expect(Number(await onHand(shop.spacer.id))).toBe(7);
  });

  it('twins sent at once post once', async () => {
    const body = { location_id: shop.materials.id, lines: [{ item_id: shop.spacer.id, quantity: '2' }] };
    const key = { 'idempotency-key': 'receipt-twins' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.call('POST', '/api/inventory/receipts', body, key)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.document?.id ?? a.body.id)).size).toBe(1);
    expect(Number(await onHand(shop.spacer.id))).toBe(9);
  });

  it('a refused request stores no key: the corrected request with the same key posts', async () => {
    const key = { 'idempotency-key': 'receipt-after-error' };
    const bad = await api.call(
      'POST',
      '/api/inventory/receipts',
      { location_id: shop.materials.id, lines: [{ item_id: shop.spacer.id, quantity: '-1' }] },
      key,
    );
    expect(bad.status).toBe(400);
    const good = await api.call(
      'POST',
      '/api/inventory/receipts',
      { location_id: shop.materials.id, lines: [{ item_id: shop.spacer.id, quantity: '1' }] },
      key,
    );
    expect(good.status).toBe(201);
    expect(Number(await onHand(shop.spacer.id))).toBe(10);
  });

  it('a replayed payment is recorded once', async () => {
    // A service line of an eRačun carries its KPD 2025 code.
    const line = (price: string) => ({
      description: 'Montaža',
      quantity: '1',
      unit_price: price,
      vat_rate: '25',
      kpd_code: '43.32.09',
    });
    const draft = await api.ok('POST', '/api/invoices', { client_id: shop.client.id, lines: [line('100')] });
    await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    const key = { 'idempotency-key': 'payment-once' };
    const payment = { paid_on: '2026-01-15', amount: '40' };
    const first = await api.ok('POST', `/api/invoices/${draft.document.id}/payments`, payment, key);
    const again = await api.ok('POST', `/api/invoices/${draft.document.id}/payments`, payment, key);
    expect(again).toEqual(first);
    const invoice = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(invoice.payments).toHaveLength(1);
    // The same key on another invoice's payment is another request: refused, not replayed.
    const other = await api.ok('POST', '/api/invoices', { client_id: shop.client.id, lines: [line('50')] });
    await api.ok('POST', `/api/invoices/${other.document.id}/issue`);
    const reused = await api.call('POST', `/api/invoices/${other.document.id}/payments`, payment, key);
    expect(reused.status).toBe(409);
  });
});
