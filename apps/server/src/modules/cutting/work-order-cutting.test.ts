import { cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';
import { inviteAndJoin } from '../team/team.test-support.ts';

// A cutting list made from a work order: its made-to-measure lines become W × H panes, one per unit,
// unless the product's BOM says what is cut (BOM cut sizes): then panes and profile lengths per
// material, with expected sizes computed by hand below.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
}, 120_000);
afterAll(async () => t?.close());

const workOrder = (lines: Json[]) =>
  api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines,
  });

describe('cutting list from a work order', () => {
  it('creates a draft 2D job with one pane per unit of each W × H line, listed under the order', async () => {
    const wo = await workOrder([
      { item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' },
      { item_id: shop.igu.id, quantity: '1', width_mm: '700.4', height_mm: '1200', unit_price: '80' },
    ]);
    const id = wo.document.id as string;
    const number = wo.document.number as string;

    const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`);
    expect(job).toMatchObject({
      kind: '2d',
      status: 'draft',
      source_type: 'work_order',
      source_id: id,
      name: `Krojna lista – ${number}`,
      plan: null,
    });
    expect(job.input.stock).toEqual([]);
    expect(
      job.input.pieces.map((p: Json) => ({
        ref: p.ref,
        width: p.width,
        height: p.height,
        quantity: p.quantity,
      })),
    ).toEqual([
      { ref: `${number}-1`, width: 1000, height: 500, quantity: 2 },
      { ref: `${number}-2`, width: 700, height: 1200, quantity: 1 },
    ]);

    const mine = await api.ok('GET', `/api/cutting/jobs?source_id=${id}`);
    expect(mine.total).toBe(1);
    expect(mine.items.map((j: Json) => j.id)).toEqual([job.id]);
    // An ad-hoc job does not list under the order.
    const other = await workOrder([
      { item_id: shop.igu.id, quantity: '1', width_mm: '400', height_mm: '400', unit_price: '50' },
    ]);
    await api.ok('POST', `/api/cutting/jobs/from-work-order/${other.document.id}`);
    expect((await api.ok('GET', `/api/cutting/jobs?source_id=${id}`)).total).toBe(1);

    // The user then picks the sheets; a sheet 2000 × 1500 holds the panes.
    const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, {
      stock: [{ ref: 'FLOAT-2000', width: 2000, height: 1500, quantity: null }],
    });
    expect(stocked.input.stock).toMatchObject([{ ref: 'FLOAT-2000', width: 2000, height: 1500 }]);
    expect(stocked.input.pieces).toHaveLength(2);
    // Stock without a sheet size is refused and nothing changes.
    const bad = await api.call('PUT', `/api/cutting/jobs/${job.id}/stock`, {
      stock: [{ ref: 'X', quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect((await api.ok('GET', `/api/cutting/jobs/${job.id}`)).input.stock[0].ref).toBe('FLOAT-2000');
  });

  it('refuses an order without made-to-measure lines with a translated key and writes nothing', async () => {
    const wo = await workOrder([{ item_id: shop.igu.id, quantity: '3', unit_price: '100' }]);
    const before = (await api.ok('GET', '/api/cutting/jobs')).total;
    const r = await api.call('POST', `/api/cutting/jobs/from-work-order/${wo.document.id}`);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'lines', key: 'validation.noMadeToMeasureLines' }]);
    expect((await api.ok('GET', '/api/cutting/jobs')).total).toBe(before);
    const missing = await api.call(
      'POST',
      '/api/cutting/jobs/from-work-order/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('a viewer may list but not create', async () => {
    const wo = await workOrder([
      { item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '600', unit_price: '100' },
    ]);
    const viewer = await inviteAndJoin(t.app, user, 'viewer');
    const as = documentsClient(t.app, viewer);
    const company = { 'x-company-id': user.id };
    const refused = await as.call(
      'POST',
      `/api/cutting/jobs/from-work-order/${wo.document.id}`,
      undefined,
      company,
    );
    expect(refused.status).toBe(403);
    const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${wo.document.id}`);
    const list = await as.ok('GET', `/api/cutting/jobs?source_id=${wo.document.id}`, undefined, company);
    expect(list.items.map((j: Json) => j.id)).toEqual([job.id]);
  });
});

describe('cutting lists from BOM cut sizes', () => {
  /** A sheet (3210 × 2250), a bar (6500), an insulating unit and a window that contains it. */
  async function catalogue() {
    const item = (sku: string, extra: Json) =>
      api.ok('POST', '/api/inventory/items', {
        sku,
        name: sku,
        kind: 'material',
        base_unit: 'kom',
        ...extra,
      });
    const sheet = await item('FLOAT4-S', {
      name: 'Float 4 mm ploča',
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
    });
    const bar = await item('PROF-70', { name: 'Profil okvira 70', base_unit: 'm', length_mm: '6500' });
    const product = async (sku: string, name: string, lines: Json[]) => {
      const p = await api.ok('POST', '/api/products', { sku, name, baseUnit: 'kom', kind: 'product' });
      const bom = await api.ok('POST', `/api/products/${p.id}/boms`, { variables: [], lines });
      await api.ok('POST', `/api/products/${p.id}/boms/${bom.id}/activate`);
      return p as Json;
    };
    // Two panes per unit, 6 mm in from every edge; the quantity is in m², so the count is cutCount.
    const igu = await product('IZO-C', 'Izo staklo', [
      {
        componentId: sheet.id,
        formula: '2*(W-12)*(H-12)/1e6',
        unit: 'm2',
        scrapPct: '5',
        cutCount: '2',
        cutWidth: 'W-12',
        cutHeight: 'H-12',
      },
    ]);
    // Frame: 2 bars W - 2*30 and 2 bars H - 2*30; glass unit W - 2*48 × H - 2*48.
    const win = await product('WIN-C', 'Prozor', [
      {
        componentId: bar.id,
        formula: '2*(W-2*30)/1000',
        unit: 'm',
        scrapPct: '8',
        cutCount: '2',
        cutLength: 'W - 2*30',
      },
      {
        componentId: bar.id,
        formula: '2*(H-2*30)/1000',
        unit: 'm',
        scrapPct: '8',
        cutCount: '2',
        cutLength: 'H - 2*30',
      },
      {
        componentId: igu.id,
        quantity: '1',
        unit: 'kom',
        scrapPct: '0',
        childWidth: 'W - 2*48',
        childHeight: 'H - 2*48',
      },
    ]);
    return { sheet, bar, igu, win };
  }
  let c: Awaited<ReturnType<typeof catalogue>>;
  beforeAll(async () => {
    c = await catalogue();
  }, 60_000);

  it('derives panes and profile lengths per material; one job per chosen material; labels name order, line and product', async () => {
    const wo = await workOrder([
      { item_id: c.igu.id, quantity: '2', width_mm: '1200', height_mm: '800', unit_price: '100' },
      { item_id: c.win.id, quantity: '3', width_mm: '1000', height_mm: '1500', unit_price: '300' },
      // no sheet in its BOM: the line's own W × H, as before
      { item_id: shop.igu.id, quantity: '1', width_mm: '700', height_mm: '400', unit_price: '50' },
    ]);
    const id = wo.document.id as string;
    const n = wo.document.number as string;

    const { groups } = await api.ok('GET', `/api/cutting/work-orders/${id}/materials`);
    expect(groups).toEqual([
      // IGU 2 × 2 panes; window 3 × 1 unit × 2 panes
      {
        material_id: c.sheet.id,
        sku: 'FLOAT4-S',
        name: 'Float 4 mm ploča',
        kind: '2d',
        lines: 2,
        pieces: 10,
      },
      // window 3 × (2 + 2) bars
      { material_id: c.bar.id, sku: 'PROF-70', name: 'Profil okvira 70', kind: '1d', lines: 2, pieces: 12 },
      { material_id: null, sku: null, name: null, kind: '2d', lines: 1, pieces: 1 },
    ]);

    // Several materials: the material must be chosen; nothing is written without it.
    const before = (await api.ok('GET', `/api/cutting/jobs?source_id=${id}`)).total;
    const refused = await api.call('POST', `/api/cutting/jobs/from-work-order/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'material_id', key: 'validation.cuttingMaterialRequired' },
    ]);
    expect((await api.ok('GET', `/api/cutting/jobs?source_id=${id}`)).total).toBe(before);

    const glass = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`, {
      material_id: c.sheet.id,
    });
    expect(glass).toMatchObject({ kind: '2d', name: `Krojna lista – ${n} · FLOAT4-S`, source_id: id });
    // The list remembers its material: the stock picker preselects that item's sheets and remnants.
    expect(glass.input.material_id).toBe(c.sheet.id);
    expect(glass.input.pieces).toEqual([
      // 1200 - 12 = 1188, 800 - 12 = 788; 2 panes × 2 units
      {
        ref: `${n}-1.1`,
        label: `${n} / 1 · IZO-C Izo staklo`,
        order_ref: n,
        width: 1188,
        height: 788,
        quantity: 4,
        rotate: true,
      },
      // window 1000 × 1500 → unit 904 × 1404 → panes 892 × 1392; 3 windows × 2 panes
      {
        ref: `${n}-2.3.1`,
        label: `${n} / 2 · WIN-C Prozor › IZO-C`,
        order_ref: n,
        width: 892,
        height: 1392,
        quantity: 6,
        rotate: true,
      },
    ]);

    const bars = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`, { material_id: c.bar.id });
    expect(bars).toMatchObject({ kind: '1d', name: `Krojna lista – ${n} · PROF-70` });
    expect(bars.input.trim).toEqual({ left: 10, right: 10, top: 0, bottom: 0 });
    expect(bars.input.material_id).toBe(c.bar.id);
    expect(bars.input.pieces.map((p: Json) => [p.ref, p.label, p.length, p.quantity, p.width])).toEqual([
      // 1000 - 60 = 940 and 1500 - 60 = 1440, 2 each per window × 3 windows
      [`${n}-2.1`, `${n} / 2 · WIN-C Prozor`, 940, 6, undefined],
      [`${n}-2.2`, `${n} / 2 · WIN-C Prozor`, 1440, 6, undefined],
    ]);

    const plain = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`, { material_id: null });
    expect(plain.input.material_id).toBeNull();
    expect(plain.input.pieces.map((p: Json) => [p.ref, p.width, p.height, p.quantity])).toEqual([
      [`${n}-3`, 700, 400, 1],
    ]);
    // A material the order does not use is refused.
    const other = await api.call('POST', `/api/cutting/jobs/from-work-order/${id}`, {
      material_id: shop.glass.id,
    });
    expect(other.status).toBe(400);
    expect(other.body.error.details[0].key).toBe('validation.cuttingMaterialNotInOrder');
    expect((await api.ok('GET', `/api/cutting/jobs?source_id=${id}`)).total).toBe(before + 3);

    // The cutting sheet PDF shows where each bar belongs.
    const stocked = await api.ok('PUT', `/api/cutting/jobs/${bars.id}/stock`, {
      stock: [{ ref: 'PROF-6500', length: 6500, quantity: null }],
    });
    const plan = optimizeCutting(
      jobToCutInput(cuttingJobInputSchema.parse({ ...stocked.input, time_limit_ms: 200 })),
    );
    await api.ok('PUT', `/api/cutting/jobs/${bars.id}/plan`, plan);
    const pdf = await api.call('GET', `/api/cutting/jobs/${bars.id}/export/pdf`);
    expect(pdf.status).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(pdf.raw.rawPayload));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(`${n} / 2 · WIN-C Prozor`);

    // A grained sheet (PRODUCT.md: grained parts never rotate): its panes are grain-locked; the
    // bars and the lines' own W × H pieces are not affected.
    const grained = await api.ok('PATCH', `/api/inventory/items/${c.sheet.id}`, { grain: true });
    expect(grained).toMatchObject({ grain: true, length_mm: '3210', width_mm: '2250' });
    const locked = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`, {
      material_id: c.sheet.id,
    });
    expect(locked.input.pieces.map((p: Json) => [p.ref, p.width, p.height, p.rotate])).toEqual([
      [`${n}-1.1`, 1188, 788, false],
      [`${n}-2.3.1`, 892, 1392, false],
    ]);
    const plainAgain = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`, { material_id: null });
    expect(plainAgain.input.pieces.map((p: Json) => p.rotate)).toEqual([true]);
    await api.ok('PATCH', `/api/inventory/items/${c.sheet.id}`, { grain: false });
  });

  it('refuses a window too small for its glass unit, naming order line, product and BOM line; writes nothing', async () => {
    // 100 - 2*48 = 4 mm unit, 4 - 12 < 0: the pane of the unit's BOM line 1 has no size.
    const wo = await workOrder([
      { item_id: c.win.id, quantity: '1', width_mm: '100', height_mm: '1500', unit_price: '300' },
    ]);
    const before = (await api.ok('GET', '/api/cutting/jobs')).total;
    const r = await api.call('POST', `/api/cutting/jobs/from-work-order/${wo.document.id}`, {
      material_id: c.sheet.id,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      {
        field: 'lines.0',
        key: 'validation.cutSizeInvalid',
        params: { line: 1, product: 'IZO-C', bomLine: 1, position: 1 },
      },
    ]);
    expect((await api.ok('GET', '/api/cutting/jobs')).total).toBe(before);
  });

  it('refuses bad cut-size formulas on save, naming the line, and keeps the BOM unchanged', async () => {
    const url = `/api/products/${c.win.id}/boms`;
    const draft = await api.ok('POST', url, {
      variables: [],
      lines: [{ componentId: c.bar.id, quantity: '1', unit: 'm', scrapPct: '0', cutLength: 'W - 60' }],
    });
    const r = await api.call('PUT', `${url}/${draft.id}`, {
      variables: [],
      lines: [
        { componentId: c.bar.id, quantity: '1', unit: 'm', scrapPct: '0', cutLength: 'W -* 60' },
        {
          componentId: c.sheet.id,
          quantity: '1',
          unit: 'm2',
          scrapPct: '0',
          cutWidth: 'X - 12',
          cutCount: '2',
        },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { field: 'lines.0.cutLength', key: 'validation.formulaSyntax', params: { position: 4 } },
      {
        field: 'lines.1.cutWidth',
        key: 'validation.formulaUnknownVariable',
        params: { position: 1, name: 'X' },
      },
    ]);
    const kept = await api.ok('GET', `${url}/${draft.id}`);
    expect(kept.lines.map((l: Json) => [l.componentId, l.cutLength, l.cutWidth, l.cutCount])).toEqual([
      [c.bar.id, 'W - 60', null, null],
    ]);
  });
});

describe('company cutting defaults and mitre angles', () => {
  const DEFAULTS = {
    kerf_2d: 4,
    trim_2d: 10,
    min_remnant_length_2d: 300,
    min_remnant_width_2d: 300,
    kerf_1d: 4,
    trim_head_1d: 10,
    trim_tail_1d: 10,
    min_remnant_length_1d: 500,
    bar_length_1d: 6000,
    weld_allowance_1d: 0,
  };
  // A glass and PVC window shop: the glass preset for sheets, the PVC preset for profiles.
  const SHOP = {
    ...DEFAULTS,
    kerf_2d: 0,
    trim_2d: 15,
    bar_length_1d: 6500,
    weld_allowance_1d: 3,
  };

  it('reads, refuses bad values with translated keys (nothing changed) and stores the defaults', async () => {
    expect(await api.ok('GET', '/api/cutting/settings')).toEqual(DEFAULTS);
    const bad = await api.call('PUT', '/api/cutting/settings', {
      ...DEFAULTS,
      kerf_2d: 3.2,
      weld_allowance_1d: -3,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { field: 'kerf_2d', key: 'validation.numberInvalid' },
      { field: 'weld_allowance_1d', key: 'validation.outOfRange' },
    ]);
    const eaten = await api.call('PUT', '/api/cutting/settings', {
      ...DEFAULTS,
      trim_head_1d: 600,
      trim_tail_1d: 400,
      bar_length_1d: 1000,
    });
    expect(eaten.status).toBe(400);
    expect(eaten.body.error.details).toEqual([{ field: 'trim_tail_1d', key: 'validation.trimExceedsBar' }]);
    expect(await api.ok('GET', '/api/cutting/settings')).toEqual(DEFAULTS);

    expect(await api.ok('PUT', '/api/cutting/settings', SHOP)).toEqual(SHOP);
    expect(await api.ok('GET', '/api/cutting/settings')).toEqual(SHOP);
  });

  it('new ad-hoc lists start from the company defaults; values the list gives win', async () => {
    const sheet = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Staklo bez postavki',
      kind: '2d',
      pieces: [{ ref: 'P1', width: 1000, height: 800, quantity: 1 }],
      stock: [{ ref: 'FLOAT', width: 3210, height: 2250, quantity: null }],
    });
    expect(sheet.input).toMatchObject({
      kerf: 0,
      trim: { left: 15, right: 15, top: 15, bottom: 15 },
      min_remnant_length: 300,
      min_remnant_width: 300,
      weld_allowance: 0,
    });
    const bars = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Profili, vlastiti rez',
      kind: '1d',
      kerf: 5,
      pieces: [{ ref: 'F', length: 1000, quantity: 1, angle_start: 45, angle_end: 45 }],
      stock: [{ ref: 'BAR', length: 6500, quantity: null }],
    });
    expect(bars.input).toMatchObject({
      kerf: 5,
      trim: { left: 10, right: 10, top: 0, bottom: 0 },
      min_remnant_length: 500,
      min_remnant_width: 0,
      weld_allowance: 3,
    });
    // An angle on a sheet piece is refused and nothing is stored.
    const before = (await api.ok('GET', '/api/cutting/jobs')).total;
    const refused = await api.call('POST', '/api/cutting/jobs', {
      name: 'Kut na ploči',
      kind: '2d',
      pieces: [{ ref: 'P1', width: 1000, height: 800, quantity: 1, angle_start: 45 }],
      stock: [{ ref: 'FLOAT', width: 3210, height: 2250, quantity: null }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'pieces.0.angle_start', key: 'validation.cutAngleInvalid' },
    ]);
    expect((await api.ok('GET', '/api/cutting/jobs')).total).toBe(before);
  });

  it('a PVC window: BOM mitre lines give 45° pieces, cut at outer length + 3 mm per welded end', async () => {
    const bar = await api.ok('POST', '/api/inventory/items', {
      sku: 'PVC-70',
      name: 'PVC profil 70',
      kind: 'material',
      base_unit: 'm',
      length_mm: '6500',
    });
    const product = await api.ok('POST', '/api/products', {
      sku: 'WIN-M',
      name: 'Prozor sa stupićem',
      baseUnit: 'kom',
      kind: 'product',
    });
    const url = `/api/products/${product.id}/boms`;
    const line = (cutLength: string, cutCount: string, a: number, b: number) => ({
      componentId: bar.id,
      quantity: '1',
      unit: 'm',
      scrapPct: '0',
      cutLength,
      cutCount,
      cutAngleStart: a,
      cutAngleEnd: b,
    });
    const wrong = await api.call('POST', url, { variables: [], lines: [line('W', '2', 30, 45)] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([
      { field: 'lines.0.cutAngleStart', key: 'validation.cutAngleInvalid' },
    ]);
    // Frame: 2 × W and 2 × H mitred at both ends; one mullion H - 2*70 square.
    const bom = await api.ok('POST', url, {
      variables: [],
      lines: [line('W', '2', 45, 45), line('H', '2', 45, 45), line('H - 2*70', '1', 90, 90)],
    });
    const stored = await api.ok('GET', `${url}/${bom.id}`);
    expect(stored.lines.map((l: Json) => [l.cutAngleStart, l.cutAngleEnd])).toEqual([
      [45, 45],
      [45, 45],
      [90, 90],
    ]);
    await api.ok('POST', `${url}/${bom.id}/activate`);
    const wo = await workOrder([
      { item_id: product.id, quantity: '1', width_mm: '1000', height_mm: '1500', unit_price: '300' },
    ]);
    const n = wo.document.number as string;
    const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${wo.document.id}`, {
      material_id: bar.id,
    });
    // The list starts from the company's 1D defaults, weld allowance included.
    expect(job.input).toMatchObject({
      kerf: 4,
      trim: { left: 10, right: 10, top: 0, bottom: 0 },
      min_remnant_length: 500,
      weld_allowance: 3,
    });
    expect(
      job.input.pieces.map((p: Json) => [p.ref, p.length, p.quantity, p.angle_start, p.angle_end]),
    ).toEqual([
      [`${n}-1.1`, 1000, 2, 45, 45],
      [`${n}-1.2`, 1500, 2, 45, 45],
      [`${n}-1.3`, 1360, 1, 90, 90],
    ]);
    const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, {
      stock: [{ ref: 'PVC-6500', length: 6500, quantity: null }],
    });
    const input = jobToCutInput(cuttingJobInputSchema.parse({ ...stocked.input, time_limit_ms: 200 }));
    // What the optimiser gets: 1000 + 2 × 3, 1500 + 2 × 3, 1360 (square ends, no allowance).
    expect(input.pieces.map((p) => [p.id, 'length' in p ? p.length : 0])).toEqual([
      [`${n}-1.1`, 1006],
      [`${n}-1.2`, 1506],
      [`${n}-1.3`, 1360],
    ]);
    const plan = optimizeCutting(input);
    // 2 × 1006 + 2 × 1506 + 1360 + 4 kerfs of 4 = 6400 ≤ 6500 - 20 trim: one bar.
    expect(plan.layouts).toHaveLength(1);
    await api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan);

    const csv = await api.call('GET', `/api/cutting/jobs/${job.id}/export/csv`);
    const rows = String(csv.body).replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe('bar;stock;piece;label;order;x_mm;length_mm;outer_length_mm;angle_start;angle_end');
    const cells = (ref: string) =>
      rows.filter((r) => r.split(';')[2] === ref).map((r) => r.split(';').slice(6));
    expect(cells(`${n}-1.1`)).toEqual([
      ['1006', '1000', '45', '45'],
      ['1006', '1000', '45', '45'],
    ]);
    expect(cells(`${n}-1.3`)).toEqual([['1360', '1360', '90', '90']]);
    const dxf = await api.call('GET', `/api/cutting/jobs/${job.id}/export/dxf`);
    expect(String(dxf.body)).toContain(`${n}-1.2 1506 45/45`);
    const pdf = await api.call('GET', `/api/cutting/jobs/${job.id}/export/pdf`);
    const doc = await getDocumentProxy(new Uint8Array(pdf.raw.rawPayload));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('1006 mm · 45°/45° (vanjska 1000 mm)');
    expect(text).toContain('1360 mm · 90°/90°');
  });
});
