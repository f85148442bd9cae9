import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from './test-helpers.ts';

// A reservation made by hand takes only what is free: at its location (what is there less what is
// held there and item-wide), or for the item without a location. More is refused like a posting
// that would leave stock negative, and nothing is reserved.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

const reserve = (body: Record<string, unknown>) => api.call('POST', '/api/inventory/reservations', body);

async function activeReservations(itemId: string) {
  return withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const r = await tx.execute(
      sql`select count(*)::int as n, trim_scale(coalesce(sum(quantity), 0))::text as total
          from reservations where item_id = ${itemId} and status = 'active'`,
    );
    return (r as unknown as { rows: { n: number; total: string }[] }).rows[0];
  });
}

describe('a manual reservation', () => {
  it('is refused above what is on hand, naming item, location, free and requested', async () => {
    const loc = await api.location('RZ-MAT');
    const item = await api.item('RZ-PROFIL');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '100', unit_cost: '2' }]);

    const refused = await reserve({ item_id: item.id, location_id: loc.id, quantity: '500' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(refused.body.error.details).toEqual([
      {
        field: 'quantity',
        key: 'validation.reservationOverFree',
        params: { item: 'RZ-PROFIL', location: 'RZ-MAT', available: '100', requested: '500' },
      },
    ]);
    expect(await activeReservations(item.id)).toEqual({ n: 0, total: '0' });

    // Exactly what is there fits; then nothing more does.
    await api.ok('POST', '/api/inventory/reservations', {
      item_id: item.id,
      location_id: loc.id,
      quantity: '60',
    });
    const more = await reserve({ item_id: item.id, location_id: loc.id, quantity: '40.0001' });
    expect(more.status).toBe(409);
    expect(more.body.error.details[0].params).toMatchObject({ available: '40', requested: '40.0001' });
    await api.ok('POST', '/api/inventory/reservations', {
      item_id: item.id,
      location_id: loc.id,
      quantity: '40',
    });
    expect(await activeReservations(item.id)).toEqual({ n: 2, total: '100' });
    expect((await api.balance(item.id)).item).toMatchObject({
      on_hand: '100',
      reserved: '100',
      available: '0',
    });
  });

  it('at another location counts only that location; without a location the whole item', async () => {
    const a = await api.location('RZ-A');
    const b = await api.location('RZ-B');
    const empty = await api.location('RZ-PRAZNO');
    const item = await api.item('RZ-VIJAK');
    await api.receive(a.id, [{ item_id: item.id, quantity: '30', unit_cost: '1' }]);
    await api.receive(b.id, [{ item_id: item.id, quantity: '20', unit_cost: '1' }]);

    const none = await reserve({ item_id: item.id, location_id: empty.id, quantity: '1' });
    expect(none.status).toBe(409);
    expect(none.body.error.details[0].params).toEqual({
      item: 'RZ-VIJAK',
      location: 'RZ-PRAZNO',
      available: '0',
      requested: '1',
    });
    // 30 at A, 20 at B: 45 without a location fits, then 6 more does not (5 left).
    await api.ok('POST', '/api/inventory/reservations', { item_id: item.id, quantity: '45' });
    const over = await reserve({ item_id: item.id, quantity: '6' });
    expect(over.status).toBe(409);
    expect(over.body.error.details).toEqual([
      {
        field: 'quantity',
        key: 'validation.reservationOverFreeItem',
        params: { item: 'RZ-VIJAK', available: '5', requested: '6' },
      },
    ]);
    // The item-wide hold caps each location too: B has 20 but only 5 are spare.
    const atB = await reserve({ item_id: item.id, location_id: b.id, quantity: '6' });
    expect(atB.status).toBe(409);
    expect(atB.body.error.details[0].params).toMatchObject({ location: 'RZ-B', available: '5' });
    expect(await activeReservations(item.id)).toEqual({ n: 1, total: '45' });
  });

  it('goes through when the company allows negative stock', async () => {
    const loc = await api.location('RZ-NEG');
    const item = await api.item('RZ-NEG-1');
    await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: true });
    try {
      await api.ok('POST', '/api/inventory/reservations', {
        item_id: item.id,
        location_id: loc.id,
        quantity: '5',
      });
      expect(await activeReservations(item.id)).toEqual({ n: 1, total: '5' });
    } finally {
      await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: false });
    }
  });
});

// Real parallel connections only exist on a PostgreSQL server (PGlite runs one at a time).
describe.runIf(onPostgres)('reservations racing for the last units on PostgreSQL', () => {
  it('12 concurrent reservations of 3 against 10: exactly 3 succeed, 9 reserved', async () => {
    const loc = await api.location('RZ-RACE');
    const item = await api.item('RZ-RACE-1');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '10', unit_cost: '1' }]);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserve({ item_id: item.id, location_id: loc.id, quantity: '3' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await activeReservations(item.id)).toEqual({ n: 3, total: '9' });
  }, 120_000);
});
