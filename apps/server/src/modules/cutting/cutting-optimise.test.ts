import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { getJob as getBackgroundJob } from '../../jobs/jobs.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';
import { optimiserLoad, runOptimiser, setOptimiserLimits } from './optimiser-pool.ts';

// Issue 17 (8): the optimiser on the server. POST /api/cutting/jobs/:id/optimise runs the domain
// optimiser in a worker thread and stores the plan through the browser's save path. The plans are
// checked here by geometry written for this test (not the domain's validator).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;
// biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field
type Json = Record<string, any>;
let sheetStock: Json;
let barStock: Json;

const KERF = 4;
const TRIM = 10;

/** 2D pieces: panes of a glass order; the grain-locked ones must never turn. */
const panes = [
  { ref: 'A', width: 1188, height: 788, quantity: 4, rotate: true },
  { ref: 'B', width: 892, height: 1392, quantity: 3, rotate: true },
  { ref: 'C', width: 600, height: 400, quantity: 5, rotate: false },
  { ref: 'D', width: 2000, height: 300, quantity: 2, rotate: true },
];

function job2d(quantity: number, pieces = panes, timeLimit = 1000) {
  return {
    name: 'Stakla RN-7',
    kind: '2d',
    kerf: KERF,
    trim: { left: TRIM, right: TRIM, top: TRIM, bottom: TRIM },
    min_remnant_length: 300,
    min_remnant_width: 300,
    time_limit_ms: timeLimit,
    pieces,
    stock: [
      {
        ref: 'FLOAT4',
        item_id: sheetStock.item_id,
        location_id: sheetStock.location_id,
        lot_id: sheetStock.lot_id,
        width: 3210,
        height: 2250,
        quantity,
      },
    ],
  };
}

/** Every piece placed exactly its quantity, inside the trimmed sheet, no two overlapping, kerf apart. */
function check2d(plan: Json, input: Json) {
  const placed = new Map<string, number>();
  const used = new Map<string, number>();
  for (const l of plan.layouts) {
    const stock = input.stock.find((s: Json) => s.ref === l.stockId);
    expect(stock).toBeDefined();
    used.set(l.stockId, (used.get(l.stockId) ?? 0) + 1);
    expect([l.width, l.height]).toEqual([stock.width, stock.height]);
    const rects = l.placements.map((p: Json) => {
      const piece = input.pieces.find((x: Json) => x.ref === p.pieceId);
      expect(piece).toBeDefined();
      placed.set(p.pieceId, (placed.get(p.pieceId) ?? 0) + 1);
      // The placed size is the piece's, turned only if the piece may turn.
      const turned = p.width === piece.height && p.height === piece.width && piece.width !== piece.height;
      if (!turned) expect([p.width, p.height]).toEqual([piece.width, piece.height]);
      if (turned) expect(piece.rotate).toBe(true);
      expect(p.x).toBeGreaterThanOrEqual(TRIM);
      expect(p.y).toBeGreaterThanOrEqual(TRIM);
      expect(p.x + p.width).toBeLessThanOrEqual(stock.width - TRIM);
      expect(p.y + p.height).toBeLessThanOrEqual(stock.height - TRIM);
      return p;
    });
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i];
        const b = rects[j];
        const apart =
          a.x + a.width + KERF <= b.x ||
          b.x + b.width + KERF <= a.x ||
          a.y + a.height + KERF <= b.y ||
          b.y + b.height + KERF <= a.y;
        expect(apart, `${a.pieceId}@${a.x},${a.y} and ${b.pieceId}@${b.x},${b.y}`).toBe(true);
      }
  }
  for (const p of input.pieces) expect(placed.get(p.ref) ?? 0).toBe(p.quantity);
  for (const [ref, n] of used)
    expect(n).toBeLessThanOrEqual(input.stock.find((s: Json) => s.ref === ref).quantity);
  // No plan beats the area bound.
  const area = input.pieces.reduce((s: number, p: Json) => s + p.width * p.height * p.quantity, 0);
  expect(plan.layouts.length).toBeGreaterThanOrEqual(Math.ceil(area / (3210 * 2250)));
}

async function jobRow(id: string) {
  return api.ok('GET', `/api/cutting/jobs/${id}`);
}

beforeAll(async () => {
  process.env.JOBS = 'off';
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
  const loc = await api.location('SKL-STAKLO');
  const sheet = await api.item('FLOAT4-3210', { length_mm: '3210', width_mm: '2250', lot_tracked: true });
  const bar = await api.item('PVC-70', { length_mm: '6500' });
  await api.receive(loc.id, [
    { item_id: sheet.id, quantity: '10', unit_cost: '60', lot_number: 'FL-1' },
    { item_id: bar.id, quantity: '6', unit_cost: '30' },
  ]);
  sheetStock = (await api.ok('GET', '/api/cutting/stock?kind=2d')).find((s: Json) => s.item_id === sheet.id);
  barStock = (await api.ok('GET', '/api/cutting/stock?kind=1d')).find((s: Json) => s.item_id === bar.id);
}, 120_000);
afterAll(async () => t?.close());

describe('server-side cutting optimiser', () => {
  it('optimises a 2D list in a worker thread and stores exactly the plan it returns', async () => {
    const created = await api.ok('POST', '/api/cutting/jobs', job2d(10));
    const res = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`);
    expect(res.status).toBe(200);
    const job = res.body;
    expect(job.status).toBe('planned');
    check2d(job.plan, created.input);
    expect(job.stock_count).toBe(job.plan.layouts.length);
    expect(job.lower_bound).toBe(job.plan.lowerBound);
    // The stored plan is the returned one.
    expect((await jobRow(created.id)).plan).toEqual(job.plan);
    // Once confirmed, the plan is no longer the optimiser's to change.
    await api.ok('POST', `/api/cutting/jobs/${created.id}/confirm`);
    const refused = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      details: [{ field: 'status', key: 'validation.cuttingNotEditable' }],
    });
    const after = await jobRow(created.id);
    expect(after.status).toBe('confirmed');
    expect(after.plan).toEqual(job.plan);
  });

  it('optimises a 1D list: every piece once, inside the bar after head and tail trim, kerf apart', async () => {
    const pieces = [
      { ref: 'H', length: 1206, quantity: 4, angle_start: 45, angle_end: 45 },
      { ref: 'V', length: 1506, quantity: 4 },
      { ref: 'M', length: 1360, quantity: 2 },
    ];
    const created = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Profili RN-8',
      kind: '1d',
      kerf: KERF,
      trim: { left: TRIM, right: TRIM, top: 0, bottom: 0 },
      weld_allowance: 3,
      min_remnant_length: 500,
      min_remnant_width: 0,
      time_limit_ms: 500,
      pieces,
      stock: [
        {
          ref: 'PVC-70',
          item_id: barStock.item_id,
          location_id: barStock.location_id,
          length: 6500,
          quantity: 6,
        },
      ],
    });
    const job = await api.ok('POST', `/api/cutting/jobs/${created.id}/optimise`);
    const placed = new Map<string, number>();
    for (const l of job.plan.layouts) {
      expect(l.length).toBe(6500);
      const cuts = [...l.placements].sort((a: Json, b: Json) => a.x - b.x);
      cuts.forEach((p: Json, i: number) => {
        const piece = pieces.find((x) => x.ref === p.pieceId) as Json;
        // A mitred piece is laid out at its outer length plus 3 mm per 45° end.
        const cut = piece.length + (piece.angle_start === 45 ? 3 : 0) + (piece.angle_end === 45 ? 3 : 0);
        expect(p.length).toBe(cut);
        expect(p.x).toBeGreaterThanOrEqual(TRIM);
        expect(p.x + p.length).toBeLessThanOrEqual(6500 - TRIM);
        if (i > 0) expect(p.x).toBeGreaterThanOrEqual(cuts[i - 1].x + cuts[i - 1].length + KERF);
        placed.set(p.pieceId, (placed.get(p.pieceId) ?? 0) + 1);
      });
    }
    for (const p of pieces) expect(placed.get(p.ref)).toBe(p.quantity);
    expect(job.plan.layouts.length).toBeLessThanOrEqual(6);
    expect((await jobRow(created.id)).plan).toEqual(job.plan);
  });

  it('refuses what cannot be planned with a translated key and writes nothing', async () => {
    const expectUnchanged = async (id: string, before: Json) => {
      const now = await jobRow(id);
      expect(now.status).toBe(before.status);
      expect(now.plan).toEqual(before.plan);
      expect(now.updated_at).toBe(before.updated_at);
    };
    // Too few sheets for the pieces.
    const short = await api.ok('POST', '/api/cutting/jobs', job2d(1));
    const r1 = await api.call('POST', `/api/cutting/jobs/${short.id}/optimise`);
    expect(r1.status).toBe(400);
    expect(r1.body.error.details).toEqual([{ field: 'stock', key: 'validation.cuttingStockShort' }]);
    await expectUnchanged(short.id, short);

    // A pane larger than the sheet after trim.
    const big = await api.ok(
      'POST',
      '/api/cutting/jobs',
      job2d(10, [{ ref: 'XL', width: 3200, height: 2240, quantity: 1, rotate: true }]),
    );
    const r2 = await api.call('POST', `/api/cutting/jobs/${big.id}/optimise`);
    expect(r2.status).toBe(400);
    expect(r2.body.error.details).toEqual([
      {
        field: 'pieces',
        key: 'validation.cuttingPieceTooLarge',
        params: { piece: 'XL', size: '3200 × 2240' },
      },
    ]);
    await expectUnchanged(big.id, big);

    // Too few bars: five 3000 mm pieces on one counted 6500 mm bar (two fit on it). This answered
    // `validation.cuttingPlanInvalid` with the validator's English text ("piece P placed 0 times").
    const shortBars = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Profili RN-8',
      kind: '1d',
      kerf: KERF,
      trim: { left: TRIM, right: TRIM, top: 0, bottom: 0 },
      min_remnant_length: 500,
      min_remnant_width: 0,
      time_limit_ms: 300,
      pieces: [{ ref: 'P', length: 3000, quantity: 5 }],
      stock: [
        {
          ref: 'PVC-70',
          item_id: barStock.item_id,
          location_id: barStock.location_id,
          length: 6500,
          quantity: 1,
        },
      ],
    });
    const r0 = await api.call('POST', `/api/cutting/jobs/${shortBars.id}/optimise`);
    expect(r0.status).toBe(400);
    expect(r0.body.error.details).toEqual([{ field: 'stock', key: 'validation.cuttingStockShort' }]);
    await expectUnchanged(shortBars.id, shortBars);

    // A bar piece longer than the bar after its trims names the piece, in bar words.
    const longPiece = await api.ok('POST', '/api/cutting/jobs', {
      name: 'Profili RN-9',
      kind: '1d',
      kerf: KERF,
      trim: { left: TRIM, right: TRIM, top: 0, bottom: 0 },
      min_remnant_length: 500,
      min_remnant_width: 0,
      time_limit_ms: 300,
      pieces: [{ ref: 'L', length: 6500, quantity: 1 }],
      stock: [
        {
          ref: 'PVC-70',
          item_id: barStock.item_id,
          location_id: barStock.location_id,
          length: 6500,
          quantity: 3,
        },
      ],
    });
    const rLong = await api.call('POST', `/api/cutting/jobs/${longPiece.id}/optimise`);
    expect(rLong.status).toBe(400);
    expect(rLong.body.error.details).toEqual([
      { field: 'pieces', key: 'validation.cuttingPieceTooLong', params: { piece: 'L', size: '6500' } },
    ]);
    await expectUnchanged(longPiece.id, longPiece);

    // No stock left on the list (every line at quantity 0).
    const none = await api.ok('POST', '/api/cutting/jobs', job2d(0));
    const r3 = await api.call('POST', `/api/cutting/jobs/${none.id}/optimise`);
    expect(r3.status).toBe(400);
    expect(r3.body.error.details).toEqual([{ field: 'stock', key: 'validation.cuttingNoStock' }]);
    await expectUnchanged(none.id, none);

    const missing = await api.call('POST', '/api/cutting/jobs/00000000-0000-4000-8000-000000000000/optimise');
    expect(missing.status).toBe(404);
    // Background runs are checked before they are queued.
    const queued = await api.call('POST', `/api/cutting/jobs/${none.id}/optimise`, { background: true });
    expect(queued.status).toBe(400);
    expect(queued.body.error.details).toEqual([{ field: 'stock', key: 'validation.cuttingNoStock' }]);
  });

  it('a run past its deadline without a plan, beyond the worker cap or in a dying thread fails translated and stores nothing', async () => {
    const created = await api.ok('POST', '/api/cutting/jobs', job2d(10, panes, 100));
    // The deadline is the job's limit plus the grace: 100 - 100 = 0 ms, before the thread has started.
    const before = setOptimiserLimits({ graceMs: -100 });
    try {
      const late = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`);
      expect(late.status).toBe(400);
      expect(late.body.error.details).toEqual([
        { field: 'time_limit_ms', key: 'validation.cuttingOptimiserTimeout' },
      ]);
    } finally {
      setOptimiserLimits(before);
    }
    setOptimiserLimits({ maxWorkers: 0, maxQueued: 0 });
    try {
      const busy = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`);
      expect(busy.status).toBe(429);
      expect(busy.body.error.details).toEqual([{ field: 'plan', key: 'validation.cuttingOptimiserBusy' }]);
    } finally {
      setOptimiserLimits(before);
    }
    // A thread that dies (here: a heap too small to start in) is a server error, translated.
    setOptimiserLimits({ maxHeapMb: 1 });
    try {
      const crashed = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`);
      expect(crashed.status).toBe(500);
      expect(crashed.body.error.details).toEqual([
        { field: 'plan', key: 'validation.cuttingOptimiserFailed' },
      ]);
    } finally {
      setOptimiserLimits(before);
    }
    const now = await jobRow(created.id);
    expect(now).toMatchObject({ status: 'draft', plan: null, updated_at: created.updated_at });
    expect(optimiserLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('holds no transaction while it searches, and refuses the plan when the stock changed meanwhile', async () => {
    const created = await api.ok('POST', '/api/cutting/jobs', job2d(10, panes, 1000));
    const running = api.call('POST', `/api/cutting/jobs/${created.id}/optimise`);
    await new Promise((r) => setTimeout(r, 100));
    // Another user replaces the stock while the optimiser runs: the write is not blocked.
    const changed = await api.ok('PUT', `/api/cutting/jobs/${created.id}/stock`, {
      stock: [{ ...created.input.stock[0], quantity: 9 }],
    });
    const res = await running;
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'input', key: 'validation.cuttingChangedDuringRun' }],
    });
    const now = await jobRow(created.id);
    expect(now.plan).toBeNull();
    expect(now.input.stock[0].quantity).toBe(9);
    expect(now.updated_at).toBe(changed.updated_at);
  });

  it('runs no more workers at once than the cap; the others wait their turn', async () => {
    const before = setOptimiserLimits({ maxWorkers: 1 });
    try {
      const a = await api.ok('POST', '/api/cutting/jobs', job2d(10, panes, 300));
      const b = await api.ok('POST', '/api/cutting/jobs', job2d(10, panes, 300));
      let peakRunning = 0;
      let peakWaiting = 0;
      const watch = setInterval(() => {
        const load = optimiserLoad();
        peakRunning = Math.max(peakRunning, load.running);
        peakWaiting = Math.max(peakWaiting, load.waiting);
      }, 5);
      const [ra, rb] = await Promise.all([
        api.call('POST', `/api/cutting/jobs/${a.id}/optimise`),
        api.call('POST', `/api/cutting/jobs/${b.id}/optimise`),
      ]);
      clearInterval(watch);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      expect(peakRunning).toBe(1);
      expect(peakWaiting).toBe(1);
      check2d(ra.body.plan, a.input);
      check2d(rb.body.plan, b.input);
    } finally {
      setOptimiserLimits(before);
    }
  });

  it('passes the progress of the worker on while it searches', async () => {
    // 40 mixed panes: the plan stays above the area bound, so the search runs its whole time.
    const pieces = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      width: 300 + ((i * 137) % 900),
      height: 200 + ((i * 251) % 700),
      quantity: 1 + (i % 3),
    }));
    const seen: { elapsedMs: number; stockCount: number; lowerBound: number }[] = [];
    const result = await runOptimiser(
      {
        kind: '2d',
        kerf: KERF,
        trim: { left: TRIM, right: TRIM, top: TRIM, bottom: TRIM },
        stageLimit: 3,
        stock: [{ id: 's', width: 3210, height: 2250, quantity: null }],
        pieces,
        timeLimitMs: 1000,
        seed: 3,
      },
      { onProgress: (p) => seen.push(p) },
    );
    if (!result.optimal) expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) {
      expect(p.elapsedMs).toBeLessThanOrEqual(1000);
      expect(p.stockCount).toBeGreaterThanOrEqual(p.lowerBound);
    }
    expect(optimiserLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('a background run reports progress in the jobs table and stores the plan', async () => {
    const created = await api.ok('POST', '/api/cutting/jobs', job2d(10, panes, 500));
    const res = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`, { background: true });
    expect(res.status).toBe(202);
    const jobId = res.body.job_id as string;
    const queued = await api.ok('GET', `/api/jobs/${jobId}`);
    expect(queued).toMatchObject({ kind: 'cutting.optimise', status: 'queued' });
    expect(await runDueJobs(t.deps)).toBe(1);
    const done = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      getBackgroundJob(tx, jobId),
    );
    const stored = await jobRow(created.id);
    expect(stored.status).toBe('planned');
    check2d(stored.plan, created.input);
    expect(stored.waste_percent).toBe(stored.figures.total.wastePercent);
    expect(done).toMatchObject({
      status: 'done',
      progress: '1.0000',
      result: {
        cutting_job_id: created.id,
        stock_count: stored.plan.layouts.length,
        lower_bound: stored.plan.lowerBound,
        // the stored job's waste without the offcuts kept as stock, as the job page shows it
        waste_percent: stored.figures.total.wastePercent,
      },
    });
  });

  it('a background run of a list that cannot be planned fails for good with the reason key', async () => {
    const created = await api.ok('POST', '/api/cutting/jobs', job2d(1));
    const res = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`, { background: true });
    expect(res.status).toBe(202);
    expect(await runDueJobs(t.deps)).toBe(1);
    const failed = await api.ok('GET', `/api/jobs/${res.body.job_id}`);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'validation.cuttingStockShort',
      errorDetails: [{ field: 'stock', key: 'validation.cuttingStockShort' }],
    });
    expect((await jobRow(created.id)).plan).toBeNull();
  });

  it('a background run refused for a piece no sheet holds keeps the piece and its size with the error', async () => {
    // Only the key was stored, so the page could not say which piece ("Komad {{piece}} …").
    const created = await api.ok(
      'POST',
      '/api/cutting/jobs',
      job2d(10, [...panes, { ref: 'XL', width: 3200, height: 2240, quantity: 1, rotate: true }]),
    );
    const res = await api.call('POST', `/api/cutting/jobs/${created.id}/optimise`, { background: true });
    expect(res.status).toBe(202);
    expect(await runDueJobs(t.deps)).toBe(1);
    const failed = await api.ok('GET', `/api/jobs/${res.body.job_id}`);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'validation.cuttingPieceTooLarge',
      errorDetails: [
        {
          field: 'pieces',
          key: 'validation.cuttingPieceTooLarge',
          params: { piece: 'XL', size: '3200 × 2240' },
        },
      ],
    });
    expect((await jobRow(created.id)).plan).toBeNull();
    // A job that ends well keeps no error details.
    const fine = await api.ok('POST', '/api/cutting/jobs', job2d(10));
    const ok = await api.call('POST', `/api/cutting/jobs/${fine.id}/optimise`, { background: true });
    expect(await runDueJobs(t.deps)).toBe(1);
    expect(await api.ok('GET', `/api/jobs/${ok.body.job_id}`)).toMatchObject({
      status: 'done',
      errorDetails: null,
    });
  });
});
