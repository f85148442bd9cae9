import { useTranslation } from 'react-i18next';

/**
 * A worked example drawn to scale (mm): five glass panes on one 3210 × 2000 float sheet, a reusable
 * remnant and two thin waste strips. Waste = 6.42 m² − 5.53 m² pieces − 0.51 m² remnant = 0.38 m²
 * = 5.9 %, the figure the caption states.
 */
const SHEET = { w: 3210, h: 2000 };
const PIECES = [
  { label: 'A', x: 0, y: 0, w: 1400, h: 1000 },
  { label: 'B', x: 1400, y: 0, w: 1000, h: 1000 },
  { label: 'C', x: 2400, y: 0, w: 700, h: 1000 },
  { label: 'D', x: 0, y: 1000, w: 1800, h: 900 },
  { label: 'E', x: 1800, y: 1000, w: 900, h: 900 },
] as const;
const REMNANT = { x: 2700, y: 1000, width: 510, height: 1000 };
const WASTE = [
  { x: 3100, y: 0, width: 110, height: 1000 },
  { x: 0, y: 1900, width: 2700, height: 100 },
] as const;

export function HeroCuttingPreview() {
  const { t } = useTranslation('public');
  return (
    <figure className="rounded-xl border border-border bg-background p-4 text-left shadow-lg sm:p-5">
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-sm font-semibold text-foreground">{t('hero.preview.title')}</span>
        <span className="text-xs text-muted">{t('hero.preview.material')}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${SHEET.w} ${SHEET.h}`}
        className="h-auto w-full"
        role="img"
        aria-label={t('hero.preview.alt')}
      >
        <rect width={SHEET.w} height={SHEET.h} className="fill-surface-2" />
        {WASTE.map((r) => (
          <rect key={`${r.x}-${r.y}`} {...r} className="fill-muted/30" />
        ))}
        <rect
          {...REMNANT}
          className="fill-success-soft stroke-success"
          strokeWidth={16}
          strokeDasharray="60 40"
        />
        {PIECES.map((p) => (
          <g key={p.label}>
            <rect
              x={p.x}
              y={p.y}
              width={p.w}
              height={p.h}
              className="fill-accent stroke-primary"
              strokeWidth={16}
            />
            <text
              x={p.x + p.w / 2}
              y={p.y + p.h / 2}
              textAnchor="middle"
              dominantBaseline="central"
              className="fill-primary text-[180px] font-semibold"
            >
              {p.label}
            </text>
          </g>
        ))}
      </svg>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-surface p-3">
          <dt className="text-muted">{t('hero.preview.wasteLabel')}</dt>
          <dd className="text-lg font-bold text-foreground">{t('hero.preview.wasteValue')}</dd>
        </div>
        <div className="rounded-lg bg-surface p-3">
          <dt className="text-muted">{t('hero.preview.remnantLabel')}</dt>
          <dd className="font-semibold text-success">{t('hero.preview.remnantValue')}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">{t('hero.preview.ledger')}</p>
    </figure>
  );
}
