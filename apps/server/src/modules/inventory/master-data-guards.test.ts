import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient, stockBooks } from './test-helpers.ts';

// Master data that the ledger already counts in: an item's base unit and a location holding stock.
// A change that would relabel or hide counted quantities is refused and changes nothing.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

const books = (itemId: string) => stockBooks(t, user, itemId);

describe("an item's base unit", () => {
  it('changes freely before anything is counted in it, and not once stock has moved', async () => {
    const loc = await api.location('GU1');
    const screw = await api.item('GU-SCREW');
    // Nothing counted yet: a mistyped unit is corrected.
    const fixed = await api.ok('PATCH', `/api/inventory/items/${screw.id}`, { base_unit: 'kg' });
    expect(fixed.base_unit).toBe('kg');
    await api.ok('PATCH', `/api/inventory/items/${screw.id}`, { base_unit: 'kom' });

    await api.receive(loc.id, [{ item_id: screw.id, quantity: '300', unit_cost: '0.05' }]);
    const refused = await api.call('PATCH', `/api/inventory/items/${screw.id}`, {
      base_unit: 'kg',
      name: 'Vijak preimenovan',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'base_unit', key: 'validation.baseUnitInUse', params: { sku: 'GU-SCREW', unit: 'kom' } },
    ]);
    const after = await api.balance(screw.id);
    expect(after.item).toMatchObject({ base_unit: 'kom', name: 'Artikl GU-SCREW', on_hand: '300' });
    expect(await books(screw.id)).toMatchObject({ ledger: '300', on_hand: '300' });

    // The form sends the unit it shows with every save: the same unit is no change.
    const renamed = await api.ok('PATCH', `/api/inventory/items/${screw.id}`, {
      base_unit: 'kom',
      name: 'Vijak 4x40',
    });
    expect(renamed).toMatchObject({ base_unit: 'kom', name: 'Vijak 4x40' });

    // Issued to zero, the ledger still holds its quantities in pieces.
    await api.ok('POST', '/api/inventory/issues', {
      location_id: loc.id,
      reason: 'production',
      lines: [{ item_id: screw.id, quantity: '300' }],
    });
    const stillRefused = await api.call('PATCH', `/api/inventory/items/${screw.id}`, { base_unit: 'kg' });
    expect(stillRefused.status).toBe(409);
  });

  it('is kept while the item is only reserved or on order', async () => {
    const loc = await api.location('GU2');
    const reserved = await api.item('GU-RES');
    // A reservation without stock (and so without any movement) needs negative stock allowed.
    await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: true });
    await api.ok('POST', '/api/inventory/reservations', {
      item_id: reserved.id,
      location_id: loc.id,
      quantity: '5',
    });
    await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: false });
    const r1 = await api.call('PATCH', `/api/inventory/items/${reserved.id}`, { base_unit: 'm' });
    expect(r1.status).toBe(409);
    expect(r1.body.error.details[0].key).toBe('validation.baseUnitInUse');

    const ordered = await api.item('GU-ORD');
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Dobavljač GU' });
    const po = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: ordered.id, quantity: '12', unit_price: '1.50' }],
    });
    // A draft is not on order yet: the unit may still change (the draft line keeps its own unit).
    expect((await books(ordered.id))?.on_order).toBe('0');
    await api.ok('PATCH', `/api/inventory/items/${ordered.id}`, { base_unit: 'm' });
    await api.ok('PATCH', `/api/inventory/items/${ordered.id}`, { base_unit: 'kom' });
    await api.ok('POST', `/api/purchase-orders/${po.id}/send`);
    expect((await books(ordered.id))?.on_order).toBe('12');
    const r2 = await api.call('PATCH', `/api/inventory/items/${ordered.id}`, { base_unit: 'm' });
    expect(r2.status).toBe(409);
    expect((await api.balance(ordered.id)).item).toMatchObject({ base_unit: 'kom' });
  });
});

describe("a sheet or bar item's size", () => {
  it('changes freely before anything is counted in it, and not once stock has moved', async () => {
    const loc = await api.location('GU-PL');
    const glass = await api.item('GU-FLOAT', { base_unit: 'm2', length_mm: '3210', width_mm: '2200' });
    // Nothing counted yet: a mistyped width is corrected.
    const fixed = await api.ok('PATCH', `/api/inventory/items/${glass.id}`, { width_mm: '2250' });
    expect(fixed).toMatchObject({ length_mm: '3210', width_mm: '2250' });

    // Two sheets received: 2 × 7.2225 = 14.445 m².
    await api.receive(loc.id, [{ item_id: glass.id, quantity: '14.445', unit_cost: '10' }]);
    const refused = await api.call('PATCH', `/api/inventory/items/${glass.id}`, {
      width_mm: '3210',
      name: 'Float preimenovan',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'width_mm', key: 'validation.sizeInUse', params: { sku: 'GU-FLOAT', size: '3210 × 2250' } },
    ]);
    const after = await api.balance(glass.id);
    expect(after.item).toMatchObject({ width_mm: '2250', name: 'Artikl GU-FLOAT', on_hand: '14.445' });
    expect(await books(glass.id)).toMatchObject({ ledger: '14.445', on_hand: '14.445' });

    // The form sends the size it shows with every save: the same size (3210.0 = 3210) is no change.
    const renamed = await api.ok('PATCH', `/api/inventory/items/${glass.id}`, {
      length_mm: '3210.0',
      width_mm: '2250',
      name: 'Float 4 mm',
    });
    expect(renamed).toMatchObject({ name: 'Float 4 mm', width_mm: '2250' });
    // Taking the size away is a change too.
    const cleared = await api.call('PATCH', `/api/inventory/items/${glass.id}`, { width_mm: null });
    expect(cleared.status).toBe(409);
  });

  it('is kept for a bar on order, and a bar without stock may change', async () => {
    const bar = await api.item('GU-PROFIL', { base_unit: 'm', length_mm: '6500' });
    const supplier = await api.ok('POST', '/api/suppliers', { name: 'Profili GU' });
    const po = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: bar.id, quantity: '65', unit_price: '2' }],
    });
    await api.ok('PATCH', `/api/inventory/items/${bar.id}`, { length_mm: '6000' });
    await api.ok('POST', `/api/purchase-orders/${po.id}/send`);
    const refused = await api.call('PATCH', `/api/inventory/items/${bar.id}`, { length_mm: '6500' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'length_mm', key: 'validation.sizeInUse', params: { sku: 'GU-PROFIL', size: '6000' } },
    ]);
  });
});

describe('deactivating a location', () => {
  it('is refused while it holds stock, naming it, and allowed once the stock is moved out', async () => {
    const shelf = await api.location('GU-SHELF');
    const other = await api.location('GU-OTHER');
    const a = await api.item('GU-A');
    const b = await api.item('GU-B', { base_unit: 'm2' });
    await api.receive(shelf.id, [
      { item_id: a.id, quantity: '10', unit_cost: '2' },
      { item_id: b.id, quantity: '4.5', unit_cost: '8' },
    ]);

    const refused = await api.call('PATCH', `/api/inventory/locations/${shelf.id}`, { active: false });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'active', key: 'validation.locationHasStock', params: { code: 'GU-SHELF', items: 2 } },
    ]);
    const locations = (await api.ok('GET', '/api/inventory/locations')) as { id: string; active: boolean }[];
    expect(locations.find((l) => l.id === shelf.id)?.active).toBe(true);

    // Renaming is not deactivating.
    await api.ok('PATCH', `/api/inventory/locations/${shelf.id}`, { name: 'Polica za ukidanje' });

    await api.ok('POST', '/api/inventory/transfers', {
      from_location_id: shelf.id,
      to_location_id: other.id,
      reason: 'relocation',
      lines: [
        { item_id: a.id, quantity: '10' },
        { item_id: b.id, quantity: '4.5' },
      ],
    });
    // Its balance rows are zero now: nothing is left to hide.
    const done = await api.ok('PATCH', `/api/inventory/locations/${shelf.id}`, { active: false });
    expect(done).toMatchObject({ active: false, item_count: 0, value: '0' });
    expect(await books(a.id)).toMatchObject({ ledger: '10', on_hand: '10' });
    expect(await books(b.id)).toMatchObject({ ledger: '4.5', on_hand: '4.5' });
    // Reactivating is always allowed.
    expect(await api.ok('PATCH', `/api/inventory/locations/${shelf.id}`, { active: true })).toMatchObject({
      active: true,
    });
  });
});

describe('a quantity finer than the ledger keeps', () => {
  it('is refused with its own key and posts nothing (0.00001 was a 500)', async () => {
    const loc = await api.location('GU-FINE');
    const fine = await api.item('GU-FINE', { base_unit: 'kg' });
    for (const quantity of ['0.00001', '1.23456']) {
      const r = await api.call('POST', '/api/inventory/receipts', {
        location_id: loc.id,
        lines: [{ item_id: fine.id, quantity, unit_cost: '3' }],
      });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([
        { field: 'lines.0.quantity', key: 'validation.quantityDecimals' },
      ]);
    }
    expect(await books(fine.id)).toMatchObject({ ledger: '0', on_hand: '0' });
    await api.receive(loc.id, [{ item_id: fine.id, quantity: '1.2345', unit_cost: '3' }]);
    const adjusted = await api.call('POST', '/api/inventory/adjustments', {
      location_id: loc.id,
      reason: 'correction',
      lines: [{ item_id: fine.id, quantity: '-0.00004' }],
    });
    expect(adjusted.status).toBe(400);
    expect(await books(fine.id)).toMatchObject({ ledger: '1.2345', on_hand: '1.2345' });
  });
});

describe('unit conversions', () => {
  it('are for other units than the base unit, which is 1 by definition', async () => {
    const screw = await api.item('GU-CONV');
    const r = await api.call('PUT', `/api/inventory/items/${screw.id}/conversions`, {
      conversions: [
        { unit: 'kut', factor: '50' },
        { unit: 'kom', factor: '2' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { field: 'unit', key: 'validation.conversionBaseUnit', params: { unit: 'kom' } },
    ]);
    // Nothing replaced: the item still has no conversion.
    expect((await api.ok('GET', `/api/inventory/items/${screw.id}`)).conversions).toEqual([]);
    const ok = await api.ok('PUT', `/api/inventory/items/${screw.id}/conversions`, {
      conversions: [{ unit: 'kut', factor: '50' }],
    });
    expect(ok).toEqual([{ unit: 'kut', factor: '50', purchase: false }]);
  });
});
