import { describe, expect, it } from 'vitest';
import {
  applyCuttingPreset,
  cuttingDefaultsSchema,
  DEFAULT_CUTTING_DEFAULTS,
  jobSettingsFromDefaults,
} from './cutting-defaults.ts';
import {
  cuttingJobCreateSchema,
  cuttingJobInputSchema,
  jobToCutInput,
  pieceCutLength,
  planToCsv,
  planToDxf,
} from './job.ts';
import { optimize1d } from './one-d.ts';
import type { Cut1dInput } from './types.ts';
import { validatePlan1d } from './validate.ts';

const window1d = {
  name: 'Prozor 1000 × 1500',
  kind: '1d' as const,
  kerf: 4,
  trim: { left: 10, right: 10, top: 0, bottom: 0 },
  min_remnant_length: 500,
  min_remnant_width: 0,
  weld_allowance: 3,
  time_limit_ms: 200,
  pieces: [
    { ref: 'F-H', label: 'Okvir vodoravno', length: 1000, quantity: 2, angle_start: 45, angle_end: 45 },
    { ref: 'F-V', label: 'Okvir okomito', length: 1500, quantity: 2, angle_start: 45, angle_end: 45 },
    { ref: 'M', label: 'Stupić', length: 1440, quantity: 1 },
    { ref: 'K', label: 'Jedan kosi kraj', length: 700, quantity: 1, angle_start: 45, angle_end: 90 },
  ],
  stock: [{ ref: 'PVC-6500', length: 6500, quantity: null }],
};

describe('mitre cuts on bar pieces', () => {
  it('adds the weld allowance once per mitred end: the optimiser gets outer length + allowance', () => {
    expect(pieceCutLength({ length: 1000, angle_start: 45, angle_end: 45 }, 3)).toBe(1006);
    expect(pieceCutLength({ length: 1000, angle_start: 45, angle_end: 90 }, 3)).toBe(1003);
    expect(pieceCutLength({ length: 1000 }, 3)).toBe(1000);
    // No allowance (aluminium, or a list made before the setting): the outer length.
    expect(pieceCutLength({ length: 1000, angle_start: 45, angle_end: 45 }, 0)).toBe(1000);
    expect(pieceCutLength({ length: 1000, angle_start: 45, angle_end: 45 }, undefined)).toBe(1000);

    const job = cuttingJobInputSchema.parse(window1d);
    const input = jobToCutInput(job) as Cut1dInput;
    expect(input.pieces.map((p) => [p.id, p.length])).toEqual([
      ['F-H', 1006],
      ['F-V', 1506],
      ['M', 1440],
      ['K', 703],
    ]);
    const plan = optimize1d(input);
    expect(validatePlan1d(input, plan)).toEqual([]);
    // 2 × 1006 + 2 × 1506 + 1440 + 703 = 7167 mm: two bars.
    expect(plan.layouts).toHaveLength(2);
    const csv = planToCsv(job, plan).trim().split('\r\n');
    expect(csv[0]).toBe('bar;stock;piece;label;order;x_mm;length_mm;outer_length_mm;angle_start;angle_end');
    const frame = csv.filter((r) => r.split(';')[2] === 'F-H');
    expect(frame).toHaveLength(2);
    for (const r of frame) expect(r.split(';').slice(6)).toEqual(['1006', '1000', '45', '45']);
    expect(
      csv
        .find((r) => r.split(';')[2] === 'M')
        ?.split(';')
        .slice(6),
    ).toEqual(['1440', '1440', '90', '90']);
    expect(
      csv
        .find((r) => r.split(';')[2] === 'K')
        ?.split(';')
        .slice(6),
    ).toEqual(['703', '700', '45', '90']);
    // DXF labels name the cut length and the angles.
    const dxf = planToDxf(plan, job).split('\r\n');
    expect(dxf).toContain('F-H 1006 45/45');
    expect(dxf).toContain('M 1440 90/90');
  });

  it('refuses angles other than 45 and 90, and any angle on a sheet piece', () => {
    const bad = cuttingJobInputSchema.safeParse({
      ...window1d,
      pieces: [{ ref: 'X', length: 1000, quantity: 1, angle_start: 30 }],
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual([
      'pieces.0.angle_start:validation.cutAngleInvalid',
    ]);
    const sheet = cuttingJobInputSchema.safeParse({
      ...window1d,
      kind: '2d',
      pieces: [{ ref: 'S', width: 500, height: 400, quantity: 1, angle_end: 45 }],
      stock: [{ ref: 'P', width: 2800, height: 2070, quantity: null }],
    });
    expect(sheet.success ? [] : sheet.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual([
      'pieces.0.angle_end:validation.cutAngleInvalid',
    ]);
  });
});

describe('company cutting defaults', () => {
  it('starts with the values lists had before (2D 4/10/300 × 300, 1D 4/10/500)', () => {
    expect(jobSettingsFromDefaults(DEFAULT_CUTTING_DEFAULTS, '2d')).toEqual({
      kerf: 4,
      trim: { left: 10, right: 10, top: 10, bottom: 10 },
      min_remnant_length: 300,
      min_remnant_width: 300,
      weld_allowance: 0,
    });
    expect(jobSettingsFromDefaults(DEFAULT_CUTTING_DEFAULTS, '1d')).toEqual({
      kerf: 4,
      trim: { left: 10, right: 10, top: 0, bottom: 0 },
      min_remnant_length: 500,
      min_remnant_width: 0,
      weld_allowance: 0,
    });
  });

  it('presets change only their own kind: glass then PVC gives kerf 0 sheets and welded 6500 bars', () => {
    const both = applyCuttingPreset(applyCuttingPreset(DEFAULT_CUTTING_DEFAULTS, 'glass'), 'pvc');
    expect(both).toEqual({
      kerf_2d: 0,
      trim_2d: 15,
      min_remnant_length_2d: 300,
      min_remnant_width_2d: 300,
      kerf_1d: 4,
      trim_head_1d: 10,
      trim_tail_1d: 10,
      min_remnant_length_1d: 500,
      bar_length_1d: 6500,
      weld_allowance_1d: 3,
    });
    const alu = applyCuttingPreset(both, 'alu');
    expect([alu.kerf_2d, alu.bar_length_1d, alu.weld_allowance_1d]).toEqual([0, 6000, 0]);
    expect(applyCuttingPreset(DEFAULT_CUTTING_DEFAULTS, 'panel').kerf_2d).toBe(4);
    expect(cuttingDefaultsSchema.safeParse(both).success).toBe(true);
  });

  it('validates with translation keys: whole mm, ranges, trims that leave nothing of the bar', () => {
    const issues = (patch: object) => {
      const r = cuttingDefaultsSchema.safeParse({ ...DEFAULT_CUTTING_DEFAULTS, ...patch });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(issues({ kerf_2d: 3.2 })).toEqual(['kerf_2d:validation.numberInvalid']);
    expect(issues({ kerf_1d: -1 })).toEqual(['kerf_1d:validation.outOfRange']);
    expect(issues({ weld_allowance_1d: 51 })).toEqual(['weld_allowance_1d:validation.outOfRange']);
    expect(issues({ bar_length_1d: 0 })).toEqual(['bar_length_1d:validation.positive']);
    expect(issues({ trim_2d: null })).toEqual(['trim_2d:validation.numberInvalid']);
    expect(issues({ trim_head_1d: 500, trim_tail_1d: 500, bar_length_1d: 1000 })).toEqual([
      'trim_tail_1d:validation.trimExceedsBar',
    ]);
    expect(issues({ extra: 1 }).length).toBe(1);
  });

  it('a new list may leave its settings out (they come from the company); the full schema still needs them', () => {
    const {
      kerf: _k,
      trim: _t,
      min_remnant_length: _l,
      min_remnant_width: _w,
      weld_allowance: _a,
      ...bare
    } = window1d;
    expect(cuttingJobCreateSchema.safeParse(bare).success).toBe(true);
    expect(cuttingJobInputSchema.safeParse(bare).success).toBe(false);
  });
});
