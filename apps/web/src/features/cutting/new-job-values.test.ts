import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import type { StockRow } from './cutting-api.ts';
import { EMPTY_JOB, type NewJobValues, newJobBody, newJobSchema, newPiece } from './new-job-values.ts';

const ITEM = '11111111-1111-4111-8111-111111111111';
const LOC = '22222222-2222-4222-8222-222222222222';
const ROWS = [
  {
    item_id: ITEM,
    sku: 'ALU-6M',
    name: 'Alu profil',
    location_id: LOC,
    location_code: 'SK1',
    lot_id: null,
    lot_number: null,
    length: 6000,
    width: null,
    quantity: 5,
    pieces_on_hand: 5,
    unit: 'm',
    on_hand: '30',
    reserved: '0',
    remnant: false,
    material_id: null,
  },
] as StockRow[];

const job = (patch: Partial<NewJobValues>): NewJobValues => ({ ...EMPTY_JOB, ...patch });

describe('new cutting list: typed values → request body', () => {
  it('a 2D list trims every edge alike and has no weld allowance; sizes read with spaces', () => {
    const body = newJobBody(
      job({
        name: ' Stakla ',
        kerf: '3',
        trim: '12',
        weld: '5',
        pieces: [{ ...newPiece(1), a: '1 000', b: '800', quantity: '2', label: ' ' }],
        manual: { ref: 'F', a: '3210', b: '2250', quantity: '' },
      }),
      [],
    );
    expect(body).toMatchObject({
      name: 'Stakla',
      kind: '2d',
      kerf: 3,
      trim: { left: 12, right: 12, top: 12, bottom: 12 },
      min_remnant_width: 300,
      weld_allowance: 0,
      time_limit_ms: 3000,
      pieces: [{ ref: 'P1', width: 1000, height: 800, quantity: 2, rotate: true }],
      stock: [{ ref: 'F', width: 3210, height: 2250, quantity: null, remnant: false }],
    });
    expect(body.pieces[0]).not.toHaveProperty('label');
  });

  it('a 1D list has head and tail trim, saw angles, the weld allowance and ticked bars', () => {
    const body = newJobBody(
      job({
        kind: '1d',
        trim: '10',
        trimTail: '20',
        weld: '3',
        seconds: '1,5',
        pieces: [{ ...newPiece(1), a: '1200', angles: '45/90' }],
        picked: [`${ITEM}/${LOC}/`],
      }),
      ROWS,
    );
    expect(body.trim).toEqual({ left: 10, right: 20, top: 0, bottom: 0 });
    expect(body.weld_allowance).toBe(3);
    expect(body.min_remnant_width).toBe(0);
    expect(body.time_limit_ms).toBe(1500);
    expect(body.pieces).toEqual([
      { ref: 'P1', length: 1200, angle_start: 45, angle_end: 90, quantity: 1, rotate: true },
    ]);
    expect(body.stock).toEqual([
      expect.objectContaining({ ref: 'ALU-6M@SK1', item_id: ITEM, length: 6000, quantity: 5 }),
    ]);
  });

  it('the form refuses what the create route refuses, at the same paths', async () => {
    const schema = newJobSchema(() => ROWS);
    expect(await validateForm(schema, job({}))).toEqual([
      { path: 'name', message: 'validation.required' },
      { path: 'pieces.0.width', message: 'validation.numberInvalid' },
      { path: 'pieces.0.height', message: 'validation.numberInvalid' },
      { path: 'stock', message: 'validation.required' },
    ]);
    const ok = job({
      kind: '1d',
      name: 'Profili',
      pieces: [{ ...newPiece(1), a: '1200' }],
      picked: [`${ITEM}/${LOC}/`],
    });
    expect(await validateForm(schema, ok)).toEqual([]);
    // The rows are read when the form is checked: without them the ticked bar is no stock.
    expect(
      await validateForm(
        newJobSchema(() => []),
        ok,
      ),
    ).toEqual([{ path: 'stock', message: 'validation.required' }]);
  });
});
