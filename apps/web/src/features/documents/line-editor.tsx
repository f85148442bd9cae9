import { DOCUMENT_VAT_RATES, documentTotals, lineAmounts, normaliseVatRate, type VatRate } from '@erp/domain';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { type PickItem, useItemSearch } from './documents-api.ts';
import { Money, NUM, TABLE, TD, TH } from './parts.tsx';

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

/** Item picker: type a SKU or name, choose with the arrow keys and Enter, or click. */
function ItemCell({
  line,
  onPick,
  onLabel,
  onGridKey,
  label,
}: {
  line: EditLine;
  onPick: (item: PickItem) => void;
  onLabel: (text: string) => void;
  /** Grid navigation, used when the option list is closed. */
  onGridKey: (e: KeyboardEvent<HTMLInputElement>) => void;
  label: string;
}) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useItemSearch(open ? line.item_label : '');
  const options = search.data?.items ?? [];
  const listId = `items-${line.key}`;
  const choose = (item: PickItem) => {
    onPick(item);
    setOpen(false);
  };
  return (
    <div className="relative">
      <input
        className="h-8 w-full rounded border border-border bg-surface px-1.5 text-sm"
        role="combobox"
        aria-label={label}
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        data-col="item"
        value={line.item_label}
        placeholder={t('lines.itemPlaceholder')}
        onChange={(e) => {
          onLabel(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (!open || options.length === 0) {
            onGridKey(e);
            return;
          }
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            e.stopPropagation();
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            e.stopPropagation();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            e.stopPropagation();
            const item = options[active];
            if (item) choose(item);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && options.length > 0 && (
        <div
          id={listId}
          role="listbox"
          className="absolute z-20 mt-1 max-h-60 w-80 overflow-auto rounded-md border border-border bg-surface shadow-lg"
        >
          {options.map((o, i) => (
            <div
              key={o.id}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={cn('cursor-pointer px-2 py-1 text-sm', i === active && 'bg-surface-2')}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              <span className="font-medium">{o.sku}</span> · {o.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Lines edited in place (UX "Documents"): Tab moves through the cells, Enter commits and moves
 * down the same column, Enter on the last row adds a line, arrow keys move between rows.
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
  const tableRef = useRef<HTMLTableElement>(null);
  const update = (key: string, patch: Partial<EditLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const focusCell = (row: number, col: string) =>
    requestAnimationFrame(() =>
      tableRef.current?.querySelector<HTMLElement>(`tr[data-row="${row}"] [data-col="${col}"]`)?.focus(),
    );
  const onKey = (e: KeyboardEvent<HTMLElement>, row: number, col: string) => {
    if (e.key === 'Enter' || e.key === 'ArrowDown') {
      e.preventDefault();
      if (row === lines.length - 1) {
        if (e.key === 'Enter') {
          onChange([...lines, newLine()]);
          focusCell(row + 1, col);
        }
      } else focusCell(row + 1, col);
    } else if (e.key === 'ArrowUp' && row > 0) {
      e.preventDefault();
      focusCell(row - 1, col);
    }
  };
  const totals = liveTotals(lines);
  const cell = 'h-8 w-full rounded border border-border bg-surface px-1.5 text-sm';

  return (
    <div>
      <div className="overflow-x-auto rounded-md border border-border">
        <table ref={tableRef} className={TABLE} aria-label={t('lines.title')}>
          <thead className="bg-surface-2">
            <tr>
              <th className={cn(TH, 'w-8')}>#</th>
              <th className={cn(TH, 'min-w-48')}>{t('lines.item')}</th>
              <th className={cn(TH, 'min-w-40')}>{t('lines.description')}</th>
              <th className={cn(TH, NUM, 'w-20')}>{t('lines.quantity')}</th>
              <th className={cn(TH, 'w-16')}>{t('lines.unit')}</th>
              <th className={cn(TH, NUM, 'w-20')}>{t('lines.width')}</th>
              <th className={cn(TH, NUM, 'w-20')}>{t('lines.height')}</th>
              <th className={cn(TH, NUM, 'w-24')}>{t('lines.price')}</th>
              <th className={cn(TH, NUM, 'w-16')}>{t('lines.discount')}</th>
              <th className={cn(TH, 'w-20')}>{t('lines.vat')}</th>
              {showLots && <th className={cn(TH, 'w-28')}>{t('lines.lot')}</th>}
              <th className={cn(TH, NUM, 'w-28')}>{t('lines.net')}</th>
              {!readOnly && <th className={cn(TH, 'w-10')} />}
            </tr>
          </thead>
          <tbody>
            {lines.map((l, row) => (
              <tr key={l.key} data-row={row} data-testid="line-row">
                <td className={cn(TD, 'text-muted')}>{row + 1}</td>
                {readOnly ? (
                  <>
                    <td className={TD}>{l.item_label}</td>
                    <td className={TD}>{l.description}</td>
                    <td className={cn(TD, NUM)}>{l.quantity}</td>
                    <td className={TD}>{l.unit}</td>
                    <td className={cn(TD, NUM)}>{l.width_mm}</td>
                    <td className={cn(TD, NUM)}>{l.height_mm}</td>
                    <td className={cn(TD, NUM)}>
                      <Money value={l.unit_price || null} />
                    </td>
                    <td className={cn(TD, NUM)}>{l.discount_pct}</td>
                    <td className={TD}>{l.vat_rate} %</td>
                    {showLots && <td className={TD}>{l.lot_number ?? ''}</td>}
                  </>
                ) : (
                  <>
                    <td className={TD}>
                      <ItemCell
                        line={l}
                        label={t('lines.itemOf', { row: row + 1 })}
                        onGridKey={(e) => onKey(e, row, 'item')}
                        onLabel={(text) => update(l.key, { item_label: text, item_id: null })}
                        onPick={(item) =>
                          update(l.key, {
                            item_id: item.id,
                            item_label: `${item.sku} · ${item.name}`,
                            description: l.description || item.name,
                            unit: item.base_unit,
                            unit_price: item.sales_price ?? '',
                            discount_pct: l.discount_pct || defaultDiscount || '',
                            vat_rate: (normaliseVatRate(item.vat_rate) ?? '25') as VatRate,
                          })
                        }
                      />
                    </td>
                    {(
                      [
                        'description',
                        'quantity',
                        'unit',
                        'width_mm',
                        'height_mm',
                        'unit_price',
                        'discount_pct',
                      ] as const
                    ).map((col) => (
                      <td key={col} className={TD}>
                        <input
                          className={cn(cell, col !== 'description' && col !== 'unit' && 'text-right')}
                          data-col={col}
                          aria-label={t(`lines.${col}Of`, { row: row + 1 })}
                          inputMode={col === 'description' || col === 'unit' ? undefined : 'decimal'}
                          placeholder={
                            col === 'unit_price' || col === 'discount_pct' ? t('lines.auto') : undefined
                          }
                          value={l[col]}
                          onChange={(e) => update(l.key, { [col]: e.target.value })}
                          onKeyDown={(e) => onKey(e, row, col)}
                        />
                      </td>
                    ))}
                    <td className={TD}>
                      <select
                        className={cell}
                        data-col="vat_rate"
                        aria-label={t('lines.vatOf', { row: row + 1 })}
                        value={l.vat_rate}
                        onChange={(e) => update(l.key, { vat_rate: e.target.value as VatRate })}
                      >
                        {DOCUMENT_VAT_RATES.map((r) => (
                          <option key={r} value={r}>
                            {r} %
                          </option>
                        ))}
                      </select>
                    </td>
                    {showLots && <td className={TD}>{l.lot_number ?? ''}</td>}
                  </>
                )}
                <td className={cn(TD, NUM)} data-testid="line-net">
                  <Money value={lineNet(l)} />
                </td>
                {!readOnly && (
                  <td className={TD}>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={t('lines.remove', { row: row + 1 })}
                      onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
                    >
                      ×
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        {!readOnly ? (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange([...lines, newLine()])}>
            {t('lines.add')}
          </Button>
        ) : (
          <span />
        )}
        <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-0.5 text-sm" data-testid="totals">
          <dt className="text-muted">{t('totals.net')}</dt>
          <dd className={NUM}>
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
      </div>
    </div>
  );
}
