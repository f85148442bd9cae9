import type { WorkOrderProgress } from '@erp/domain';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatNumberInput, formatUnit, parseNumberInput } from '../../lib/format.ts';
import { useWorkOrderProgress } from '../documents/documents-api.ts';
import { NUM, Qty, TABLE, TD, TH } from '../documents/parts.tsx';

// A delivery note from a work order (issue 17): every line of the order, services included, with
// what was ordered, what delivery notes already carry and what is left; the quantity to deliver is
// typed per line (default: everything left), never more than is left.

/** A work order's line with what was ordered, delivered, invoiced and what is left (domain contract). */
export type ProgressLine = WorkOrderProgress['lines'][number];

/** Typed quantities per work-order line; a line not typed yet delivers what is left. */
export type Quantities = Record<string, string>;

const typedOf = (l: ProgressLine, typed: Quantities, lng: string) =>
  typed[l.line_id] ?? formatNumberInput(l.to_deliver, lng);

/** The typed quantity as a decimal, or null when it is not a number. */
function parsed(text: string, lng: string): Decimal | null {
  if (text.trim() === '') return new Decimal(0);
  const n = parseNumberInput(text, lng);
  return n === null ? null : new Decimal(n);
}

/** The lines to send: each work-order line with a quantity above 0 (null while one is invalid). */
export function deliveryLinesToApi(lines: readonly ProgressLine[], typed: Quantities, lng: string) {
  const out: { source_line_id: string; quantity: string }[] = [];
  for (const l of lines) {
    const q = parsed(typedOf(l, typed, lng), lng);
    if (q === null || q.lt(0) || q.gt(l.to_deliver)) return null;
    if (q.gt(0)) out.push({ source_line_id: l.line_id, quantity: q.toFixed() });
  }
  return out;
}

export function WorkOrderDeliveryLines({
  progress,
  typed,
  onChange,
}: {
  progress: WorkOrderProgress;
  typed: Quantities;
  onChange: (next: Quantities) => void;
}) {
  const { t, i18n } = useTranslation('documents');
  const { t: tp } = useTranslation('production');
  const lng = i18n.language;
  const setAll = (pick: (l: ProgressLine) => string) =>
    onChange(Object.fromEntries(progress.lines.map((l) => [l.line_id, pick(l)])));
  const left = progress.lines.some((l) => new Decimal(l.to_deliver).gt(0));
  return (
    <section aria-labelledby="dn-progress" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="dn-progress" className="font-semibold">
          {t('dn.progressTitle', { number: progress.work_order.number ?? '' })}
        </h2>
        <div className="ml-auto flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setAll((l) => formatNumberInput(l.to_deliver, lng))}
          >
            {t('dn.deliverAll')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAll(() => '0')}>
            {t('dn.deliverNone')}
          </Button>
        </div>
      </div>
      {!left && (
        <p role="status" className="text-sm text-muted">
          {t('dn.nothingLeft')}
        </p>
      )}
      <div className="overflow-x-auto rounded-md border border-border">
        <table className={TABLE} data-testid="dn-progress">
          <ProgressHead more={['dn.colToDeliver']} />
          <tbody>
            {progress.lines.map((l) => {
              const text = typedOf(l, typed, lng);
              const q = parsed(text, lng);
              const over = q?.gt(l.to_deliver) ?? false;
              const invalid = q === null || q.lt(0) || over;
              const label = [l.sku, l.description].filter(Boolean).join(' · ');
              const errorId = `dn-q-${l.line_id}-error`;
              return (
                <tr key={l.line_id} data-testid="dn-progress-row">
                  <td className={TD}>
                    {label}
                    {l.width_mm && l.height_mm && (
                      <span className="ml-1 text-muted">
                        {tp('preview.size', {
                          w: formatNumberInput(l.width_mm, lng),
                          h: formatNumberInput(l.height_mm, lng),
                        })}
                      </span>
                    )}
                    {l.service && <span className="ml-1 text-xs text-muted">({t('dn.service')})</span>}
                    {l.lot_number && <span className="ml-1 text-xs text-muted">{l.lot_number}</span>}
                  </td>
                  <td className={TD}>{formatUnit(l.unit)}</td>
                  <td className={cn(TD, NUM)}>
                    <Qty value={l.ordered} />
                  </td>
                  <td className={cn(TD, NUM)}>
                    <Qty value={l.delivered} />
                  </td>
                  <td className={cn(TD, NUM)}>
                    <Qty value={l.to_deliver} />
                  </td>
                  <td className={cn(TD, NUM)}>
                    <Input
                      aria-label={t('dn.quantityFor', { line: label })}
                      inputMode="decimal"
                      className="ml-auto w-28 text-right"
                      value={text}
                      invalid={invalid}
                      aria-describedby={invalid ? errorId : undefined}
                      onChange={(e) => onChange({ ...typed, [l.line_id]: e.target.value })}
                    />
                    {invalid && (
                      <span id={errorId} className="mt-1 block text-xs text-danger">
                        {over
                          ? t('dn.overRemaining', { remaining: formatNumberInput(l.to_deliver, lng) })
                          : t('common:validation.numberInvalid')}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A completed work order's lines with what was delivered and invoiced and what is left of each
 * (credit notes give invoiced quantities back), read-only on the work order screen.
 */
export function WorkOrderFulfilment({ workOrderId }: { workOrderId: string }) {
  const { t } = useTranslation('documents');
  const progress = useWorkOrderProgress(workOrderId);
  if (!progress.data) return null;
  const cells: (keyof ProgressLine)[] = ['ordered', 'delivered', 'to_deliver', 'invoiced', 'to_invoice'];
  return (
    <section aria-labelledby="wo-fulfilment" className="space-y-2">
      <h2 id="wo-fulfilment" className="font-semibold">
        {t('dn.fulfilmentTitle')}
      </h2>
      <div className="overflow-x-auto rounded-md border border-border">
        <table className={TABLE} data-testid="wo-fulfilment">
          <ProgressHead more={['dn.colInvoiced', 'dn.colToInvoice']} />
          <tbody>
            {progress.data.lines.map((l) => (
              <tr key={l.line_id}>
                <td className={TD}>
                  {[l.sku, l.description].filter(Boolean).join(' · ')}
                  {l.service && <span className="ml-1 text-xs text-muted">({t('dn.service')})</span>}
                </td>
                <td className={TD}>{formatUnit(l.unit)}</td>
                {cells.map((c) => (
                  <td key={c} className={cn(TD, NUM)}>
                    <Qty value={String(l[c])} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The head of a work order's progress table: item, unit, ordered, delivered, remaining, then `more` (keys). */
function ProgressHead({ more }: { more: ('dn.colToDeliver' | 'dn.colInvoiced' | 'dn.colToInvoice')[] }) {
  const { t } = useTranslation('documents');
  return (
    <thead className="bg-surface-2">
      <tr>
        <th className={TH}>{t('dn.colItem')}</th>
        <th className={TH}>{t('dn.colUnit')}</th>
        {(['dn.colOrdered', 'dn.colDelivered', 'dn.colRemaining', ...more] as const).map((key) => (
          <th key={key} className={cn(TH, NUM)}>
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
