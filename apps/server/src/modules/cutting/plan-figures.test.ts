import { type CutResult, cuttingJobInputSchema, planFigures } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textBoxes } from '../../pdf/pdf-inspect.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from '../inventory/test-helpers.ts';

// Issue 22: a reusable offcut (a remnant the plan keeps as stock) was counted as waste, so a
// sheet that kept a 3180 × 960 piece read 37.84 % waste. The offcut is stock: waste % leaves it
// out and its area is a figure of its own, the same on the job page (the API's `figures`), in
// the job list and on the cutting sheet PDF. Plans here are laid out by hand, numbers by hand.

let t: TestApp;
let user: SignedIn;
let client: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  client = inventoryClient(t.app, user);
});
afterAll(async () => t.close());

const sheetJob = {
  name: 'Ostaci na skladište',
  kind: '2d',
  kerf: 0,
  trim: { left: 0, right: 0, top: 0, bottom: 0 },
  min_remnant_length: 300,
  min_remnant_width: 300,
  time_limit_ms: 200,
  pieces: [
    { ref: 'A', width: 600, height: 1000, quantity: 1, rotate: false },
    { ref: 'B', width: 400, height: 400, quantity: 1, rotate: false },
    { ref: 'C', width: 1000, height: 1000, quantity: 1, rotate: false },
  ],
  stock: [{ ref: 'PLOCA', width: 1000, height: 1000, quantity: null }],
};

// Sheet 1: A fills the left 600 mm, B the top of the right 400 mm; below B a 400 × 450 offcut
// (kept: both sides ≥ 300) and a 400 × 150 strip (too narrow: waste). Sheet 2: C fills it.
const sheetPlan: CutResult = {
  kind: '2d',
  stockUsed: [{ stockId: 'PLOCA', count: 2 }],
  layouts: [
    {
      stockId: 'PLOCA',
      width: 1000,
      height: 1000,
      placements: [
        { pieceId: 'A', x: 0, y: 0, width: 600, height: 1000, rotated: false },
        { pieceId: 'B', x: 600, y: 0, width: 400, height: 400, rotated: false },
      ],
      cuts: [
        { stage: 1, x1: 600, y1: 0, x2: 600, y2: 1000 },
        { stage: 2, x1: 600, y1: 400, x2: 1000, y2: 400 },
        { stage: 3, x1: 600, y1: 850, x2: 1000, y2: 850 },
      ],
      offcuts: [
        { x: 600, y: 400, width: 400, height: 450 },
        { x: 600, y: 850, width: 400, height: 150 },
      ],
      wastePercent: 24,
    },
    {
      stockId: 'PLOCA',
      width: 1000,
      height: 1000,
      placements: [{ pieceId: 'C', x: 0, y: 0, width: 1000, height: 1000, rotated: false }],
      cuts: [],
      offcuts: [],
      wastePercent: 0,
    },
  ],
  lowerBound: 2,
  wastePercent: 12,
  timeMs: 1,
  optimal: true,
};

describe('offcuts kept as stock are not waste', () => {
  it('2D: waste % without the kept offcut, the offcut area apart, the same in the list and the PDF', async () => {
    const created = await client.ok('POST', '/api/cutting/jobs', sheetJob);
    const planned = await client.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, sheetPlan);
    // Sheet 1: 1 000 000 mm²; pieces 600 000 + 160 000; kept 400 × 450 = 180 000;
    // waste 1 000 000 − 760 000 − 180 000 = 60 000 = 6 % (the 400 × 150 strip), offcut 18 %.
    expect(planned.figures.layouts[0]).toEqual({
      total: 1_000_000,
      pieces: 760_000,
      offcuts: 180_000,
      waste: 60_000,
      wastePercent: '6.00',
      offcutPercent: '18.00',
      offcutMeasure: '0.180',
      kept: [{ index: 0, length: 450, width: 400 }],
    });
    expect(planned.figures.layouts[1]).toMatchObject({ waste: 0, offcuts: 0, wastePercent: '0.00' });
    // Both sheets: 60 000 of 2 000 000 = 3 % waste, 180 000 = 9 % offcuts (0.18 m²).
    expect(planned.figures.total).toEqual({
      total: 2_000_000,
      pieces: 1_760_000,
      offcuts: 180_000,
      waste: 60_000,
      wastePercent: '3.00',
      offcutPercent: '9.00',
      offcutMeasure: '0.180',
    });
    expect(planned.waste_percent).toBe('3.00');
    const list = await client.ok('GET', '/api/cutting/jobs');
    expect(list.items.find((j: { id: string }) => j.id === created.id).waste_percent).toBe('3.00');

    const pdf = await t.app.inject({
      url: `/api/cutting/jobs/${created.id}/export/pdf`,
      headers: { cookie: user.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await textBoxes(pdf.rawPayload))
      .map((b) => b.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Ploča 1/2 · PLOCA · otpad 6,00 % · ostatak na skladište 0,180 m² (18,00 %)');
    expect(text).toContain('otpad 3,00 %, ostaci 0,180 m²');
    expect(text).toContain('Ostatak → skladište');
    expect(text).toContain('450 × 400');
  });

  it('1D: the bar end up to the tail trim is the kept offcut; trims and saw cuts are the waste', async () => {
    const created = await client.ok('POST', '/api/cutting/jobs', {
      name: 'Šipke',
      kind: '1d',
      kerf: 4,
      trim: { left: 10, right: 10, top: 0, bottom: 0 },
      min_remnant_length: 800,
      min_remnant_width: 0,
      time_limit_ms: 200,
      pieces: [{ ref: 'S', length: 2000, quantity: 2 }],
      stock: [{ ref: 'BAR', length: 6000, quantity: null }],
    });
    const plan: CutResult = {
      kind: '1d',
      stockUsed: [{ stockId: 'BAR', count: 1 }],
      layouts: [
        {
          stockId: 'BAR',
          length: 6000,
          placements: [
            { pieceId: 'S', x: 10, length: 2000 },
            { pieceId: 'S', x: 2014, length: 2000 },
          ],
          cuts: [
            { x: 2010, width: 4 },
            { x: 4014, width: 4 },
          ],
          offcuts: [{ x: 4018, length: 1982 }],
          wastePercent: 33.33,
        },
      ],
      lowerBound: 1,
      wastePercent: 33.33,
      timeMs: 1,
      optimal: true,
      distinctPatterns: 1,
    };
    const planned = await client.ok('PUT', `/api/cutting/jobs/${created.id}/plan`, plan);
    // Kept: 6000 − 10 (tail trim) − 4018 = 1972 mm; waste 6000 − 4000 − 1972 = 28 mm (head and
    // tail trim 20, two saw cuts 8): 28 / 6000 = 0.4667 % → 0.47; 1972 / 6000 = 32.867 % → 32.87.
    expect(planned.figures.total).toEqual({
      total: 6000,
      pieces: 4000,
      offcuts: 1972,
      waste: 28,
      wastePercent: '0.47',
      offcutPercent: '32.87',
      offcutMeasure: '1.972',
    });
    expect(planned.figures.layouts[0].kept).toEqual([{ index: 0, length: 1972, width: 0 }]);
  });

  it('an offcut the plan claims over a piece or the trim is not stock', () => {
    const input = cuttingJobInputSchema.parse({
      ...sheetJob,
      trim: { left: 10, right: 0, top: 0, bottom: 0 },
    });
    const forged = structuredClone(sheetPlan);
    const first = forged.layouts[0] as (typeof forged.layouts)[number] & { offcuts: object[] };
    first.offcuts = [
      { x: 0, y: 0, width: 600, height: 1000 }, // over piece A (and the left trim)
      { x: 600, y: 400, width: 400, height: 450 },
    ];
    const f = planFigures(input, forged);
    expect(f.layouts[0]?.kept).toEqual([{ index: 1, length: 450, width: 400 }]);
    expect(f.layouts[0]?.offcuts).toBe(180_000);
  });
});
