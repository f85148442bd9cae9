import { describe, expect, it } from 'vitest';
import {
  adjustmentSchema,
  countLinesSchema,
  itemInputSchema,
  itemUpdateSchema,
  locationUpdateSchema,
  receiptSchema,
  unitConversionSchema,
} from './schemas.ts';

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

describe("stock quantities keep the ledger's 4 decimals", () => {
  const id = '6f1c2a1e-8a9b-4c3d-9e8f-0a1b2c3d4e5f';
  const receipt = (quantity: string) =>
    receiptSchema.safeParse({ location_id: id, lines: [{ item_id: id, quantity }] });
  const adjust = (quantity: string) =>
    adjustmentSchema.safeParse({ location_id: id, reason: 'found', lines: [{ item_id: id, quantity }] });

  it('takes up to 4 decimals, typed with a comma too', () => {
    expect(receipt('1.2345').data?.lines[0]?.quantity).toBe('1.2345');
    expect(receipt('0,0001').data?.lines[0]?.quantity).toBe('0.0001');
    expect(adjust('-7.5').success).toBe(true);
    expect(countLinesSchema.safeParse({ lines: [{ id, counted_qty: '3.1416' }] }).success).toBe(true);
  });

  it('refuses a fifth decimal (0.00001 would be stored as 0) with its own key', () => {
    for (const r of [receipt('0.00001'), receipt('1.23456'), adjust('-0.00001')])
      expect(r.error?.issues).toEqual([
        expect.objectContaining({ path: ['lines', 0, 'quantity'], message: 'validation.quantityDecimals' }),
      ]);
    expect(
      countLinesSchema.safeParse({ lines: [{ id, counted_qty: '2.50001' }] }).error?.issues[0]?.message,
    ).toBe('validation.quantityDecimals');
    // An unreadable number keeps its own message only.
    expect(receipt('abc').error?.issues.map((i) => i.message)).not.toContain('validation.quantityDecimals');
  });
});

describe('unit conversion factor', () => {
  const factor = (f: string) => {
    const r = unitConversionSchema.safeParse({ unit: 'kut', factor: f });
    return r.success ? 'ok' : r.error.issues.map((i) => i.message).join(',');
  };
  it('is at least the ledger step 0.0001, so one unit never books as zero', () => {
    expect(factor('50')).toBe('ok');
    expect(factor('0.001')).toBe('ok');
    expect(factor('0.0001')).toBe('ok');
    expect(factor('0,0001')).toBe('ok');
    expect(factor('0.00009')).toBe('validation.conversionFactorTooSmall');
    expect(factor('0.00001')).toBe('validation.conversionFactorTooSmall');
    expect(factor('0')).toBe('validation.positive');
    expect(factor('0.0000001')).toBe('validation.numberInvalid,validation.positive');
  });
});
