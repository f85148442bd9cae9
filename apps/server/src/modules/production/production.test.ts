import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop } from '../documents/test-helpers.ts';

/**
 * The same PVC window (with its insulating glass unit) as the domain fixtures, now through the
 * HTTP API and the database: the totals below were computed by hand (see costing.test.ts).
 */
describe('production API', () => {
  let t: TestApp;
  let user: SignedIn;
  const ids: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = user) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Planer Proizvodnje');
    // Units and materials belong to inventory; they are written directly here.
    await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      for (const code of ['kom', 'm', 'm2', 'l'])
        await tx.execute(
          sql`insert into units (company_id, code, name) values (${user.id}, ${code}, ${code}) on conflict do nothing`,
        );
      const materials: [string, string, string | null][] = [
        ['FLOAT4', 'm2', '12.00'],
        ['SPACER16', 'm', '0.85'],
        ['CORNER16', 'kom', '0.10'],
        ['BUTYL', 'm', '0.05'],
        ['ARGON', 'l', '0.02'],
        ['FRAME70', 'm', '4.50'],
        ['HINGESET', 'kom', '6.00'],
        ['GASKET', 'm', null],
      ];
      for (const [sku, unit, price] of materials) {
        const rows = rowsOf<{ id: string }>(
          await tx.execute(sql`insert into items (company_id, sku, name, kind, base_unit, purchase_price)
            values (${user.id}, ${sku}, ${`Materijal ${sku}`}, 'material', ${unit}, ${price}) returning id`),
        );
        ids[sku] = (rows[0] as { id: string }).id;
      }
    });
  });
  afterAll(() => t.close());

  it('creates, lists, updates and deletes processes; codes are unique', async () => {
    const base = {
      workCentre: 'Pila 1',
      costPerHour: '30',
      setupMinutes: '10',
      minutesPerUnit: '2',
      dailyCapacityHours: '8',
      qualityCheckRequired: false,
      active: true,
    };
    const cut = await call('POST', '/api/processes', { code: 'CUT', name: 'Rezanje profila', ...base });
    expect(cut.statusCode).toBe(201);
    expect(cut.json()).toMatchObject({
      code: 'CUT',
      costPerHour: '30',
      setupMinutes: '10',
      minutesPerUnit: '2',
    });
    ids.CUT = cut.json().id;
    const weld = await call('POST', '/api/processes', {
      code: 'WELD',
      name: 'Zavarivanje',
      ...base,
      workCentre: 'Zavarivačica',
      costPerHour: '36',
      setupMinutes: '5',
      minutesPerUnit: '6',
      qualityCheckRequired: true,
    });
    ids.WELD = weld.json().id;
    const assemble = await call('POST', '/api/processes', {
      code: 'IZO',
      name: 'Sklapanje izo stakla',
      ...base,
      costPerHour: '24',
      setupMinutes: '15',
      minutesPerUnit: '12',
    });
    ids.IZO = assemble.json().id;

    const duplicate = await call('POST', '/api/processes', { code: 'cut', name: 'Opet', ...base });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.details).toEqual([{ field: 'code', key: 'validation.codeTaken' }]);

    const bad = await call('POST', '/api/processes', {
      code: '',
      name: 'X',
      ...base,
      dailyCapacityHours: '25',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['code', 'dailyCapacityHours']);

    const list = await call('GET', '/api/processes?q=zavar&sort=code');
    expect(list.json()).toMatchObject({ total: 1, items: [{ code: 'WELD', qualityCheckRequired: true }] });
    const sorted = await call('GET', '/api/processes?sort=costPerHour&dir=desc');
    expect(sorted.json().items.map((p: { code: string }) => p.code)).toEqual(['WELD', 'CUT', 'IZO']);

    const extra = await call('POST', '/api/processes', { code: 'TMP', name: 'Privremeni', ...base });
    const updated = await call('PUT', `/api/processes/${extra.json().id}`, {
      code: 'TMP',
      name: 'Privremeni 2',
      ...base,
      active: false,
    });
    expect(updated.json()).toMatchObject({ name: 'Privremeni 2', active: false });
    expect((await call('GET', '/api/processes?active=inactive')).json().total).toBe(1);
    expect((await call('DELETE', `/api/processes/${extra.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/processes/${extra.json().id}`)).statusCode).toBe(404);
  });

  it('builds a two-level product and rolls up its cost exactly', async () => {
    const igu = await call('POST', '/api/products', {
      sku: 'IGU-4-16AR-4',
      name: 'Izo staklo 4-16Ar-4',
      baseUnit: 'kom',
      kind: 'component',
    });
    expect(igu.statusCode).toBe(201);
    ids.IGU = igu.json().id;
    const win = await call('POST', '/api/products', {
      sku: 'WIN-PVC',
      name: 'PVC prozor',
      baseUnit: 'kom',
      salesPrice: '150',
    });
    ids.WIN = win.json().id;

    const line = (sku: string, unit: string, q: { formula?: string; quantity?: string }, scrapPct = '0') => ({
      componentId: ids[sku],
      unit,
      scrapPct,
      formula: q.formula ?? null,
      quantity: q.quantity ?? null,
    });
    const iguBom = await call('POST', `/api/products/${ids.IGU}/boms`, {
      variables: [
        { name: 's', value: '5' },
        { name: 'g', value: '16' },
      ],
      lines: [
        line('FLOAT4', 'm2', { formula: 'W*H/1e6' }, '5'),
        line('FLOAT4', 'm2', { formula: 'W*H/1e6' }, '5'),
        line('SPACER16', 'm', { formula: '2*((W-2*s)+(H-2*s))/1000' }),
        line('CORNER16', 'kom', { quantity: '4' }),
        line('BUTYL', 'm', { formula: '2*2*((W-2*s)+(H-2*s))/1000' }),
        line('ARGON', 'l', { formula: '(W-2*s)*(H-2*s)*g/1e6' }, '10'),
      ],
    });
    expect(iguBom.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/products/${ids.IGU}/boms/${iguBom.json().id}/activate`)).statusCode,
    ).toBe(200);

    const winBom = await call('POST', `/api/products/${ids.WIN}/boms`, {
      variables: [
        { name: 'a', value: '3' },
        { name: 'd', value: '48' },
      ],
      lines: [
        line('FRAME70', 'm', { formula: '(2*(W+H) + 8*a)/1000' }, '2'),
        { ...line('IGU', 'kom', { quantity: '1' }), childWidth: 'W - 2*d', childHeight: 'H - 2*d' },
        line('HINGESET', 'kom', { formula: 'H > 1200 ? 3 : 2' }),
        line('GASKET', 'm', { formula: '2*(W+H)/1000*2' }),
      ],
    });
    expect(winBom.statusCode).toBe(201);
    ids.WIN_BOM = winBom.json().id;
    expect((await call('POST', `/api/products/${ids.WIN}/boms/${ids.WIN_BOM}/activate`)).statusCode).toBe(
      200,
    );

    const routing = await call('PUT', `/api/products/${ids.WIN}/routing`, {
      steps: [{ processId: ids.CUT }, { processId: ids.WELD }],
    });
    expect(routing.json().map((s: { processCode: string }) => s.processCode)).toEqual(['CUT', 'WELD']);
    await call('PUT', `/api/products/${ids.IGU}/routing`, { steps: [{ processId: ids.IZO }] });

    const explosion = await call('GET', `/api/products/${ids.WIN}/explosion?quantity=2&W=1000&H=800`);
    expect(explosion.statusCode).toBe(200);
    const reqs = Object.fromEntries(
      explosion.json().requirements.map((r: { sku: string; quantity: string }) => [r.sku, r.quantity]),
    );
    expect(reqs).toEqual({
      FRAME70: '7.39296',
      HINGESET: '4',
      GASKET: '14.4',
      FLOAT4: '2.672947',
      SPACER16: '6.352',
      CORNER16: '8',
      BUTYL: '12.704',
      ARGON: '21.839347',
    });
    const iguRow = explosion.json().tree.find((n: { sku: string }) => n.sku === 'IGU-4-16AR-4');
    expect(iguRow).toMatchObject({ level: 1, made: true, width: '904', height: '704', quantity: '2' });

    const cost = await call('GET', `/api/products/${ids.WIN}/cost?quantity=2&W=1000&H=800&marginPct=30`);
    expect(cost.json().cost).toMatchObject({
      materialCost: '96.63',
      labourCost: '32.80',
      totalCost: '129.43',
      unitCost: '64.72',
      suggestedUnitPrice: '92.45',
      suggestedTotalPrice: '184.90',
    });
    expect(cost.json().cost.materials.find((m: { sku: string }) => m.sku === 'GASKET')).toMatchObject({
      missingCost: true,
      amount: '0.00',
    });

    const list = await call('GET', '/api/products?q=pvc');
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ sku: 'WIN-PVC', activeVersion: 1, routingSteps: 2 }],
    });
  });

  it('rejects invalid formulas on save with the field and position', async () => {
    const response = await call('POST', `/api/products/${ids.WIN}/boms`, {
      lines: [
        { componentId: ids.FRAME70, unit: 'm', formula: '2*(W+H))/1000' },
        { componentId: ids.GASKET, unit: 'm', formula: '2*(W + X)' },
        { componentId: ids.GASKET, unit: 'm', formula: 'W.constructor' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'lines.0.formula', key: 'validation.formulaSyntax', params: { position: 8 } },
      {
        field: 'lines.1.formula',
        key: 'validation.formulaUnknownVariable',
        params: { position: 8, name: 'X' },
      },
      { field: 'lines.2.formula', key: 'validation.formulaNotAllowed', params: { position: 1 } },
    ]);
    const detail = await call('GET', `/api/products/${ids.WIN}`);
    expect(detail.json().boms).toHaveLength(1);
  });

  it('refuses a fixed quantity of 0 on a BOM line; a formula line may leave its quantity at 0', async () => {
    const product = await call('POST', '/api/products', {
      sku: 'VRATA-0',
      name: 'Vrata',
      baseUnit: 'kom',
      kind: 'product',
    });
    expect(product.statusCode, product.body).toBe(201);
    const id = product.json().id;
    const response = await call('POST', `/api/products/${id}/boms`, {
      lines: [
        { componentId: ids.HINGESET, unit: 'kom', quantity: '0' },
        { componentId: ids.CORNER16, unit: 'kom', quantity: '0.000' },
        { componentId: ids.GASKET, unit: 'm', quantity: '0', formula: '2*(W+H)/1000' },
        { componentId: ids.FLOAT4, unit: 'm2', quantity: '0.5' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'lines.0.quantity', key: 'validation.positive' },
      { field: 'lines.1.quantity', key: 'validation.positive' },
    ]);
    expect((await call('GET', `/api/products/${id}`)).json().boms).toHaveLength(0);
    const ok = await call('POST', `/api/products/${id}/boms`, {
      lines: [
        { componentId: ids.GASKET, unit: 'm', quantity: '0', formula: '2*(W+H)/1000' },
        { componentId: ids.FLOAT4, unit: 'm2', quantity: '0.5' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await call('GET', `/api/products/${id}`)).json().boms).toHaveLength(1);
  });

  it('refuses a cycle on save and on activation, naming the path', async () => {
    const direct = await call('POST', `/api/products/${ids.IGU}/boms`, {
      lines: [{ componentId: ids.WIN, unit: 'kom', quantity: '1' }],
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error).toMatchObject({
      code: 'BOM_CYCLE',
      details: [
        {
          field: 'lines',
          key: 'validation.bomCycle',
          params: { path: 'IGU-4-16AR-4 → WIN-PVC → IGU-4-16AR-4' },
        },
      ],
    });
    const self = await call('POST', `/api/products/${ids.WIN}/boms`, {
      lines: [{ componentId: ids.WIN, unit: 'kom', quantity: '1' }],
    });
    expect(self.json().error.details[0].params.path).toBe('WIN-PVC → WIN-PVC');
  });

  it('keeps one active version: activating a new one archives the old; only drafts change', async () => {
    const v2 = await call('POST', `/api/products/${ids.WIN}/boms`, {
      lines: [{ componentId: ids.FRAME70, unit: 'm', formula: '2*(W+H)/1000' }],
    });
    expect(v2.statusCode).toBe(201);
    const edit = await call('PUT', `/api/products/${ids.WIN}/boms/${ids.WIN_BOM}`, { lines: [] });
    expect(edit.statusCode).toBe(409);
    await call('POST', `/api/products/${ids.WIN}/boms/${v2.json().id}/activate`);
    const detail = await call('GET', `/api/products/${ids.WIN}`);
    expect(detail.json().boms.map((b: { version: number; status: string }) => [b.version, b.status])).toEqual(
      [
        [2, 'active'],
        [1, 'archived'],
      ],
    );
    const explosion = await call('GET', `/api/products/${ids.WIN}/explosion?W=1000&H=800`);
    expect(explosion.json().requirements).toEqual([
      expect.objectContaining({ sku: 'FRAME70', quantity: '3.6' }),
    ]);
    // The archived version can still be previewed by id.
    const old = await call('GET', `/api/products/${ids.WIN}/explosion?W=1000&H=800&bomId=${ids.WIN_BOM}`);
    expect(old.json().requirements).toHaveLength(8);
  });

  it('explodes a line written in another unit through the component conversion; refuses a unit without one', async () => {
    await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      await tx.execute(
        sql`insert into units (company_id, code, name) values (${user.id}, 'cm', 'cm') on conflict do nothing`,
      );
      // 1 cm = 0.01 m (FRAME70 is kept in metres).
      await tx.execute(sql`insert into item_unit_conversions (company_id, item_id, unit, factor)
        values (${user.id}, ${ids.FRAME70}, 'cm', 0.01)`);
    });
    const sill = await call('POST', '/api/products', { sku: 'SILL', name: 'Klupčica', baseUnit: 'kom' });
    expect(sill.statusCode).toBe(201);
    const noConversion = await call('POST', `/api/products/${sill.json().id}/boms`, {
      lines: [{ componentId: ids.GASKET, unit: 'cm', quantity: '50' }],
    });
    expect(noConversion.statusCode).toBe(400);
    expect(noConversion.json().error.details).toEqual([
      { field: 'lines.0.unit', key: 'validation.unitUnknown' },
    ]);
    const bom = await call('POST', `/api/products/${sill.json().id}/boms`, {
      lines: [
        { componentId: ids.FRAME70, unit: 'cm', quantity: '30' },
        { componentId: ids.FRAME70, unit: 'cm', formula: 'W/10', scrapPct: '10' },
      ],
    });
    expect(bom.statusCode).toBe(201);
    await call('POST', `/api/products/${sill.json().id}/boms/${bom.json().id}/activate`);
    // Two sills 1200 mm wide: 2 × (30 cm + 120 cm × 1.10) = 2 × 162 cm = 3.24 m of FRAME70.
    const explosion = await call('GET', `/api/products/${sill.json().id}/explosion?quantity=2&W=1200&H=100`);
    expect(explosion.statusCode).toBe(200);
    expect(explosion.json().requirements).toEqual([
      expect.objectContaining({ sku: 'FRAME70', unit: 'm', quantity: '3.24' }),
    ]);
  });

  it('keeps process categories and warns about a routing against the glass processing order', async () => {
    const api = documentsClient(t.app, user);
    const shop = await glassShop(api, '-PO');
    // The helper's processes are created without a category: `other`.
    expect((await api.ok('GET', `/api/processes/${shop.cut.id}`)).category).toBe('other');
    const times = { costPerHour: '30', setupMinutes: '0', minutesPerUnit: '10', dailyCapacityHours: '8' };
    await api.ok('PUT', `/api/processes/${shop.cut.id}`, {
      code: 'REZ-PO',
      name: 'Rezanje',
      ...times,
      category: 'cut',
    });
    // A PUT without a category keeps the one the process has.
    const kept = await api.ok('PUT', `/api/processes/${shop.cut.id}`, {
      code: 'REZ-PO',
      name: 'Rezanje',
      ...times,
    });
    expect(kept.category).toBe('cut');
    await api.ok('PUT', `/api/processes/${shop.assemble.id}`, {
      code: 'SAS-PO',
      name: 'Sastavljanje',
      ...times,
      category: 'assemble',
    });
    const temper = await api.ok('POST', '/api/processes', {
      code: 'KAL-PO',
      name: 'Kaljenje',
      ...times,
      category: 'temper',
    });
    const drill = await api.ok('POST', '/api/processes', {
      code: 'BUS-PO',
      name: 'Bušenje',
      ...times,
      category: 'drill',
    });
    const bad = await api.call('POST', '/api/processes', {
      code: 'X-PO',
      name: 'X',
      ...times,
      category: 'polish',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      expect.objectContaining({ field: 'category', key: 'validation.invalid' }),
    ]);
    const listed = await api.ok('GET', '/api/processes?q=-PO');
    expect(listed.items.map((p: { code: string; category: string }) => `${p.code}:${p.category}`)).toEqual([
      'BUS-PO:drill',
      'KAL-PO:temper',
      'REZ-PO:cut',
      'SAS-PO:assemble',
    ]);

    // Drilling after tempering: saved (a warning, not an error), and the product says why.
    const steps = [shop.cut, temper, drill, shop.assemble].map((p) => ({ processId: p.id }));
    const saved = await api.call('PUT', `/api/products/${shop.igu.id}/routing`, { steps });
    expect(saved.status).toBe(200);
    expect(saved.body.map((s: { category: string }) => s.category)).toEqual([
      'cut',
      'temper',
      'drill',
      'assemble',
    ]);
    const product = await api.ok('GET', `/api/products/${shop.igu.id}`);
    expect(product.routingWarnings).toEqual([
      { code: 'processingAfterTemper', position: 3, category: 'drill', after: 2, afterCategory: 'temper' },
    ]);

    // A work order of two lines: operations 1-4 and 5-8; each line is checked on its own, so the
    // second line's cutting (5) is not "after the first line's assembly" (4).
    const line = {
      item_id: shop.igu.id,
      description: 'Izo staklo',
      quantity: '1',
      unit: 'kom',
      width_mm: '1000',
      height_mm: '500',
      unit_price: '100',
      discount_pct: '0',
      vat_rate: '25',
    };
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      lines: [line, line],
    });
    const planned = await api.ok('POST', `/api/documents/work-orders/${wo.document.id}/plan`);
    expect(planned.operations.map((o: { category: string }) => o.category)).toEqual([
      ...['cut', 'temper', 'drill', 'assemble'],
      ...['cut', 'temper', 'drill', 'assemble'],
    ]);
    expect(planned.operation_warnings).toEqual([
      { code: 'processingAfterTemper', position: 3, category: 'drill', after: 2, afterCategory: 'temper' },
      { code: 'processingAfterTemper', position: 7, category: 'drill', after: 6, afterCategory: 'temper' },
    ]);

    // Put right, the warnings are gone.
    const fixed = [shop.cut, drill, temper, shop.assemble].map((p) => ({ processId: p.id }));
    await api.ok('PUT', `/api/products/${shop.igu.id}/routing`, { steps: fixed });
    expect((await api.ok('GET', `/api/products/${shop.igu.id}`)).routingWarnings).toEqual([]);
  });

  it('sorts processes and products in the Croatian alphabet and finds processes without the marks', async () => {
    const shop = await signUp(t.app, 'Abeceda Proizvodnje');
    const process = (code: string, name: string, workCentre: string) => ({
      code,
      name,
      workCentre,
      costPerHour: '10',
      setupMinutes: '0',
      minutesPerUnit: '0',
      dailyCapacityHours: '8',
    });
    for (const [code, name, centre] of [
      ['ZAV', 'Završna kontrola', 'Žica'],
      ['ŠLI', 'Šlifanje', 'Dvorana'],
      ['rez', 'Rezanje', 'Čelik'],
      ['ČIŠ', 'Čišćenje', 'Cijevi'],
      ['CNC', 'cnc obrada', 'Đurđa'],
    ] as const) {
      expect((await call('POST', '/api/processes', process(code, name, centre), shop)).statusCode).toBe(201);
    }
    const processes = async (sort: string, field: 'code' | 'name' | 'workCentre') =>
      (await call('GET', `/api/processes?sort=${sort}`, undefined, shop))
        .json()
        .items.map((p: Record<string, string>) => p[field]);
    expect(await processes('code', 'code')).toEqual(['CNC', 'ČIŠ', 'rez', 'ŠLI', 'ZAV']);
    expect(await processes('name', 'name')).toEqual([
      'cnc obrada',
      'Čišćenje',
      'Rezanje',
      'Šlifanje',
      'Završna kontrola',
    ]);
    expect(await processes('workCentre', 'workCentre')).toEqual([
      'Cijevi',
      'Čelik',
      'Dvorana',
      'Đurđa',
      'Žica',
    ]);
    // Searched with or without the marks, in code, name or work centre.
    const found = async (q: string) =>
      (await call('GET', `/api/processes?q=${encodeURIComponent(q)}`, undefined, shop))
        .json()
        .items.map((p: { code: string }) => p.code)
        .sort();
    expect(await found('cisc')).toEqual(['ČIŠ']);
    expect(await found('ČIŠĆ')).toEqual(['ČIŠ']);
    expect(await found('slif')).toEqual(['ŠLI']);
    expect(await found('durd')).toEqual(['CNC']);
    expect(await found('djurdj')).toEqual(['CNC']);
    expect(await found('zica')).toEqual(['ZAV']);
    expect(await found('celik')).toEqual(['rez']);
    expect(await found('50%')).toEqual([]);
    // The export file lists them in the same order as the screen.
    const csv = (await call('GET', '/api/export/sections/processes?format=csv', undefined, shop)).body;
    const codes = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(codes).toEqual(['CNC', 'ČIŠ', 'rez', 'ŠLI', 'ZAV']);

    for (const [sku, name] of [
      ['ŽIC-1', 'Žičana mreža'],
      ['zid-1', 'Zidni panel'],
      ['ČEP-1', 'Čep'],
      ['CEV-1', 'cijev'],
    ] as const) {
      const r = await call('POST', '/api/products', { sku, name, baseUnit: 'kom', kind: 'product' }, shop);
      expect(r.statusCode, r.body).toBe(201);
    }
    const products = async (sort: string, field: 'sku' | 'name') =>
      (await call('GET', `/api/products?sort=${sort}`, undefined, shop))
        .json()
        .items.map((p: Record<string, string>) => p[field]);
    expect(await products('name', 'name')).toEqual(['cijev', 'Čep', 'Zidni panel', 'Žičana mreža']);
    expect(await products('sku', 'sku')).toEqual(['CEV-1', 'ČEP-1', 'zid-1', 'ŽIC-1']);

    // The product list and the BOM item picker find them without the marks (migration 0058).
    const r = await call(
      'POST',
      '/api/products',
      { sku: 'N-40', name: 'Nosač Đuro', baseUnit: 'kom', kind: 'product' },
      shop,
    );
    expect(r.statusCode, r.body).toBe(201);
    const searched = async (url: string, q: string) => {
      const res = await call('GET', `${url}?q=${encodeURIComponent(q)}`, undefined, shop);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return (Array.isArray(body) ? body : body.items).map((p: { sku: string }) => p.sku).sort();
    };
    for (const url of ['/api/products', '/api/products/items']) {
      expect(await searched(url, 'cep')).toEqual(['ČEP-1']);
      expect(await searched(url, 'zic')).toEqual(['ŽIC-1']);
      expect(await searched(url, 'djuro')).toEqual(['N-40']);
      expect(await searched(url, 'duro')).toEqual(['N-40']);
      expect(await searched(url, 'NOSAČ')).toEqual(['N-40']);
      expect(await searched(url, 'čijev')).toEqual(['CEV-1']);
      expect(await searched(url, '50%')).toEqual([]);
    }
  });

  it('another company sees none of it', async () => {
    const other = await signUp(t.app, 'Druga Tvrtka');
    expect((await call('GET', `/api/products/${ids.WIN}`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/processes', undefined, other)).json().total).toBe(0);
    expect((await call('GET', '/api/products', undefined, other)).json().total).toBe(0);
  });
});
