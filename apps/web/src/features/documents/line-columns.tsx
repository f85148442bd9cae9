import {
  DOCUMENT_VAT_RATES,
  EDGE_TYPES,
  type EdgeType,
  normaliseVatRate,
  unitPriceText,
  type VatRate,
} from '@erp/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '../../components/line-grid/line-grid.tsx';
import {
  formatNumber,
  formatPercent,
  formatQuantity,
  formatUnit,
  parseNumberInput,
  unitCodeOf,
} from '../../lib/format.ts';
import {
  autoMeasurePrice,
  type EditLine,
  fillItemFrom,
  type GridPricing,
  isGlassLine,
  isWindowLine,
  lineGlassWorkWarnings,
  lineNet,
  remeasure,
} from './line-model.ts';
import { Money, NUM, UnitPrice } from './parts.tsx';

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

/** The optional column groups on screen: glass work (edges, holes, shape, coating) and the window spec. */
export type LineGroups = { glass: boolean; window: boolean };

/**
 * The order pasted spreadsheet cells fill the editable columns (from the focused one on): the
 * grid's order before the glass columns moved next to W × H, so pasted sheets keep their places.
 */
export const PASTE_ORDER = [
  'item',
  'description',
  'quantity',
  'unit',
  'width_mm',
  'height_mm',
  'unit_price',
  'discount_pct',
  'vat_rate',
  'shaped',
  'edge_type',
  'coating_removal',
  'hole_count',
  'hole_diameter_mm',
  'hole_edge_mm',
  'cutout_count',
] as const;

/**
 * The document line columns, in the order a glass and window shop types a line: item, W, H,
 * quantity, then the glass work of the pane (when that group is on), then price, discount, VAT;
 * the item is pinned at the start and the amount at the end while the grid scrolls sideways.
 */
export function useLineColumns({
  settings,
  showLots,
  defaultDiscount,
  windowColumn,
  groups,
}: {
  settings: GridPricing;
  showLots?: boolean;
  defaultDiscount?: string;
  windowColumn: GridColumn<EditLine>;
  groups: LineGroups;
}) {
  const { t, i18n } = useTranslation('documents');
  return useMemo(() => {
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
      return b ? `${formatQuantity(b.measure, i18n.language)} ${b.unit === 'm2' ? 'm²' : 'm'}` : '';
    };
    const cols: GridColumn<EditLine>[] = [
      {
        id: 'item',
        header: t('lines.item'),
        kind: 'item',
        pin: 'start',
        fill: fillItemFrom,
        width: '14rem',
        placeholder: t('lines.itemPlaceholder'),
        label: (n) => t('lines.itemOf', { row: n }),
        value: (l) => l.item_label,
        set: (l, v) => ({ ...l, item_label: v, item_id: null }),
        // A phone shows the item column only: the quantity with its unit and the amount go under it.
        phoneNote: (l) =>
          l.quantity.trim() ? (
            <span className="flex flex-wrap justify-between gap-x-2">
              {/* A line without an item is known by its description (in a column off-screen). */}
              {!l.item_id && l.description.trim() ? (
                <span className="w-full truncate text-muted">{l.description}</span>
              ) : null}
              {/* The quantity as the line holds it: already in the user's number format. */}
              <span data-testid="line-phone-quantity">
                {l.quantity} {formatUnit(l.unit)}
              </span>
              <Money value={lineNet(l, settings, defaultDiscount)} />
            </span>
          ) : null,
      },
      text('description', t('lines.description'), 'text', 'minmax(8rem, 1fr)'),
      text('width_mm', t('lines.width'), 'decimal', '5rem'),
      text('height_mm', t('lines.height'), 'decimal', '5rem'),
      text('quantity', t('lines.quantity'), 'decimal', '5rem'),
      {
        // Codes are stored (m2), symbols shown (m²).
        ...text('unit', t('lines.unit'), 'text', '4rem'),
        value: (l: EditLine) => formatUnit(l.unit),
        set: (l: EditLine, v: string) => ({ ...l, unit: unitCodeOf(v) }),
        // The item sets the unit: Tab passes by (Shift+Tab or a click still edits it).
        tabSkip: (l: EditLine) => Boolean(l.item_id),
        render: (l: EditLine) => <span className="block px-1.5">{formatUnit(l.unit)}</span>,
      },
      // Glass work (lines priced per m²): edge work first, then holes and cut-outs, shape, coating.
      ...(groups.glass
        ? ([
            {
              // Edge work by type (rezano = cut, none) at the company's price per running metre, and
              // coating edge deletion; lines priced per m² only.
              id: 'edge_type',
              header: t('lines.edgeType'),
              kind: 'select',
              width: '8rem',
              label: (n) => t('lines.edgeTypeOf', { row: n }),
              applies: isGlassLine,
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
            // Glass work per pane, on lines priced per m² only: holes (count, Ø, least distance from the
            // edge) and cut-outs are priced at the company's prices; the holes are checked (warnings).
            ...(['hole_count', 'hole_diameter_mm', 'hole_edge_mm', 'cutout_count'] as const).map(
              (id): GridColumn<EditLine> => ({
                ...text(id, t(`lines.${id}`), 'decimal', id === 'hole_edge_mm' ? '4.5rem' : '4rem'),
                header: <abbr title={t(`lines.${id}Title`)}>{t(`lines.${id}`)}</abbr>,
                applies: isGlassLine,
              }),
            ),
            {
              // A choice on lines priced per m² only (a shaped pane pays the company's shape surcharge).
              id: 'shaped',
              header: t('lines.shaped'),
              kind: 'select',
              width: '6.5rem',
              label: (n) => t('lines.shapedOf', { row: n }),
              applies: isGlassLine,
              value: (l) => (l.shaped ? 'yes' : 'no'),
              set: (l, v) => remeasure(l, { ...l, shaped: v === 'yes' }),
              options: [
                { value: 'no', label: t('lines.shapedNo') },
                { value: 'yes', label: t('lines.shapedYes') },
              ],
              render: (l) => (
                <span className="block px-1.5 text-xs text-muted">
                  {l.shaped ? t('lines.shapedYes') : ''}
                </span>
              ),
            },
            {
              id: 'coating_removal',
              header: t('lines.coatingRemoval'),
              kind: 'select',
              width: '6rem',
              label: (n) => t('lines.coatingRemovalOf', { row: n }),
              applies: isGlassLine,
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
            {
              id: 'warnings',
              header: t('lines.warnings'),
              kind: 'display',
              width: '10rem',
              applies: isGlassLine,
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
          ] satisfies GridColumn<EditLine>[])
        : []),
      // The window spec on window lines only (other lines: an empty cell).
      ...(groups.window ? [{ ...windowColumn, applies: isWindowLine }] : []),
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
        // Read-only documents show the price as money with its own decimals (2 to 4, as the PDFs):
        // 0,3333 € rounded to 0,33 € did not multiply out to the line's amount.
        render: (l: EditLine) => (
          <span className="block px-1.5 text-right">
            <UnitPrice value={parseNumberInput(l.unit_price)} />
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
        options: DOCUMENT_VAT_RATES.map((r) => ({ value: r, label: formatPercent(r, i18n.language) })),
      },
    ];
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
      pin: 'end',
      className: NUM,
      render: (l) => (
        <span className="block px-1.5 text-right" data-testid="line-net">
          <Money value={lineNet(l, settings, defaultDiscount)} />
        </span>
      ),
    });
    return cols;
  }, [t, showLots, settings, i18n.language, windowColumn, defaultDiscount, groups.glass, groups.window]);
}
