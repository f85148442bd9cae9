import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { describeIssues, parseCutInput } from './schema.ts';
import type { Cut1dInput, Cut2dInput, CutResult1d, CutResult2d, Placement2d } from './types.ts';
import { validatePlan1d, validatePlan2d } from './validate.ts';

const input2d = (pieces: Cut2dInput['pieces'], extra: Partial<Cut2dInput> = {}): Cut2dInput => ({
  kind: '2d',
  kerf: 0,
  trim: { left: 0, right: 0, top: 0, bottom: 0 },
  stock: [{ id: 's', width: 100, height: 100, quantity: null }],
  pieces,
  timeLimitMs: 10,
  seed: 1,
  ...extra,
});

const plan2d = (placements: Placement2d[]): CutResult2d => ({
  kind: '2d',
  stockUsed: [{ stockId: 's', count: 1 }],
  layouts: [{ stockId: 's', width: 100, height: 100, placements, cuts: [], offcuts: [], wastePercent: 0 }],
  lowerBound: 1,
  wastePercent: 0,
  timeMs: 0,
  optimal: true,
});

const at = (
  pieceId: string,
  x: number,
  y: number,
  width: number,
  height: number,
  rotated = false,
): Placement2d => ({
  pieceId,
  x,
  y,
  width,
  height,
  rotated,
});

describe('2D plan validator', () => {
  it('accepts a two-stage layout (cut into columns, then stacked pieces)', () => {
    const input = input2d([
      { id: 'a', width: 50, height: 40, quantity: 1 },
      { id: 'b', width: 50, height: 20, quantity: 2 },
    ]);
    const plan = plan2d([at('a', 0, 0, 50, 40), at('b', 50, 0, 50, 20), at('b', 50, 20, 50, 20)]);
    expect(validatePlan2d({ ...input, stageLimit: 2 }, plan)).toEqual([]);
  });

  it('rejects a pinwheel that no straight cut can separate', () => {
    const input = input2d([
      { id: 'h', width: 60, height: 40, quantity: 2 },
      { id: 'v', width: 40, height: 60, quantity: 2 },
      { id: 'c', width: 20, height: 20, quantity: 1 },
    ]);
    const plan = plan2d([
      at('h', 0, 0, 60, 40),
      at('v', 60, 0, 40, 60),
      at('h', 40, 60, 60, 40),
      at('v', 0, 40, 40, 60),
      at('c', 40, 40, 20, 20),
    ]);
    expect(validatePlan2d(input, plan).join()).toMatch(/not guillotine/);
  });

  it('counts stages: a stack beside a piece needs two stages', () => {
    const input = input2d([{ id: 'a', width: 30, height: 30, quantity: 3 }]);
    // Column of two stacked squares next to a third one: strips, columns, then a third cut.
    const plan = plan2d([at('a', 0, 0, 30, 30), at('a', 0, 30, 30, 30), at('a', 30, 0, 30, 30)]);
    expect(validatePlan2d({ ...input, stageLimit: 3 }, plan)).toEqual([]);
    expect(validatePlan2d({ ...input, stageLimit: 1 }, plan).join()).toMatch(/needs 2 stages/);
  });

  it('counts the stages from the required first-cut direction', () => {
    const input = input2d(
      [
        { id: 'p', width: 50, height: 30, quantity: 3 },
        { id: 'q', width: 50, height: 45, quantity: 2 },
      ],
      { stageLimit: 2 },
    );
    // Two vertical strips (x = 50) with different stacks: no horizontal line crosses the sheet.
    const plan = plan2d([
      at('p', 0, 0, 50, 30),
      at('p', 0, 30, 50, 30),
      at('p', 0, 60, 50, 30),
      at('q', 50, 0, 50, 45),
      at('q', 50, 45, 50, 45),
    ]);
    expect(validatePlan2d(input, plan)).toEqual([]);
    expect(validatePlan2d({ ...input, firstCut: 'vertical' }, plan)).toEqual([]);
    expect(validatePlan2d({ ...input, firstCut: 'horizontal' }, plan).join()).toMatch(/needs 3 stages/);
  });

  it('rejects overlaps, missing pieces, kerf violations and rotated grain-locked pieces', () => {
    const input = input2d([
      { id: 'a', width: 40, height: 30, quantity: 2, rotate: false },
      { id: 'b', width: 10, height: 10, quantity: 1 },
    ]);
    expect(validatePlan2d(input, plan2d([at('a', 0, 0, 40, 30), at('a', 20, 10, 40, 30)])).join()).toMatch(
      /overlap[\s\S]*piece b placed 0 times/,
    );
    expect(
      validatePlan2d(
        { ...input, kerf: 3 },
        plan2d([at('a', 0, 0, 40, 30), at('a', 41, 0, 40, 30), at('b', 0, 40, 10, 10)]),
      ).join(),
    ).toMatch(/not guillotine/);
    expect(
      validatePlan2d(
        input,
        plan2d([at('a', 0, 0, 30, 40, true), at('a', 40, 0, 40, 30), at('b', 0, 50, 10, 10)]),
      ).join(),
    ).toMatch(/grain-locked piece a was rotated/);
    expect(
      validatePlan2d(
        { ...input, trim: { left: 5, right: 0, top: 0, bottom: 0 } },
        plan2d([at('a', 0, 0, 40, 30), at('a', 40, 0, 40, 30), at('b', 0, 40, 10, 10)]),
      ).join(),
    ).toMatch(/outside the trimmed sheet/);
  });

  it('rejects using more sheets than the stock holds', () => {
    const input = input2d([{ id: 'a', width: 10, height: 10, quantity: 1 }], {
      stock: [{ id: 's', width: 100, height: 100, quantity: 0 }],
    });
    expect(validatePlan2d(input, plan2d([at('a', 0, 0, 10, 10)])).join()).toMatch(/only 0 available/);
  });
});

const input1d: Cut1dInput = {
  kind: '1d',
  kerf: 4,
  trim: { head: 10, tail: 0 },
  stock: [{ id: 'bar', length: 1000, quantity: 1 }],
  pieces: [{ id: 'a', length: 400, quantity: 2 }],
  timeLimitMs: 10,
  seed: 1,
};
/** One bar of 1000 with pieces "a" of 400 at `xs` and the given offcuts (x, length). */
const plan1d = (xs: number[], offcuts: [number, number][] = []): CutResult1d => ({
  kind: '1d',
  stockUsed: [{ stockId: 'bar', count: 1 }],
  layouts: [
    {
      stockId: 'bar',
      length: 1000,
      placements: xs.map((x) => ({ pieceId: 'a', x, length: 400 })),
      cuts: [],
      offcuts: offcuts.map(([x, length]) => ({ x, length })),
      wastePercent: 0,
    },
  ],
  lowerBound: 1,
  wastePercent: 0,
  timeMs: 0,
  optimal: true,
  distinctPatterns: 1,
});

describe('1D plan validator', () => {
  const input = input1d;
  const plan = (xs: number[]) => plan1d(xs);
  it('accepts pieces separated by the kerf after the head trim', () => {
    expect(validatePlan1d(input, plan([10, 414]))).toEqual([]);
  });
  it('rejects a missing kerf, the head trim and a missing piece', () => {
    expect(validatePlan1d(input, plan([10, 412])).join()).toMatch(/kerf/);
    expect(validatePlan1d(input, plan([0, 414])).join()).toMatch(/outside usable bar/);
    expect(validatePlan1d(input, plan([10])).join()).toMatch(/placed 1 times, expected 2/);
  });
});

describe('offcuts in a plan', () => {
  // One piece of 400 at 10..410 on a bar of 1000 with 10 mm trims at both ends.
  const oneOnBar: Cut1dInput = {
    ...input1d,
    trim: { head: 10, tail: 10 },
    pieces: [{ id: 'a', length: 400, quantity: 1 }],
  };
  const bar = (offcuts: [number, number][]) => plan1d([10], offcuts);

  it('1D: accepts an offcut from the kerf to the bar end, and one touching the piece', () => {
    expect(validatePlan1d(oneOnBar, bar([[414, 586]]))).toEqual([]);
    expect(
      validatePlan1d(
        oneOnBar,
        bar([
          [410, 300],
          [710, 290],
        ]),
      ),
    ).toEqual([]);
  });
  it('1D: refuses an offcut over a piece, offcuts over each other, and one past the bar', () => {
    expect(validatePlan1d(oneOnBar, bar([[300, 700]]))).toEqual(['layout 0: offcut 0 overlaps piece 0']);
    expect(
      validatePlan1d(
        oneOnBar,
        bar([
          [414, 300],
          [700, 300],
        ]),
      ),
    ).toEqual(['layout 0: offcuts 0 and 1 overlap']);
    expect(validatePlan1d(oneOnBar, bar([[414, 600]]))).toEqual([
      'layout 0: offcut 0 lies outside the stock',
    ]);
    expect(validatePlan1d(oneOnBar, bar([[500, 0]]))).toEqual(['layout 0: offcut 0 has no size']);
  });

  /** A 60 × 40 piece in the corner of the 100 × 100 sheet; offcuts as given (x, y, w, h). */
  const sheet = (offcuts: [number, number, number, number][]): CutResult2d => {
    const plan = plan2d([at('p', 0, 0, 60, 40)]);
    const layout = plan.layouts[0] as CutResult2d['layouts'][number];
    layout.offcuts = offcuts.map(([x, y, width, height]) => ({ x, y, width, height }));
    return plan;
  };
  const input = input2d([{ id: 'p', width: 60, height: 40, quantity: 1 }]);

  it('2D: accepts the strip beside the piece and the one above it', () => {
    expect(
      validatePlan2d(
        input,
        sheet([
          [60, 0, 40, 40],
          [0, 40, 100, 60],
        ]),
      ),
    ).toEqual([]);
  });
  it('2D: refuses an offcut over the piece, offcuts over each other, and one off the sheet', () => {
    expect(validatePlan2d(input, sheet([[50, 30, 50, 70]]))).toEqual(['sheet 0: offcut 0 overlaps piece 0']);
    expect(
      validatePlan2d(
        input,
        sheet([
          [60, 0, 40, 60],
          [0, 40, 100, 60],
        ]),
      ),
    ).toEqual(['sheet 0: offcuts 0 and 1 overlap']);
    expect(validatePlan2d(input, sheet([[0, 40, 100, 70]]))).toEqual([
      'sheet 0: offcut 0 lies outside the stock',
    ]);
  });
});

describe('input schema', () => {
  const messages = (raw: unknown): string[] => {
    try {
      parseCutInput(raw);
      return [];
    } catch (e) {
      return describeIssues(e as ZodError);
    }
  };
  it('names the field of a negative size and of a missing field', () => {
    expect(
      messages({
        kind: '1d',
        stock: [{ id: 'b', length: 6000, quantity: null }],
        pieces: [{ id: 'p', length: -5, quantity: 1 }],
      }),
    ).toEqual(['pieces.0.length: must be greater than 0']);
    expect(
      messages({
        kind: '1d',
        stock: [{ id: 'b', quantity: null }],
        pieces: [{ id: 'p', length: 5, quantity: 1 }],
      }),
    ).toEqual(['stock.0.length: must be a number']);
  });
  it('names a piece larger than every stock after trim', () => {
    expect(
      messages({
        kind: '2d',
        trim: { left: 10, right: 10 },
        stock: [{ id: 's', width: 100, height: 50, quantity: null }],
        pieces: [{ id: 'p', width: 85, height: 40, quantity: 1 }],
      }),
    ).toEqual(['pieces.0.width: piece p (85x40) is larger than every stock sheet after trim']);
  });
  it('fills defaults', () => {
    const input = parseCutInput({
      kind: '2d',
      stock: [{ id: 1, width: 10, height: 10, quantity: 2 }],
      pieces: [{ id: 'p', width: 5, height: 5, quantity: 1 }],
    });
    expect(input).toMatchObject({
      kerf: 0,
      timeLimitMs: 1000,
      seed: 1,
      trim: { left: 0, top: 0 },
      stock: [{ id: '1' }],
    });
  });
});
