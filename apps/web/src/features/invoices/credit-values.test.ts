import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { creditRequest, creditRows, refusalForRows } from './credit-values.ts';

const lines = [
  { id: 'a', unit_price: '100' },
  { id: 'b', unit_price: '12.5' },
  { id: 'c', unit_price: '40' },
];

describe('credit-note dialog values', () => {
  it('offers only lines with something left, the remainder typed in the language format', () => {
    const rows = creditRows(
      lines,
      [
        { line_id: 'a', quantity: '1.5' },
        { line_id: 'b', quantity: '0' },
        { line_id: 'c', quantity: '3' },
      ],
      'hr',
    );
    expect(rows.map((r) => [r.line_id, r.quantity, r.unit_price])).toEqual([
      ['a', '1,5', '100,00'],
      ['c', '3', '40,00'],
    ]);
  });

  it('sends typed quantities, skips empty and zero rows, and a price only when changed', () => {
    const rows = creditRows(
      lines,
      lines.map((l) => ({ line_id: l.id, quantity: '2' })),
      'hr',
    );
    rows[0] = { ...rows[0], quantity: '0' } as (typeof rows)[number];
    rows[1] = { ...rows[1], quantity: '1,5', unit_price: '10,00' } as (typeof rows)[number];
    rows[2] = { ...rows[2], quantity: '' } as (typeof rows)[number];
    expect(creditRequest(rows, 'hr')).toEqual({
      lines: [{ source_line_id: 'b', quantity: '1.5', unit_price: '10.00' }],
      positions: [2],
    });
  });

  it("names the dialog's row in a refusal of the request's line", () => {
    const refusal = new ApiError('VALIDATION', 'x', 400, [
      { field: 'lines.0.quantity', key: 'validation.overCredit', params: { line: 1, remaining: '1' } },
    ]);
    const shown = refusalForRows(refusal, [2]) as ApiError;
    expect(shown.details?.[0]?.params).toEqual({ line: 2, remaining: '1' });
  });
});
