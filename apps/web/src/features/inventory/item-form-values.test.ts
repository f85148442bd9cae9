import { describe, expect, it } from 'vitest';
import { createSchema, empty, type FormState, updateSchema } from './item-form-values.ts';

// The item editor checks what is typed with the item routes' own schemas (issue 20, form recipe).
const typed = (patch: Partial<FormState>): FormState => ({
  ...empty,
  sku: 'STK-4',
  name: 'Float 4 mm',
  ...patch,
});
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('item form values → request body', () => {
  it('reads amounts in the screen format (Croatian) and leaves empty optional fields out as null', () => {
    const r = createSchema.safeParse(
      typed({ purchase_price: '1.000,50', sales_price: '12,5', length_mm: '' }),
    );
    expect(issues(r)).toEqual([]);
    expect(r.data).toMatchObject({
      purchase_price: '1000.50',
      sales_price: '12.5',
      length_mm: null,
      vat_rate: '25',
    });
  });

  it("reports the route's keys at the fields: required name, a VAT rate that is not Croatian, a bad number", () => {
    const r = createSchema.safeParse(typed({ name: '  ', vat_rate: '7', reorder_point: '12x' }));
    expect(issues(r).sort()).toEqual(
      [
        'name: validation.required',
        'reorder_point: validation.numberInvalid',
        'vat_rate: validation.vatRateInvalid',
      ].sort(),
    );
  });

  it('sends the glass kind only for area prices and the exemption only at a 0 % rate', () => {
    const unit = createSchema.parse(typed({ glass_kind: 'tempered', vat_exemption: 'Z' }));
    expect(unit).toMatchObject({ glass_kind: null, vat_exemption: null });
    const area = createSchema.parse(
      typed({ price_basis: 'area', glass_kind: 'tempered', vat_rate: '0', vat_exemption: 'Z' }),
    );
    expect(area).toMatchObject({ price_basis: 'area', glass_kind: 'tempered', vat_exemption: 'Z' });
  });

  it('a change is checked as the PATCH route does (same rules, no creation defaults needed)', () => {
    expect(issues(updateSchema.safeParse(typed({ sku: '' })))).toEqual(['sku: validation.required']);
    expect(updateSchema.safeParse(typed({ active: false })).data).toMatchObject({
      active: false,
      sku: 'STK-4',
    });
  });
});
