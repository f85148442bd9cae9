import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from './test-helpers.ts';

// Real parallel connections only exist on a PostgreSQL server (PGlite runs one at a time).
describe.runIf(onPostgres)('concurrent postings on PostgreSQL', () => {
  let t: TestApp;
  let user: SignedIn;
  let api: ReturnType<typeof inventoryClient>;

  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app);
    api = inventoryClient(t.app, user);
  }, 60_000);
  afterAll(async () => t?.close());

  it('50 concurrent issues of 3 against 100: exactly 33 succeed, balance 1, ledger matches', async () => {
    const loc = await api.location('CONC');
    const item = await api.item('CONC-1');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '100', unit_cost: '1' }]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('POST', '/api/inventory/issues', {
          reason: 'production',
          location_id: loc.id,
          lines: [{ item_id: item.id, quantity: '3' }],
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(33);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error.code).toBe('INSUFFICIENT_STOCK');
    const bal = await api.balance(item.id);
    expect(bal.item.on_hand).toBe('1');
    expect(bal.balances.map((b) => b.quantity)).toEqual(['1']);
    const ledger = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      const r = await tx.execute(
        sql`select count(*)::int as n, sum(quantity)::text as total from stock_movements where item_id = ${item.id}`,
      );
      return (r as unknown as { rows: { n: number; total: string }[] }).rows[0];
    });
    expect(ledger).toEqual({ n: 34, total: '1.0000' });
  }, 120_000);

  it('multi-line documents touching the same items in opposite orders all finish without deadlock errors', async () => {
    const from = await api.location('DL-A');
    const to = await api.location('DL-B');
    const items = await Promise.all(['DL-1', 'DL-2', 'DL-3'].map((s) => api.item(s)));
    await api.receive(
      from.id,
      items.map((i) => ({ item_id: i.id, quantity: '1000', unit_cost: '1' })),
    );
    const forward = items.map((i) => ({ item_id: i.id, quantity: '1' }));
    const backward = [...forward].reverse();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 2 === 0
          ? api.call('POST', '/api/inventory/transfers', {
              reason: 'relocation',
              from_location_id: from.id,
              to_location_id: to.id,
              lines: forward,
            })
          : api.call('POST', '/api/inventory/issues', {
              reason: 'production',
              location_id: from.id,
              lines: backward,
            }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    for (const i of items) {
      const bal = await api.balance(i.id);
      expect(bal.item.on_hand).toBe('980');
      const byLoc = Object.fromEntries(bal.balances.map((b) => [b.location_id, b.quantity]));
      expect(byLoc).toEqual({ [from.id]: '960', [to.id]: '20' });
    }
  }, 120_000);

  it('concurrent replays of one Idempotency-Key post once', async () => {
    const loc = await api.location('IDC');
    const item = await api.item('IDC-1');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call(
          'POST',
          '/api/inventory/receipts',
          { location_id: loc.id, lines: [{ item_id: item.id, quantity: '5' }] },
          { 'idempotency-key': 'same-key' },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await api.balance(item.id)).item.on_hand).toBe('5');
  }, 120_000);
});
