import { describe, expect, it } from 'vitest';
import { itemInputSchema, itemUpdateSchema, locationUpdateSchema } from './schemas.ts';

const item = (vat_rate?: string) =>
  itemInputSchema.safeParse({ sku: 'A-1', name: 'Staklo', kind: 'material', base_unit: 'm2', vat_rate });

describe('item VAT rate', () => {
  it('takes the Croatian rates 25, 13, 5 and 0 % (default 25)', () => {
    for (const rate of ['25', '13', '5', '0', '5.00', '13,0']) expect(item(rate).success).toBe(true);
    expect(item(undefined).data?.vat_rate).toBe('25');
  });

  it('refuses any other rate with a clear key instead of a silent 25 % on documents', () => {
    for (const rate of ['22', '10', '100', '2.5']) {
      const r = item(rate);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ path: ['vat_rate'], message: 'validation.vatRateInvalid' });
    }
  });
});

describe('item update', () => {
  it('changes only the fields it sends (no creation defaults for lots, VAT, active)', () => {
    expect(itemUpdateSchema.parse({ image_file_id: null })).toEqual({ image_file_id: null });
    expect(itemUpdateSchema.parse({ lot_tracked: true, vat_rate: '13' })).toEqual({
      lot_tracked: true,
      vat_rate: '13',
    });
    expect(itemUpdateSchema.safeParse({ vat_rate: '22' }).success).toBe(false);
  });
});

describe('location update', () => {
  it('moves a location without resetting its type or active flag', () => {
    const parent = '6f1c2a1e-8a9b-4c3d-9e8f-0a1b2c3d4e5f';
    expect(locationUpdateSchema.parse({ parent_id: parent })).toEqual({ parent_id: parent });
  });
});
