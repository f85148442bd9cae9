import { DEFAULT_PRICING_SETTINGS } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineGrid } from '../../components/line-grid/line-grid.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { getPricingSettings } from './documents-api.ts';
import { type LineGroups, PASTE_ORDER, useLineColumns } from './line-columns.tsx';
import {
  cellAfterItem,
  type EditLine,
  finishFrom,
  type GridPricing,
  isGlassLine,
  isWindowLine,
  lineBelow,
  lineFilled,
  liveTotals,
  pickIntoLine,
} from './line-model.ts';
import { Money, NUM } from './parts.tsx';
import { useWindowSpecEditor } from './window-spec.tsx';

// The line model lives in line-model.ts; the pages import it from here with the editor.
export * from './line-model.ts';

/** The company's measure pricing settings (defaults until loaded). */
export function usePricingSettings() {
  return useQuery({
    queryKey: ['documents', 'pricing-settings'],
    queryFn: ({ signal }) => getPricingSettings(signal),
    staleTime: 5 * 60_000,
  });
}

/** Which optional groups the lines call for: glass work for a line priced per m², the window spec for a product. */
export function groupsFor(lines: readonly EditLine[]): LineGroups {
  return { glass: lines.some(isGlassLine), window: lines.some(isWindowLine) };
}

const GROUPS = ['glass', 'window'] as const;

/**
 * The document line editor: the shared keyboard grid (components/line-grid) with the document
 * columns and live totals. Removing a line offers Undo in the toast. The glass-work and window
 * columns show when a line needs them, or on demand (the buttons beside "Add line").
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
  const { t } = useTranslation('documents');
  const { t: tg } = useTranslation('ux-grid');
  const toast = useToast();
  const pricingQuery = usePricingSettings();
  const settings = useMemo<GridPricing>(
    () => ({ ...(pricingQuery.data ?? DEFAULT_PRICING_SETTINGS), rush: Boolean(rush) }),
    [pricingQuery.data, rush],
  );
  const windowSpec = useWindowSpecEditor(lines, readOnly ? undefined : onChange);
  // A group the user switched on or off stays so; otherwise it follows the lines.
  const [chosen, setChosen] = useState<Partial<LineGroups>>({});
  const needed = groupsFor(lines);
  const groups: LineGroups = { glass: chosen.glass ?? needed.glass, window: chosen.window ?? needed.window };
  const columns = useLineColumns({
    settings,
    showLots,
    defaultDiscount,
    windowColumn: windowSpec.column,
    groups,
  });
  const linesRef = useRef(lines);
  linesRef.current = lines;
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
        newRow={readOnly ? undefined : lineBelow}
        filled={lineFilled}
        afterPick={cellAfterItem}
        pasteOrder={PASTE_ORDER}
        pick={(l, item) => {
          const all = linesRef.current;
          const above = all[all.findIndex((x) => x.key === l.key) - 1];
          return finishFrom(pickIntoLine(l, item, defaultDiscount), above);
        }}
        addLabel={t('lines.add')}
        tools={GROUPS.map((g) => (
          <button
            key={g}
            type="button"
            aria-pressed={groups[g]}
            data-testid={`line-group-${g}`}
            className={cn(
              'rounded-md border border-border px-2 py-1 text-xs',
              groups[g] ? 'bg-surface-2 font-medium text-foreground' : 'text-muted',
            )}
            onClick={() => setChosen({ ...chosen, [g]: !groups[g] })}
          >
            {t(`lines.groups.${g}`)}
          </button>
        ))}
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
