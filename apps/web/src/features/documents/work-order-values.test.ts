import { completionInputSchema } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import { checkSchema, completionSchema, lineOfIssue, timeSchema } from './work-order-values.ts';

// The work order page's editors are checked with their routes' schemas (issue 20, form recipe).
const A = '7d1c1f5e-6a43-4f3b-9d64-0b9a3f1f4c01';
const B = '7d1c1f5e-6a43-4f3b-9d64-0b9a3f1f4c02';
const C = '7d1c1f5e-6a43-4f3b-9d64-0b9a3f1f4c03';

describe('work order editors', () => {
  it('time: minutes in the Croatian format; zero or text is refused at the field', async () => {
    expect(timeSchema.parse({ minutes: '12,5' })).toEqual({ minutes: '12.5', note: null });
    expect((await validateForm(timeSchema, { minutes: '0' })).map((i) => i.path)).toEqual(['minutes']);
    expect((await validateForm(timeSchema, { minutes: 'pola sata' })).map((i) => i.path)).toEqual([
      'minutes',
    ]);
  });

  it('quality check: an empty note is sent as none, an unknown result is refused', async () => {
    expect(checkSchema.parse({ result: 'fail', note: '  ' })).toEqual({ result: 'fail', note: null });
    expect((await validateForm(checkSchema, { result: 'maybe', note: '' })).map((i) => i.path)).toEqual([
      'result',
    ]);
  });

  it('completion: only typed quantities are sent, the body passes the route schema as it is', () => {
    const body = completionSchema([A, B, C]).parse({
      quantities: ['', '2,2', ''],
      output_location_id: '',
      lot_number: ' L-1 ',
    });
    expect(body).toEqual({ actual: [{ item_id: B, quantity: '2.2' }], lot_number: 'L-1' });
    expect(completionInputSchema.strict().safeParse(body).success).toBe(true);
  });

  it('completion: a bad quantity is reported on its own material line, not on the n-th typed one', async () => {
    const quantities = ['1', '', '-3'];
    const issues = await validateForm(completionSchema([A, B, C]), {
      quantities,
      output_location_id: '',
      lot_number: '',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('actual.1.quantity');
    expect(lineOfIssue(issues[0]?.path ?? '', quantities)).toBe(2);
    expect(lineOfIssue('lot_number', quantities)).toBeNull();
  });
});
