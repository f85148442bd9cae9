import { conversionsBodySchema } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import { conversionSchema, withConversion } from './conversion-values.ts';

// The item page's conversion form is checked with the conversions route's own entry schema.
describe('unit conversion form', () => {
  it('reads a Croatian factor and a unit symbol into the body the route accepts', () => {
    const r = conversionSchema.safeParse({ unit: ' m² ', factor: '2,5' });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ unit: 'm2', factor: '2.5', purchase: false });
    const list = withConversion([{ unit: 'pak', factor: '10' }], r.data as { unit: string; factor: string });
    expect(conversionsBodySchema.safeParse({ conversions: list }).success).toBe(true);
  });

  it("names the route's keys at the fields: an empty unit, a zero or unreadable factor", async () => {
    expect(await validateForm(conversionSchema, { unit: '  ', factor: '0' })).toEqual([
      { path: 'unit', message: 'validation.required' },
      { path: 'factor', message: 'validation.positive' },
    ]);
    const bad = await validateForm(conversionSchema, { unit: 'pak', factor: '1x' });
    expect(bad.map((i) => i.path)).toEqual(['factor']);
  });

  it('a unit added again replaces its old factor instead of appearing twice', () => {
    const list = withConversion(
      [
        { unit: 'pak', factor: '10' },
        { unit: 'kut', factor: '4' },
      ],
      { unit: 'pak', factor: '12' },
    );
    expect(list).toEqual([
      { unit: 'kut', factor: '4' },
      { unit: 'pak', factor: '12' },
    ]);
  });

  it('a new purchase unit takes the mark from the old one', () => {
    const list = withConversion(
      [
        { unit: 'kut', factor: '50', purchase: true },
        { unit: 'pal', factor: '2000', purchase: false },
      ],
      { unit: 'pal', factor: '2000', purchase: true },
    );
    expect(list).toEqual([
      { unit: 'kut', factor: '50', purchase: false },
      { unit: 'pal', factor: '2000', purchase: true },
    ]);
    expect(conversionsBodySchema.safeParse({ conversions: list }).success).toBe(true);
    // Added without the mark, the old purchase unit keeps it.
    expect(
      withConversion(list, { unit: 'kom10', factor: '10', purchase: false }).filter((c) => c.purchase),
    ).toEqual([{ unit: 'pal', factor: '2000', purchase: true }]);
  });

  it('a factor below the ledger step is named at the field', async () => {
    expect(await validateForm(conversionSchema, { unit: 'kut', factor: '0,00001', purchase: false })).toEqual(
      [{ path: 'factor', message: 'validation.conversionFactorTooSmall' }],
    );
  });
});
