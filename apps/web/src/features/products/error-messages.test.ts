import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { missingSizes } from './error-messages.ts';

const unknown = (...names: string[]) =>
  new ApiError(
    'VALIDATION',
    'invalid',
    400,
    names.map((name) => ({
      field: 'W',
      key: 'validation.formulaUnknownVariable',
      params: { name, position: 1 },
    })),
  );

describe('cost preview with empty sizes (issue 22: no red "Nepoznata varijabla W")', () => {
  it('asks for the sizes when the formulas failed only on an empty W or H', () => {
    expect(missingSizes(unknown('W'), { W: '', H: '' })).toEqual(['W', 'H']);
    expect(missingSizes(unknown('H'), { W: '1200', H: ' ' })).toEqual(['H']);
  });

  it('still reports a real error: an unknown name, or W that was entered', () => {
    expect(missingSizes(unknown('X'), { W: '', H: '' })).toEqual([]);
    expect(missingSizes(unknown('W'), { W: '1200', H: '800' })).toEqual([]);
    expect(missingSizes(new ApiError('NOT_FOUND', 'x', 404), { W: '', H: '' })).toEqual([]);
    expect(missingSizes(null, { W: '', H: '' })).toEqual([]);
  });
});
