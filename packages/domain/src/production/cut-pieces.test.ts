import { describe, expect, it } from 'vitest';
import { fixtureBoms } from './bom.fixtures.ts';
import { BomLineError } from './bom.ts';
import { bomCutPieces, type CutMaterialKind } from './cut-pieces.ts';

// Hand-computed: an insulating unit with two panes `W-12` × `H-12` and a window with four frame
// bars (2 × `W - 2*30`, 2 × `H - 2*30`) that contains the unit at `W - 2*48` × `H - 2*48`.
const line = (componentId: string, extra: Record<string, string | null>) => ({
  componentId,
  quantity: null,
  formula: null,
  unit: 'kom',
  scrapPct: '5',
  ...extra,
});
const IGU = {
  productId: 'IGU',
  variables: [{ name: 'r', value: '6' }],
  lines: [
    // two panes as area (m²): the piece count comes from cutCount
    line('FLOAT4', {
      formula: '2*W*H/1e6',
      unit: 'm2',
      cutCount: '2',
      cutWidth: 'W-2*r',
      cutHeight: 'H - 12',
    }),
    line('SPACER', { formula: '2*(W+H)/1000', unit: 'm' }),
  ],
};
const WINDOW = {
  productId: 'WIN',
  variables: [],
  lines: [
    line('PROFILE', { quantity: '2', cutLength: 'W - 2*30' }),
    line('PROFILE', { quantity: '2', cutLength: 'H - 2*30' }),
    line('IGU', { quantity: '1', childWidth: 'W - 2*48', childHeight: 'H - 2*48' }),
    // a bar line without a cut length is consumption only
    line('GASKET', { formula: '2*(W+H)/1000', unit: 'm' }),
    // a sheet without formulas: one piece W × H (the quantity 0.5 m² is not a count)
    line('BOARD', { formula: 'W*H/2e6', unit: 'm2' }),
  ],
};
const kinds: Record<string, CutMaterialKind> = { FLOAT4: '2d', BOARD: '2d', PROFILE: '1d', GASKET: '1d' };
const materialOf = (id: string) => kinds[id];
const sizes = (ps: ReturnType<typeof bomCutPieces>) =>
  ps.map((p) => ({
    m: p.materialId,
    path: p.path.join('.'),
    n: p.perUnit.toString(),
    l: p.length?.toString(),
    w: p.width?.toString(),
    h: p.height?.toString(),
  }));

describe('bomCutPieces', () => {
  it('an insulating unit 1200 × 800: two panes of 1188 × 788', () => {
    const got = bomCutPieces({
      productId: 'IGU',
      values: { W: 1200, H: 800 },
      bomOf: fixtureBoms(IGU),
      materialOf,
    });
    expect(sizes(got)).toEqual([{ m: 'FLOAT4', path: '1', n: '2', l: undefined, w: '1188', h: '788' }]);
  });

  it('a window 1000 × 1500: frame bars 940 and 1440, the unit 904 × 1404 gives panes 892 × 1392', () => {
    const got = bomCutPieces({
      productId: 'WIN',
      values: { W: 1000, H: 1500 },
      bomOf: fixtureBoms(WINDOW, IGU),
      materialOf,
    });
    expect(sizes(got)).toEqual([
      { m: 'PROFILE', path: '1', n: '2', l: '940', w: undefined, h: undefined },
      { m: 'PROFILE', path: '2', n: '2', l: '1440', w: undefined, h: undefined },
      { m: 'FLOAT4', path: '3.1', n: '2', l: undefined, w: '892', h: '1392' },
      { m: 'BOARD', path: '5', n: '1', l: undefined, w: '1000', h: '1500' },
    ]);
    expect(got[2]?.products).toEqual(['WIN', 'IGU']);
    // Bar lines without angles are square at both ends; sheets have none.
    expect(got.map((p) => [p.angleStart, p.angleEnd])).toEqual([
      [90, 90],
      [90, 90],
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('a PVC frame: mitred bar lines give 45° pieces at their outer length', () => {
    const frame = {
      productId: 'FRAME',
      variables: [],
      lines: [
        { ...line('PROFILE', { quantity: '2', cutLength: 'W' }), cutAngleStart: 45, cutAngleEnd: 45 },
        { ...line('PROFILE', { quantity: '1', cutLength: 'H - 2*70' }), cutAngleStart: 90, cutAngleEnd: 90 },
      ],
    };
    const got = bomCutPieces({
      productId: 'FRAME',
      values: { W: 1000, H: 1500 },
      bomOf: fixtureBoms(frame),
      materialOf,
    });
    expect(got.map((p) => [p.length?.toString(), p.perUnit.toString(), p.angleStart, p.angleEnd])).toEqual([
      ['1000', '2', 45, 45],
      ['1360', '1', 90, 90],
    ]);
  });

  it('refuses a fractional piece count and a size that is not positive, naming the line', () => {
    const bad = (extra: Record<string, string>) => {
      try {
        bomCutPieces({
          productId: 'P',
          values: { W: 100, H: 100 },
          bomOf: fixtureBoms({
            productId: 'P',
            variables: [],
            lines: [line('FLOAT4', { quantity: '1', ...extra })],
          }),
          materialOf,
        });
      } catch (error) {
        return error instanceof BomLineError ? [error.productId, error.lineIndex, error.issue.key] : error;
      }
      return 'no error';
    };
    expect(bad({ cutCount: 'W/3' })).toEqual(['P', 0, 'validation.cutCountNotWhole']);
    expect(bad({ cutWidth: 'W - 100' })).toEqual(['P', 0, 'validation.cutSizeInvalid']);
    expect(bad({ cutHeight: 'H/(W-100)' })).toEqual(['P', 0, 'validation.formulaDivisionByZero']);
  });
});
