import { cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from './test-helpers.ts';

// Issue 17, "consumption happens once" and "costing per output": a work order with an insulating
// glass line and a window line (which contains a glass unit) is cut through cutting lists made from
// the order, then completed. Sheets and bars are issued by the lists only; completion consumes the
// rest; each produced lot costs its own materials and labour. Cutting quantities are read from the
// ledger (whatever unit the cutting area books in); expected costs are computed here by hand.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
}, 120_000);
afterAll(async () => t?.close());

const db = <T>(query: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
    rowsOf<T>(await tx.execute(query)),
  );
const D = (v: Decimal.Value) => new Decimal(v);

/** A glass (2D) or profile (1D) cutting list of one material of the order, planned, confirmed. */
async function confirmedList(woId: string, materialId: string, kind: '1d' | '2d') {
  const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${woId}`, { material_id: materialId });
  const rows = (await api.ok('GET', `/api/cutting/stock?kind=${kind}`)) as Json[];
  const stock = rows
    .filter((s) => s.item_id === materialId)
    .map((s) => ({
      ref: `${s.sku}/${s.lot_number ?? ''}`,
      item_id: s.item_id,
      lot_id: s.lot_id,
      location_id: s.location_id,
      ...(kind === '1d' ? { length: s.length } : { width: s.length, height: s.width }),
      quantity: s.quantity,
    }));
  expect(stock).toHaveLength(1);
  const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, { stock });
  const plan = optimizeCutting(
    jobToCutInput(cuttingJobInputSchema.parse({ ...stocked.input, time_limit_ms: 300 })),
  );
  await api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan);
  await api.ok('POST', `/api/cutting/jobs/${job.id}/confirm`);
  return job as Json;
}

describe('work order completion after cutting lists', () => {
  it('issues each sheet and bar once, consumes the rest, and costs each produced lot by its own line', async () => {
    const loc = async (code: string) =>
      api.ok('POST', '/api/inventory/locations', { code, name: code, type: 'storage' });
    const mat = await loc('MAT');
    const fin = await loc('GOT');
    const item = (sku: string, extra: Json) =>
      api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'material', ...extra });
    const sheet = await item('FLOAT4-S', {
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      lot_tracked: true,
    });
    const bar = await item('PROF-70', { base_unit: 'm', length_mm: '6500', lot_tracked: true });
    const spacer = await item('DIST16', { base_unit: 'm' });
    const hinge = await item('OKOV', { base_unit: 'kom' });
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: mat.id,
      lines: [
        { item_id: sheet.id, quantity: '200', unit_cost: '20', lot_number: 'S-1' },
        { item_id: bar.id, quantity: '65', unit_cost: '4', lot_number: 'B-1' },
        { item_id: spacer.id, quantity: '100', unit_cost: '1.5' },
        { item_id: hinge.id, quantity: '10', unit_cost: '12.34' },
      ],
    });
    const process = (code: string, costPerHour: string) =>
      api.ok('POST', '/api/processes', {
        code,
        name: code,
        costPerHour,
        setupMinutes: '0',
        minutesPerUnit: '10',
        dailyCapacityHours: '8',
        qualityCheckRequired: false,
      });
    const sas = await process('SAS', '24');
    const weld = await process('VAR', '36');
    const product = async (sku: string, lines: Json[], processId: string) => {
      const p = await api.ok('POST', '/api/products', { sku, name: sku, baseUnit: 'kom', kind: 'product' });
      await api.ok('PATCH', `/api/inventory/items/${p.id}`, { lot_tracked: true });
      const bom = await api.ok('POST', `/api/products/${p.id}/boms`, { variables: [], lines });
      await api.ok('POST', `/api/products/${p.id}/boms/${bom.id}/activate`);
      await api.ok('PUT', `/api/products/${p.id}/routing`, { steps: [{ processId }] });
      return p as Json;
    };
    const igu = await product(
      'IZO',
      [
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
      sas.id,
    );
    const win = await product(
      'PROZOR',
      [
        {
          componentId: bar.id,
          formula: '2*(W-60)/1000',
          unit: 'm',
          scrapPct: '0',
          cutCount: '2',
          cutLength: 'W-60',
        },
        {
          componentId: bar.id,
          formula: '2*(H-60)/1000',
          unit: 'm',
          scrapPct: '0',
          cutCount: '2',
          cutLength: 'H-60',
        },
        {
          componentId: igu.id,
          quantity: '1',
          unit: 'kom',
          scrapPct: '0',
          childWidth: 'W-96',
          childHeight: 'H-96',
        },
        { componentId: hinge.id, quantity: '1', unit: 'kom', scrapPct: '0' },
      ],
      weld.id,
    );
    const client = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Gradnja d.o.o.' });
    const created = await api.ok('POST', '/api/documents/work-orders', {
      client_id: client.id,
      source_location_id: mat.id,
      output_location_id: fin.id,
      lines: [
        { item_id: igu.id, quantity: '2', width_mm: '600', height_mm: '400', unit_price: '100' },
        { item_id: win.id, quantity: '1', width_mm: '1000', height_mm: '1500', unit_price: '400' },
      ],
    });
    const id = created.document.id as string;
    const number = created.document.number as string;
    const [line1, line2] = created.lines as Json[];

    // Planned by hand. Line 1: 2 units 600 × 400: glass 2 × 2·588·388/1e6 = 0.912576 m²,
    // spacer 2 × 2·(600+400)/1000 = 4 m. Line 2: frame 2·940/1000 + 2·1440/1000 = 4.76 m of bar,
    // its unit 904 × 1404: glass 2·892·1392/1e6 = 2.483328 m², spacer 2·(904+1404)/1000 = 4.616 m,
    // one hinge set.
    const planned = await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const plannedQty = Object.fromEntries(planned.materials.map((m: Json) => [m.sku, m.planned_qty]));
    expect(plannedQty).toEqual({
      'FLOAT4-S': '3.395904',
      'PROF-70': '4.76',
      DIST16: '8.616',
      OKOV: '1',
    });

    // Cutting: one list per material, confirmed (reserving its own sheets and bars).
    const glassList = await confirmedList(id, sheet.id, '2d');
    const barList = await confirmedList(id, bar.id, '1d');
    // The lists now hold the sheets and bars; the order's own reservations of them gave way.
    const held = await api.ok('GET', `/api/documents/${id}`);
    expect(Object.fromEntries(held.materials.map((m: Json) => [m.sku, m.reservation_status]))).toEqual({
      'FLOAT4-S': 'released',
      'PROF-70': 'released',
      DIST16: 'active',
      OKOV: 'active',
    });
    const listHolds = await db<{ source_id: string }>(
      sql`select source_id::text from reservations where status = 'active' and source_type = 'cutting' order by 1`,
    );
    expect(new Set(listHolds.map((r) => r.source_id))).toEqual(new Set([glassList.id, barList.id]));

    const started = await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    // Line 1 assembly 30 min at 24 €/h = 12.00; line 2 welding 45 min at 36 €/h = 27.00 and its
    // unit's assembly 12 min at 24 €/h = 4.80.
    const minutes = new Map([
      [`${line1?.id}|${igu.id}`, '30'],
      [`${line2?.id}|${win.id}`, '45'],
      [`${line2?.id}|${igu.id}`, '12'],
    ]);
    expect(started.operations).toHaveLength(3);
    for (const op of started.operations as Json[]) {
      const base = `/api/documents/work-orders/${id}/operations/${op.id}`;
      await api.ok('POST', `${base}/start`);
      await api.ok('POST', `${base}/time`, { minutes: minutes.get(`${op.line_id}|${op.item_id}`) });
      await api.ok('POST', `${base}/finish`);
    }

    // A confirmed list that is not completed holds its sheets: completion waits for it, naming it.
    const waiting = await api.call('POST', `/api/documents/work-orders/${id}/complete`, {});
    expect(waiting.status).toBe(409);
    expect(waiting.body.error.details.map((d: Json) => [d.key, d.params.list])).toEqual([
      ['validation.cuttingListOpen', `KL-${glassList.number}`],
      ['validation.cuttingListOpen', `KL-${barList.number}`],
    ]);
    const previewOpen = await api.ok('GET', `/api/documents/work-orders/${id}/completion-preview`);
    expect(previewOpen.open_lists.map((l: Json) => l.number)).toEqual([glassList.number, barList.number]);

    for (const job of [glassList, barList])
      await api.ok('POST', `/api/cutting/jobs/${job.id}/complete`, {}, { 'idempotency-key': `kl-${job.id}` });

    // What the cutting lists consumed, read from the ledger: value of the sheets/bars issued minus
    // the remnants returned (remnants are traced to their parent item through cutting_remnants).
    const cutRows = await db<{ job: string; item_id: string; value: string }>(
      sql`select m.source_id::text as job, m.item_id::text as item_id, sum(-m.quantity * m.unit_cost)::text as value
          from stock_movements m where m.source_type = 'cutting' and m.source_id in (${glassList.id}, ${barList.id})
          group by 1, 2`,
    );
    const cutValue = (jobId: string) =>
      cutRows.filter((r) => r.job === jobId).reduce((a, r) => a.plus(r.value), D(0));
    const glassCut = cutValue(glassList.id);
    const barCut = cutValue(barList.id);
    expect(glassCut.gt(0)).toBe(true);
    expect(barCut.gt(0)).toBe(true);

    // An actual quantity for a material a list consumed is refused; nothing changes.
    const twice = await api.call('POST', `/api/documents/work-orders/${id}/complete`, {
      actual: [{ item_id: sheet.id, quantity: '3.4' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toEqual([
      expect.objectContaining({
        key: 'validation.materialCutAlready',
        params: expect.objectContaining({ item: 'FLOAT4-S' }),
      }),
    ]);
    expect((await api.ok('GET', `/api/documents/${id}`)).document.status).toBe('in_progress');

    // Expected by hand: glass shared by planned need 0.912576 : 2.483328, bars all to the window,
    // spacer 4 m and 4.616 m at 1.50, hinge 12.34 to the window.
    const glassShare1 = glassCut.times('0.912576').div('3.395904');
    const line1Total = glassShare1.plus(D(4).times('1.5')).plus(12);
    const line2Total = glassCut
      .minus(glassShare1)
      .plus(barCut)
      .plus(D('4.616').times('1.5'))
      .plus('12.34')
      .plus(27)
      .plus('4.80');
    const unit1 = line1Total.div(2).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
    const unit2 = line2Total.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

    // The preview says the same before anything is posted.
    const preview = await api.ok('GET', `/api/documents/work-orders/${id}/completion-preview`);
    expect(preview.open_lists).toEqual([]);
    const pm = Object.fromEntries(preview.materials.map((m: Json) => [m.sku, m]));
    expect(pm['FLOAT4-S']).toMatchObject({
      planned: '3.395904',
      consume_now: '0',
      cut_value: glassCut.toFixed(2),
      lists: [`KL-${glassList.number}`],
    });
    expect(pm['PROF-70']).toMatchObject({ consume_now: '0', lists: [`KL-${barList.number}`] });
    expect(pm.DIST16).toMatchObject({ consume_now: '8.616', cut_value: '0.00', lists: [] });
    expect(pm.OKOV).toMatchObject({ consume_now: '1', consume_now_value: '12.34' });
    expect(preview.lines.map((l: Json) => [l.sku, l.quantity, l.labour_cost, l.unit_cost])).toEqual([
      ['IZO', '2', '12.00', unit1.toFixed(6)],
      ['PROZOR', '1', '31.80', unit2.toFixed(6)],
    ]);
    expect(preview.labour_cost).toBe('43.80');

    const done = await api.ok(
      'POST',
      `/api/documents/work-orders/${id}/complete`,
      {},
      { 'idempotency-key': `complete-${id}` },
    );
    expect(done.document.status).toBe('completed');

    // Each sheet and bar issued once: the order consumed only spacer and hinge; the sheet's and
    // the bar's movements are the receipt and the cutting lists' alone.
    const byOrder = await db<{ sku: string; q: string }>(
      sql`select i.sku, trim_scale(sum(m.quantity))::text as q from stock_movements m join items i on i.id = m.item_id
          where m.source_type = 'work_order' and m.source_id = ${id} and m.type = 'production_consumption'
          group by i.sku order by i.sku`,
    );
    expect(byOrder).toEqual([
      { sku: 'DIST16', q: '-8.616' },
      { sku: 'OKOV', q: '-1' },
    ]);
    for (const it of [sheet, bar]) {
      const [sum] = await db<{ other: string; total: string; cut: string }>(
        sql`select count(*) filter (where coalesce(source_type, '') not in ('cutting') and type <> 'receipt')::text as other,
              trim_scale(sum(quantity))::text as total,
              trim_scale(coalesce(sum(quantity) filter (where source_type = 'cutting'), 0))::text as cut
            from stock_movements where item_id = ${it.id}`,
      );
      expect(sum?.other).toBe('0');
      // ledger = receipt + what cutting moved (issues, remnants returned as lots of the item if any)
      expect(D(sum?.total ?? '0').toString()).toBe(
        D(it === sheet ? 200 : 65)
          .plus(sum?.cut ?? '0')
          .toString(),
      );
    }
    // Stock = ledger for every item; no reservation left open anywhere.
    const mismatch = await db<{ sku: string }>(
      sql`select i.sku from items i left join item_stock s on s.item_id = i.id
          where coalesce(s.on_hand, 0) <> coalesce((select sum(quantity) from stock_movements m where m.item_id = i.id), 0)
             or coalesce(s.on_hand, 0) <> coalesce((select sum(quantity) from stock_balances b where b.item_id = i.id), 0)`,
    );
    expect(mismatch).toEqual([]);
    const open = await db<{ n: string }>(
      sql`select count(*)::text as n from reservations where status = 'active'`,
    );
    expect(open[0]?.n).toBe('0');

    // Each produced lot at its own cost.
    const outputs = await db<{ lot: string; q: string; unit_cost: string }>(
      sql`select l.lot_number as lot, trim_scale(m.quantity)::text as q, m.unit_cost::text as unit_cost
          from stock_movements m join lots l on l.id = m.lot_id
          where m.source_id = ${id} and m.type = 'production_output' order by l.lot_number`,
    );
    expect(outputs.map((o) => [o.lot, o.q, D(o.unit_cost).toFixed(6)])).toEqual([
      [`${number}-1`, '2', unit1.toFixed(6)],
      [`${number}-2`, '1', unit2.toFixed(6)],
    ]);
    // Order totals: every material once (cut value + spacer 12.924 + hinge 12.34) and all labour.
    expect(done.costs.actual_material).toBe(glassCut.plus(barCut).plus('12.924').plus('12.34').toFixed(2));
    expect(done.costs.actual_labour).toBe('43.80');
    const mats = Object.fromEntries(done.materials.map((m: Json) => [m.sku, m.actual_qty]));
    expect(mats.DIST16).toBe('8.616');
    // The glass lot feeds both produced lots (traceability through cutting).
    const links = await db<{ consumed: string; produced: string }>(
      sql`select distinct c.lot_number as consumed, p.lot_number as produced from lot_links k
          join lots c on c.id = k.consumed_lot_id join lots p on p.id = k.produced_lot_id
          where k.source_id = ${id} and c.lot_number = 'S-1' order by 2`,
    );
    expect(links.map((l) => l.produced)).toEqual([`${number}-1`, `${number}-2`]);

    // A list of the completed order is not confirmed any more: it would consume the sheets again.
    const late = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`, { material_id: sheet.id });
    const lateStock = ((await api.ok('GET', '/api/cutting/stock?kind=2d')) as Json[])
      .filter((s) => s.item_id === sheet.id && !s.remnant)
      .map((s) => ({
        ref: `${s.sku}/${s.lot_number ?? ''}`,
        item_id: s.item_id,
        lot_id: s.lot_id,
        location_id: s.location_id,
        width: s.length,
        height: s.width,
        quantity: s.quantity,
      }));
    const lateJob = await api.ok('PUT', `/api/cutting/jobs/${late.id}/stock`, { stock: lateStock });
    await api.ok(
      'PUT',
      `/api/cutting/jobs/${late.id}/plan`,
      optimizeCutting(jobToCutInput(cuttingJobInputSchema.parse({ ...lateJob.input, time_limit_ms: 300 }))),
    );
    const refused = await api.call('POST', `/api/cutting/jobs/${late.id}/confirm`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      { field: 'source_id', key: 'validation.cuttingOrderClosed', params: { order: number } },
    ]);
    expect((await api.ok('GET', `/api/cutting/jobs/${late.id}`)).status).toBe('planned');
    const still = await db<{ n: string }>(
      sql`select count(*)::text as n from reservations where status = 'active'`,
    );
    expect(still[0]?.n).toBe('0');
  });
});

describe('costing per output without cutting', () => {
  it('gives each produced lot its own materials and labour; the preview matches the posting', async () => {
    const loc = await api.ok('POST', '/api/inventory/locations', { code: 'M2', name: 'M2', type: 'storage' });
    const item = (sku: string, extra: Json) =>
      api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'material', ...extra });
    const glass = await item('FL6', { base_unit: 'm2' });
    const spacer = await item('DS12', { base_unit: 'm' });
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: loc.id,
      lines: [
        { item_id: glass.id, quantity: '50', unit_cost: '18' },
        { item_id: spacer.id, quantity: '50', unit_cost: '0.8' },
      ],
    });
    const proc = await api.ok('POST', '/api/processes', {
      code: 'SAS2',
      name: 'SAS2',
      costPerHour: '30',
      setupMinutes: '0',
      minutesPerUnit: '5',
      dailyCapacityHours: '8',
      qualityCheckRequired: false,
    });
    const p = await api.ok('POST', '/api/products', {
      sku: 'IZO2',
      name: 'IZO2',
      baseUnit: 'kom',
      kind: 'product',
    });
    const bom = await api.ok('POST', `/api/products/${p.id}/boms`, {
      variables: [],
      lines: [
        { componentId: glass.id, formula: '2*W*H/1e6', unit: 'm2', scrapPct: '0' },
        { componentId: spacer.id, formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' },
      ],
    });
    await api.ok('POST', `/api/products/${p.id}/boms/${bom.id}/activate`);
    await api.ok('PUT', `/api/products/${p.id}/routing`, { steps: [{ processId: proc.id }] });
    const created = await api.ok('POST', '/api/documents/work-orders', {
      source_location_id: loc.id,
      output_location_id: loc.id,
      lines: [
        { item_id: p.id, quantity: '1', width_mm: '600', height_mm: '400', unit_price: '50' },
        { item_id: p.id, quantity: '2', width_mm: '2000', height_mm: '1500', unit_price: '300' },
      ],
    });
    const id = created.document.id as string;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const started = await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    const lineMinutes = ['10', '40'];
    for (const op of started.operations as Json[]) {
      const base = `/api/documents/work-orders/${id}/operations/${op.id}`;
      const position = (created.lines as Json[]).findIndex((l) => l.id === op.line_id);
      await api.ok('POST', `${base}/start`);
      await api.ok('POST', `${base}/time`, { minutes: lineMinutes[position] });
      await api.ok('POST', `${base}/finish`);
    }
    // Line 1 (1 × 600 × 400): glass 0.48 m² × 18 = 8.64, spacer 2 m × 0.8 = 1.60, 10 min at 30 €/h
    // = 5.00 → 15.24 per unit. Line 2 (2 × 2000 × 1500): glass 12 m² × 18 = 216, spacer 14 m × 0.8
    // = 11.20, 40 min = 20.00 → 247.20 / 2 = 123.60 per unit. (One average would be 87.48 for both.)
    const bad = await api.call('GET', `/api/documents/work-orders/${id}/completion-preview?actual=x:1`);
    expect(bad.status).toBe(400);
    const preview = await api.ok('GET', `/api/documents/work-orders/${id}/completion-preview`);
    expect(preview.lines.map((l: Json) => [l.material_cost, l.labour_cost, l.unit_cost])).toEqual([
      ['10.24', '5.00', '15.240000'],
      ['227.20', '20.00', '123.600000'],
    ]);
    const done = await api.ok('POST', `/api/documents/work-orders/${id}/complete`, {});
    const outputs = await db<{ unit_cost: string }>(
      sql`select m.unit_cost::text as unit_cost from stock_movements m join document_lines l on l.id = m.source_line_id
          where m.source_id = ${id} and m.type = 'production_output' order by l.position`,
    );
    expect(outputs.map((o) => D(o.unit_cost).toFixed(6))).toEqual(
      preview.lines.map((l: Json) => l.unit_cost),
    );
    expect(done.costs).toMatchObject({ actual_material: '237.44', actual_labour: '25.00' });
  });
});
