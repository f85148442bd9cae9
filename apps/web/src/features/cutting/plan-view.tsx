import type { CutResult, CuttingJobInput, PlanFigures } from '@erp/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { LayoutSvg, pieceLabels } from './layout-svg.tsx';

// A plan on the job page: the totals, an overview of every sheet/bar as a thumbnail (number,
// material, waste %) that fits the window, and one sheet large on a click, with the arrow keys
// to the neighbours and Esc back to the overview. Waste and offcut figures are the server's
// (`figures` of the job); a plan still being searched in the browser has none yet and shows "—".

function useFormat() {
  const { i18n } = useTranslation();
  return (value: number | string, digits: number) =>
    formatNumber(String(value), i18n.language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
}

/** A waste or offcut share of the server's figures, with two decimals ("8,68 %", "8.68%"). */
function usePercent() {
  const { i18n } = useTranslation();
  return (value: string) =>
    formatPercent(value, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function PlanView({
  plan,
  figures,
  input,
}: {
  plan: CutResult;
  figures: PlanFigures | null;
  input: CuttingJobInput;
}) {
  const { t } = useTranslation('cutting');
  const fmt = useFormat();
  const pct = usePercent();
  const [zoom, setZoom] = useState<number | null>(null);
  const count = plan.layouts.length;
  const open = zoom !== null && zoom < count ? zoom : null;
  // Opening a sheet brings its large view to the top of the window.
  const zoomCard = useRef<HTMLDivElement>(null);
  const zoomed = open !== null;
  useEffect(() => {
    if (zoomed) zoomCard.current?.scrollIntoView?.({ block: 'start' });
  }, [zoomed]);
  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === 'Escape') setZoom(null);
      else if (e.key === 'ArrowRight') setZoom(Math.min(count - 1, open + 1));
      else if (e.key === 'ArrowLeft') setZoom(Math.max(0, open - 1));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, count]);
  const unit = plan.kind === '1d' ? 'm' : 'm²';
  // Bars: each piece's saw angles, so mitred ends are drawn slanted.
  const angles = new Map(
    input.pieces.map((p) => [p.ref, { start: p.angle_start ?? 90, end: p.angle_end ?? 90 }]),
  );
  const waste = (i: number) => {
    const f = figures?.layouts[i];
    return f ? pct(f.wastePercent) : '—';
  };
  const offcut = (f: { offcutMeasure: string; offcutPercent: string } | undefined) =>
    f ? `${fmt(f.offcutMeasure, 3)} ${unit} (${pct(f.offcutPercent)})` : '—';
  const title = (i: number) =>
    t('plan.sheetTitle', { n: i + 1, stock: plan.layouts[i]?.stockId ?? '', waste: waste(i) });

  return (
    <>
      <Card>
        <CardContent className="grid gap-2 pt-6 sm:grid-cols-4" data-testid="plan-summary">
          <Figure label={t(`detail.${plan.kind === '1d' ? 'bars' : 'sheets'}`)} testId="stock-count">
            {fmt(count, 0)}
          </Figure>
          <Figure label={t('detail.lowerBound')} testId="lower-bound">
            {fmt(plan.lowerBound, 0)}
          </Figure>
          <Figure label={t('detail.waste')} testId="waste-total">
            {figures ? pct(figures.total.wastePercent) : '—'}
          </Figure>
          <Figure label={t('plan.offcutsTotal')} testId="offcut-total">
            {offcut(figures?.total)}
          </Figure>
        </CardContent>
      </Card>
      {open === null ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('plan.overview')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul
              className="grid gap-3 [grid-template-columns:repeat(auto-fill,minmax(13rem,1fr))]"
              data-testid="plan-overview"
            >
              {plan.layouts.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a plan's layouts never reorder; the position is their identity
                <li key={`${l.stockId}-${i}`}>
                  <button
                    type="button"
                    className="flex w-full flex-col gap-1 rounded border border-border p-2 text-left text-sm hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
                    onClick={() => setZoom(i)}
                    aria-label={t('plan.open', { title: title(i) })}
                    data-testid="sheet-thumb"
                  >
                    <span className="font-medium">{title(i)}</span>
                    <LayoutSvg
                      plan={plan}
                      index={i}
                      figures={figures?.layouts[i] ?? null}
                      mode="thumb"
                      angles={angles}
                      testId="layout-svg"
                      className="h-32 w-full"
                    />
                    {figures?.layouts[i]?.offcuts ? (
                      <span className="text-xs text-muted-foreground">
                        {t('plan.offcut', { value: offcut(figures.layouts[i]) })}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : (
        <div ref={zoomCard} className="scroll-mt-20">
          <Card data-testid="sheet-zoom">
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle className="text-base" data-testid="zoom-title">
                {`${title(open)} · ${t('plan.offcut', { value: offcut(figures?.layouts[open]) })}`}
              </CardTitle>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" disabled={open === 0} onClick={() => setZoom(open - 1)}>
                  {t('plan.previous')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={open === count - 1}
                  onClick={() => setZoom(open + 1)}
                >
                  {t('plan.next')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setZoom(null)}>
                  {t('plan.back')}
                </Button>
              </div>
            </CardHeader>
            <CardContent className="space-y-3">
              <LayoutSvg
                plan={plan}
                index={open}
                figures={figures?.layouts[open] ?? null}
                mode="full"
                angles={angles}
                testId="layout-zoom"
                className="max-h-[calc(100vh-16rem)] w-full"
              />
              <LayoutLegend plan={plan} index={open} input={input} />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <div>
      <div className="text-sm text-muted-foreground">{label}</div>
      <div className="text-xl font-semibold" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** The pieces whose size does not fit inside them: number (as drawn), piece, size, where it goes. */
function LayoutLegend({ plan, index, input }: { plan: CutResult; index: number; input: CuttingJobInput }) {
  const { t } = useTranslation('cutting');
  const layout = plan.layouts[index];
  if (!layout) return null;
  const where = new Map(input.pieces.map((p) => [p.ref, p.label || p.order_ref || '']));
  const listed = pieceLabels(layout).filter((l) => l.inLegend);
  if (listed.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium">{t('plan.legend')}</h3>
      <table className="w-full text-sm" data-testid="layout-legend">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="pr-2">#</th>
            <th className="pr-2">{t('plan.piece')}</th>
            <th className="pr-2">{t('plan.size')}</th>
            <th className="pr-2">{t('plan.position')}</th>
            <th>{t('plan.where')}</th>
          </tr>
        </thead>
        <tbody>
          {listed.map((l) => {
            const p = layout.placements[l.n - 1] as (typeof layout.placements)[number];
            const size = 'width' in p ? `${p.width} × ${p.height}` : `${p.length}`;
            return (
              <tr key={l.n} className="border-t border-border">
                <td className="pr-2">{l.n}</td>
                <td className="pr-2">{p.pieceId}</td>
                <td className="pr-2">{size}</td>
                <td className="pr-2">{'y' in p ? `${p.x}, ${p.y}` : `${p.x}`}</td>
                <td>{where.get(p.pieceId) ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
