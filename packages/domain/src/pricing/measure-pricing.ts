import type Decimal from 'decimal.js';
import { z } from 'zod';
import { decimalInputToApi } from '../number-input.ts';
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
 *   bands      area only: the company's price bands by pane area (small panes dearer per m²):
 *              the first band whose limit is ≥ the billed area adds its surcharge % (≤ 0.5 m²
 *              +20 %, ≤ 1 m² +10 %: a 0.5202 m² pane pays +10 %); above the last band none;
 *   oversize   area only, automatic: a pane whose longer side or real area is above the company's
 *              limit, or whose aspect ratio (longer / shorter side) is above its limit, pays the
 *              oversize surcharge % on its glass price (after bands and shape);
 *   processing holes and cut-outs per pane at the company's hole and cut-out price, added to
 *              the price per piece after the surcharges (glass-work.ts checks the holes);
 *   edge work  area only: the line's edge type (rezano = cut, no edge work; KGS, KMG, KGN, KPO)
 *              at the company's price per running metre of worked perimeter 2 × (W + H), each
 *              edge at least the minimum edge length (as the perimeter basis), at least the
 *              company's minimum edge-work charge per pane; added per pane like holes;
 *   coating    area only: a line with coating edge deletion (coated glass) pays the company's
 *              price per running metre of the same worked perimeter, added per pane;
 *   rush       a rush document (quote / work order flag) pays the company's rush surcharge % on
 *              the whole price per piece (glass, surcharges, holes, edge work, coating removal);
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
/** Edge work of a pane (PRODUCT.md: rezano, opšiveno KGS, brušeno na mjeru KMG, fino brušeno KGN, polirano KPO). */
export const EDGE_TYPES = ['rezano', 'kgs', 'kmg', 'kgn', 'kpo'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];
/** The edge types with a price (rezano is cut, no edge work). */
export type WorkedEdgeType = Exclude<EdgeType, 'rezano'>;

/** A price band by pane area: panes up to `max_area_m2` (billed area) pay `surcharge_pct` more. */
export type AreaBand = { max_area_m2: string; surcharge_pct: string };

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
  /** Price of one hole, per hole of a pane. */
  hole_price: string;
  /** Price of one cut-out, per cut-out of a pane. */
  cutout_price: string;
  /** Edge work per running metre of worked perimeter, by edge type. */
  edge_price_kgs: string;
  edge_price_kmg: string;
  edge_price_kgn: string;
  edge_price_kpo: string;
  /** Least edge-work amount of one pane with edge work. */
  edge_min_charge: string;
  /** Coating edge deletion per running metre of worked perimeter (coated glass, per line). */
  coating_removal_price: string;
  /** Rush order (a flag on the quote / work order): surcharge % on the price per piece. */
  rush_surcharge_pct: string;
  /** Oversize / extreme aspect ratio: surcharge % and the limits (> 0) above which it applies. */
  oversize_surcharge_pct: string;
  oversize_max_side_mm: string;
  oversize_max_area_m2: string;
  oversize_max_aspect: string;
  /** Price bands by pane area, ascending limits; empty = one price per m² for every pane. */
  area_bands: AreaBand[];
};

export const DEFAULT_PRICING_SETTINGS: PricingSettings = {
  dimension_step_mm: '30',
  min_area_float_m2: '0.3',
  min_area_laminated_m2: '0.3',
  min_area_insulating_m2: '0.4',
  min_area_tempered_m2: '0.5',
  min_edge_mm: '300',
  shape_surcharge_pct: '0',
  hole_price: '0',
  cutout_price: '0',
  edge_price_kgs: '0',
  edge_price_kmg: '0',
  edge_price_kgn: '0',
  edge_price_kpo: '0',
  edge_min_charge: '0',
  coating_removal_price: '0',
  rush_surcharge_pct: '0',
  oversize_surcharge_pct: '0',
  oversize_max_side_mm: '3210',
  oversize_max_area_m2: '6',
  oversize_max_aspect: '10',
  area_bands: [],
};

/** The settings that are one decimal each (columns of company_settings); the bands are a list. */
export type PricingSettingKey = Exclude<keyof PricingSettings, 'area_bands'>;
export const PRICING_SETTING_KEYS = (
  Object.keys(DEFAULT_PRICING_SETTINGS) as (keyof PricingSettings)[]
).filter((k): k is PricingSettingKey => k !== 'area_bands');
/** At most this many price bands. */
export const MAX_AREA_BANDS = 10;

const decimalIn = (places: number, max: number, positive = false) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .transform((s) => decimalInputToApi(s))
    .refine((s) => !/^-\d/.test(s), 'validation.notNegative')
    .refine(
      (s) => /^-\d/.test(s) || new RegExp(`^\\d{1,6}(\\.\\d{1,${places}})?$`).test(s),
      'validation.numberInvalid',
    )
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
    hole_price: decimalIn(4, 100000).default('0'),
    cutout_price: decimalIn(4, 100000).default('0'),
    edge_price_kgs: decimalIn(4, 100000).default('0'),
    edge_price_kmg: decimalIn(4, 100000).default('0'),
    edge_price_kgn: decimalIn(4, 100000).default('0'),
    edge_price_kpo: decimalIn(4, 100000).default('0'),
    edge_min_charge: decimalIn(4, 100000).default('0'),
    coating_removal_price: decimalIn(4, 100000).default('0'),
    rush_surcharge_pct: decimalIn(2, 1000).default('0'),
    oversize_surcharge_pct: decimalIn(2, 1000).default('0'),
    oversize_max_side_mm: decimalIn(2, 100000, true).default('3210'),
    oversize_max_area_m2: decimalIn(4, 1000, true).default('6'),
    oversize_max_aspect: decimalIn(2, 1000, true).default('10'),
    area_bands: z
      .array(
        z.object({ max_area_m2: decimalIn(4, 1000, true), surcharge_pct: decimalIn(2, 1000) }).strict(),
        { error: 'validation.invalid' },
      )
      .max(MAX_AREA_BANDS, 'validation.outOfRange')
      .superRefine((bands, ctx) => {
        // Each limit above the one before (the first band whose limit covers a pane applies).
        for (let i = 1; i < bands.length; i++) {
          const prev = bands[i - 1]?.max_area_m2 ?? '';
          const cur = bands[i]?.max_area_m2 ?? '';
          if (!isPlain(prev) || !isPlain(cur)) continue;
          if (new Dec(cur).lte(prev))
            ctx.addIssue({ code: 'custom', path: [i, 'max_area_m2'], message: 'validation.bandsAscending' });
        }
      })
      .default([]),
  })
  .strict();

const isPlain = (s: string) => /^\d{1,6}(\.\d+)?$/.test(s);

/**
 * The surcharge % of the band a pane of this billed area falls in (the first band whose limit is
 * ≥ the area), or null above the last band or without bands.
 */
export function areaBandSurcharge(
  area: Decimal.Value,
  bands: readonly AreaBand[] | undefined,
): Decimal | null {
  for (const band of bands ?? []) if (new Dec(area).lte(band.max_area_m2)) return new Dec(band.surcharge_pct);
  return null;
}

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
  /** Holes in one pane (area-priced lines; priced at the company's hole price each). */
  holeCount?: Decimal.Value | null;
  /** Cut-outs in one pane (area-priced lines; priced at the company's cut-out price each). */
  cutoutCount?: Decimal.Value | null;
  /** Edge work of the pane (area-priced lines); omitted / rezano = none. */
  edgeType?: EdgeType | null;
  /** Coating edge deletion around the pane (coated glass; area-priced lines). */
  coatingRemoval?: boolean;
  /** The line's document is a rush order (the rush surcharge % applies). */
  rush?: boolean;
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
  /** Area: the surcharge % of the pane's price band; null = no band applies. */
  bandSurchargePct: Decimal | null;
  /** Area: holes and cut-outs of one pane at the company's prices (0 without any). */
  processing: Decimal;
  /** Area: the oversize surcharge % applied automatically (null = the pane is within the limits). */
  oversizePct: Decimal | null;
  /** Area: edge work of one pane (0 for rezano); worked perimeter in m (null without edge work). */
  edgeWork: Decimal;
  edgeMeasure: Decimal | null;
  /** Area: coating edge deletion of one pane (0 without). */
  coatingRemoval: Decimal;
  /** The rush surcharge % applied (null = not a rush order or 0 %). */
  rushPct: Decimal | null;
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

/** A count of holes or cut-outs: a whole number ≥ 0; anything else counts as none. */
const countOf = (value: Decimal.Value | null | undefined): Decimal => {
  if (value === null || value === undefined || value === '') return new Dec(0);
  try {
    const d = new Dec(value);
    return d.isFinite() && d.isInteger() && d.gte(0) ? d : new Dec(0);
  } catch {
    return new Dec(0);
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
/**
 * Whether a pane W × H (mm, real dimensions) is oversize: its longer side or its area is above the
 * company's limit, or its aspect ratio (longer / shorter side) is above the limit.
 */
export function isOversize(
  widthMm: Decimal.Value,
  heightMm: Decimal.Value,
  settings: Pick<PricingSettings, 'oversize_max_side_mm' | 'oversize_max_area_m2' | 'oversize_max_aspect'>,
): boolean {
  const w = new Dec(widthMm);
  const h = new Dec(heightMm);
  const longer = Dec.max(w, h);
  const shorter = Dec.min(w, h);
  const side = settings.oversize_max_side_mm ?? DEFAULT_PRICING_SETTINGS.oversize_max_side_mm;
  const area = settings.oversize_max_area_m2 ?? DEFAULT_PRICING_SETTINGS.oversize_max_area_m2;
  const aspect = settings.oversize_max_aspect ?? DEFAULT_PRICING_SETTINGS.oversize_max_aspect;
  return longer.gt(side) || w.times(h).div(1_000_000).gt(area) || longer.gt(shorter.times(aspect));
}

/** Worked perimeter 2 × (W + H) in m, each edge at least the minimum edge length (as the perimeter basis). */
export function workedPerimeter(
  widthMm: Decimal.Value,
  heightMm: Decimal.Value,
  settings: Pick<PricingSettings, 'min_edge_mm'>,
): Decimal {
  const minEdge = new Dec(settings.min_edge_mm);
  return Dec.max(widthMm, minEdge).plus(Dec.max(heightMm, minEdge)).times(2).div(1000);
}

/**
 * The edge work of one pane: the edge type's price per m × worked perimeter 2 × (W + H) (each edge
 * at least the minimum edge length), at least the minimum edge-work charge; 0 for rezano.
 */
export function edgeWorkOf(
  widthMm: Decimal.Value,
  heightMm: Decimal.Value,
  edgeType: EdgeType | null | undefined,
  settings: PricingSettings,
): { amount: Decimal; measure: Decimal | null } {
  if (!edgeType || edgeType === 'rezano') return { amount: new Dec(0), measure: null };
  const measure = workedPerimeter(widthMm, heightMm, settings);
  const amount = measure.times(settings[`edge_price_${edgeType}`] ?? '0');
  return { amount: Dec.max(amount, settings.edge_min_charge ?? '0'), measure };
}

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
  let bandSurchargePct: Decimal | null = null;
  let processing = new Dec(0);
  let oversizePct: Decimal | null = null;
  let edgeWork = new Dec(0);
  let edgeMeasure: Decimal | null = null;
  let coatingRemoval = new Dec(0);
  let rushPct: Decimal | null = null;
  let amount: Decimal;
  if (item.basis === 'area') {
    billedWidthMm = roundUpToStep(width, settings.dimension_step_mm);
    billedHeightMm = roundUpToStep(height, settings.dimension_step_mm);
    const area = billedWidthMm.times(billedHeightMm).div(1_000_000);
    const minimum = minimumArea(item.glassKind, settings);
    minimumAreaApplied = area.lt(minimum);
    measure = minimumAreaApplied ? minimum : area;
    amount = price.times(measure);
    bandSurchargePct = areaBandSurcharge(measure, settings.area_bands);
    if (bandSurchargePct) amount = amount.times(new Dec(100).plus(bandSurchargePct)).div(100);
    if (line.shaped) amount = amount.times(new Dec(100).plus(settings.shape_surcharge_pct)).div(100);
    const oversize = new Dec(settings.oversize_surcharge_pct ?? '0');
    if (oversize.gt(0) && isOversize(width, height, settings)) {
      oversizePct = oversize;
      amount = amount.times(new Dec(100).plus(oversize)).div(100);
    }
    processing = countOf(line.holeCount)
      .times(settings.hole_price ?? '0')
      .plus(countOf(line.cutoutCount).times(settings.cutout_price ?? '0'));
    amount = amount.plus(processing);
    const edge = edgeWorkOf(width, height, line.edgeType, settings);
    edgeWork = edge.amount;
    edgeMeasure = edge.measure;
    amount = amount.plus(edgeWork);
    if (line.coatingRemoval) {
      coatingRemoval = workedPerimeter(width, height, settings).times(settings.coating_removal_price ?? '0');
      amount = amount.plus(coatingRemoval);
    }
  } else {
    const minEdge = new Dec(settings.min_edge_mm);
    billedWidthMm = Dec.max(width, minEdge);
    billedHeightMm = Dec.max(height, minEdge);
    measure = billedWidthMm.plus(billedHeightMm).times(2).div(1000);
    amount = price.times(measure);
  }
  const rush = new Dec(settings.rush_surcharge_pct ?? '0');
  if (line.rush && rush.gt(0)) {
    rushPct = rush;
    amount = amount.times(new Dec(100).plus(rush)).div(100);
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
    bandSurchargePct,
    processing,
    oversizePct,
    edgeWork,
    edgeMeasure,
    coatingRemoval,
    rushPct,
    minChargeApplied,
    unitPrice,
  };
}

/** The stored form of a unit price: 4 decimals at most, trailing zeros dropped ("13.005"). */
export const unitPriceText = (value: Decimal): string => value.toDecimalPlaces(4).toFixed();
