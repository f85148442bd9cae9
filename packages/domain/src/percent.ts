import Decimal from 'decimal.js';

/**
 * The API's one percent convention (docs/api.md "Percentages"): every rate, share or surcharge is a
 * percent 0..100 as a decimal string — discounts, VAT rates, surcharges, waste, win rate, on-time
 * and fill rates — never a fraction 0..1. Computed rates carry one decimal ("66.7").
 */
export function percentOf(part: Decimal.Value, whole: Decimal.Value, places = 1): string | null {
  const w = new Decimal(whole);
  if (w.isZero()) return null;
  return new Decimal(part).times(100).div(w).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}
