import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import { advanceFormSchema } from './advance-values.ts';

// The advance dialog is checked with the advance route's schema before anything is issued.
describe('advance invoice form', () => {
  it('sends the percentage or the amount, read in the Croatian format', () => {
    expect(advanceFormSchema.parse({ mode: 'percent', value: '30' })).toMatchObject({ percent: '30' });
    expect(advanceFormSchema.parse({ mode: 'amount', value: '1.250,50' })).toMatchObject({
      amount: '1250.50',
    });
  });

  it("refuses more than 100 % and an unreadable amount at the field, with the route's keys", async () => {
    expect(await validateForm(advanceFormSchema, { mode: 'percent', value: '120' })).toEqual([
      { path: 'percent', message: 'validation.percentTooLarge' },
    ]);
    const bad = await validateForm(advanceFormSchema, { mode: 'amount', value: 'sto' });
    expect(bad.map((i) => i.path)).toEqual(['amount']);
  });
});
