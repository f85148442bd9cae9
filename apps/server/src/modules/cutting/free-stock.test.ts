import { cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';

// Issue 17: reservations of sheet and bar stock count the same way in the cutting stock picker and
// in confirmation. A work order reserves its materials without a lot, at its source location; that
// reservation lowers what every lot at the location has free, except for the order's own cutting
// list (which takes the order's reservation of its material over when it is confirmed). Expected
// figures are worked out by hand below (a sheet 3210 × 2250 = 7.2225 m², a bar 6500 mm = 6.5 m).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let mat: Json;
let fin: Json;
let client: Json;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  const loc = (code: string) =>
    api.ok('POST', '/api/inventory/locations', { code, name: code, type: 'storage' });
  mat = await loc('MAT');
  fin = await loc('GOT');
  client = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Gradnja d.o.o.' });
}, 120_000);
afterAll(async () => t?.close());

const item = (sku: string, extra: Json) =>
  api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'material', ...extra });

/** A product cut from one sheet/bar material: one W × H pane (2D) or one W bar piece (1D) per unit. */
async function productOf(sku: string, material: Json, kind: '1d' | '2d') {
  const p = await api.ok('POST', '/api/products', { sku, name: sku, baseUnit: 'kom', kind: 'product' });
  const line =
    kind === '2d'
      ? { formula: 'W*H/1e6', unit: 'm2', cutCount: '1', cutWidth: 'W', cutHeight: 'H' }
      : { formula: 'W/1000', unit: 'm', cutCount: '1', cutLength: 'W' };
  const bom = await api.ok('POST', `/api/products/${p.id}/boms`, {
    variables: [],
    lines: [{ componentId: material.id, scrapPct: '0', ...line }],
  });
  await api.ok('POST', `/api/products/${p.id}/boms/${bom.id}/activate`);
  return p as Json;
}

/** A planned work order (its materials reserved at MAT without a lot). */
async function plannedOrder(product: Json, quantity: string, width: string, height: string) {
  const wo = await api.ok('POST', '/api/documents/work-orders', {
    client_id: client.id,
    source_location_id: mat.id,
    output_location_id: fin.id,
    lines: [{ item_id: product.id, quantity, width_mm: width, height_mm: height, unit_price: '100' }],
  });
  const planned = await api.ok('POST', `/api/documents/work-orders/${wo.document.id}/plan`);
  return { id: wo.document.id as string, materials: planned.materials as Json[] };
}

/** The picker's row of an item (one balance in these tests), for a list or without one. */
async function pickerRow(kind: '1d' | '2d', itemId: string, jobId?: string) {
  const rows = (await api.ok(
    'GET',
    `/api/cutting/stock?kind=${kind}${jobId ? `&job_id=${jobId}` : ''}`,
  )) as Json[];
  const mine = rows.filter((r) => r.item_id === itemId);
  expect(mine).toHaveLength(1);
  return mine[0] as Json;
}

/** A work order's list of its material with the picker's row as its stock, planned by the optimiser. */
async function plannedList(kind: '1d' | '2d', woId: string, materialId: string) {
  const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${woId}`, { material_id: materialId });
  const row = await pickerRow(kind, materialId, job.id);
  const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, {
    stock: [stockLine(kind, row)],
  });
  const plan = optimizeCutting(
    jobToCutInput(cuttingJobInputSchema.parse({ ...stocked.input, time_limit_ms: 300 })),
  );
  const saved = await api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan);
  return { job: saved as Json, row };
}

const stockLine = (kind: '1d' | '2d', s: Json) => ({
  ref: `${s.sku}/${s.lot_number ?? ''}`,
  item_id: s.item_id,
  lot_id: s.lot_id,
  location_id: s.location_id,
  ...(kind === '1d' ? { length: s.length } : { width: s.length, height: s.width }),
  quantity: s.quantity,
});

/** An ad-hoc list of one piece cut from the item's balance (so it needs one sheet or bar). */
async function adhocList(kind: '1d' | '2d', row: Json) {
  const job = await api.ok('POST', '/api/cutting/jobs', {
    name: 'Hitno',
    kind,
    time_limit_ms: 200,
    pieces: [
      kind === '1d'
        ? { ref: 'A', length: 1000, quantity: 1 }
        : { ref: 'A', width: 1000, height: 1000, quantity: 1 },
    ],
    stock: [{ ...stockLine(kind, row), quantity: 1 }],
  });
  const plan = optimizeCutting(jobToCutInput(cuttingJobInputSchema.parse(job.input)));
  return api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan);
}

async function active(itemId: string) {
  const rows = (await api.ok('GET', `/api/inventory/reservations?item_id=${itemId}&status=active`)) as Json[];
  return rows.map((r) => ({
    source_type: r.source_type,
    source_id: r.source_id,
    quantity: r.quantity,
    lot_id: r.lot_id,
  }));
}

describe('free sheet and bar stock: the picker and confirmation count reservations alike', () => {
  it("a lot-tracked sheet: lot-less order reservations count against the lot, the own order's do not", async () => {
    const sheet = await item('FLOAT-F', {
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      lot_tracked: true,
    });
    // 5 sheets in lot F-1: 5 × 7.2225 = 36.1125 m².
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: mat.id,
      lines: [{ item_id: sheet.id, quantity: '36.1125', unit_cost: '10', lot_number: 'F-1' }],
    });
    const pane = await productOf('STAKLO-F', sheet, '2d');
    expect(await pickerRow('2d', sheet.id)).toMatchObject({ quantity: 5, pieces_on_hand: 5, reserved: '0' });

    // Order A: one pane 2000 × 1550 = 3.1 m², reserved at MAT without a lot.
    const a = await plannedOrder(pane, '1', '2000', '1550');
    expect(a.materials.map((m) => m.planned_qty)).toEqual(['3.1']);
    // Free on lot F-1: 36.1125 − 3.1 = 33.0125 m² = 4 whole sheets (4.57).
    expect(await pickerRow('2d', sheet.id)).toMatchObject({
      quantity: 4,
      pieces_on_hand: 5,
      reserved: '3.1',
    });

    // Order B: 4 panes 3000 × 2000 = 4 × 6 = 24 m² (one pane per sheet: 3000 + 2 × 10 trim ≤ 3210).
    const b = await plannedOrder(pane, '4', '3000', '2000');
    expect(b.materials.map((m) => m.planned_qty)).toEqual(['24']);
    // Without a list: 36.1125 − 3.1 − 24 = 9.0125 m² free = 1 sheet.
    expect(await pickerRow('2d', sheet.id)).toMatchObject({ quantity: 1, reserved: '27.1' });
    // For B's own list B's 24 m² is free: 36.1125 − 3.1 = 33.0125 = 4 sheets, as its plan needs.
    const listB = await plannedList('2d', b.id, sheet.id);
    expect(listB.row).toMatchObject({ quantity: 4, reserved: '3.1' });
    expect(listB.job.stock_count).toBe(4);
    await api.ok('POST', `/api/cutting/jobs/${listB.job.id}/confirm`);
    // B's list holds 4 × 7.2225 = 28.89 m² on the lot; B's own reservation gave way; A's 3.1 stays.
    const afterB = await active(sheet.id);
    expect(afterB).toHaveLength(2);
    expect(afterB).toEqual(
      expect.arrayContaining([
        { source_type: 'cutting', source_id: listB.job.id, quantity: '28.89', lot_id: listB.row.lot_id },
        { source_type: 'work_order', source_id: a.id, quantity: '3.1', lot_id: null },
      ]),
    );

    // Lot F-1 now: 36.1125 − 28.89 = 7.2225 of its own, less A's 3.1 at MAT = 4.1225 m²: no whole sheet.
    const now = await pickerRow('2d', sheet.id);
    expect(now).toMatchObject({ quantity: 0, pieces_on_hand: 5, reserved: '31.99' });
    // An ad-hoc list needing that last sheet is refused: A's lot-less reservation holds part of it.
    const adhoc = await adhocList('2d', { ...now, quantity: 1 });
    const refused = await api.call('POST', `/api/cutting/jobs/${adhoc.id}/confirm`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(refused.body.error.details).toEqual([
      {
        field: 'stock.0',
        key: 'errors.INSUFFICIENT_STOCK',
        params: { item: 'FLOAT-F (F-1)', location: 'MAT', available: '4.1225 m2', requested: '7.2225 m2' },
      },
    ]);
    expect((await api.ok('GET', `/api/cutting/jobs/${adhoc.id}`)).status).toBe('planned');
    expect(await active(sheet.id)).toHaveLength(2);

    // A's own list sees the sheet free (its 3.1 m² is its own) and confirms.
    const listA = await plannedList('2d', a.id, sheet.id);
    expect(listA.row).toMatchObject({ quantity: 1, reserved: '28.89' });
    await api.ok('POST', `/api/cutting/jobs/${listA.job.id}/confirm`);
    // Every sheet is held by a list now and no order reservation of the glass is left open.
    const held = await active(sheet.id);
    expect(held.every((r) => r.source_type === 'cutting')).toBe(true);
    expect(held.reduce((s, r) => s.plus(r.quantity), new Decimal(0)).toString()).toBe('36.1125');
    expect(await pickerRow('2d', sheet.id)).toMatchObject({ quantity: 0, reserved: '36.1125' });

    // A list id the company does not have is refused.
    const unknown = await api.call(
      'GET',
      '/api/cutting/stock?kind=2d&job_id=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
  });

  it("a bar without lots: the own order's reservation is free for its list, another order's is not", async () => {
    const bar = await item('PROF-F', { base_unit: 'm', length_mm: '6500' });
    // 10 bars of 6.5 m = 65 m, no lot.
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: mat.id,
      lines: [{ item_id: bar.id, quantity: '65', unit_cost: '4' }],
    });
    const frame = await productOf('OKVIR-F', bar, '1d');

    // Order C: one piece of 6000 mm = 6 m reserved at MAT (no lot).
    const c = await plannedOrder(frame, '1', '6000', '1000');
    expect(c.materials.map((m) => m.planned_qty)).toEqual(['6']);
    // Without a list: 65 − 6 = 59 m free = 9 bars (9.08); C's own list sees all 10.
    expect(await pickerRow('1d', bar.id)).toMatchObject({ quantity: 9, pieces_on_hand: 10, reserved: '6' });
    const cJob = await api.ok('POST', `/api/cutting/jobs/from-work-order/${c.id}`, { material_id: bar.id });
    expect(await pickerRow('1d', bar.id, cJob.id)).toMatchObject({ quantity: 10, reserved: '0' });

    // Order D: 9 pieces of 6000 mm = 54 m. Without a list 65 − 60 = 5 m: no whole bar.
    const d = await plannedOrder(frame, '9', '6000', '1000');
    expect(await pickerRow('1d', bar.id)).toMatchObject({ quantity: 0, reserved: '60' });
    // D's list: 65 − 6 (C's) = 59 m = 9 bars, one piece each (6000 + 2 × 10 trim ≤ 6500).
    const listD = await plannedList('1d', d.id, bar.id);
    expect(listD.row).toMatchObject({ quantity: 9, reserved: '6' });
    expect(listD.job.stock_count).toBe(9);
    await api.ok('POST', `/api/cutting/jobs/${listD.job.id}/confirm`);
    // 9 × 6.5 = 58.5 m held by D's list; C's 6 m still at MAT: 65 − 58.5 − 6 = 0.5 m free.
    expect(await active(bar.id)).toEqual(
      expect.arrayContaining([
        { source_type: 'cutting', source_id: listD.job.id, quantity: '58.5', lot_id: null },
        { source_type: 'work_order', source_id: c.id, quantity: '6', lot_id: null },
      ]),
    );
    const now = await pickerRow('1d', bar.id);
    expect(now).toMatchObject({ quantity: 0, reserved: '64.5' });
    const adhoc = await adhocList('1d', { ...now, quantity: 1 });
    const refused = await api.call('POST', `/api/cutting/jobs/${adhoc.id}/confirm`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details[0].params).toEqual({
      item: 'PROF-F',
      location: 'MAT',
      available: '0.5 m',
      requested: '6.5 m',
    });
    expect(await active(bar.id)).toHaveLength(2);

    // C's list takes the last bar: its own 6 m are free for it (6.5 m).
    const cRow = await pickerRow('1d', bar.id, cJob.id);
    expect(cRow).toMatchObject({ quantity: 1, reserved: '58.5' });
    await api.ok('PUT', `/api/cutting/jobs/${cJob.id}/stock`, { stock: [stockLine('1d', cRow)] });
    const stocked = await api.ok('GET', `/api/cutting/jobs/${cJob.id}`);
    const plan = optimizeCutting(jobToCutInput(cuttingJobInputSchema.parse(stocked.input)));
    await api.ok('PUT', `/api/cutting/jobs/${cJob.id}/plan`, plan);
    await api.ok('POST', `/api/cutting/jobs/${cJob.id}/confirm`);
    const held = await active(bar.id);
    expect(held.every((r) => r.source_type === 'cutting')).toBe(true);
    expect(held.reduce((s, r) => s.plus(r.quantity), new Decimal(0)).toString()).toBe('65');
  });
});
