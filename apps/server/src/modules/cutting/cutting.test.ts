import { type CutResult, cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';

let t: TestApp;
let user: SignedIn;
let client: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  client = inventoryClient(t.app, user);
});
afterAll(async () => t.close());

const job1d = (stock: unknown[]) => ({
  name: 'Prozori RN-12',
  kind: '1d',
  kerf: 4,
  trim: { left: 10, right: 10, top: 0, bottom: 0 },
  min_remnant_length: 800,
  min_remnant_width: 0,
  time_limit_ms: 200,
  pieces: [
    { ref: 'okvir-h', label: 'Okvir vodoravno', order_ref: 'RN-12', length: 1200, quantity: 4 },
    { ref: 'okvir-v', label: 'Okvir okomito', order_ref: 'RN-12', length: 1400, quantity: 4 },
  ],
  stock,
});

/** Runs the optimiser the way the browser worker does, on the job as the server stored it. */
function plan(job: { input: unknown }): CutResult {
  return optimizeCutting(jobToCutInput(cuttingJobInputSchema.parse(job.input)));
}

describe('cutting jobs', () => {
  it('plans from inventory stock, reserves on confirm, consumes and returns a traceable remnant on completion', async () => {
    const loc = await client.location('SKL-1');
    const bar = await client.item('PROF-70', { length_mm: '6000', lot_tracked: true });
    await client.receive(loc.id, [
      { item_id: bar.id, quantity: '5', unit_cost: '30', lot_number: 'L-2031-01' },
    ]);

    const stock = await client.ok('GET', '/api/cutting/stock?kind=1d');
    expect(stock).toHaveLength(1);
    expect(stock[0]).toMatchObject({
      sku: 'PROF-70',
      length: 6000,
      quantity: 5,
      remnant: false,
      lot_number: 'L-2031-01',
      material_id: null,
    });
    const s = stock[0];
    const created = await client.ok(
      'POST',
      '/api/cutting/jobs',
      job1d([
        {
          ref: 'PROF-70',
          item_id: s.item_id,
          lot_id: s.lot_id,
          location_id: s.location_id,
          length: 6000,
          quantity: 5,
        },
      ]),
    );
    expect(created).toMatchObject({ number: 1, status: 'draft', plan: null });

    // A plan that drops a piece is refused by the validator.
    const good = plan(created);
    const broken = structuredClone(good);
    broken.layouts[0]?.placements.pop();
    const refused = await client.call('PUT', `/api/cutting/jobs/${created.id}/plan`, broken);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION');
    // The screen shows the key's text: the plan no longer fits the list, run the optimiser again.
    expect(refused.body.error.details).toEqual([{ field: 'plan', key: 'validation.cuttingPlanInvalid' }]);

    // 4 x 1200 + 4 x 1400 + kerf = 10 432 mm: two 6 m bars (the bound), one offcut above 800 mm.
    const planned = await client.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, good);
    expect(planned).toMatchObject({ status: 'planned', stock_count: 2, lower_bound: 2 });

    const confirmed = await client.ok('POST', `/api/cutting/jobs/${created.id}/confirm`);
    expect(confirmed.status).toBe('confirmed');
    expect((await client.balance(bar.id)).item.reserved).toBe('2');
    const again = await client.call('POST', `/api/cutting/jobs/${created.id}/confirm`);
    expect(again.status).toBe(409);

    const key = { 'idempotency-key': 'cutting-complete-0001' };
    const done = await client.ok('POST', `/api/cutting/jobs/${created.id}/complete`, {}, key);
    expect(done.status).toBe('completed');
    // The bar is counted in pieces (kom): 2 bars issued, each remnant comes back as one piece of
    // the same item in a lot of its own, with its length.
    expect(done.remnants.length).toBeGreaterThanOrEqual(1);
    const after = await client.balance(bar.id);
    expect(after.item.on_hand).toBe(String(3 + done.remnants.length));
    expect(after.item.reserved).toBe('0');
    const remnant = done.remnants[0];
    expect(remnant).toMatchObject({ item_id: bar.id, sku: 'PROF-70', parent_lot_id: s.lot_id, width_mm: 0 });
    expect(remnant.length_mm).toBeGreaterThanOrEqual(800);
    const lot = await client.ok('GET', `/api/inventory/lots/${remnant.lot_id}`);
    expect(lot.lot).toMatchObject({
      remnant: true,
      length_mm: String(remnant.length_mm),
      quantity: '1',
      pieces: 1,
    });
    // Valued at its share of the bar's cost: 30.00 per 6000 mm bar × its length / 6000.
    expect(Number(lot.movements[0].unit_cost)).toBeCloseTo((30 * remnant.length_mm) / 6000, 5);
    // The remnant lot traces back to the bar's lot.
    expect(lot.made_from.map((l: { lot_id: string }) => l.lot_id)).toEqual([s.lot_id]);

    // Replaying the key answers the same job without posting twice.
    const replay = await client.ok('POST', `/api/cutting/jobs/${created.id}/complete`, {}, key);
    expect(replay.status).toBe('completed');
    expect((await client.balance(bar.id)).item.on_hand).toBe(String(3 + done.remnants.length));

    // Remnants are offered first next time, as pieces of the bar's own item.
    const next = await client.ok('GET', '/api/cutting/stock?kind=1d');
    expect(next[0]).toMatchObject({
      remnant: true,
      item_id: bar.id,
      lot_id: remnant.lot_id,
      length: remnant.length_mm,
      quantity: 1,
      material_id: bar.id,
    });
    // The full bars: no material above them, 3 left.
    expect(next.find((r: { lot_id: string }) => r.lot_id === s.lot_id)).toMatchObject({
      material_id: null,
      quantity: 3,
      remnant: false,
    });
  });

  it('exports CSV, DXF and PDF of a planned ad-hoc 2D job', async () => {
    const created = await client.ok('POST', '/api/cutting/jobs', {
      name: 'Staklo ad hoc',
      kind: '2d',
      kerf: 0,
      trim: { left: 10, right: 10, top: 10, bottom: 10 },
      min_remnant_length: 300,
      min_remnant_width: 300,
      time_limit_ms: 200,
      pieces: [
        { ref: 'P1', label: 'Ostakljenje', order_ref: 'RN-3', width: 1000, height: 800, quantity: 3 },
        { ref: 'P2', width: 600, height: 400, quantity: 2, rotate: false },
      ],
      stock: [{ ref: 'FLOAT-4', width: 3210, height: 2000, quantity: null }],
    });
    await client.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, plan(created));
    const csv = await t.app.inject({
      url: `/api/cutting/jobs/${created.id}/export/csv`,
      headers: { cookie: user.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe('sheet;stock;piece;label;order;x_mm;y_mm;width_mm;height_mm;rotated');
    expect(rows).toHaveLength(6);
    const dxf = await t.app.inject({
      url: `/api/cutting/jobs/${created.id}/export/dxf`,
      headers: { cookie: user.cookie },
    });
    expect(dxf.body).toContain('LABELS');
    expect(dxf.body.trim().endsWith('EOF')).toBe(true);
    const pdf = await t.app.inject({
      url: `/api/cutting/jobs/${created.id}/export/pdf`,
      headers: { cookie: user.cookie },
    });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const list = await client.ok('GET', '/api/cutting/jobs');
    expect(list.items.map((j: { name: string }) => j.name)).toEqual(['Staklo ad hoc', 'Prozori RN-12']);
  });

  it('announces committed job changes on the company cutting channel (ids only)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie: user.cookie } });
    const messages: { type: string; channel?: string; payload?: { ids: string[] } }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise<void>((ok, fail) => {
      socket.once('open', () => ok());
      socket.once('error', fail);
    });
    const channel = `company:${user.id}:cutting`;
    socket.send(JSON.stringify({ type: 'subscribe', channel }));
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
      return check();
    };
    expect(await until(() => messages.some((m) => m.type === 'subscribed'))).toBe(true);

    const created = await client.ok(
      'POST',
      '/api/cutting/jobs',
      job1d([{ ref: 'BAR', length: 6000, quantity: null }]),
    );
    expect(
      await until(() => messages.some((m) => m.type === 'event' && m.payload?.ids.includes(created.id))),
    ).toBe(true);
    expect(messages.find((m) => m.type === 'event')).toEqual({
      type: 'event',
      channel,
      payload: { ids: [created.id] },
    });
    // A refused write commits nothing and announces nothing.
    const before = messages.length;
    const refused = await client.call('POST', `/api/cutting/jobs/${created.id}/confirm`);
    expect(refused.status).toBe(409);
    await new Promise((r) => setTimeout(r, 200));
    expect(messages.length).toBe(before);
    socket.close();
  });

  it('keeps jobs inside the company and refuses viewers nothing they may read', async () => {
    const other = await signUp(t.app);
    const list = await t.app.inject({ url: '/api/cutting/jobs', headers: { cookie: other.cookie } });
    expect(list.json().total).toBe(0);
    const bad = await inventoryClient(t.app, other).call('POST', '/api/cutting/jobs', {
      name: '',
      kind: '1d',
    });
    expect(bad.status).toBe(400);
  });
});
