import type { CutResult, LayoutFigures, Offcut1d, Offcut2d, Placement1d, Placement2d } from '@erp/domain';
import { useTranslation } from 'react-i18next';
import { type FittedLabel, fitLabel, LABEL_FONT, type LabelBox, measureText } from './label-fit.ts';

// One sheet or bar drawn to scale: pieces, saw cuts in red, offcuts kept as stock in green with
// their size ("Ostatak → skladište"), other offcuts hatched as waste (on a bar, large, labelled
// "Otpad" with its length when that fits). A bar piece with a mitred (45°) end is drawn with that
// end slanted. As a thumbnail it carries no text; large, every piece shows the first label that
// fits it (measured), and a piece whose size does not fit carries its number, listed in the
// legend (`LayoutLegend`) under the drawing.

type Layout = CutResult['layouts'][number];
type Rect = LabelBox;

/** A piece's drawn rectangle, its label (null: too small even for its number) and legend number. */
export type PieceLabel = { n: number; rect: Rect; label: FittedLabel | null; inLegend: boolean };

/** Bars are drawn this many times longer than high (a thumbnail flatter still). */
const BAR_ASPECT = { full: 14, thumb: 40 } as const;

function barHeight(layout: Layout, mode: 'full' | 'thumb') {
  return 'length' in layout ? Math.max(60, layout.length / BAR_ASPECT[mode]) : 0;
}

/** Where a piece or offcut is drawn: its own rectangle, or on a bar its span over the bar's height. */
function rectOf(r: Placement1d | Placement2d | Offcut1d | Offcut2d, barH: number): Rect {
  return 'length' in r
    ? { x: r.x, y: 0, width: r.length, height: barH }
    : { x: r.x, y: r.y, width: r.width, height: r.height };
}

function sizeText(p: Placement1d | Placement2d) {
  return 'length' in p ? `${p.length}` : `${p.width}×${p.height}${p.rotated ? ' ↻' : ''}`;
}

/** The saw angles of a bar piece's ends (90 square, 45 mitre), by piece id. */
export type PieceAngles = ReadonlyMap<string, { start: number; end: number }>;

/**
 * The outline of a bar piece with slanted mitred ends: the bottom edge is the outer length, the
 * top edge is shorter by the slant at each 45° end (drawn as a slope, the bar's height is not to
 * scale). Null for a piece with two square ends (drawn as a rectangle).
 */
export function mitreOutline(rect: Rect, angles: { start: number; end: number } | undefined): string | null {
  if (!angles || (angles.start !== 45 && angles.end !== 45)) return null;
  const slant = Math.min(rect.height * 0.6, rect.width / 3);
  const left = angles.start === 45 ? slant : 0;
  const right = angles.end === 45 ? slant : 0;
  const { x, y, width: w, height: h } = rect;
  return [
    [x, y + h],
    [x + left, y],
    [x + w - right, y],
    [x + w, y + h],
  ]
    .map(([px, py]) => `${px},${py}`)
    .join(' ');
}

/** The label each piece of a layout gets in the large view, and whether the legend lists it. */
export function pieceLabels(layout: Layout): PieceLabel[] {
  const bar = 'length' in layout;
  const h = barHeight(layout, 'full');
  const base = bar ? h / 3 : Math.max(layout.width, layout.height) / 45;
  return layout.placements.map((p, k) => {
    const n = k + 1;
    const rect = rectOf(p, h);
    const size = sizeText(p);
    // Full labels at 60 % of the sheet's font at least; a number may shrink further.
    const full = fitLabel([[`${p.pieceId} ${size}`], [p.pieceId, size]], rect, base, base * 0.6, measureText);
    if (full) return { n, rect, label: full, inLegend: false };
    const short = fitLabel([[`${n}: ${p.pieceId}`], [`${n}`]], rect, base, base * 0.3, measureText);
    return { n, rect, label: short, inLegend: true };
  });
}

function Text({ label, rect, testId }: { label: FittedLabel; rect: Rect; testId: string }) {
  const cx = rect.x + rect.width / 2;
  const first = rect.y + rect.height / 2 - ((label.lines.length - 1) * label.lineHeight) / 2;
  return (
    <>
      {label.lines.map((line, i) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one label never reorder
          key={i}
          x={cx}
          y={first + i * label.lineHeight}
          fontSize={label.fontSize}
          fontFamily={LABEL_FONT}
          textAnchor="middle"
          dominantBaseline="central"
          data-testid={testId}
        >
          {line}
        </text>
      ))}
    </>
  );
}

export function LayoutSvg({
  plan,
  index,
  figures,
  mode,
  testId,
  className,
  angles,
}: {
  plan: CutResult;
  index: number;
  /** Bars: the saw angles of each piece's ends (mitred ends are drawn slanted). */
  angles?: PieceAngles;
  /** the server's figures of this layout (which offcuts are kept as stock); null while unsaved */
  figures: LayoutFigures | null;
  mode: 'full' | 'thumb';
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation('cutting');
  const layout = plan.layouts[index];
  if (!layout) return null;
  const bar = 'length' in layout;
  const width = bar ? layout.length : layout.width;
  const height = bar ? barHeight(layout, mode) : layout.height;
  const line = Math.max(width, height) / (mode === 'full' ? 900 : 300);
  const keptAt = new Map((figures?.kept ?? []).map((k) => [k.index, k]));
  const labels = mode === 'full' ? pieceLabels(layout) : [];
  const base = bar ? height / 3 : Math.max(width, height) / 45;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      role="img"
      aria-label={t('detail.layoutLabel', { n: index + 1 })}
      data-testid={testId}
    >
      <defs>
        <pattern
          id={`hatch-${mode}-${index}`}
          width={line * 12}
          height={line * 12}
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <line x1="0" y1="0" x2="0" y2={line * 12} stroke="#9ca3af" strokeWidth={line * 3} />
        </pattern>
      </defs>
      <rect x={0} y={0} width={width} height={height} fill="#f3f4f6" stroke="#111827" strokeWidth={line} />
      {layout.offcuts.map((o, k) => {
        const kept = keptAt.get(k);
        // A bar's kept offcut ends where the tail trim starts (the rest is hatched as waste).
        const rect = kept && 'length' in o ? { ...rectOf(o, height), width: kept.length } : rectOf(o, height);
        const size = kept ? (kept.width ? `${kept.length} × ${kept.width}` : `${kept.length}`) : '';
        // On a bar, waste is labelled too (the sheets' hatching says it on its own).
        const wasteText = `${t('plan.wasteLabel')} ${'length' in o ? o.length : ''}`.trim();
        const label =
          mode !== 'full'
            ? null
            : kept
              ? fitLabel(
                  // A bar is low: one line first, so the word stays beside the length at full size.
                  bar
                    ? [[`${t('plan.offcutStock')} ${size}`], [t('plan.offcutStock'), size], [size]]
                    : [[t('plan.offcutStock'), size], [size]],
                  rect,
                  base,
                  base * 0.4,
                  measureText,
                )
              : bar
                ? fitLabel([[wasteText], [t('plan.wasteLabel')]], rect, base, base * 0.3, measureText)
                : null;
        return (
          <g key={`o${rect.x}-${rect.y}`} data-testid={kept ? 'offcut-stock' : 'offcut-waste'}>
            {kept && 'length' in o ? (
              <rect x={o.x} y={0} width={o.length} height={height} fill={`url(#hatch-${mode}-${index})`} />
            ) : null}
            <rect
              {...rect}
              fill={kept ? '#bbf7d0' : `url(#hatch-${mode}-${index})`}
              stroke={kept ? '#15803d' : 'none'}
              strokeWidth={line}
              strokeDasharray={`${line * 6} ${line * 3}`}
            />
            {label ? <Text label={label} rect={rect} testId={kept ? 'offcut-label' : 'waste-label'} /> : null}
          </g>
        );
      })}
      {layout.placements.map((p, k) => {
        const rect = rectOf(p, height);
        const label = labels[k]?.label ?? null;
        const ends = bar ? angles?.get(p.pieceId) : undefined;
        const outline = mitreOutline(rect, ends);
        const paint = { fill: '#bfdbfe', stroke: '#1e3a8a', strokeWidth: line, 'data-testid': 'piece-rect' };
        return (
          <g
            key={`${p.pieceId}-${rect.x}-${rect.y}`}
            data-testid="piece"
            data-piece={p.pieceId}
            data-angles={ends ? `${ends.start}/${ends.end}` : undefined}
          >
            {outline ? <polygon points={outline} {...paint} /> : <rect {...rect} {...paint} />}
            {label ? <Text label={label} rect={rect} testId="piece-label" /> : null}
          </g>
        );
      })}
      {layout.cuts.map((c) =>
        'x1' in c ? (
          <line
            key={`${c.stage}-${c.x1}-${c.y1}-${c.x2}-${c.y2}`}
            x1={c.x1}
            y1={c.y1}
            x2={c.x2}
            y2={c.y2}
            stroke="#dc2626"
            strokeWidth={line}
          />
        ) : (
          <rect
            key={`c${c.x}`}
            x={c.x}
            y={0}
            width={Math.max(c.width, line)}
            height={height}
            fill="#dc2626"
          />
        ),
      )}
    </svg>
  );
}
