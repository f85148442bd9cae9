import { DOCUMENT_VAT_RATES, documentTotals, lineAmounts, normaliseVatRate, type VatRate } from '@erp/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridItem } from '../../components/line-grid/grid-items.ts';
import { type GridColumn, LineGrid } from '../../components/line-grid/line-grid.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { Money, NUM } from './parts.tsx';

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

const dec = (s: string) => s.trim().replace(',', '.');
const isNum = (s: string) => /^-?\d+(\.\d+)?$/.test(dec(s));

/** The line as the API takes it: empty price or discount = the server's defaults (item, client). */
export function lineToApi(l: EditLine) {
  return {
    item_id: l.item_id,
    description: l.description,
    quantity: dec(l.quantity),
    unit: l.unit || null,
    width_mm: l.width_mm ? dec(l.width_mm) : null,
    height_mm: l.height_mm ? dec(l.height_mm) : null,
    unit_price: l.unit_price ? dec(l.unit_price) : null,
    discount_pct: l.discount_pct ? dec(l.discount_pct) : null,
    vat_rate: l.vat_rate,
    lot_id: l.lot_id ?? null,
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
}): EditLine {
  return newLine({
    item_id: l.item_id,
    item_label: l.sku ? `${l.sku} · ${l.item_name ?? ''}` : '',
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    width_mm: l.width_mm ?? '',
    height_mm: l.height_mm ?? '',
    unit_price: l.unit_price,
    discount_pct: l.discount_pct,
    vat_rate: (normaliseVatRate(l.vat_rate) ?? '25') as VatRate,
    lot_id: l.lot_id,
    lot_number: l.lot_number,
  });
}

/** Live totals with the domain's rounding rule (the server recomputes the same on save). */
export function liveTotals(lines: EditLine[]) {
  const valid = lines.filter((l) => isNum(l.quantity) && (l.unit_price === '' || isNum(l.unit_price)));
  return documentTotals(
    valid.map((l) => ({
      quantity: dec(l.quantity),
      unitPrice: l.unit_price ? dec(l.unit_price) : '0',
      discountPct: l.discount_pct && isNum(l.discount_pct) ? dec(l.discount_pct) : '0',
      vatRate: l.vat_rate,
    })),
  );
}

function lineNet(l: EditLine): string | null {
  if (!isNum(l.quantity) || !isNum(l.unit_price || '0')) return null;
  try {
    return lineAmounts({
      quantity: dec(l.quantity),
      unitPrice: dec(l.unit_price || '0'),
      discountPct: l.discount_pct && isNum(l.discount_pct) ? dec(l.discount_pct) : '0',
      vatRate: l.vat_rate,
    }).net.toFixed(2);
  } catch {
    return null;
  }
}

type TextCol = 'description' | 'quantity' | 'unit' | 'width_mm' | 'height_mm' | 'unit_price' | 'discount_pct';

/** An item chosen in the grid fills the line: price and VAT from the item, discount from the client. */
export function pickIntoLine(l: EditLine, item: GridItem, defaultDiscount?: string): EditLine {
  return {
    ...l,
    item_id: item.id,
    item_label: `${item.sku} · ${item.name}`,
    description: l.description || item.name,
    unit: item.base_unit,
    unit_price: item.sales_price ?? '',
    discount_pct: l.discount_pct || defaultDiscount || '',
    vat_rate: (normaliseVatRate(item.vat_rate) ?? '25') as VatRate,
  };
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
}: {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  readOnly?: boolean;
  showLots?: boolean;
  /** The client's discount, filled in when an item is picked. */
  defaultDiscount?: string;
}) {
  const { t } = useTranslation('documents');
  const { t: tg } = useTranslation('ux-grid');
  const toast = useToast();
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
        value: (l: EditLine) => l[id],
        set: (l: EditLine, v: string) => ({ ...l, [id]: v }),
      }) satisfies GridColumn<EditLine>;
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
      text('unit', t('lines.unit'), 'text', '4rem'),
      text('width_mm', t('lines.width'), 'decimal', '5rem'),
      text('height_mm', t('lines.height'), 'decimal', '5rem'),
      {
        ...text('unit_price', t('lines.price'), 'decimal', '6.5rem', t('lines.auto')),
        // Read-only documents show the price as money, like the totals.
        render: (l: EditLine) => (
          <span className="block px-1.5 text-right">
            <Money value={l.unit_price || null} />
          </span>
        ),
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
      className: NUM,
      render: (l) => (
        <span className="block px-1.5 text-right" data-testid="line-net">
          <Money value={lineNet(l)} />
        </span>
      ),
    });
    return cols;
  }, [t, showLots]);
  const totals = liveTotals(lines);

  return (
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
  );
}
