import {
  DEFAULT_PRICING_SETTINGS,
  DOCUMENT_VAT_RATES,
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
  unitPriceText,
  type VatRate,
} from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridItem } from '../../components/line-grid/grid-items.ts';
import { type GridColumn, LineGrid } from '../../components/line-grid/line-grid.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import {
  formatNumber,
  formatNumberInput,
  formatUnit,
  numberInputToApi,
  optionalNumberInputToApi,
  parseNumberInput,
  unitCodeOf,
} from '../../lib/format.ts';
import { Money, NUM } from './parts.tsx';
import { useWindowSpecEditor, windowFromApi, windowToApi } from './window-spec.tsx';

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

export function lineFromApi(l: {
  item_id: string | null;
  sku: string | null;
  item_name: string | null;
  description: string;
  quantity: string;
  unit: string;
  width_mm: string | null;
  height_mm: string | null;
  unit_price: string;
  discount_pct: string;
  vat_rate: string;
  lot_id: string | null;
  lot_number: string | null;
  source_line_id?: string | null;
  billed_measure?: string | null;
  billed_unit?: string | null;
  shaped?: boolean;
  item_kind?: string | null;
  profile_system?: string | null;
  glass_makeup?: string | null;
  colour?: string | null;
  hardware_set?: string | null;
  hole_count?: number;
  hole_diameter_mm?: string | null;
  hole_edge_mm?: string | null;
  cutout_count?: number;
  edge_type?: string | null;
  coating_removal?: boolean;
  item_thickness_mm?: string | null;
  price_basis?: string | null;
  glass_kind?: string | null;
  item_sales_price?: string | null;
  item_min_charge?: string | null;
}): EditLine {
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

function lineNet(l: EditLine, settings: GridPricing, clientDiscount?: string | null): string | null {
  const draft = draftOf(l);
  if (!draft) return null;
  try {
    return priceDraftLine(draft, pricingOf(settings, clientDiscount)).amounts.net.toFixed(2);
  } catch {
    return null;
  }
}

type TextCol =
  | 'description'
  | 'quantity'
  | 'unit'
  | 'width_mm'
  | 'height_mm'
  | 'unit_price'
  | 'discount_pct'
  | 'hole_count'
  | 'hole_diameter_mm'
  | 'hole_edge_mm'
  | 'cutout_count';

/**
 * An item chosen in the grid fills the line: price and VAT from the item, discount from the client.
 * An item priced per m² or per running metre leaves the price to the measure rule (shown as the
 * price's placeholder) and is counted in pieces.
 */
export function pickIntoLine(l: EditLine, item: GridItem, defaultDiscount?: string): EditLine {
  const measured = item.price_basis === 'area' || item.price_basis === 'perimeter';
  return {
    ...l,
    item_id: item.id,
    item_label: `${item.sku} · ${item.name}`,
    item_kind: item.kind,
    description: l.description || item.name,
    unit: measured ? 'kom' : item.base_unit,
    unit_price: measured ? '' : formatNumberInput(item.sales_price, undefined, 2),
    discount_pct: l.discount_pct || defaultDiscount || '',
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
const remeasure = (l: EditLine, next: EditLine): EditLine =>
  l.auto_price && l.pricing && l.pricing.basis !== 'unit' ? { ...next, unit_price: '', billed: null } : next;

/** The document's rush flag changed: every line priced by the rule is priced again. */
export const repriceAll = (lines: EditLine[]): EditLine[] => lines.map((l) => remeasure(l, l));

/** The company's measure pricing settings (defaults until loaded). */
export function usePricingSettings() {
  return useQuery({
    queryKey: ['documents', 'pricing-settings'],
    queryFn: ({ signal }) => api<PricingSettings>('/api/documents/pricing-settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The document line editor: the shared keyboard grid (components/line-grid) with the document
 * columns and live totals. Removing a line offers Undo in the toast.
 */
export function LineEditor({
  lines,
  onChange,
  readOnly,
  showLots,
  defaultDiscount,
  rush,
}: {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  readOnly?: boolean;
  showLots?: boolean;
  /**
   * The client's default discount: filled in when an item is picked, and applied to lines left
   * without a discount in the totals (the server does the same on save).
   */
  defaultDiscount?: string;
  /** A rush order (quote / work order flag): rule-priced lines pay the rush surcharge %. */
  rush?: boolean;
}) {
  const { t, i18n } = useTranslation('documents');
  const { t: tg } = useTranslation('ux-grid');
  const toast = useToast();
  const pricingQuery = usePricingSettings();
  const settings = useMemo<GridPricing>(
    () => ({ ...(pricingQuery.data ?? DEFAULT_PRICING_SETTINGS), rush: Boolean(rush) }),
    [pricingQuery.data, rush],
  );
  const windowSpec = useWindowSpecEditor(lines, readOnly ? undefined : onChange);
  const columns = useMemo(() => {
    const text = (
      id: TextCol,
      header: string,
      kind: 'text' | 'decimal',
      width: string,
      placeholder?: string,
    ) =>
      ({
        id,
        header,
        kind,
        width,
        className: kind === 'decimal' ? 'text-right' : undefined,
        placeholder,
        label: (n: number) => t(`lines.${id}Of`, { row: n }),
        value: (l: EditLine) => l[id] ?? '',
        set: (l: EditLine, v: string) =>
          id === 'width_mm' ||
          id === 'height_mm' ||
          id === 'quantity' ||
          id === 'hole_count' ||
          id === 'cutout_count'
            ? remeasure(l, { ...l, [id]: v })
            : // A typed price is the user's; clearing it hands the line back to the rule.
              id === 'unit_price'
              ? {
                  ...l,
                  unit_price: v,
                  auto_price: v.trim() === '',
                  billed: v.trim() === '' ? null : l.billed,
                }
              : { ...l, [id]: v },
      }) satisfies GridColumn<EditLine>;
    const billedOf = (l: EditLine) => {
      const auto = autoMeasurePrice(l, settings);
      return auto ? { measure: auto.measure.toFixed(), unit: auto.unit } : l.billed;
    };
    const billedText = (l: EditLine) => {
      const b = billedOf(l);
      return b
        ? `${formatNumber(b.measure, i18n.language, { maximumFractionDigits: 6 })} ${b.unit === 'm2' ? 'm²' : 'm'}`
        : '';
    };
    const cols: GridColumn<EditLine>[] = [
      {
        id: 'item',
        header: t('lines.item'),
        kind: 'item',
        width: '14rem',
        placeholder: t('lines.itemPlaceholder'),
        label: (n) => t('lines.itemOf', { row: n }),
        value: (l) => l.item_label,
        set: (l, v) => ({ ...l, item_label: v, item_id: null }),
      },
      text('description', t('lines.description'), 'text', 'minmax(8rem, 1fr)'),
      text('quantity', t('lines.quantity'), 'decimal', '5rem'),
      {
        // Codes are stored (m2), symbols shown (m²).
        ...text('unit', t('lines.unit'), 'text', '4rem'),
        value: (l: EditLine) => formatUnit(l.unit),
        set: (l: EditLine, v: string) => ({ ...l, unit: unitCodeOf(v) }),
        render: (l: EditLine) => <span className="block px-1.5">{formatUnit(l.unit)}</span>,
      },
      text('width_mm', t('lines.width'), 'decimal', '5rem'),
      text('height_mm', t('lines.height'), 'decimal', '5rem'),
      {
        ...text('unit_price', t('lines.price'), 'decimal', '6.5rem'),
        // Empty: the price the server will set — the measure rule's, computed live, or "auto".
        placeholder: (l: EditLine) => {
          const auto = autoMeasurePrice(l, settings);
          return auto
            ? formatNumber(unitPriceText(auto.unitPrice), i18n.language, {
                minimumFractionDigits: 2,
                maximumFractionDigits: 4,
              })
            : t('lines.auto');
        },
        // Read-only documents show the price as money, like the totals.
        render: (l: EditLine) => (
          <span className="block px-1.5 text-right">
            <Money value={parseNumberInput(l.unit_price)} />
          </span>
        ),
      },
      {
        id: 'billed',
        header: <abbr title={t('lines.billedTitle')}>{t('lines.billed')}</abbr>,
        kind: 'display',
        width: '6rem',
        className: NUM,
        render: (l: EditLine) => {
          const b = billedOf(l);
          return (
            <span
              className="block px-1.5 text-right text-xs text-muted"
              data-testid="line-billed"
              title={
                b
                  ? t(b.unit === 'm2' ? 'lines.billedArea' : 'lines.billedLength', { value: billedText(l) })
                  : undefined
              }
            >
              {billedText(l)}
            </span>
          );
        },
      },
      text('discount_pct', t('lines.discount'), 'decimal', '5rem', t('lines.auto')),
      {
        id: 'vat_rate',
        header: t('lines.vat'),
        kind: 'select',
        width: '5.5rem',
        label: (n) => t('lines.vatOf', { row: n }),
        value: (l) => l.vat_rate,
        set: (l, v) => ({ ...l, vat_rate: (normaliseVatRate(v) ?? l.vat_rate) as VatRate }),
        options: DOCUMENT_VAT_RATES.map((r) => ({ value: r, label: `${r} %` })),
      },
      {
        // Last of the editable columns, so pasted spreadsheet columns keep their places; a choice
        // on lines priced per m² only (a shaped pane pays the company's shape surcharge).
        id: 'shaped',
        header: t('lines.shaped'),
        kind: 'select',
        width: '6.5rem',
        label: (n) => t('lines.shapedOf', { row: n }),
        editable: (l) => l.pricing?.basis === 'area',
        value: (l) => (l.shaped ? 'yes' : 'no'),
        set: (l, v) => remeasure(l, { ...l, shaped: v === 'yes' }),
        options: [
          { value: 'no', label: t('lines.shapedNo') },
          { value: 'yes', label: t('lines.shapedYes') },
        ],
        render: (l) => (
          <span className="block px-1.5 text-xs text-muted">{l.shaped ? t('lines.shapedYes') : ''}</span>
        ),
      },
      {
        // Edge work by type (rezano = cut, none) at the company's price per running metre, and
        // coating edge deletion; lines priced per m² only.
        id: 'edge_type',
        header: t('lines.edgeType'),
        kind: 'select',
        width: '8rem',
        label: (n) => t('lines.edgeTypeOf', { row: n }),
        editable: (l) => l.pricing?.basis === 'area',
        value: (l) => l.edge_type ?? 'rezano',
        set: (l, v) =>
          remeasure(l, {
            ...l,
            edge_type: (EDGE_TYPES as readonly string[]).includes(v) ? (v as EdgeType) : 'rezano',
          }),
        options: EDGE_TYPES.map((e) => ({ value: e, label: t(`lines.edge.${e}`) })),
        render: (l) => (
          <span className="block px-1.5 text-xs text-muted" data-testid="line-edge">
            {l.edge_type && l.edge_type !== 'rezano' ? t(`lines.edge.${l.edge_type}`) : ''}
          </span>
        ),
      },
      {
        id: 'coating_removal',
        header: t('lines.coatingRemoval'),
        kind: 'select',
        width: '6rem',
        label: (n) => t('lines.coatingRemovalOf', { row: n }),
        editable: (l) => l.pricing?.basis === 'area',
        value: (l) => (l.coating_removal ? 'yes' : 'no'),
        set: (l, v) => remeasure(l, { ...l, coating_removal: v === 'yes' }),
        options: [
          { value: 'no', label: t('lines.coatingRemovalNo') },
          { value: 'yes', label: t('lines.coatingRemovalYes') },
        ],
        render: (l) => (
          <span className="block px-1.5 text-xs text-muted">
            {l.coating_removal ? t('lines.coatingRemovalYes') : ''}
          </span>
        ),
      },
      // Glass work per pane, on lines priced per m² only: holes (count, Ø, least distance from the
      // edge) and cut-outs are priced at the company's prices; the holes are checked (warnings).
      ...(['hole_count', 'hole_diameter_mm', 'hole_edge_mm', 'cutout_count'] as const).map(
        (id): GridColumn<EditLine> => ({
          ...text(id, t(`lines.${id}`), 'decimal', id === 'hole_edge_mm' ? '4.5rem' : '4rem'),
          header: <abbr title={t(`lines.${id}Title`)}>{t(`lines.${id}`)}</abbr>,
          editable: (l) => l.pricing?.basis === 'area',
        }),
      ),
      {
        id: 'warnings',
        header: t('lines.warnings'),
        kind: 'display',
        width: '10rem',
        render: (l: EditLine) => {
          const warnings = lineGlassWorkWarnings(l);
          return warnings.length ? (
            <ul className="px-1.5 text-xs text-warning" data-testid="line-warnings">
              {warnings.map((w) => (
                <li key={w.key}>
                  {t(
                    w.key,
                    Object.fromEntries(
                      Object.entries(w.params).map(([k, v]) => [k, formatNumber(v, i18n.language)]),
                    ),
                  )}
                </li>
              ))}
            </ul>
          ) : null;
        },
      },
    ];
    cols.push(windowSpec.column);
    if (showLots)
      cols.push({
        id: 'lot',
        header: t('lines.lot'),
        kind: 'display',
        width: '7rem',
        render: (l) => l.lot_number ?? '',
      });
    cols.push({
      id: 'net',
      header: t('lines.net'),
      kind: 'display',
      width: '7.5rem',
      className: NUM,
      render: (l) => (
        <span className="block px-1.5 text-right" data-testid="line-net">
          <Money value={lineNet(l, settings, defaultDiscount)} />
        </span>
      ),
    });
    return cols;
  }, [t, showLots, settings, i18n.language, windowSpec.column, defaultDiscount]);
  const totals = liveTotals(lines, settings, defaultDiscount);
  // The grid's rows render again only when they change: wait for the company's settings so the
  // computed prices are the company's from the first paint (defaults if they cannot be read).
  if (pricingQuery.isPending) return <p role="status">{t('list.loading')}</p>;

  return (
    <>
      {windowSpec.dialog}
      <LineGrid<EditLine>
        label={t('lines.title')}
        rows={lines}
        rowKey={(l) => l.key}
        columns={columns}
        onChange={readOnly ? undefined : onChange}
        newRow={readOnly ? undefined : () => newLine()}
        pick={(l, item) => pickIntoLine(l, item, defaultDiscount)}
        addLabel={t('lines.add')}
        onRemoved={(_, index, restore) =>
          toast.toast({
            title: tg('removed', { row: index + 1 }),
            action: { label: tg('undo'), onClick: restore },
            duration: 8000,
          })
        }
        footer={
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-0.5 text-sm" data-testid="totals">
            <dt className="text-muted">{t('totals.net')}</dt>
            <dd className={NUM} data-testid="total-net">
              <Money value={totals.net.toFixed(2)} />
            </dd>
            {totals.breakdown.map((b) => (
              <div key={b.rate} className="contents">
                <dt className="text-muted">{t('totals.vatAt', { rate: b.rate })}</dt>
                <dd className={NUM}>
                  <Money value={b.vat.toFixed(2)} />
                </dd>
              </div>
            ))}
            <dt className="font-semibold">{t('totals.total')}</dt>
            <dd className={cn(NUM, 'font-semibold')} data-testid="total">
              <Money value={totals.total.toFixed(2)} />
            </dd>
          </dl>
        }
      />
    </>
  );
}
