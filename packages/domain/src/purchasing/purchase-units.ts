import Decimal from 'decimal.js';

// A purchase line counts in the item's base unit or in one of its conversion units
// (1 unit = factor × base unit: a 3210 × 2250 sheet = 7.2225 m²). The ledger keeps base
// quantities with 4 decimals (numeric(18, 4)).

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A quantity in a unit as the ledger books it: quantity × factor, rounded half up to 4 decimals. */
export function baseQuantity(quantity: Decimal.Value, factor: Decimal.Value): Decimal {
  return new D(quantity).times(factor).toDecimalPlaces(4);
}

/** The whole units of `factor` base units that hold at least a base quantity: ceil(base / factor). */
export function wholeUnitsFor(base: Decimal.Value, factor: Decimal.Value): Decimal {
  return new D(base).div(factor).ceil();
}

/**
 * A price per unit moved to another unit (factors of the base unit; the base unit's is 1): price ÷
 * from × to, half up to the 4 decimals a line price keeps. 10 €/m² is 72.225 € per 7.2225 m² sheet.
 */
export function rescalePrice(
  price: Decimal.Value,
  fromFactor: Decimal.Value,
  toFactor: Decimal.Value,
): Decimal {
  return new D(price).div(fromFactor).times(toFactor).toDecimalPlaces(4);
}
