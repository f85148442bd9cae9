// Sheets and bars: stock counted in pieces of a known size and in the item's base unit at once.
// A sheet of 3210 × 2250 mm kept in m² is 7.2225 m² a piece; a 6500 mm bar kept in m is 6.5 m a
// piece; an item kept in pieces (kom) is simply counted. The ledger stores the base unit (numeric
// with 4 decimals), so one piece's measure is rounded half up to 4 decimals (1 cm², 0.1 mm) and n
// pieces are always n × that measure: the count read back from the ledger is then exact.
import Decimal from 'decimal.js';

/** Decimal places of stock quantities in the ledger (numeric(18, 4)). */
export const STOCK_QUANTITY_SCALE = 4;

/** How a base unit relates to a piece's size: an area, a length, a count, or not derivable from the size. */
export type PieceUnitKind = 'area' | 'length' | 'piece' | 'other';

/** mm² per unit of area. */
const AREA_UNITS: Record<string, number> = { m2: 1_000_000, 'm²': 1_000_000 };
/** mm per unit of length. */
const LENGTH_UNITS: Record<string, number> = { m: 1000, cm: 10, mm: 1 };
/**
 * Units that measure something a piece's size does not give (weight, volume, time, small areas).
 * Any other unit (kom, pcs, ploča, šipka, …) counts pieces.
 */
const OTHER_UNITS = new Set([
  'kg',
  'g',
  't',
  'l',
  'ml',
  'm3',
  'm³',
  'cm2',
  'mm2',
  'km',
  'dm',
  'h',
  'min',
  's',
]);

export function pieceUnitKind(unit: string): PieceUnitKind {
  const u = unit.trim().toLowerCase();
  if (u in AREA_UNITS) return 'area';
  if (u in LENGTH_UNITS) return 'length';
  if (OTHER_UNITS.has(u)) return 'other';
  return 'piece';
}

/** The size of one piece in mm: a bar has a length only, a sheet a length and a width. */
export type PieceSize = { length: Decimal.Value; width?: Decimal.Value | null };

const isSheet = (size: PieceSize) =>
  size.width !== undefined && size.width !== null && new Decimal(size.width).gt(0);

/**
 * The measure of one piece in the base unit (a decimal string with 4 places), or null when the
 * unit cannot be derived from the size: a weight or volume unit, an area unit for a bar, a length
 * unit for a sheet (a sheet kept in m would mix up its two sides), a size that is not positive, or
 * a piece too small for the ledger's 4 decimals.
 */
export function pieceMeasure(unit: string, size: PieceSize): string | null {
  const length = new Decimal(size.length);
  if (!length.isFinite() || length.lte(0)) return null;
  const kind = pieceUnitKind(unit);
  let measure: Decimal;
  if (kind === 'piece') measure = new Decimal(1);
  else if (kind === 'area') {
    if (!isSheet(size)) return null;
    measure = length.mul(size.width as Decimal.Value).div(AREA_UNITS[unit.trim().toLowerCase()] as number);
  } else if (kind === 'length') {
    if (isSheet(size)) return null;
    measure = length.div(LENGTH_UNITS[unit.trim().toLowerCase()] as number);
  } else return null;
  const rounded = measure.toDecimalPlaces(STOCK_QUANTITY_SCALE, Decimal.ROUND_HALF_UP);
  // A piece under the ledger's resolution (a sheet of less than 50 mm²) cannot be counted.
  if (rounded.isZero()) return null;
  return rounded.toFixed(STOCK_QUANTITY_SCALE);
}

/** `count` pieces in the base unit (count × one piece's measure), or null as for `pieceMeasure`. */
export function piecesToBase(unit: string, size: PieceSize, count: Decimal.Value): string | null {
  const one = pieceMeasure(unit, size);
  if (one === null) return null;
  return new Decimal(one).mul(count).toFixed(STOCK_QUANTITY_SCALE);
}

/**
 * A quantity in the base unit as whole pieces plus what is left over (e.g. 72.23 m² of 7.2225 m²
 * sheets = 10 pieces and 0.005 m²). Negative quantities round toward zero. Null when the unit
 * cannot be derived from the size.
 */
export function baseToPieces(
  unit: string,
  size: PieceSize,
  quantity: Decimal.Value,
): { pieces: number; rest: string } | null {
  const one = pieceMeasure(unit, size);
  if (one === null || new Decimal(one).isZero()) return null;
  const q = new Decimal(quantity);
  const pieces = q.div(one).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  return { pieces: pieces.toNumber(), rest: q.minus(pieces.mul(one)).toString() };
}
