import type Decimal from 'decimal.js';
import { z } from 'zod';
import { Dec } from '../production/decimal.ts';

/**
 * Measure-based prices of glass processors (PRODUCT.md "Glass processing").
 *
 * An item is priced per piece (`unit`, the default), per square metre of pane (`area`) or per
 * running metre of worked edge (`perimeter`: rezano, KGS, KMG, KGN, KPO are items like any other).
 * A document line of such an item with W × H (mm) gets a price per piece:
 *
 *   area       each dimension rounded UP to the company's step (30 mm: 1000 → 1020), billed area
 *              = rounded W × rounded H in m², at least the minimum area of the item's glass kind
 *              (float 0.30, laminated 0.30, insulating unit 0.40, tempered 0.50 m²); a shaped pane
 *              is billed on its circumscribing rectangle (that is W × H) plus the shape surcharge %;
 *   perimeter  worked perimeter 2 × (W + H), each edge billed at least the minimum edge length
 *              (300 mm); the dimensions are not rounded (edges are worked as cut);
 *   both       unit price = price per m² or m × billed measure, rounded half-up to 4 decimals
 *              (the scale of a stored unit price); when quantity × unit price stays under the
 *              item's minimum charge, the unit price is the minimum charge / quantity rounded up
 *              to 4 decimals, so the line is never billed less than the minimum.
 *
 * The server fills a line's price with it and the web shows the same number live while typing.
 */
export const PRICE_BASES = ['unit', 'area', 'perimeter'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
export const GLASS_KINDS = ['float', 'laminated', 'insulating', 'tempered'] as const;
export type GlassKind = (typeof GLASS_KINDS)[number];

/** Company settings of measure pricing; decimal strings, as stored. */
export type PricingSettings = {
  /** Billing dimensions are rounded up to a multiple of this (mm). */
  dimension_step_mm: string;
  min_area_float_m2: string;
  min_area_laminated_m2: string;
  min_area_insulating_m2: string;
  min_area_tempered_m2: string;
  /** Each edge is billed at least this long (mm). */
  min_edge_mm: string;
  /** Added to the area price of a shaped (non-rectangular) pane, in percent. */
  shape_surcharge_pct: string;
};

export const DEFAULT_PRICING_SETTINGS: PricingSettings = {
  dimension_step_mm: '30',
  min_area_float_m2: '0.3',
  min_area_laminated_m2: '0.3',
  min_area_insulating_m2: '0.4',
  min_area_tempered_m2: '0.5',
  min_edge_mm: '300',
  shape_surcharge_pct: '0',
};

export const PRICING_SETTING_KEYS = Object.keys(DEFAULT_PRICING_SETTINGS) as (keyof PricingSettings)[];

const decimalIn = (places: number, max: number, positive = false) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .transform((s) => s.replace(',', '.'))
    .refine((s) => new RegExp(`^\\d{1,6}(\\.\\d{1,${places}})?$`).test(s), 'validation.numberInvalid')
    .refine((s) => !positive || /[1-9]/.test(s), 'validation.positive')
    .refine((s) => !/^\d{1,6}(\.\d+)?$/.test(s) || new Dec(s).lte(max), 'validation.outOfRange');

export const pricingSettingsSchema = z
  .object({
    dimension_step_mm: decimalIn(2, 1000, true),
    min_area_float_m2: decimalIn(4, 100),
    min_area_laminated_m2: decimalIn(4, 100),
    min_area_insulating_m2: decimalIn(4, 100),
    min_area_tempered_m2: decimalIn(4, 100),
    min_edge_mm: decimalIn(2, 10000),
    shape_surcharge_pct: decimalIn(2, 1000),
  })
  .strict();

export type MeasureItem = {
  basis: PriceBasis;
  glassKind?: GlassKind | null;
  /** Price per m² (area) or per running metre (perimeter). */
  price: Decimal.Value;
  /** Least amount of one line (quantity × unit price); null = none. */
  minCharge?: Decimal.Value | null;
};

export type MeasureLine = {
  widthMm: Decimal.Value | null | undefined;
  heightMm: Decimal.Value | null | undefined;
  /** Pieces on the line (for the minimum charge); omitted = 1. */
  quantity?: Decimal.Value | null;
  /** A non-rectangular pane: W × H is its circumscribing rectangle. */
  shaped?: boolean;
};

export type MeasurePrice = {
  basis: 'area' | 'perimeter';
  /** m² (area) or m (perimeter) billed per piece. */
  unit: 'm2' | 'm';
  /** The billed measure of one piece, after rounding and minimums. */
  measure: Decimal;
  /** Billing dimensions (area: rounded up to the step; perimeter: each edge at least the minimum). */
  billedWidthMm: Decimal;
  billedHeightMm: Decimal;
  /** Area: the pane's own rounded area was under its kind's minimum. */
  minimumAreaApplied: boolean;
  /** The line total was raised to the item's minimum charge. */
  minChargeApplied: boolean;
  /** Price per piece, 4 decimals. */
  unitPrice: Decimal;
};

export class MeasureError extends Error {
  readonly field: 'width_mm' | 'height_mm' | 'price';
  constructor(field: MeasureError['field']) {
    super(`Invalid ${field} for a measure-priced line`);
    this.name = 'MeasureError';
    this.field = field;
  }
}

const positiveOrNull = (value: Decimal.Value | null | undefined): Decimal | null => {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Dec(value);
    return d.isFinite() && d.gt(0) ? d : null;
  } catch {
    return null;
  }
};

export function minimumArea(kind: GlassKind | null | undefined, settings: PricingSettings): Decimal {
  if (!kind) return new Dec(0);
  return new Dec(settings[`min_area_${kind}_m2`]);
}

/** Rounds a dimension up to the next multiple of the step (1000 mm, step 30 → 1020 mm). */
export function roundUpToStep(mm: Decimal.Value, step: Decimal.Value): Decimal {
  const s = new Dec(step);
  if (s.lte(0)) return new Dec(mm);
  return new Dec(mm).div(s).ceil().times(s);
}

/**
 * The price per piece of a line of a measure-priced item, or null for an item priced per unit.
 * Throws MeasureError when W or H is missing or not positive, or the price is not a number ≥ 0.
 */
export function measurePrice(
  item: MeasureItem,
  line: MeasureLine,
  settings: PricingSettings = DEFAULT_PRICING_SETTINGS,
): MeasurePrice | null {
  if (item.basis === 'unit') return null;
  const width = positiveOrNull(line.widthMm);
  if (!width) throw new MeasureError('width_mm');
  const height = positiveOrNull(line.heightMm);
  if (!height) throw new MeasureError('height_mm');
  let price: Decimal;
  try {
    price = new Dec(item.price);
  } catch {
    throw new MeasureError('price');
  }
  if (!price.isFinite() || price.isNeg()) throw new MeasureError('price');

  let measure: Decimal;
  let billedWidthMm: Decimal;
  let billedHeightMm: Decimal;
  let minimumAreaApplied = false;
  let amount: Decimal;
  if (item.basis === 'area') {
    billedWidthMm = roundUpToStep(width, settings.dimension_step_mm);
    billedHeightMm = roundUpToStep(height, settings.dimension_step_mm);
    const area = billedWidthMm.times(billedHeightMm).div(1_000_000);
    const minimum = minimumArea(item.glassKind, settings);
    minimumAreaApplied = area.lt(minimum);
    measure = minimumAreaApplied ? minimum : area;
    amount = price.times(measure);
    if (line.shaped) amount = amount.times(new Dec(100).plus(settings.shape_surcharge_pct)).div(100);
  } else {
    const minEdge = new Dec(settings.min_edge_mm);
    billedWidthMm = Dec.max(width, minEdge);
    billedHeightMm = Dec.max(height, minEdge);
    measure = billedWidthMm.plus(billedHeightMm).times(2).div(1000);
    amount = price.times(measure);
  }
  let unitPrice = amount.toDecimalPlaces(4, Dec.ROUND_HALF_UP);
  let minChargeApplied = false;
  const minCharge = positiveOrNull(item.minCharge);
  const quantity = positiveOrNull(line.quantity) ?? new Dec(1);
  if (minCharge && quantity.times(unitPrice).lt(minCharge)) {
    unitPrice = minCharge.div(quantity).toDecimalPlaces(4, Dec.ROUND_UP);
    minChargeApplied = true;
  }
  return {
    basis: item.basis,
    unit: item.basis === 'area' ? 'm2' : 'm',
    measure,
    billedWidthMm,
    billedHeightMm,
    minimumAreaApplied,
    minChargeApplied,
    unitPrice,
  };
}

/** The stored form of a unit price: 4 decimals at most, trailing zeros dropped ("13.005"). */
export const unitPriceText = (value: Decimal): string => value.toDecimalPlaces(4).toFixed();
