import { cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// Issue 17, deliverable 9: a work order's consumption is corrected through the order (never by
// reversing its movements by hand). A completed order returns 0,5 m² of glass and issues 1 m more
// spacer; the ledger, the balances and the order's actuals follow; refusals write nothing; a
// replayed Idempotency-Key posts once; a material a cutting list consumed is refused, naming it.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

const D = (v: Decimal.Value) => new Decimal(v);
const db = <T>(query: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
    rowsOf<T>(await tx.execute(query)),
  );

/** Everything a refused correction must leave alone. */
async function snapshot(woId: string) {
  const [counts] = await db<{ docs: string; moves: string; balances: string; on_hand: string }>(
    sql`select (select count(*) from stock_documents)::text as docs, (select count(*) from stock_movements)::text as moves,
          (select coalesce(sum(quantity), 0) from stock_balances)::text as balances,
          (select coalesce(sum(on_hand), 0) from item_stock)::text as on_hand`,
  );
  const wo = await api.ok('GET', `/api/documents/${woId}`);
  return { counts, costs: wo.costs, materials: wo.materials, corrections: wo.corrections };
}

/** Stock = ledger: per item, the movements add up to the balances and to the item's on-hand. */
async function ledgerMismatches() {
  return db<{ item_id: string }>(
    sql`select s.item_id from item_stock s
        where s.on_hand <> coalesce((select sum(quantity) from stock_movements m where m.item_id = s.item_id), 0)
           or s.on_hand <> coalesce((select sum(quantity) from stock_balances b where b.item_id = s.item_id), 0)`,
  );
}

async function finishOperations(woId: string) {
  const wo = await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
  for (const op of wo.operations as Json[]) {
    const base = `/api/documents/work-orders/${woId}/operations/${op.id}`;
    await api.ok('POST', `${base}/start`);
    await api.ok('POST', `${base}/time`, { minutes: '30' });
    await api.ok('POST', `${base}/finish`);
    if (op.quality_check_required) await api.ok('POST', `${base}/checks`, { result: 'pass' });
  }
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('consumption correction of a completed work order', () => {
  let woId = '';
  let lotId = '';
  const url = () => `/api/documents/work-orders/${woId}/consumption-corrections`;

  it('is refused before the order is completed', async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' }],
    });
    woId = wo.document.id;
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
    const early = await api.call('POST', url(), {
      reason: 'correction',
      lines: [{ item_id: shop.spacer.id, quantity: '-1' }],
    });
    expect(early.status).toBe(409);
    expect(early.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.correctionNotCompleted' }),
    ]);
    await finishOperations(woId);
    // Glass 2 × 2·1000·500/1e6 = 2 m² planned, 2.2 used; spacer 2 × 2·(1000+500)/1000 = 6 m.
    const done = await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {
      actual: [{ item_id: shop.glass.id, quantity: '2.2' }],
    });
    expect(done.costs.actual_material).toBe('50.00'); // 2.2 × 20 + 6 × 1
    const [lot] = await db<{ id: string }>(sql`select id from lots where lot_number = 'L-100'`);
    lotId = lot?.id as string;
  });

  it('returns 0,5 m² of glass and issues 1 m more spacer, once per Idempotency-Key', async () => {
    const body = {
      reason: 'correction',
      note: 'Ostatak stakla vraćen na skladište',
      lines: [
        { item_id: shop.glass.id, lot_id: lotId, quantity: '0,5' },
        { item_id: shop.spacer.id, quantity: '-1' },
      ],
    };
    const headers = { 'idempotency-key': 'wo-fix-1' };
    const first = await api.call('POST', url(), body, headers);
    expect(first.status).toBe(201);
    const replay = await api.call('POST', url(), body, headers);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);

    // One stock document, of the order, with the reason; nothing posted by the replay.
    const docs = await db<{ id: string; reference: string; reason: string; note: string }>(
      sql`select id, reference, reason, note from stock_documents
          where source_type = 'work_order' and source_id = ${woId} and reason is not null`,
    );
    expect(docs).toEqual([
      {
        id: expect.any(String),
        reference: `${first.body.document.number} korekcija`,
        reason: 'correction',
        note: body.note,
      },
    ]);
    const moves = await db<{ item_id: string; lot_id: string | null; quantity: string; unit_cost: string }>(
      sql`select item_id, lot_id, trim_scale(quantity)::text as quantity, trim_scale(unit_cost)::text as unit_cost
          from stock_movements where document_id = ${docs[0]?.id} order by line_no`,
    );
    expect(moves).toEqual([
      { item_id: shop.glass.id, lot_id: lotId, quantity: '0.5', unit_cost: '20' },
      { item_id: shop.spacer.id, lot_id: null, quantity: '-1', unit_cost: '1' },
    ]);

    // Balances: glass 10 − 2.2 + 0.5, spacer 50 − 6 − 1, at the source location.
    const glass = await api.ok('GET', `/api/inventory/items/${shop.glass.id}`);
    expect(glass.item.on_hand).toBe('8.3');
    expect(glass.balances).toEqual([
      expect.objectContaining({ location_id: shop.materials.id, lot_number: 'L-100', quantity: '8.3' }),
    ]);
    expect((await api.ok('GET', `/api/inventory/items/${shop.spacer.id}`)).item.on_hand).toBe('43');
    expect(await ledgerMismatches()).toEqual([]);

    // The order's actuals: glass 2.2 − 0.5, spacer 6 + 1; material cost 50 − 0.5 × 20 + 1 × 1.
    const wo = first.body;
    const actual = Object.fromEntries(wo.materials.map((m: Json) => [m.item_id, m.actual_qty]));
    expect(actual).toEqual({ [shop.glass.id]: '1.7', [shop.spacer.id]: '7' });
    // What may still come back, per lot (the dialog offers these).
    expect(wo.materials.find((m: Json) => m.item_id === shop.glass.id).consumed_lots).toEqual([
      { lot_id: lotId, lot_number: 'L-100', quantity: '1.7' },
    ]);
    expect(wo.costs).toMatchObject({ actual_material: '41.00', material_correction: '-9.00' });
    expect(wo.corrections).toEqual([
      expect.objectContaining({
        reason: 'correction',
        value: '-9.00',
        lines: [
          expect.objectContaining({ sku: shop.glass.sku, lot_number: 'L-100', quantity: '0.5' }),
          expect.objectContaining({ sku: shop.spacer.sku, lot_number: null, quantity: '-1' }),
        ],
      }),
    ]);
    // The produced lot is not re-valued: its output movement keeps the completion's cost.
    const outputs = await db<{ n: string }>(
      sql`select count(*)::text as n from stock_movements where source_type = 'work_order' and source_id = ${woId}
          and type = 'production_output'`,
    );
    expect(outputs).toEqual([{ n: '1' }]);
    // No reservation of the order is left open.
    expect(
      await db(
        sql`select 1 from reservations where source_type = 'work_order' and source_id = ${woId} and status = 'active'`,
      ),
    ).toEqual([]);

    // The movement cannot be reversed around the order: the inventory names the work order.
    const reverse = await api.call('POST', `/api/inventory/documents/${docs[0]?.id}/reverse`);
    expect(reverse.status).toBe(409);
    expect(reverse.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.reverseViaWorkOrder' }),
    ]);
  });

  it('refuses more than consumed, a foreign item, a lot-less return, a bad reason, a shortage: nothing written', async () => {
    const before = await snapshot(woId);
    const refused = async (body: Json, status: number) => {
      const r = await api.call('POST', url(), body);
      expect(r.status).toBe(status);
      return r.body.error.details as Json[];
    };
    // 2.2 consumed, 0.5 back already: 1.7 may still come back, not 1.8 (a valid line with it).
    expect(
      await refused(
        {
          reason: 'correction',
          lines: [
            { item_id: shop.spacer.id, quantity: '1' },
            { item_id: shop.glass.id, lot_id: lotId, quantity: '1,8' },
          ],
        },
        400,
      ),
    ).toEqual([
      {
        field: 'lines.1.quantity',
        key: 'validation.correctionExceedsConsumed',
        params: { item: `${shop.glass.sku} (L-100)`, consumed: '1.7', requested: '1.8' },
      },
    ]);
    // The product the order makes is not one of its materials.
    expect(
      await refused({ reason: 'scrap', lines: [{ item_id: shop.igu.id, quantity: '-1' }] }, 400),
    ).toEqual([
      expect.objectContaining({ key: 'validation.correctionNotMaterial', params: { item: shop.igu.sku } }),
    ]);
    expect(
      await refused({ reason: 'correction', lines: [{ item_id: shop.glass.id, quantity: '0.1' }] }, 400),
    ).toEqual([expect.objectContaining({ key: 'validation.correctionLotRequired' })]);
    expect(
      await refused({ reason: 'forgot', lines: [{ item_id: shop.spacer.id, quantity: '-1' }] }, 400),
    ).toEqual([expect.objectContaining({ key: 'validation.reasonRequired' })]);
    expect(
      await refused({ reason: 'other', lines: [{ item_id: shop.spacer.id, quantity: '-1' }] }, 400),
    ).toEqual([expect.objectContaining({ key: 'validation.reasonNoteRequired' })]);
    // Issuing more than the location holds: the ledger's stock check refuses it.
    expect(
      await refused({ reason: 'damage', lines: [{ item_id: shop.spacer.id, quantity: '-1000' }] }, 409),
    ).toEqual([expect.objectContaining({ key: 'errors.INSUFFICIENT_STOCK' })]);
    expect(await snapshot(woId)).toEqual(before);
  });

  it('returns the rest: the order then consumed nothing of the glass', async () => {
    const wo = await api.ok('POST', url(), {
      reason: 'other',
      note: 'Nalog izrađen iz ostatka',
      lines: [{ item_id: shop.glass.id, lot_id: lotId, quantity: '1.7' }],
    });
    const glass = wo.materials.find((m: Json) => m.item_id === shop.glass.id);
    expect(glass.actual_qty).toBe('0');
    // 41.00 − 1.7 × 20
    expect(wo.costs.actual_material).toBe(D('41').minus(D('1.7').times(20)).toFixed(2));
    expect((await api.ok('GET', `/api/inventory/items/${shop.glass.id}`)).item.on_hand).toBe('10');
    expect(await ledgerMismatches()).toEqual([]);
  });
});

/** A glass cutting list of the order's sheet material, planned and confirmed (as the cutting screen). */
async function confirmedGlassList(woId: string, materialId: string) {
  const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${woId}`, { material_id: materialId });
  const rows = (await api.ok('GET', '/api/cutting/stock?kind=2d')) as Json[];
  const stock = rows
    .filter((s) => s.item_id === materialId)
    .map((s) => ({
      ref: `${s.sku}/${s.lot_number ?? ''}`,
      item_id: s.item_id,
      lot_id: s.lot_id,
      location_id: s.location_id,
      width: s.length,
      height: s.width,
      quantity: s.quantity,
    }));
  const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, { stock });
  const plan = optimizeCutting(
    jobToCutInput(cuttingJobInputSchema.parse({ ...stocked.input, time_limit_ms: 300 })),
  );
  await api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan);
  await api.ok('POST', `/api/cutting/jobs/${job.id}/confirm`);
  return job as Json;
}

describe('a material a cutting list consumed', () => {
  it('is corrected through the list, not the order: refused naming the list, nothing written', async () => {
    const sheet = await api.ok('POST', '/api/inventory/items', {
      sku: 'FLOAT4-S',
      name: 'Float 4 mm ploča',
      kind: 'material',
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      lot_tracked: true,
    });
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: shop.materials.id,
      lines: [{ item_id: sheet.id, quantity: '200', unit_cost: '20', lot_number: 'S-1' }],
    });
    const unit = await api.ok('POST', '/api/products', {
      sku: 'IZO-S',
      name: 'Izo iz ploče',
      baseUnit: 'kom',
      kind: 'product',
    });
    const bom = await api.ok('POST', `/api/products/${unit.id}/boms`, {
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
        { componentId: shop.spacer.id, formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' },
      ],
    });
    await api.ok('POST', `/api/products/${unit.id}/boms/${bom.id}/activate`);
    await api.ok('PUT', `/api/products/${unit.id}/routing`, { steps: [{ processId: shop.assemble.id }] });
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: unit.id, quantity: '1', width_mm: '600', height_mm: '400', unit_price: '80' }],
    });
    const id = wo.document.id as string;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const list = await confirmedGlassList(id, sheet.id);
    await finishOperations(id);
    await api.ok('POST', `/api/cutting/jobs/${list.id}/complete`, {}, { 'idempotency-key': `kl-${list.id}` });
    await api.ok('POST', `/api/documents/work-orders/${id}/complete`, {});

    const before = await snapshot(id);
    const [lot] = await db<{ id: string }>(sql`select id from lots where lot_number = 'S-1'`);
    const r = await api.call('POST', `/api/documents/work-orders/${id}/consumption-corrections`, {
      reason: 'correction',
      lines: [
        { item_id: sheet.id, lot_id: lot?.id, quantity: '0.1' },
        { item_id: shop.spacer.id, quantity: '-0.5' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      {
        field: 'lines.0.item_id',
        key: 'validation.correctionViaCuttingList',
        params: { item: 'FLOAT4-S', lists: `KL-${list.number}` },
      },
    ]);
    expect(await snapshot(id)).toEqual(before);
    // The spacer, which completion consumed, can be corrected on the same order.
    const fixed = await api.ok('POST', `/api/documents/work-orders/${id}/consumption-corrections`, {
      reason: 'scrap',
      lines: [{ item_id: shop.spacer.id, quantity: '-0.5' }],
    });
    // 2 × (600 + 400) / 1000 = 2 m planned and consumed, 0.5 m more.
    expect(fixed.materials.find((m: Json) => m.item_id === shop.spacer.id).actual_qty).toBe('2.5');
    expect(await ledgerMismatches()).toEqual([]);
  });
});
