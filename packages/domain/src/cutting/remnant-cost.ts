// Value of a remnant returned to stock from a cut sheet or bar. Rule: the remnant carries the
// parent's moving average unit cost times its share of the parent — length for bars, area for
// sheets — rounded to 6 decimals (the precision of inventory costs). The cut job then consumes
// only the value of what it really used: parent cost minus the remnants' value.
import Decimal from 'decimal.js';
import { pieceMeasure, pieceUnitKind } from '../inventory/pieces.ts';

export type RemnantShape = { kind: '1d' | '2d'; length: number; width: number };

/**
 * @param parentAvgCost moving average unit cost of the parent item (decimal string)
 * @param parent size of the cut stock piece (1D: length; 2D: length and width)
 * @param remnant size of the remnant in the same units
 */
export function remnantUnitCost(parentAvgCost: string, parent: RemnantShape, remnant: RemnantShape): string {
  const measure = (s: RemnantShape): Decimal =>
    s.kind === '1d' ? new Decimal(s.length) : new Decimal(s.length).mul(s.width);
  const whole = measure(parent);
  if (whole.lte(0)) return '0.000000';
  const share = Decimal.min(1, measure(remnant).div(whole));
  return new Decimal(parentAvgCost).mul(share).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
}

/**
 * What a remnant enters stock as, under its parent item (whose base unit is `unit`): its own
 * measure at the parent's consumed cost per unit when the item is kept in m² or m (so the item's
 * cost per m²/m does not move), or one piece at its share of the parent piece's cost when the
 * item is counted in pieces. Null when the unit cannot be derived from a size (see `pieceMeasure`).
 */
export function remnantReceipt(
  unit: string,
  parentUnitCost: string,
  parent: RemnantShape,
  remnant: RemnantShape,
): { quantity: string; unitCost: string } | null {
  const size = { length: remnant.length, width: remnant.kind === '2d' ? remnant.width : null };
  const quantity = pieceMeasure(unit, size);
  if (quantity === null) return null;
  if (pieceUnitKind(unit) === 'piece')
    return { quantity, unitCost: remnantUnitCost(parentUnitCost, parent, remnant) };
  return {
    quantity,
    unitCost: new Decimal(parentUnitCost).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6),
  };
}
