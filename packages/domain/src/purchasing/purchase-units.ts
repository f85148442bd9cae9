import Decimal from 'decimal.js';

// A purchase line counts in the item's base unit or in one of its conversion units
// (1 unit = factor × base unit: a 3210 × 2250 sheet = 7.2225 m²). The ledger keeps base
// quantities with 4 decimals (numeric(18, 4)).

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A quantity in a unit as the ledger books it: quantity × factor, rounded half up to 4 decimals. */
export function baseQuantity(quantity: Decimal.Value, factor: Decimal.Value): Decimal {
  return new D(quantity).times(factor).toDecimalPlaces(4);
}
