import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from './test-helpers.ts';

// Item search goes through item_search_ids() (migration 0015: a SECURITY DEFINER lookup over a side
// table, so the trigram indexes work under RLS). These tests pin down that it stays company-scoped
// and that every list filter and sort still applies to its results.

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
let apiA: ReturnType<typeof inventoryClient>;
let apiB: ReturnType<typeof inventoryClient>;
type Row = { sku: string; name: string };
const skus = (r: { items: Row[] }) => r.items.map((i) => i.sku);

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t.app);
  b = await signUp(t.app);
  apiA = inventoryClient(t.app, a);
  apiB = inventoryClient(t.app, b);
  await apiA.item('A-VIJ-1', { name: 'Vijak inox M8', kind: 'component', reorder_point: '5' });
  await apiA.item('A-VIJ-2', { name: 'Vijak pocinčani M10', kind: 'component' });
  await apiA.item('A-STA-1', { name: 'Staklo float 4 mm', kind: 'material' });
  await apiA.item('A-100%', { name: 'Brtva_EPDM', kind: 'material' });
  // Company B has items that match the same terms, and one SKU that only B has.
  await apiB.item('B-VIJ-1', { name: 'Vijak inox M8', kind: 'component' });
  await apiB.item('B-ONLY', { name: 'Staklo kaljeno', kind: 'material' });
}, 60_000);
afterAll(async () => t?.close());

describe('item search (item_search_ids)', () => {
  it("never returns another company's items, in the list or in the total", async () => {
    const r = await apiA.ok('GET', '/api/inventory/items?q=vijak');
    expect(skus(r).sort()).toEqual(['A-VIJ-1', 'A-VIJ-2']);
    expect(r.total).toBe(2);
    const only = await apiA.ok('GET', '/api/inventory/items?q=B-ONLY');
    expect(only).toMatchObject({ total: 0, items: [] });
    const fromB = await apiB.ok('GET', '/api/inventory/items?q=inox');
    expect(skus(fromB)).toEqual(['B-VIJ-1']);
  });

  it('matches SKU or name case-insensitively and treats % and _ literally', async () => {
    expect(skus(await apiA.ok('GET', '/api/inventory/items?q=sta-1'))).toEqual(['A-STA-1']);
    expect(skus(await apiA.ok('GET', '/api/inventory/items?q=FLOAT'))).toEqual(['A-STA-1']);
    expect(skus(await apiA.ok('GET', `/api/inventory/items?q=${encodeURIComponent('100%')}`))).toEqual([
      'A-100%',
    ]);
    expect(skus(await apiA.ok('GET', '/api/inventory/items?q=a_EPDM'))).toEqual(['A-100%']);
    // '_' is not a wildcard: "a_s" would match "A-STA" if it were.
    expect((await apiA.ok('GET', '/api/inventory/items?q=a_sta')).total).toBe(0);
  });

  it('keeps filters, sort and paging on search results', async () => {
    const sorted = await apiA.ok('GET', '/api/inventory/items?q=vijak&sort=-sku&limit=1');
    expect(sorted.total).toBe(2);
    expect(skus(sorted)).toEqual(['A-VIJ-2']);
    const page2 = await apiA.ok('GET', '/api/inventory/items?q=vijak&sort=-sku&limit=1&offset=1');
    expect(skus(page2)).toEqual(['A-VIJ-1']);
    expect(skus(await apiA.ok('GET', '/api/inventory/items?q=m&kind=material&sort=sku'))).toEqual([
      'A-100%',
      'A-STA-1',
    ]);
    expect(skus(await apiA.ok('GET', '/api/inventory/items?q=vijak&low_stock=true'))).toEqual(['A-VIJ-1']);
    const loc = await apiA.location('SRCH-L');
    const item = (await apiA.ok('GET', '/api/inventory/items?q=A-VIJ-2')).items[0];
    await apiA.receive(loc.id, [{ item_id: item.id, quantity: '3', unit_cost: '1' }]);
    expect(skus(await apiA.ok('GET', `/api/inventory/items?q=vijak&location_id=${loc.id}`))).toEqual([
      'A-VIJ-2',
    ]);
  });

  it('follows renames and deactivation', async () => {
    const item = (await apiA.ok('GET', '/api/inventory/items?q=A-STA-1')).items[0];
    await apiA.ok('PATCH', `/api/inventory/items/${item.id}`, { name: 'Staklo kaljeno 6 mm', active: false });
    expect((await apiA.ok('GET', '/api/inventory/items?q=float')).total).toBe(0);
    expect((await apiA.ok('GET', '/api/inventory/items?q=kaljeno')).total).toBe(0);
    expect(skus(await apiA.ok('GET', '/api/inventory/items?q=kaljeno&active=false'))).toEqual(['A-STA-1']);
  });

  it('finds names typed without Croatian marks, and marked terms in plain names (migration 0058)', async () => {
    await apiA.item('A-G-1', { name: 'Čep gumeni 12', kind: 'component' });
    await apiA.item('A-N-1', { name: 'Nosač Đuro 40', kind: 'component' });
    await apiA.item('A-J-1', { name: 'Adjuster nogica', kind: 'component' });
    const find = async (q: string) =>
      skus(await apiA.ok('GET', `/api/inventory/items?q=${encodeURIComponent(q)}`));
    expect(await find('cep')).toEqual(['A-G-1']);
    expect(await find('ČEP')).toEqual(['A-G-1']);
    expect(await find('nosac')).toEqual(['A-N-1']);
    expect(await find('djuro')).toEqual(['A-N-1']);
    expect(await find('duro')).toEqual(['A-N-1']);
    expect(await find('Đuro')).toEqual(['A-N-1']);
    // A "dj" that is not an đ still matches itself; and a plain name is found by a marked term.
    expect(await find('adjust')).toEqual(['A-J-1']);
    expect(await find('pocincani')).toEqual(['A-VIJ-2']);
    expect(await find('vijak pocinčani')).toEqual(['A-VIJ-2']);
    expect(await find('čep')).toEqual(['A-G-1']);
    // B's items stay out of A's folded search.
    await apiB.item('B-G-1', { name: 'Čep', kind: 'component' });
    expect(await find('cep')).toEqual(['A-G-1']);
  });

  it('leaves the side table unreadable to request code', async () => {
    const code = await withCompany(t.deps.db, { userId: a.id, companyId: a.id }, (tx) =>
      tx.execute(sql`select count(*) from item_search`),
    ).then(
      () => 'read',
      (e: unknown) => String((e as { cause?: unknown }).cause ?? e),
    );
    expect(code).toMatch(/permission denied for table item_search/);
  });
});
