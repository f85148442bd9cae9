import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format.ts';

/**
 * Sheets and bars: the whole pieces beside a quantity in the base unit ("10 kom", "10 kom ·
 * ostaci: 2"). Nothing for items without a size (the server sends null).
 */
export function Pieces({ pieces, remnants }: { pieces?: number | null; remnants?: number | null }) {
  const { t, i18n } = useTranslation('inventory');
  if (pieces == null) return null;
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <span className="text-sm text-muted" data-testid="pieces">
      {t('pieces.count', { n: n(pieces) })}
      {remnants ? ` · ${t('pieces.remnants', { n: n(remnants) })}` : ''}
    </span>
  );
}

/** The size of one piece: "2250 × 1210 mm" for a sheet, "1500 mm" for a bar. */
export function pieceSizeText(
  length: string | number | null | undefined,
  width?: string | number | null,
): string {
  if (length == null) return '';
  return width == null ? `${length} mm` : `${length} × ${width} mm`;
}
