import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from './test-helpers.ts';

// Issue 22: `GET /api/documents/quotes?status=sent` on the demo company listed quotes the list
// shows as "expired" (sent, past their valid-until date; the demo has one a month) among the sent
// ones. The status filter matches the status each quote is shown with.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
/** Quote ids by the status they were brought to. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  const client = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Staklorez d.o.o.' });
  const quote = async (valid_until: string | null, doc_date?: string) =>
    (
      await api.ok('POST', '/api/documents/quotes', {
        client_id: client.id,
        doc_date,
        valid_until,
        lines: [{ description: 'Kaljeno staklo 8 mm', quantity: '2', unit_price: '45' }],
      })
    ).document.id as string;
  const send = (id: string) => api.ok('POST', `/api/documents/quotes/${id}/send`);
  // Made in this order, so by number (newest first) the draft comes first.
  ids.lapsed = await quote('2020-01-31', '2020-01-02');
  await send(ids.lapsed);
  ids.sent = await quote('2099-12-31');
  await send(ids.sent);
  ids.open = await quote(null);
  await send(ids.open);
  ids.accepted = await quote('2099-12-31');
  await send(ids.accepted);
  await api.ok('POST', `/api/documents/quotes/${ids.accepted}/accept`);
  ids.draft = await quote('2099-12-31');
}, 120_000);
afterAll(async () => t?.close());

async function listed(query: string) {
  const page = await api.ok('GET', `/api/documents/quotes?${query}`);
  return { total: page.total as number, items: page.items as Json[] };
}

describe('quote list filtered by status', () => {
  it('"sent" lists the sent quotes still valid, not the draft and not the expired one', async () => {
    const { total, items } = await listed('status=sent');
    expect(items.map((d) => d.id).sort()).toEqual([ids.sent, ids.open].sort());
    expect(total).toBe(2);
    expect(items.map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('"expired" lists the sent quote past its valid-until date', async () => {
    const { total, items } = await listed('status=expired');
    expect(items.map((d) => [d.id, d.status])).toEqual([[ids.lapsed, 'expired']]);
    expect(total).toBe(1);
  });

  it('every status, alone and combined, lists exactly the quotes shown with it', async () => {
    const all = (await listed('page_size=200')).items;
    expect(all[0]?.id).toBe(ids.draft);
    const shown = new Map(all.map((d) => [d.id as string, d.status as string]));
    for (const filter of ['draft', 'sent', 'expired', 'accepted', 'sent,expired', 'draft,accepted']) {
      const wanted = filter.split(',');
      const { total, items } = await listed(`status=${filter}&sort=-number`);
      const expected = [...shown].filter(([, s]) => wanted.includes(s)).map(([id]) => id);
      expect(items.map((d) => d.id).sort(), filter).toEqual(expected.sort());
      expect(total, filter).toBe(expected.length);
    }
  });

  // An unknown status answered an empty list, as if no document had it; it is refused now with a
  // translated validation message, on every document list.
  it('an unknown status is refused with 400 and validation.invalid on the field', async () => {
    for (const url of [
      '/api/documents/quotes?status=posted',
      '/api/documents/quotes?status=sent,bogus',
      '/api/documents/work-orders?status=sent',
      '/api/delivery-notes?status=paid',
      '/api/invoices?status=expired',
      '/api/documents/quotes?status=,',
    ]) {
      const res = await api.call('GET', url);
      expect(res.status, url).toBe(400);
      expect((res.body.error as Json).details, url).toEqual([{ field: 'status', key: 'validation.invalid' }]);
    }
    // Each list's own statuses still filter (an invoice list: draft, issued).
    expect((await api.call('GET', '/api/invoices?status=draft,issued')).status).toBe(200);
    expect((await api.call('GET', '/api/delivery-notes?status=cancelled')).status).toBe(200);
  });
});
