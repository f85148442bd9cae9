import {
  DEFAULT_PRICING_SETTINGS,
  type DocumentLineView,
  type DraftLine,
  draftTotals,
  EDGE_TYPES,
  type EdgeType,
  type GlassKind,
  glassThicknessMm,
  glassWorkWarnings,
  type MeasurePrice,
  measurePrice,
  normaliseVatRate,
  type PriceBasis,
  type PricingSettings,
  priceDraftLine,
  type VatRate,
} from '@erp/domain';
import type { GridItem } from '../../components/line-grid/grid-items.ts';
import {
  formatNumberInput,
  numberInputToApi,
  optionalNumberInputToApi,
  parseNumberInput,
} from '../../lib/format.ts';
import { windowFromApi, windowToApi } from './window-spec.tsx';

/*
 * The document line as the editor keeps it (no React): conversions to and from the API, the
 * measure and line pricing the grid shows live (the domain's rules, as the server runs them),
 * and the defaults a line takes from its item and from the line above.
 */

/**
 * What the line's item says about its price (docs/documents.md "Measure pricing"): priced per
 * unit (the sales price fills a line left without a price) or by measure.
 */
export type LinePricing = {
  basis: PriceBasis;
  glass_kind: GlassKind | null;
  /** The item's sales price: per unit, per m² or per running metre. */
  price: string | null;
  min_charge: string | null;
};

/** One editable line; decimals stay strings (typed with a comma or a dot). */
export type EditLine = {
  key: string;
  item_id: string | null;
  item_label: string;
  description: string;
  quantity: string;
  unit: string;
  width_mm: string;
  height_mm: string;
  unit_price: string;
  discount_pct: string;
  vat_rate: VatRate;
  lot_id?: string | null;
  lot_number?: string | null;
  /** The line this one delivers, bills or credits (issue 17): sent back so an edit keeps it. */
  source_line_id?: string | null;
  /** The item's pricing; absent = a line without an item (priced as typed). */
  pricing?: LinePricing | null;
  /** The stored price is the rule's: changing W, H or the quantity computes it again. */
  auto_price?: boolean;
  /** A shaped (non-rectangular) pane: W × H is its circumscribing rectangle. */
  shaped?: boolean;
  /** Window/door lines (window-spec.tsx): the item's kind and the line's four fields, '' = none. */
  item_kind?: string | null;
  profile_system?: string;
  glass_makeup?: string;
  colour?: string;
  hardware_set?: string;
  /** The billed measure stored with a saved line (shown on read-only documents). */
  billed?: { measure: string; unit: 'm2' | 'm' } | null;
  /** Glass work per pane (area-priced lines): holes, their diameter, least edge distance, cut-outs. */
  hole_count?: string;
  hole_diameter_mm?: string;
  hole_edge_mm?: string;
  cutout_count?: string;
  /** Edge work of each pane (area-priced lines; rezano = none) and coating edge deletion. */
  edge_type?: EdgeType;
  coating_removal?: boolean;
  /** The item's SKU and thickness (mm), for the hole warnings (domain glass-work.ts). */
  sku?: string | null;
  thickness_mm?: string | null;
};

let counter = 0;
export const newLine = (defaults: Partial<EditLine> = {}): EditLine => ({
  key: `l${++counter}`,
  item_id: null,
  item_label: '',
  description: '',
  quantity: '1',
  unit: 'kom',
  width_mm: '',
  height_mm: '',
  unit_price: '',
  discount_pct: '',
  vat_rate: '25',
  ...defaults,
});

/** Typed numbers are read with the app's one rule (lib/format.ts parseNumberInput). */
const dec = (s: string) => parseNumberInput(s) ?? s.trim();
const isNum = (s: string) => parseNumberInput(s) !== null;

/** A count typed in the grid: empty = 0, a whole number as a number, anything else as typed (refused). */
const countToApi = (v: string | undefined) => {
  const s = (v ?? '').trim();
  if (s === '') return 0;
  return /^\d+$/.test(s) ? Number(s) : s;
};

/** The hole warnings of a line (the server computes the same on every read). */
export function lineGlassWorkWarnings(l: EditLine) {
  const makeup = (l as { glass_makeup?: string | null }).glass_makeup;
  return glassWorkWarnings(
    {
      holeCount: isNum(l.hole_count ?? '') ? dec(l.hole_count ?? '') : null,
      holeDiameterMm: isNum(l.hole_diameter_mm ?? '') ? dec(l.hole_diameter_mm ?? '') : null,
      holeEdgeMm: isNum(l.hole_edge_mm ?? '') ? dec(l.hole_edge_mm ?? '') : null,
    },
    glassThicknessMm(l.thickness_mm, makeup || l.sku),
  );
}

/** The line as the API takes it: empty price or discount = the server's defaults (item, client). */
export function lineToApi(l: EditLine) {
  return {
    item_id: l.item_id,
    description: l.description,
    quantity: numberInputToApi(l.quantity),
    unit: l.unit || null,
    width_mm: optionalNumberInputToApi(l.width_mm),
    height_mm: optionalNumberInputToApi(l.height_mm),
    unit_price: optionalNumberInputToApi(l.unit_price),
    discount_pct: optionalNumberInputToApi(l.discount_pct),
    vat_rate: l.vat_rate,
    lot_id: l.lot_id ?? null,
    ...(l.source_line_id ? { source_line_id: l.source_line_id } : {}),
    shaped: Boolean(l.shaped),
    ...windowToApi(l),
    hole_count: countToApi(l.hole_count),
    hole_diameter_mm: optionalNumberInputToApi(l.hole_diameter_mm),
    hole_edge_mm: optionalNumberInputToApi(l.hole_edge_mm),
    cutout_count: countToApi(l.cutout_count),
    edge_type: l.edge_type ?? 'rezano',
    coating_removal: Boolean(l.coating_removal),
  };
}

/** A saved line as the API answers it (the documents contract), to edit; tests may pass part of it. */
export function lineFromApi(
  l: Pick<
    DocumentLineView,
    | 'item_id'
    | 'sku'
    | 'item_name'
    | 'description'
    | 'quantity'
    | 'unit'
    | 'width_mm'
    | 'height_mm'
    | 'unit_price'
    | 'discount_pct'
    | 'vat_rate'
    | 'lot_id'
    | 'lot_number'
  > &
    Partial<DocumentLineView>,
): EditLine {
  const basis = l.price_basis as PriceBasis | null | undefined;
  return newLine({
    pricing:
      basis && l.item_id
        ? {
            basis,
            glass_kind: (l.glass_kind ?? null) as GlassKind | null,
            price: l.item_sales_price ?? null,
            min_charge: l.item_min_charge ?? null,
          }
        : null,
    auto_price: Boolean(l.billed_unit),
    source_line_id: l.source_line_id ?? null,
    shaped: Boolean(l.shaped),
    item_kind: l.item_kind ?? null,
    ...windowFromApi(l),
    hole_count: l.hole_count ? String(l.hole_count) : '',
    hole_diameter_mm: formatNumberInput(l.hole_diameter_mm),
    hole_edge_mm: formatNumberInput(l.hole_edge_mm),
    cutout_count: l.cutout_count ? String(l.cutout_count) : '',
    edge_type: (EDGE_TYPES as readonly string[]).includes(l.edge_type ?? '')
      ? (l.edge_type as EdgeType)
      : 'rezano',
    coating_removal: Boolean(l.coating_removal),
    sku: l.sku,
    thickness_mm: l.item_thickness_mm ?? null,
    billed:
      l.billed_measure && l.billed_unit
        ? { measure: l.billed_measure, unit: l.billed_unit as 'm2' | 'm' }
        : null,
    item_id: l.item_id,
    item_label: l.sku ? `${l.sku} · ${l.item_name ?? ''}` : '',
    description: l.description,
    // Saved numbers come back in the language's format ("88,56", not "88.56").
    quantity: formatNumberInput(l.quantity),
    unit: l.unit,
    width_mm: formatNumberInput(l.width_mm),
    height_mm: formatNumberInput(l.height_mm),
    unit_price: formatNumberInput(l.unit_price, undefined, 2),
    discount_pct: formatNumberInput(l.discount_pct),
    vat_rate: (normaliseVatRate(l.vat_rate) ?? '25') as VatRate,
    lot_id: l.lot_id,
    lot_number: l.lot_number,
  });
}

/** The company's pricing settings and the document's rush flag, as the grid prices with them. */
export type GridPricing = PricingSettings & { rush?: boolean };

/**
 * The price the server will set for a line left without a price: for an item priced per m² or per
 * running metre, the domain's measure rule over W × H (the same function the server runs, so both
 * agree); null when the line has a typed price, no measure-priced item or no valid W × H yet.
 */
export function autoMeasurePrice(l: EditLine, settings: GridPricing): MeasurePrice | null {
  if (l.unit_price.trim() !== '' || !l.pricing || l.pricing.basis === 'unit') return null;
  if (!isNum(l.width_mm) || !isNum(l.height_mm)) return null;
  try {
    return measurePrice(
      {
        basis: l.pricing.basis,
        glassKind: l.pricing.glass_kind,
        price: l.pricing.price ?? '0',
        minCharge: l.pricing.min_charge,
      },
      {
        widthMm: dec(l.width_mm),
        heightMm: dec(l.height_mm),
        quantity: isNum(l.quantity) ? dec(l.quantity) : null,
        shaped: Boolean(l.shaped),
        holeCount: isNum(l.hole_count ?? '') ? dec(l.hole_count ?? '') : null,
        cutoutCount: isNum(l.cutout_count ?? '') ? dec(l.cutout_count ?? '') : null,
        edgeType: l.edge_type ?? null,
        coatingRemoval: Boolean(l.coating_removal),
        rush: Boolean(settings.rush),
      },
      settings,
    );
  } catch {
    return null;
  }
}

/**
 * The line as the domain prices it (documents/line-pricing.ts), the same inputs the server gets:
 * an empty price or discount is left to the defaults (measure rule or item price; the client's
 * discount). Null while the quantity, price or discount is not a number yet.
 */
export function draftOf(l: EditLine): DraftLine | null {
  if (!isNum(l.quantity)) return null;
  if (l.unit_price.trim() !== '' && !isNum(l.unit_price)) return null;
  if (l.discount_pct.trim() !== '' && !isNum(l.discount_pct)) return null;
  const count = (v: string | undefined) => (isNum(v ?? '') ? dec(v ?? '') : null);
  return {
    quantity: dec(l.quantity),
    unitPrice: l.unit_price.trim() ? dec(l.unit_price) : null,
    discountPct: l.discount_pct.trim() ? dec(l.discount_pct) : null,
    vatRate: l.vat_rate,
    item:
      l.item_id && l.pricing
        ? {
            salesPrice: l.pricing.price,
            vatRate: null,
            basis: l.pricing.basis,
            glassKind: l.pricing.glass_kind,
            minCharge: l.pricing.min_charge,
          }
        : null,
    widthMm: isNum(l.width_mm) ? dec(l.width_mm) : null,
    heightMm: isNum(l.height_mm) ? dec(l.height_mm) : null,
    shaped: Boolean(l.shaped),
    holeCount: count(l.hole_count),
    cutoutCount: count(l.cutout_count),
    edgeType: l.edge_type ?? null,
    coatingRemoval: Boolean(l.coating_removal),
  };
}

/** The client's discount and the document's rush flag, as the server prices with them. */
const pricingOf = (settings: GridPricing, clientDiscount?: string | null) => ({
  clientDiscountPct: clientDiscount ?? null,
  settings,
  rush: Boolean(settings.rush),
});

/**
 * Live totals: the domain's draftTotals over the lines the server would accept, with the
 * company's settings, the rush flag and the client's discount (the server saves the same).
 */
export function liveTotals(
  lines: EditLine[],
  settings: GridPricing = DEFAULT_PRICING_SETTINGS,
  clientDiscount?: string | null,
) {
  const drafts = lines.map(draftOf).filter((d): d is DraftLine => d !== null);
  return draftTotals(drafts, pricingOf(settings, clientDiscount)).totals;
}

export function lineNet(l: EditLine, settings: GridPricing, clientDiscount?: string | null): string | null {
  const draft = draftOf(l);
  if (!draft) return null;
  try {
    return priceDraftLine(draft, pricingOf(settings, clientDiscount)).amounts.net.toFixed(2);
  } catch {
    return null;
  }
}

/**
 * An item chosen in the grid fills the line: price and VAT from the item, discount from the client.
 * An item priced per m² or per running metre leaves the price to the measure rule (shown as the
 * price's placeholder) and is counted in pieces.
 */
export function pickIntoLine(l: EditLine, item: GridItem, defaultDiscount?: string, lng?: string): EditLine {
  const measured = item.price_basis === 'area' || item.price_basis === 'perimeter';
  return {
    ...l,
    item_id: item.id,
    item_label: `${item.sku} · ${item.name}`,
    item_kind: item.kind,
    description: l.description || item.name,
    unit: measured ? 'kom' : item.base_unit,
    unit_price: measured ? '' : formatNumberInput(item.sales_price, lng, 2),
    // The client's discount arrives as API text ("2.125"): into the input in the language's format.
    discount_pct: l.discount_pct || formatNumberInput(defaultDiscount, lng),
    vat_rate: (normaliseVatRate(item.vat_rate) ?? '25') as VatRate,
    pricing: {
      basis: (item.price_basis ?? 'unit') as PriceBasis,
      glass_kind: item.glass_kind ?? null,
      price: item.sales_price,
      min_charge: item.min_charge ?? null,
    },
    auto_price: measured,
    billed: null,
    sku: item.sku,
    thickness_mm: item.thickness_mm ?? null,
  };
}

/** A change of W, H or quantity on a line priced by the rule lets the rule price it again. */
export const remeasure = (l: EditLine, next: EditLine): EditLine =>
  l.auto_price && l.pricing && l.pricing.basis !== 'unit' ? { ...next, unit_price: '', billed: null } : next;

/** The document's rush flag changed: every line priced by the rule is priced again. */
export const repriceAll = (lines: EditLine[]): EditLine[] => lines.map((l) => remeasure(l, l));

/** The fields a line shares with the line above when it has the same item: edge work, coating, window spec. */
const FINISH = [
  'edge_type',
  'coating_removal',
  'profile_system',
  'glass_makeup',
  'colour',
  'hardware_set',
] as const;
const finishOf = (l: EditLine) =>
  Object.fromEntries(FINISH.map((f) => [f, l[f]])) as Pick<EditLine, (typeof FINISH)[number]>;

/** A new line under `above` takes what the next line usually shares: its VAT rate and discount. */
export function lineBelow(above?: EditLine): EditLine {
  return newLine(above ? { vat_rate: above.vat_rate, discount_pct: above.discount_pct } : {});
}

/**
 * An item chosen under a line with the same item takes that line's finish (edge work, coating,
 * window spec): the panes of one order are usually worked alike. Another item takes nothing.
 */
export function finishFrom(l: EditLine, above: EditLine | undefined): EditLine {
  if (!above || !l.item_id || above.item_id !== l.item_id) return l;
  return remeasure(l, { ...l, ...finishOf(above) });
}

/**
 * Ctrl+D in the item cell: the line above's item, with its description, unit, VAT and finish;
 * its typed price too when the item is priced per unit (a measure price belongs to its size, so
 * a measure-priced line is priced again by the rule). W, H and the quantity stay this line's.
 */
export function fillItemFrom(l: EditLine, above: EditLine): EditLine {
  if (!above.item_id && !above.description.trim()) return l;
  const measured = Boolean(above.pricing && above.pricing.basis !== 'unit');
  return {
    ...l,
    item_id: above.item_id,
    item_label: above.item_label,
    item_kind: above.item_kind ?? null,
    description: above.description,
    unit: above.unit,
    unit_price: measured ? '' : above.unit_price,
    auto_price: measured,
    discount_pct: l.discount_pct || above.discount_pct,
    vat_rate: above.vat_rate,
    pricing: above.pricing ?? null,
    billed: null,
    sku: above.sku ?? null,
    thickness_mm: above.thickness_mm ?? null,
    ...finishOf(above),
  };
}

/** The cell after the item: W for an item priced by measure (then H, then the quantity), else the quantity. */
export const cellAfterItem = (l: EditLine) =>
  l.pricing && l.pricing.basis !== 'unit' ? 'width_mm' : 'quantity';

/** A line is filled once it names an item or has a description: Enter then starts the next line. */
export const lineFilled = (l: EditLine) => Boolean(l.item_id || l.description.trim());

/** A pane priced per m²: the glass-work cells (edges, holes, shape, coating) belong to it. */
export const isGlassLine = (l: EditLine) => l.pricing?.basis === 'area';

/** A window or door (a product, or a line that already has a window spec): the window cells belong to it. */
export const isWindowLine = (l: EditLine) =>
  l.item_kind === 'product' || Boolean(l.profile_system || l.glass_makeup || l.colour || l.hardware_set);
