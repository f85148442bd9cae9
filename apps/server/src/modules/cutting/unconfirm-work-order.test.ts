import { cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import Decimal from 'decimal.js';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { closedOrdersHoldNothing, stockEqualsLedger } from '../../flows/invariants.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';

// Work order → cutting list of its glass → confirm → undo the confirmation → complete the order.
// Confirming takes over the order's own reservation of the glass (released, the list reserves its
// sheets instead); undoing it must leave the reservations exactly as before the confirmation (the
// order's own back, the list's gone, nothing posted), so the order's completion then consumes the
// glass once, from its material location, and leaves no reservation open.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
}, 120_000);
afterAll(async () => t?.close());

const db = <T>(query: SQL) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
    rowsOf<T>(await tx.execute(query)),
  );
const stockOf = async (itemId: string) =>
  ((await api.ok('GET', `/api/inventory/items/${itemId}`)) as Json).item as Json;

describe('undoing a cutting list confirmed for a work order', () => {
  it('gives the order its own reservation back; completion then consumes the glass once and nothing stays reserved', async () => {
    const loc = (code: string) =>
      api.ok('POST', '/api/inventory/locations', { code, name: code, type: 'storage' });
    const mat = await loc('MAT');
    const fin = await loc('GOT');
    const item = (sku: string, extra: Json) =>
      api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'material', ...extra });
    const sheet = await item('FLOAT4', {
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      lot_tracked: true,
    });
    const spacer = await item('DIST16', { base_unit: 'm' });
    // Two sheets of 3210 × 2250 mm = 14.445 m².
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: mat.id,
      lines: [
        { item_id: sheet.id, quantity: '14.445', unit_cost: '20', lot_number: 'S-1' },
        { item_id: spacer.id, quantity: '100', unit_cost: '1.5' },
      ],
    });
    const sas = await api.ok('POST', '/api/processes', {
      code: 'SAS',
      name: 'Sastavljanje',
      costPerHour: '24',
      setupMinutes: '0',
      minutesPerUnit: '10',
      dailyCapacityHours: '8',
      qualityCheckRequired: false,
    });
    const igu = await api.ok('POST', '/api/products', {
      sku: 'IZO',
      name: 'Izo staklo',
      baseUnit: 'kom',
      kind: 'product',
    });
    const bom = await api.ok('POST', `/api/products/${igu.id}/boms`, {
      variables: [],
      lines: [
        {
          componentId: sheet.id,
          formula: '2*(W-12)*(H-12)/1e6',
          unit: 'm2',
          scrapPct: '0',
          cutCount: '2',
          cutWidth: 'W-12',
          cutHeight: 'H-12',
        },
        { componentId: spacer.id, formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' },
      ],
    });
    await api.ok('POST', `/api/products/${igu.id}/boms/${bom.id}/activate`);
    await api.ok('PUT', `/api/products/${igu.id}/routing`, { steps: [{ processId: sas.id }] });

    const created = await api.ok('POST', '/api/documents/work-orders', {
      source_location_id: mat.id,
      output_location_id: fin.id,
      lines: [{ item_id: igu.id, quantity: '1', width_mm: '1000', height_mm: '500', unit_price: '100' }],
    });
    const woId = created.document.id as string;
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);

    const active = async () =>
      ((await api.ok('GET', '/api/inventory/reservations?status=active')) as Json[])
        .map((r) => ({
          id: r.id,
          item: r.item_id,
          location: r.location_id,
          lot: r.lot_id,
          quantity: r.quantity,
          source: r.source_type,
        }))
        .sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const books = async () => ({ sheet: await stockOf(sheet.id), spacer: await stockOf(spacer.id) });
    const beforeConfirm = await active();
    const booksBefore = await books();
    // The order holds its glass (2 × 988 × 488 mm = 0.964288 m², reserved up to 4 places) and spacer.
    expect(beforeConfirm.map((r) => [r.item, r.quantity, r.source])).toEqual(
      expect.arrayContaining([
        [sheet.id, '0.9643', 'work_order'],
        [spacer.id, '3', 'work_order'],
      ]),
    );

    // The list of the order's glass, planned on the sheet lot and confirmed.
    const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${woId}`, { material_id: sheet.id });
    const row = ((await api.ok('GET', '/api/cutting/stock?kind=2d')) as Json[]).find(
      (s) => s.item_id === sheet.id,
    ) as Json;
    const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, {
      stock: [
        {
          ref: `FLOAT4/${row.lot_number}`,
          item_id: sheet.id,
          lot_id: row.lot_id,
          location_id: row.location_id,
          width: row.length,
          height: row.width,
          quantity: row.quantity,
        },
      ],
    });
    const plan = optimizeCutting(
      jobToCutInput(cuttingJobInputSchema.parse({ ...stocked.input, time_limit_ms: 300 })),
    );
    await api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan);
    await api.ok('POST', `/api/cutting/jobs/${job.id}/confirm`);
    // Confirmed: the list holds one sheet (7.2225 m²) instead of the order's glass reservation.
    const confirmed = await active();
    expect(confirmed.filter((r) => r.item === sheet.id).map((r) => [r.quantity, r.source])).toEqual([
      ['7.2225', 'cutting'],
    ]);

    // Undone: exactly the reservations of before (the same rows, quantities and places), nothing posted.
    const undone = await api.ok('POST', `/api/cutting/jobs/${job.id}/unconfirm`);
    expect(undone.status).toBe('planned');
    expect(await active()).toEqual(beforeConfirm);
    expect(await books()).toEqual(booksBefore);
    expect(await stockEqualsLedger(db)).toEqual([]);
    const wo = await api.ok('GET', `/api/documents/${woId}`);
    expect(wo.materials.find((m: Json) => m.item_id === sheet.id)).toMatchObject({
      reservation_status: 'active',
    });

    // Confirmed and undone again: the same again (the list keeps which reservations it took).
    await api.ok('POST', `/api/cutting/jobs/${job.id}/confirm`);
    await api.ok('POST', `/api/cutting/jobs/${job.id}/unconfirm`);
    expect(await active()).toEqual(beforeConfirm);

    // The order is completed without cutting: its glass and spacer are consumed once, from MAT.
    await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
    const op = wo.operations[0] as Json;
    await api.ok('POST', `/api/documents/work-orders/${woId}/operations/${op.id}/start`);
    await api.ok('POST', `/api/documents/work-orders/${woId}/operations/${op.id}/finish`);
    const done = await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, { actual: [] });
    expect(done.document.status).toBe('completed');
    const glass = done.materials.find((m: Json) => m.item_id === sheet.id) as Json;
    const after = await books();
    expect(new Decimal(booksBefore.sheet.on_hand).minus(after.sheet.on_hand).eq(glass.actual_qty)).toBe(true);
    expect(new Decimal(glass.actual_qty).gt(0)).toBe(true);
    expect(new Decimal(booksBefore.spacer.on_hand).minus(after.spacer.on_hand).toString()).toBe('3');
    expect(after.sheet.reserved).toBe('0');
    expect(after.spacer.reserved).toBe('0');
    expect(await active()).toEqual([]);
    expect(await stockEqualsLedger(db)).toEqual([]);
    expect(await closedOrdersHoldNothing(db)).toEqual([]);
    // The list of a completed order cannot be confirmed any more (it would consume the glass twice).
    expect((await api.call('POST', `/api/cutting/jobs/${job.id}/confirm`)).status).toBe(409);
  });
});
