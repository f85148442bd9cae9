import { describe, expect, it } from 'vitest';
import { cuttingJobInputSchema, jobToCutInput, planToCsv, planToDxf, remnantsOf } from './job.ts';
import { optimize1d } from './one-d.ts';
import { optimize2d } from './two-d.ts';
import type { Cut1dInput, Cut2dInput } from './types.ts';
import { validatePlan1d, validatePlan2d } from './validate.ts';

const base = {
  name: 'Prozori 12',
  kerf: 4,
  trim: { left: 10, right: 10, top: 0, bottom: 0 },
  min_remnant_length: 500,
  min_remnant_width: 0,
  time_limit_ms: 200,
};

describe('cutting jobs', () => {
  it('names missing sizes and duplicate refs with i18n keys', () => {
    const r = cuttingJobInputSchema.safeParse({
      ...base,
      kind: '2d',
      pieces: [
        { ref: 'A', width: 100, quantity: 1 },
        { ref: 'A', width: 100, height: 50, quantity: 1 },
      ],
      stock: [{ ref: 'S', width: 1000, height: 500, quantity: null }],
    });
    expect(r.success).toBe(false);
    const issues = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues).toContain('pieces.0.height:validation.required');
    expect(issues).toContain('pieces.1.ref:validation.duplicate');
  });

  it('1D: plan, CSV rows per piece, remnant above the minimum without the tail trim', () => {
    const job = cuttingJobInputSchema.parse({
      ...base,
      kind: '1d',
      pieces: [{ ref: 'okvir', label: 'Okvir', order_ref: 'RN-7', length: 1500, quantity: 3 }],
      stock: [{ ref: 'bar6', length: 6000, quantity: null }],
    });
    const input = jobToCutInput(job) as Cut1dInput;
    const plan = optimize1d(input);
    expect(validatePlan1d(input, plan)).toEqual([]);
    // 10 head + 3 x (1500 + 4) = 4522; 6000 - 4522 - 10 tail = 1468 usable offcut.
    expect(remnantsOf(job, plan)).toEqual([{ layout: 0, stockRef: 'bar6', length: 1468, width: 0 }]);
    const csv = planToCsv(job, plan).trim().split('\r\n');
    expect(csv[0]).toBe('bar;stock;piece;label;order;x_mm;length_mm;outer_length_mm;angle_start;angle_end');
    expect(csv.slice(1)).toEqual([
      '1;bar6;okvir;Okvir;RN-7;10;1500;1500;90;90',
      '1;bar6;okvir;Okvir;RN-7;1514;1500;1500;90;90',
      '1;bar6;okvir;Okvir;RN-7;3018;1500;1500;90;90',
    ]);
  });

  it('2D: DXF has the four layers and one outline per piece', () => {
    const job = cuttingJobInputSchema.parse({
      ...base,
      kind: '2d',
      kerf: 0,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      pieces: [{ ref: 'P', width: 500, height: 300, quantity: 4 }],
      stock: [{ ref: 'S', width: 1000, height: 600, quantity: null }],
    });
    const input = jobToCutInput(job) as Cut2dInput;
    const plan = optimize2d(input);
    expect(validatePlan2d(input, plan)).toEqual([]);
    const dxf = planToDxf(plan).split('\r\n');
    for (const layer of ['SHEET', 'PARTS', 'CUTS', 'LABELS']) expect(dxf).toContain(layer);
    // Entities: layer name follows group code 8; 4 lines per rectangle.
    const onLayer = (name: string) => dxf.filter((v, i) => v === name && dxf[i - 1] === '8').length;
    expect(onLayer('PARTS')).toBe(16);
    expect(onLayer('SHEET')).toBe(4);
    expect(onLayer('LABELS')).toBe(4);
    expect(dxf.at(-2)).toBe('EOF');
  });

  it('CSV neutralises formula-like labels', () => {
    const job = cuttingJobInputSchema.parse({
      ...base,
      kind: '1d',
      pieces: [{ ref: 'x', label: '=HYPERLINK("a")', length: 100, quantity: 1 }],
      stock: [{ ref: 'b', length: 1000, quantity: 1 }],
    });
    const plan = optimize1d(jobToCutInput(job) as Cut1dInput);
    expect(planToCsv(job, plan)).toContain(`"'=HYPERLINK(""a"")"`);
  });
});
