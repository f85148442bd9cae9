import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from './test-helpers.ts';

// A warehouse and the places within it: the warehouse's figures, its page and the item filter
// cover the stock on its shelves. Values computed by hand from the receipts below.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

type Loc = {
  id: string;
  code: string;
  value: string;
  item_count: number;
  total_value: string;
  total_item_count: number;
};

describe('a warehouse holds what its places hold', () => {
  it('list, location page and item filter include the places under a location', async () => {
    const warehouse = await api.location('TW', { name: 'Glavno skladište' });
    const shelf = await api.location('TW-A', { parent_id: warehouse.id });
    const bin = await api.location('TW-A1', { parent_id: shelf.id });
    const yard = await api.location('TX');
    const p = await api.item('TP');
    const q = await api.item('TQ', { base_unit: 'm2' });
    await api.receive(warehouse.id, [{ item_id: p.id, quantity: '4', unit_cost: '2.5' }]);
    await api.receive(shelf.id, [{ item_id: p.id, quantity: '10', unit_cost: '2.5' }]);
    await api.receive(bin.id, [{ item_id: q.id, quantity: '3', unit_cost: '1.1' }]);
    await api.receive(yard.id, [{ item_id: p.id, quantity: '7', unit_cost: '2.5' }]);

    const list = (await api.ok('GET', '/api/inventory/locations')) as Loc[];
    const byCode = new Map(list.map((l) => [l.code, l]));
    // TW itself: 4 × 2.50 = 10; with TW-A (10 × 2.50 = 25) and TW-A1 (3 × 1.10 = 3.30): 38.30.
    expect(byCode.get('TW')).toMatchObject({
      value: '10',
      item_count: 1,
      total_value: '38.3',
      total_item_count: 2,
    });
    expect(byCode.get('TW-A')).toMatchObject({
      value: '25',
      item_count: 1,
      total_value: '28.3',
      total_item_count: 2,
    });
    expect(byCode.get('TW-A1')).toMatchObject({ value: '3.3', total_value: '3.3', total_item_count: 1 });
    expect(byCode.get('TX')).toMatchObject({ value: '17.5', total_value: '17.5', total_item_count: 1 });

    const page = await api.ok('GET', `/api/inventory/locations/${warehouse.id}`);
    expect(page.location).toMatchObject({ code: 'TW', total_value: '38.3' });
    expect(
      page.stock.map((s: { sku: string; location_code: string; quantity: string }) => [
        s.sku,
        s.location_code,
        s.quantity,
      ]),
    ).toEqual([
      ['TP', 'TW', '4'],
      ['TP', 'TW-A', '10'],
      ['TQ', 'TW-A1', '3'],
    ]);
    const binPage = await api.ok('GET', `/api/inventory/locations/${bin.id}`);
    expect(binPage.stock).toHaveLength(1);
    expect(binPage.stock[0]).toMatchObject({ sku: 'TQ', location_id: bin.id, quantity: '3' });

    const skus = async (locationId: string) =>
      ((await api.ok('GET', `/api/inventory/items?location_id=${locationId}`)).items as { sku: string }[])
        .map((i) => i.sku)
        .sort();
    expect(await skus(warehouse.id)).toEqual(['TP', 'TQ']);
    expect(await skus(bin.id)).toEqual(['TQ']);
    expect(await skus(yard.id)).toEqual(['TP']);

    // Moving the shelf out of the warehouse moves its figures with it.
    await api.ok('PATCH', `/api/inventory/locations/${shelf.id}`, { parent_id: null });
    const moved = (await api.ok('GET', '/api/inventory/locations')) as Loc[];
    expect(moved.find((l) => l.code === 'TW')).toMatchObject({ total_value: '10', total_item_count: 1 });
    expect(await skus(warehouse.id)).toEqual(['TP']);
  });
});
