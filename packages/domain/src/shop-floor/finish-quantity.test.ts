import { describe, expect, it } from 'vitest';
import { finishInputSchemaFor, finishOverIssue, operationOpenQuantity } from './contracts.ts';

// The finish rule the server applies and the shop floor's dialog validates with (one schema).
const op = { quantity: '4', unit: 'kom', good_qty: '1', scrap_qty: '0.5' };

describe('finishing an operation: at most what is open', () => {
  it('counts good and scrap reported before', () => {
    expect(operationOpenQuantity(op).toString()).toBe('2.5');
    expect(operationOpenQuantity({ ...op, good_qty: '5' }).toString()).toBe('0');
    expect(finishOverIssue(op, { good_qty: '2', scrap_qty: '0.5' })).toBeNull();
    expect(finishOverIssue(op, { good_qty: '2.5', scrap_qty: '0.0001' })).toEqual({
      field: 'good_qty',
      key: 'validation.finishOverQuantity',
      params: { remaining: '2.5', requested: '2.5001', unit: 'kom' },
    });
  });

  it('holds lines in several units to no count', () => {
    expect(finishOverIssue({ ...op, unit: null }, { good_qty: '40' })).toBeNull();
  });

  it('is part of the dialog schema, after the route schema rules', () => {
    const schema = finishInputSchemaFor(op);
    expect(schema.safeParse({ good_qty: '2.5' }).success).toBe(true);
    const over = schema.safeParse({ good_qty: '40' });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['good_qty', 'validation.finishOverQuantity'],
    ]);
    const negative = schema.safeParse({ good_qty: '-1' });
    expect(negative.error?.issues.map((i) => i.message)).toEqual(['validation.positive']);
    const fine = schema.safeParse({ good_qty: '1.00001' });
    expect(fine.error?.issues.map((i) => i.message)).toEqual(['validation.quantityDecimals']);
  });
});
