import { describe, expect, it } from 'vitest';
import { zodIssuesToFieldIssues } from '../validation.ts';
import { tenantUpdateSchema } from './tenant.schemas.ts';

describe('tenantUpdateSchema', () => {
  const issues = (input: unknown) => {
    const r = tenantUpdateSchema.safeParse(input);
    return r.success ? [] : zodIssuesToFieldIssues(r.error);
  };

  it('names a date of birth that is not a date once, whatever is wrong with it', () => {
    for (const value of ['31.12.1990', '1990-02-30', '1899-12-31', '2999-01-01'])
      expect(issues({ date_of_birth: value }), value).toEqual([
        { field: 'date_of_birth', key: 'validation.dateInvalid' },
      ]);
    expect(issues({ date_of_birth: '1990-12-31' })).toEqual([]);
    expect(issues({ date_of_birth: '' })).toEqual([]);
  });

  it('takes a phone number written with +, spaces, dashes, slashes or brackets, and refuses letters', () => {
    for (const value of ['+385 1 2345 678', '01/2345-678', '(091) 111 2222', '099', ''])
      for (const field of ['phone', 'company_phone']) expect(issues({ [field]: value }), value).toEqual([]);
    for (const value of ['zovi Ivana', '091 abc', '+', '--', '385+1'])
      for (const field of ['phone', 'company_phone'])
        expect(issues({ [field]: value }), value).toEqual([{ field, key: 'validation.phoneInvalid' }]);
  });
});
