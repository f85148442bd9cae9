import { type CutResult, cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import Decimal from 'decimal.js';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../documents/test-helpers.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';

// Sheets and bars are counted in pieces of a known size and in the item's base unit at once.
// Cutting reserves and issues count × size, returns remnants as lots of the same item with their
// own size, and the next plan takes the remnants first. Every expected quantity is worked out by
// hand in the comments (mm² / 1e6 = m², mm / 1000 = m).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
});
afterAll(async () => t.close());

const plan = (job: { input: unknown }): CutResult =>
  optimizeCutting(jobToCutInput(cuttingJobInputSchema.parse(job.input)));

/** Stock lines the way the web's stock picker makes them from `GET /api/cutting/stock` rows. */
const stockLine = (kind: '1d' | '2d', s: Json) => ({
  ref: `${s.sku}${s.lot_number ? `/${s.lot_number}` : ''}@${s.location_code}`,
  item_id: s.item_id,
  lot_id: s.lot_id,
  location_id: s.location_id,
  ...(kind === '1d' ? { length: s.length } : { width: s.length, height: s.width }),
  quantity: s.quantity,
  remnant: s.remnant,
});

/** Stock = ledger: the balances and the movements of the item both add up to its on hand. */
async function ledgerTotals(itemId: string) {
  const detail = await api.ok('GET', `/api/inventory/items/${itemId}`);
  const moves = await api.ok('GET', `/api/inventory/movements?item_id=${itemId}&limit=500`);
  const list: Json[] = Array.isArray(moves) ? moves : moves.items;
  const ledger = list.reduce((sum: Decimal, m: Json) => sum.plus(m.quantity), new Decimal(0));
  const balances = detail.balances.reduce((sum: Decimal, b: Json) => sum.plus(b.quantity), new Decimal(0));
  return { detail, ledger: ledger.toString(), balances: balances.toString() };
}

async function activeReservations(itemId: string) {
  return (await api.ok('GET', `/api/inventory/reservations?item_id=${itemId}&status=active`)) as Json[];
}

describe('sheet and bar stock in pieces and in the base unit', () => {
  it('2D: reserves and issues sheets as count × area, returns remnant lots of the item, offers them first', async () => {
    const loc = await api.location('SKL-S');
    const sheet = await api.item('FLOAT4-3210', {
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      lot_tracked: true,
    });
    // 10 sheets of 3210 × 2250 = 10 × 7.2225 = 72.225 m² at 10 €/m²
    await api.receive(loc.id, [
      { item_id: sheet.id, quantity: '72.225', unit_cost: '10', lot_number: 'F-2026-01' },
    ]);

    const [row] = await api.ok('GET', '/api/cutting/stock?kind=2d');
    expect(row).toMatchObject({
      item_id: sheet.id,
      length: 3210,
      width: 2250,
      quantity: 10,
      pieces_on_hand: 10,
      unit: 'm2',
      on_hand: '72.225',
      reserved: '0',
      remnant: false,
    });
    const before = await api.ok('GET', `/api/inventory/items/${sheet.id}`);
    expect(before.item).toMatchObject({ on_hand: '72.225', pieces_on_hand: 10, remnants_on_hand: 0 });
    expect(before.balances[0]).toMatchObject({ quantity: '72.225', pieces: 10, remnant: false });
    const items = await api.ok('GET', '/api/inventory/items?q=FLOAT4-3210');
    expect(items.items[0]).toMatchObject({ on_hand: '72.225', pieces_on_hand: 10 });

    // Two panes of 2000 × 2250 that may not turn: one per sheet, each leaving 1210 × 2250.
    const created = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Float 2D',
      kind: '2d',
      kerf: 0,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      min_remnant_length: 300,
      min_remnant_width: 300,
      time_limit_ms: 200,
      pieces: [{ ref: 'P', width: 2000, height: 2250, quantity: 2, rotate: false }],
      stock: [stockLine('2d', row)],
    });
    const planned = await api.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, plan(created));
    expect(planned.stock_count).toBe(2);

    // Confirm: 2 sheets × 7.2225 = 14.445 m² reserved on the lot.
    await api.ok('POST', `/api/cutting/jobs/${created.id}/confirm`);
    const reserved = await activeReservations(sheet.id);
    expect(reserved).toHaveLength(1);
    expect(reserved[0]).toMatchObject({ quantity: '14.445', lot_id: row.lot_id, location_id: loc.id });
    expect((await api.balance(sheet.id)).item).toMatchObject({ reserved: '14.445', available: '57.78' });
    const picker = await api.ok('GET', '/api/cutting/stock?kind=2d');
    expect(picker[0]).toMatchObject({ pieces_on_hand: 10, quantity: 8, reserved: '14.445' });

    const done = await api.ok(
      'POST',
      `/api/cutting/jobs/${created.id}/complete`,
      {},
      { 'idempotency-key': 'sheet-2d-1' },
    );
    expect(done.status).toBe('completed');
    // Two remnants 2250 × 1210 (long side first) of the same item, one lot each.
    expect(done.remnants).toHaveLength(2);
    for (const r of done.remnants)
      expect(r).toMatchObject({
        item_id: sheet.id,
        length_mm: 2250,
        width_mm: 1210,
        unit: 'm2',
        measure: '2.7225',
      });

    // Issued 14.445 m²; received 2 × 2.7225 m² (2250 × 1210 = 2 722 500 mm²);
    // on hand 72.225 − 14.445 + 5.445 = 63.225 m²: 8 full sheets and 2 remnants.
    const issue = await api.ok('GET', `/api/inventory/movements?item_id=${sheet.id}&type=issue`);
    const issues: Json[] = Array.isArray(issue) ? issue : issue.items;
    expect(issues.map((m) => m.quantity)).toEqual(['-14.445']);
    const { detail, ledger, balances } = await ledgerTotals(sheet.id);
    expect(detail.item).toMatchObject({
      on_hand: '63.225',
      reserved: '0',
      pieces_on_hand: 8,
      remnants_on_hand: 2,
      // the remnants came in at the parent's cost per m²: the average does not move
      avg_cost: '10',
    });
    expect(ledger).toBe('63.225');
    expect(balances).toBe('63.225');
    expect(await activeReservations(sheet.id)).toEqual([]);
    const consumed = await api.ok('GET', `/api/inventory/reservations?item_id=${sheet.id}&status=consumed`);
    expect(consumed.map((r: Json) => r.quantity)).toEqual(['14.445']);

    // A remnant lot: its size, one piece, 2.7225 m² worth 27.225 €, traced to the sheet's lot.
    const lot = await api.ok('GET', `/api/inventory/lots/${done.remnants[0].lot_id}`);
    expect(lot.lot).toMatchObject({
      item_id: sheet.id,
      remnant: true,
      length_mm: '2250',
      width_mm: '1210',
      parent_lot_id: row.lot_id,
      parent_lot_number: 'F-2026-01',
      quantity: '2.7225',
      pieces: 1,
      base_unit: 'm2',
    });
    expect(lot.movements).toHaveLength(1);
    expect(lot.movements[0]).toMatchObject({ quantity: '2.7225', unit_cost: '10' });
    expect(lot.made_from.map((l: Json) => l.lot_id)).toEqual([row.lot_id]);
    const remnantBalance = detail.balances.find((b: Json) => b.lot_id === done.remnants[0].lot_id);
    expect(remnantBalance).toMatchObject({
      quantity: '2.7225',
      pieces: 1,
      remnant: true,
      piece_length_mm: '2250',
      piece_width_mm: '1210',
      value: '27.23',
    });

    // Its label names its size (the offcut on the rack is found by it).
    const label = await t.app.inject({
      url: `/api/inventory/labels/lot?ids=${done.remnants[0].lot_id}`,
      headers: { cookie: user.cookie },
    });
    expect(label.statusCode).toBe(200);
    const labelText = (
      await extractText(await getDocumentProxy(new Uint8Array(label.rawPayload)), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    expect(labelText).toContain('ostatak 2250 × 1210 mm');

    // The location's stock counts the same pieces.
    const where = await api.ok('GET', `/api/inventory/locations/${loc.id}`);
    expect(
      where.stock.map((b: Json) => [b.quantity, b.pieces, b.remnant, b.piece_length_mm, b.piece_width_mm]),
    ).toEqual([
      ['57.78', 8, false, '3210', '2250'],
      ['2.7225', 1, true, '2250', '1210'],
      ['2.7225', 1, true, '2250', '1210'],
    ]);

    // The replayed completion posts nothing more.
    await api.ok('POST', `/api/cutting/jobs/${created.id}/complete`, {}, { 'idempotency-key': 'sheet-2d-1' });
    expect((await api.balance(sheet.id)).item.on_hand).toBe('63.225');

    // Next time: the remnants come first (one piece each), then the 8 full sheets.
    const next = await api.ok('GET', '/api/cutting/stock?kind=2d');
    expect(next.map((s: Json) => [s.remnant, s.length, s.width, s.quantity, s.on_hand])).toEqual([
      [true, 2250, 1210, 1, '2.7225'],
      [true, 2250, 1210, 1, '2.7225'],
      [false, 3210, 2250, 8, '57.78'],
    ]);
    expect(next.every((s: Json) => s.item_id === sheet.id)).toBe(true);
    expect(next.map((s: Json) => s.material_id)).toEqual([sheet.id, sheet.id, null]);
    // ... and the optimiser cuts a small pane from a remnant, not from a full sheet.
    const second = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Float 2D ostatak',
      kind: '2d',
      kerf: 0,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      min_remnant_length: 300,
      min_remnant_width: 300,
      time_limit_ms: 200,
      pieces: [{ ref: 'Q', width: 1000, height: 800, quantity: 1 }],
      stock: next.map((s: Json) => stockLine('2d', s)),
    });
    const p2 = plan(second);
    const remnantRefs = new Set(second.input.stock.filter((s: Json) => s.remnant).map((s: Json) => s.ref));
    expect(p2.layouts.map((l) => remnantRefs.has(l.stockId))).toEqual([true]);
    await api.ok('PUT', `/api/cutting/jobs/${second.id}/plan`, p2);
    await api.ok('POST', `/api/cutting/jobs/${second.id}/confirm`);
    // One remnant reserved: its own area, 2.7225 m², on its own lot.
    const r2 = await activeReservations(sheet.id);
    expect(r2.map((r) => [r.quantity, remnantRefs.size > 0 && r.lot_id !== row.lot_id])).toEqual([
      ['2.7225', true],
    ]);
    await api.ok('POST', `/api/cutting/jobs/${second.id}/complete`);
    const after = await ledgerTotals(sheet.id);
    expect(after.ledger).toBe(after.detail.item.on_hand);
    expect(after.balances).toBe(after.detail.item.on_hand);
    expect(await activeReservations(sheet.id)).toEqual([]);
    // 8 full sheets untouched; the cut remnant is gone, its own offcuts may come back as remnants.
    expect(after.detail.item.pieces_on_hand).toBe(8);
  });

  it('1D: bars kept in m, an item without lots; remnants are lots of the bar with their length', async () => {
    const loc = await api.location('SKL-B');
    const bar = await api.item('PVC-70-OK', { base_unit: 'm', length_mm: '6500' });
    // 3 bars of 6.5 m = 19.5 m at 4 €/m
    await api.receive(loc.id, [{ item_id: bar.id, quantity: '19.5', unit_cost: '4' }]);
    const [row] = await api.ok('GET', '/api/cutting/stock?kind=1d');
    expect(row).toMatchObject({ item_id: bar.id, length: 6500, quantity: 3, unit: 'm', on_hand: '19.5' });

    // Two 5000 mm pieces: one per bar, each leaving 1500 mm.
    const created = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Profil 1D',
      kind: '1d',
      kerf: 0,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      min_remnant_length: 500,
      min_remnant_width: 0,
      time_limit_ms: 200,
      pieces: [{ ref: 'F', length: 5000, quantity: 2 }],
      stock: [stockLine('1d', row)],
    });
    await api.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, plan(created));
    await api.ok('POST', `/api/cutting/jobs/${created.id}/confirm`);
    // 2 bars × 6.5 m = 13 m
    expect((await activeReservations(bar.id)).map((r) => [r.quantity, r.lot_id])).toEqual([['13', null]]);

    const done = await api.ok('POST', `/api/cutting/jobs/${created.id}/complete`);
    expect(done.remnants.map((r: Json) => [r.item_id, r.length_mm, r.parent_lot_id, r.measure])).toEqual([
      [bar.id, 1500, null, '1.5000'],
      [bar.id, 1500, null, '1.5000'],
    ]);
    // 19.5 − 13 + 2 × 1.5 = 9.5 m: one full bar and two remnants of 1.5 m at 4 €/m
    const { detail, ledger } = await ledgerTotals(bar.id);
    expect(detail.item).toMatchObject({
      on_hand: '9.5',
      pieces_on_hand: 1,
      remnants_on_hand: 2,
      avg_cost: '4',
    });
    expect(ledger).toBe('9.5');
    expect(await activeReservations(bar.id)).toEqual([]);
    const lot = await api.ok('GET', `/api/inventory/lots/${done.remnants[0].lot_id}`);
    expect(lot.lot).toMatchObject({
      remnant: true,
      length_mm: '1500',
      width_mm: null,
      quantity: '1.5',
      pieces: 1,
    });

    const next = await api.ok('GET', '/api/cutting/stock?kind=1d');
    expect(next.map((s: Json) => [s.remnant, s.length, s.quantity, s.on_hand])).toEqual([
      [true, 1500, 1, '1.5'],
      [true, 1500, 1, '1.5'],
      [false, 6500, 1, '6.5'],
    ]);
  });

  it('refuses a stock line whose size is not the inventory piece, or more pieces than are free, and reserves nothing', async () => {
    const loc = await api.location('SKL-X');
    const bar = await api.item('ALU-60', { base_unit: 'm', length_mm: '6000' });
    await api.receive(loc.id, [{ item_id: bar.id, quantity: '12', unit_cost: '5' }]);
    const created = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Kriva duljina',
      kind: '1d',
      kerf: 0,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      min_remnant_length: 500,
      min_remnant_width: 0,
      time_limit_ms: 200,
      pieces: [{ ref: 'F', length: 5000, quantity: 1 }],
      // the bar is 6000 mm in inventory, the line says 6500
      stock: [{ ref: 'ALU', item_id: bar.id, location_id: loc.id, length: 6500, quantity: 2 }],
    });
    await api.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, plan(created));
    const refused = await api.call('POST', `/api/cutting/jobs/${created.id}/confirm`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'stock.0', key: 'validation.cuttingStockSize', params: { sku: 'ALU-60' } },
    ]);
    expect(await activeReservations(bar.id)).toEqual([]);
    expect((await api.ok('GET', `/api/cutting/jobs/${created.id}`)).status).toBe('planned');

    // The right size, but the plan needs more bars than are free: 12 m on hand is 2 bars of 6 m.
    const job = (quantity: number) =>
      api.ok('POST', '/api/cutting/jobs', {
        name: `Šipke ${quantity}`,
        kind: '1d',
        kerf: 0,
        trim: { left: 0, right: 0, top: 0, bottom: 0 },
        min_remnant_length: 500,
        min_remnant_width: 0,
        time_limit_ms: 200,
        pieces: [{ ref: 'F', length: 5000, quantity }],
        stock: [{ ref: 'ALU', item_id: bar.id, location_id: loc.id, length: 6000, quantity: null }],
      });
    const three = await job(3);
    await api.ok('PUT', `/api/cutting/jobs/${three.id}/plan`, plan(three));
    const short = await api.call('POST', `/api/cutting/jobs/${three.id}/confirm`);
    expect(short.status).toBe(409);
    // 3 bars × 6 m = 18 m wanted, 12 m free
    expect(short.body.error.details).toEqual([
      {
        field: 'stock.0',
        key: 'errors.INSUFFICIENT_STOCK',
        params: { item: 'ALU-60', location: 'SKL-X', available: '12 m', requested: '18 m' },
      },
    ]);
    expect(await activeReservations(bar.id)).toEqual([]);
    // Two bars are free and taken by one list; the next list finds none free.
    const two = await job(2);
    await api.ok('PUT', `/api/cutting/jobs/${two.id}/plan`, plan(two));
    await api.ok('POST', `/api/cutting/jobs/${two.id}/confirm`);
    const one = await job(1);
    await api.ok('PUT', `/api/cutting/jobs/${one.id}/plan`, plan(one));
    const none = await api.call('POST', `/api/cutting/jobs/${one.id}/confirm`);
    expect(none.status).toBe(409);
    expect(none.body.error.details[0].params).toMatchObject({ available: '0 m', requested: '6 m' });
    expect((await activeReservations(bar.id)).map((r) => r.quantity)).toEqual(['12']);
  });
});
