import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from './test-helpers.ts';

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

type Row = {
  id: string;
  item_id: string;
  lot_number: string | null;
  quantity: string;
  document_date: string;
};

describe('GET /api/inventory/movements (issue 22: paged on the server, item/lot/date filters)', () => {
  it('pages past 200 rows, each movement once, and filters by item, lot number and date', async () => {
    const loc = await api.location('MOV');
    const glass = await api.item('MOV-FLOAT', { lot_tracked: true });
    const seal = await api.item('MOV-BRTVA');
    // 230 receipt lines of glass in lots PAK-000…PAK-229, one line of seal.
    const lines = Array.from({ length: 230 }, (_, i) => ({
      item_id: glass.id,
      quantity: '1',
      lot_number: `PAK-${String(i).padStart(3, '0')}`,
    }));
    await api.receive(loc.id, lines.slice(0, 115));
    await api.receive(loc.id, lines.slice(115));
    await api.receive(loc.id, [{ item_id: seal.id, quantity: '4' }]);

    const seen: Row[] = [];
    for (let offset = 0; ; offset += 100) {
      const page: Row[] = await api.ok('GET', `/api/inventory/movements?limit=100&offset=${offset}`);
      seen.push(...page);
      if (page.length < 100) break;
    }
    expect(seen).toHaveLength(231);
    expect(new Set(seen.map((m) => m.id)).size).toBe(231);

    const byItem: Row[] = await api.ok('GET', `/api/inventory/movements?item_id=${seal.id}`);
    expect(byItem.map((m) => [m.item_id, m.quantity])).toEqual([[seal.id, '4']]);

    // Part of a lot number, any case: PAK-120…PAK-129.
    const byLot: Row[] = await api.ok('GET', '/api/inventory/movements?lot=pak-12&limit=500');
    expect(byLot.map((m) => m.lot_number).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `PAK-12${i}`));
    // A % typed in the lot filter is a character, not a wildcard.
    expect(await api.ok('GET', '/api/inventory/movements?lot=%25')).toEqual([]);

    const day = seen[0]?.document_date as string;
    const onDay: Row[] = await api.ok('GET', `/api/inventory/movements?from=${day}&to=${day}&limit=500`);
    expect(onDay).toHaveLength(231);
    const before: Row[] = await api.ok('GET', '/api/inventory/movements?to=2000-01-01');
    expect(before).toEqual([]);
  });
});

describe('lots name their supplier and unit (issue 22)', () => {
  it('the lot list and the lot page carry the supplier name and the base unit', async () => {
    const loc = await api.location('LSU');
    const item = await api.item('LSU-IZO', { lot_tracked: true, base_unit: 'm2' });
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Staklo Dobavljač d.o.o.' });
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: loc.id,
      supplier_id: supplier.id,
      lines: [{ item_id: item.id, quantity: '3', lot_number: 'DOB-1' }],
    });
    const lots = await api.ok('GET', `/api/inventory/lots?item_id=${item.id}`);
    expect(lots).toEqual([
      expect.objectContaining({
        lot_number: 'DOB-1',
        supplier_name: 'Staklo Dobavljač d.o.o.',
        base_unit: 'm2',
      }),
    ]);
    const page = await api.ok('GET', `/api/inventory/lots/${lots[0].id}`);
    expect(page.lot).toMatchObject({ supplier_name: 'Staklo Dobavljač d.o.o.', base_unit: 'm2' });
  });
});
