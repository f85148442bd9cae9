import type { CutResult } from '@erp/domain';
import { useTranslation } from 'react-i18next';

/** One sheet or bar drawn to scale: pieces with labels, saw cuts (kerf) in red, offcuts hatched. */
export function LayoutSvg({ plan, index }: { plan: CutResult; index: number }) {
  const { t } = useTranslation('cutting');
  const layout = plan.layouts[index];
  if (!layout) return null;
  if (plan.kind === '1d' && 'length' in layout) {
    const h = Math.max(60, layout.length / 40);
    return (
      <svg
        viewBox={`0 0 ${layout.length} ${h}`}
        className="w-full rounded border border-border bg-surface"
        role="img"
        aria-label={t('detail.layoutLabel', { n: index + 1 })}
        data-testid="layout-svg"
      >
        <defs>
          <pattern
            id="hatch"
            width="20"
            height="20"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="20" stroke="#9ca3af" strokeWidth="6" />
          </pattern>
        </defs>
        <rect x={0} y={0} width={layout.length} height={h} fill="#f3f4f6" />
        {layout.offcuts.map((o) => (
          <rect key={`o${o.x}`} x={o.x} y={0} width={o.length} height={h} fill="url(#hatch)" />
        ))}
        {layout.placements.map((p) => (
          <g key={`${p.pieceId}-${p.x}`}>
            <rect
              x={p.x}
              y={0}
              width={p.length}
              height={h}
              fill="#bfdbfe"
              stroke="#1e3a8a"
              strokeWidth={h / 40}
            />
            <text
              x={p.x + p.length / 2}
              y={h / 2}
              fontSize={h / 3}
              textAnchor="middle"
              dominantBaseline="middle"
            >
              {`${p.pieceId} · ${p.length}`}
            </text>
          </g>
        ))}
        {layout.cuts.map((c) => (
          <rect
            key={`c${c.x}`}
            x={c.x}
            y={0}
            width={Math.max(c.width, layout.length / 1500)}
            height={h}
            fill="#dc2626"
          />
        ))}
      </svg>
    );
  }
  if (plan.kind !== '2d' || !('width' in layout)) return null;
  const font = Math.max(layout.width, layout.height) / 45;
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className="w-full rounded border border-border bg-surface"
      role="img"
      aria-label={t('detail.layoutLabel', { n: index + 1 })}
      data-testid="layout-svg"
    >
      <defs>
        <pattern
          id="hatch2"
          width="40"
          height="40"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <line x1="0" y1="0" x2="0" y2="40" stroke="#9ca3af" strokeWidth="10" />
        </pattern>
      </defs>
      <rect
        x={0}
        y={0}
        width={layout.width}
        height={layout.height}
        fill="#f3f4f6"
        stroke="#111827"
        strokeWidth={font / 4}
      />
      {layout.offcuts.map((o) => (
        <rect key={`o${o.x}-${o.y}`} x={o.x} y={o.y} width={o.width} height={o.height} fill="url(#hatch2)" />
      ))}
      {layout.placements.map((p) => (
        <g key={`${p.pieceId}-${p.x}-${p.y}`}>
          <rect
            x={p.x}
            y={p.y}
            width={p.width}
            height={p.height}
            fill="#bfdbfe"
            stroke="#1e3a8a"
            strokeWidth={font / 6}
          />
          <text
            x={p.x + p.width / 2}
            y={p.y + p.height / 2}
            fontSize={Math.min(font, p.height / 3, p.width / 6)}
            textAnchor="middle"
            dominantBaseline="middle"
          >
            {`${p.pieceId} ${p.width}×${p.height}${p.rotated ? ' ↻' : ''}`}
          </text>
        </g>
      ))}
      {layout.cuts.map((c) => (
        <line
          key={`${c.stage}-${c.x1}-${c.y1}-${c.x2}-${c.y2}`}
          x1={c.x1}
          y1={c.y1}
          x2={c.x2}
          y2={c.y2}
          stroke="#dc2626"
          strokeWidth={Math.max(plan.kind === '2d' ? 1 : 1, font / 10)}
        />
      ))}
    </svg>
  );
}
