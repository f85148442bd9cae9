import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '@erp/domain';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pricingFormSchema, pricingFormValues } from './pricing-settings-card.tsx';

// Stored settings as the API sends them: plain decimals, some with three digits after the point.
const saved: PricingSettings = {
  ...DEFAULT_PRICING_SETTINGS,
  min_area_float_m2: '0.325',
  hole_price: '2.125',
  edge_price_kgs: '1234.5',
  area_bands: [{ max_area_m2: '1.125', surcharge_pct: '12.5' }],
};

describe('pricing settings card: stored settings opened and saved unchanged', () => {
  // Typed numbers are read in the interface language (i18next), Croatian unless changed.
  beforeAll(() => i18n.init({ lng: 'hr', resources: {} }));
  afterEach(() => i18n.changeLanguage('hr'));

  it('shows the numbers in Croatian format and sends them back as stored (not 2 125)', () => {
    const form = pricingFormValues(saved, 'hr');
    expect(form).toMatchObject({
      min_area_float_m2: '0,325',
      hole_price: '2,125',
      edge_price_kgs: '1.234,5',
      area_bands: [{ max_area_m2: '1,125', surcharge_pct: '12,5' }],
    });
    const r = pricingFormSchema.safeParse(form);
    expect(r.error?.issues ?? []).toEqual([]);
    expect(r.data).toMatchObject({
      min_area_float_m2: '0.325',
      hole_price: '2.125',
      edge_price_kgs: '1234.5',
      area_bands: [{ max_area_m2: '1.125', surcharge_pct: '12.5' }],
    });
  });

  it('keeps the English "." decimal', async () => {
    await i18n.changeLanguage('en');
    const form = pricingFormValues(saved, 'en');
    expect(form.hole_price).toBe('2.125');
    expect(pricingFormSchema.safeParse(form).data).toMatchObject({
      hole_price: '2.125',
      edge_price_kgs: '1234.5',
    });
  });
});
