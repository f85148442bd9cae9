import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import * as inv from '../../flows/invariants.ts';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from './test-helpers.ts';

// A draft delivery note reserved its lines whatever was on hand: 500 of 100 at the source location
// was saved and held (manual reservations were already limited to what is free). Now each goods
// line reserves only from what is free at the note's source location; a line that does not fit
// refuses the save (409 INSUFFICIENT_STOCK, validation.deliveryOverFree naming line, item,
// location, free and requested) and nothing is saved or reserved.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let db: inv.Query;
let client: Json;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  db = <T>(q: SQL) =>
    withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<T>(await tx.execute(q)),
    );
  client = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Gradnja Kovač j.d.o.o.' });
}, 120_000);
afterAll(async () => t?.close());

/** A location and an item with `onHand` received there. */
async function stocked(tag: string, onHand: string) {
  const location = await api.ok('POST', '/api/inventory/locations', {
    code: `DR-${tag}`,
    name: `Lokacija ${tag}`,
    type: 'storage',
  });
  const item = await api.ok('POST', '/api/inventory/items', {
    sku: `PROF-${tag}`,
    name: `Profil ${tag}`,
    kind: 'material',
    base_unit: 'm',
  });
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: location.id,
    lines: [{ item_id: item.id, quantity: onHand, unit_cost: '2' }],
  });
  return { location, item };
}

const note = (locationId: string, lines: Json[]) => ({
  client_id: client.id,
  source_location_id: locationId,
  lines,
});

async function held(itemId: string) {
  const [r] = await db<{ n: number; total: string }>(
    sql`select count(*)::int as n, trim_scale(coalesce(sum(quantity), 0))::text as total
        from reservations where item_id = ${itemId} and status = 'active'`,
  );
  return r;
}

async function noteCount() {
  const [r] = await db<{ n: number }>(
    sql`select count(*)::int as n from documents where kind = 'delivery_note'`,
  );
  return r?.n;
}

describe('a draft delivery note reserves only what is free', () => {
  it('refuses a line above what is free, naming line, item, location, free and requested', async () => {
    const { location, item } = await stocked('A', '10');
    await api.ok('POST', '/api/inventory/reservations', {
      item_id: item.id,
      location_id: location.id,
      quantity: '3',
    });
    const before = await noteCount();

    const refused = await api.call(
      'POST',
      '/api/delivery-notes',
      note(location.id, [
        { description: 'Montaža', quantity: '1', unit: 'h' },
        { item_id: item.id, quantity: '8' },
      ]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(refused.body.error.details).toEqual([
      {
        field: 'lines.1.quantity',
        key: 'validation.deliveryOverFree',
        params: { line: 2, item: 'PROF-A', location: 'DR-A', available: '7', requested: '8' },
      },
    ]);
    expect(await noteCount()).toBe(before);
    expect(await held(item.id)).toEqual({ n: 1, total: '3' });

    // The same item on two lines counts twice: 4 + 4 of 7 free refuses the second line with 3.
    const twice = await api.call(
      'POST',
      '/api/delivery-notes',
      note(location.id, [
        { item_id: item.id, quantity: '4' },
        { item_id: item.id, quantity: '4' },
      ]),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.details[0]).toMatchObject({
      field: 'lines.1.quantity',
      params: { line: 2, available: '3', requested: '4' },
    });
    expect(await noteCount()).toBe(before);
    expect(await held(item.id)).toEqual({ n: 1, total: '3' });

    // Exactly what is free fits.
    const fits = await api.ok(
      'POST',
      '/api/delivery-notes',
      note(location.id, [{ item_id: item.id, quantity: '7' }]),
    );
    // The refused saves used no number: the company's first note is 0001.
    expect(fits.document).toMatchObject({ status: 'draft', number: expect.stringMatching(/-0001$/) });
    expect(await held(item.id)).toEqual({ n: 2, total: '10' });
    expect((await api.ok('GET', `/api/inventory/items/${item.id}`)).item).toMatchObject({
      on_hand: '10',
      reserved: '10',
      available: '0',
    });
  });

  it('an edited draft counts its own hold as free, and a refused edit keeps the draft as it was', async () => {
    const { location, item } = await stocked('B', '10');
    const draft = await api.ok(
      'POST',
      '/api/delivery-notes',
      note(location.id, [{ item_id: item.id, quantity: '6' }]),
    );
    const id = draft.document.id as string;
    await api.ok('POST', '/api/inventory/reservations', {
      item_id: item.id,
      location_id: location.id,
      quantity: '2',
    });

    // 10 on hand, 2 held by hand: the draft may grow to 8 but not beyond.
    const refused = await api.call(
      'PUT',
      `/api/delivery-notes/${id}`,
      note(location.id, [{ item_id: item.id, quantity: '8.5' }]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.details[0]).toMatchObject({
      key: 'validation.deliveryOverFree',
      params: { line: 1, item: 'PROF-B', location: 'DR-B', available: '8', requested: '8.5' },
    });
    const unchanged = await api.ok('GET', `/api/documents/${id}`);
    expect(unchanged.lines.map((l: Json) => l.quantity)).toEqual(['6']);
    expect(await held(item.id)).toEqual({ n: 2, total: '8' });

    await api.ok(
      'PUT',
      `/api/delivery-notes/${id}`,
      note(location.id, [{ item_id: item.id, quantity: '8' }]),
    );
    expect(await held(item.id)).toEqual({ n: 2, total: '10' });

    // Moving the draft to a location without the item is refused there (nothing free at DR-PRAZNO).
    const empty = await api.ok('POST', '/api/inventory/locations', {
      code: 'DR-PRAZNO',
      name: 'Prazno',
      type: 'storage',
    });
    const elsewhere = await api.call(
      'PUT',
      `/api/delivery-notes/${id}`,
      note(empty.id, [{ item_id: item.id, quantity: '1' }]),
    );
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.details[0].params).toMatchObject({ location: 'DR-PRAZNO', available: '0' });
    expect((await api.ok('GET', `/api/documents/${id}`)).document.source_location_id).toBe(location.id);

    // Issuing consumes the draft's hold; the manual one stays; stock = ledger.
    await api.ok('POST', `/api/delivery-notes/${id}/issue`);
    expect(await held(item.id)).toEqual({ n: 1, total: '2' });
    expect((await api.ok('GET', `/api/inventory/items/${item.id}`)).item).toMatchObject({
      on_hand: '2',
      reserved: '2',
      available: '0',
    });
    expect(await inv.stockEqualsLedger(db)).toEqual([]);
  });

  it('issuing still checks on hand: stock taken by hand after the draft refuses the issue', async () => {
    const { location, item } = await stocked('D', '4');
    const draft = await api.ok(
      'POST',
      '/api/delivery-notes',
      note(location.id, [{ item_id: item.id, quantity: '4' }]),
    );
    // A posting does not look at reservations: 1.5 leaves the location after the draft held 4.
    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: location.id,
      lines: [{ item_id: item.id, quantity: '1.5' }],
    });
    const r = await api.call('POST', `/api/delivery-notes/${draft.document.id}/issue`);
    expect(r.status).toBe(409);
    expect(r.body.error.details[0]).toMatchObject({
      key: 'errors.INSUFFICIENT_STOCK',
      params: { item: 'PROF-D', location: 'DR-D', available: '2.5', requested: '4' },
    });
    expect((await api.ok('GET', `/api/documents/${draft.document.id}`)).document.status).toBe('draft');
    expect(await held(item.id)).toEqual({ n: 1, total: '4' });
    // Cancelling the draft releases its hold: nothing stays reserved, stock = ledger.
    await api.ok('POST', `/api/delivery-notes/${draft.document.id}/cancel`);
    expect(await held(item.id)).toEqual({ n: 0, total: '0' });
    expect(await inv.stockEqualsLedger(db)).toEqual([]);
  });

  it('goes through when the company allows negative stock', async () => {
    const { location, item } = await stocked('C', '1');
    await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: true });
    try {
      await api.ok('POST', '/api/delivery-notes', note(location.id, [{ item_id: item.id, quantity: '5' }]));
      expect(await held(item.id)).toEqual({ n: 1, total: '5' });
    } finally {
      await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: false });
    }
  });
});

// Real parallel connections only exist on a PostgreSQL server (PGlite runs one at a time).
describe.runIf(onPostgres)('drafts racing for the last units on PostgreSQL', () => {
  it('two drafts reserving the last 5 at once: one is saved, the other refused', async () => {
    const { location, item } = await stocked('RACE', '5');
    const before = await noteCount();
    const results = await Promise.all(
      [0, 1].map(() =>
        api.call('POST', '/api/delivery-notes', note(location.id, [{ item_id: item.id, quantity: '5' }])),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = results.find((r) => r.status === 409);
    expect(lost?.body.error.details[0].params).toMatchObject({ available: '0', requested: '5' });
    expect(await noteCount()).toBe((before ?? 0) + 1);
    expect(await held(item.id)).toEqual({ n: 1, total: '5' });
  }, 120_000);

  it('eight drafts of 3 against 10 at once: exactly 3 saved, 9 reserved', async () => {
    const { location, item } = await stocked('RACE8', '10');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call('POST', '/api/delivery-notes', note(location.id, [{ item_id: item.id, quantity: '3' }])),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(await held(item.id)).toEqual({ n: 3, total: '9' });
  }, 120_000);
});
