import { cuttingJobInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import type { JobDetail, StockRow } from './cutting-api.ts';
import {
  preselectedStock,
  type StockPickerValues,
  stockForMaterial,
  stockLines,
  stockPickerBody,
  stockPiecesText,
} from './stock-picker.tsx';

const row = (sku: string, item_id: string, material_id: string | null, location_id = 'L1'): StockRow => ({
  item_id,
  sku,
  name: sku,
  location_id,
  location_code: location_id,
  lot_id: null,
  lot_number: null,
  length: 3210,
  width: 2250,
  quantity: 4,
  pieces_on_hand: 4,
  unit: 'm2',
  on_hand: '28.89',
  reserved: '0',
  remnant: material_id !== null,
  material_id,
});

/** Two glass types at two locations, each with a remnant. */
const ROWS = [
  row('FLOAT4-R1200x800', 'rem-1', 'float'),
  row('FLOAT4', 'float', null),
  row('FLOAT4', 'float', null, 'L2'),
  row('FLOAT6', 'float6', null),
  row('FLOAT6-R900x600', 'rem-6', 'float6'),
];

describe('stock picker preselection (a list made from a work order)', () => {
  const rows = ROWS;

  it("ticks the material's sheets in every location and its remnants, nothing else", () => {
    const choice = preselectedStock('float', rows);
    expect([...choice.picked].sort()).toEqual(['float/L1/', 'float/L2/', 'rem-1/L1/']);
    expect(stockLines('2d', rows, choice).map((s) => s.ref)).toEqual([
      'FLOAT4-R1200x800@L1',
      'FLOAT4@L1',
      'FLOAT4@L2',
    ]);
  });

  it('ticks nothing without a material (ad-hoc list, or the lines own W × H)', () => {
    expect(preselectedStock(null, rows).picked.size).toBe(0);
    expect(preselectedStock(undefined, rows).picked.size).toBe(0);
  });
});

describe('stock picker offers only the glass being cut (issue 22)', () => {
  const rows = [...ROWS, row('LAM44', 'lam44', null)];

  it("lists the material's sheets in every location and its remnants, no other glass type", () => {
    const offered = stockForMaterial('float', rows);
    expect(offered.map((s) => `${s.sku}@${s.location_id}`)).toEqual([
      'FLOAT4-R1200x800@L1',
      'FLOAT4@L1',
      'FLOAT4@L2',
    ]);
    expect(offered.every((s) => s.item_id === 'float' || s.material_id === 'float')).toBe(true);
  });

  it('lists every row for a list without a material', () => {
    expect(stockForMaterial(null, rows)).toHaveLength(rows.length);
  });
});

describe('stock picker rows show pieces and the measure', () => {
  // A stand-in for i18next's t: the key and its values, so the test sees what is passed.
  const t = ((key: string, v: Record<string, unknown>) =>
    `${key}|${v.n}|${v.of}|${v.measure}|${v.unit}`) as unknown as Parameters<typeof stockPiecesText>[0];

  it('names the whole pieces, and the free ones when some are reserved', () => {
    const r = row('FLOAT4', 'float', null);
    // 4 sheets of 3210 × 2250 = 28.89 m², shown in Croatian with a decimal comma and m²
    expect(stockPiecesText(t, 'hr', r)).toBe('form.stockPieces|4|4|28,89|m²');
    expect(stockPiecesText(t, 'hr', { ...r, quantity: 2, reserved: '14.445' })).toBe(
      'form.stockPiecesReserved|2|4|28,89|m²',
    );
  });
});

describe('stock picker form: the values checked as the server checks the new stock', () => {
  const FLOAT = '11111111-1111-4111-8111-111111111111';
  const LOC = '22222222-2222-4222-8222-222222222222';
  // A draft list from a work order: two panes, no stock yet.
  const job = {
    kind: '2d',
    input: {
      name: 'RN-1 FLOAT4',
      kind: '2d',
      kerf: 0,
      trim: { left: 0, right: 0, top: 0, bottom: 0 },
      min_remnant_length: 0,
      min_remnant_width: 0,
      weld_allowance: 0,
      time_limit_ms: 3000,
      source_type: 'work_order',
      source_id: null,
      material_id: FLOAT,
      pieces: [{ ref: 'P1', width: 1000, height: 800, quantity: 2, rotate: true }],
      stock: [],
    },
  } as unknown as JobDetail;
  const rows = [{ ...row('FLOAT4', FLOAT, null, LOC), location_code: 'SK1' }];
  const schema = formSchema((v: StockPickerValues) => stockPickerBody(job, rows, v), cuttingJobInputSchema);
  const manual = (patch: Partial<StockPickerValues['manual']>) => ({
    picked: [],
    manual: { ref: '', a: '', b: '', quantity: '', ...patch },
  });

  it('nothing ticked and nothing typed is refused on the stock list', async () => {
    expect(await validateForm(schema, manual({}))).toEqual([
      { path: 'stock', message: 'validation.required' },
    ]);
  });

  it('a typed size that is not a whole number, or a missing height, is refused at its field', async () => {
    expect(await validateForm(schema, manual({ ref: 'F', a: 'abc', b: '' }))).toEqual([
      { path: 'stock.0.width', message: 'validation.numberInvalid' },
      { path: 'stock.0.height', message: 'validation.numberInvalid' },
    ]);
  });

  it('a ticked row and a typed size make the body the server stores', async () => {
    const values = {
      picked: [`${FLOAT}/${LOC}/`],
      manual: manual({ ref: ' F2 ', a: '3 210', b: '2000' }).manual,
    };
    expect(await validateForm(schema, values)).toEqual([]);
    const parsed = schema.parse(values);
    expect(parsed.stock).toEqual([
      {
        ref: 'FLOAT4@SK1',
        label: 'FLOAT4',
        item_id: FLOAT,
        lot_id: null,
        location_id: LOC,
        width: 3210,
        height: 2250,
        quantity: 4,
        remnant: false,
      },
      { ref: 'F2', width: 3210, height: 2000, quantity: null, remnant: false },
    ]);
    expect(parsed.pieces).toEqual(job.input.pieces);
  });
});
