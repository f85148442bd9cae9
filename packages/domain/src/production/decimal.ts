import Decimal from 'decimal.js';

/**
 * The decimal type used by production rules. 40 significant digits keep formula divisions (W*H/1e6,
 * margins) far beyond any stored precision; half-up rounding is what people expect on paper.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const HUNDRED = new Dec(100);

/** Quantities are stored with 6 decimals (numeric(18,6)); money with 2. */
export const QTY_DECIMALS = 6;
export const MONEY_DECIMALS = 2;

export function toDec(value: Decimal.Value): Dec {
  return new Dec(value);
}

/** A decimal as a plain string without exponent and without trailing zeros ("12.5", "0.000001"). */
export function qtyString(value: Decimal): string {
  return new Dec(value).toDecimalPlaces(QTY_DECIMALS).toFixed();
}

/** Money as a string with exactly two decimals ("12.50"). */
export function moneyString(value: Decimal): string {
  return new Dec(value).toFixed(MONEY_DECIMALS);
}
