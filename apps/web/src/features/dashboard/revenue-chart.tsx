import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatCurrency, formatMonth } from '../../lib/format.ts';
import type { DashboardFigures } from './dashboard-api.ts';

const HEIGHT = 200;
const BAR_GAP = 0.25;

/**
 * The dashboard's net revenue by month (the API sends twelve): bars drawn as plain SVG, no chart library, so the
 * first signed-in screen stays light (issue 21). Each bar's exact amount is its tooltip and is
 * listed for screen readers; the heights are geometry only (a float scale of the decimal strings).
 * A month with net credit notes (negative) draws below the zero line.
 */
export function RevenueChart({ d }: { d: DashboardFigures }) {
  const { t } = useTranslation('dashboard');
  const months = d.revenue.months.map((m) => ({
    label: formatMonth(m.month),
    amount: formatCurrency(m.net),
    value: Number(m.net),
  }));
  const max = Math.max(0, ...months.map((m) => m.value));
  const min = Math.min(0, ...months.map((m) => m.value));
  const span = max - min || 1;
  const zero = (max / span) * HEIGHT;
  const width = 100 / Math.max(1, months.length);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('chart.revenue')}</CardTitle>
      </CardHeader>
      <CardContent>
        <figure className="h-64" data-testid="revenue-chart">
          <svg
            viewBox={`0 0 100 ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-52 w-full"
            role="img"
            aria-label={t('chart.revenue')}
          >
            <line x1="0" x2="100" y1={zero} y2={zero} className="stroke-border" strokeWidth="0.5" />
            {months.map((m, i) => {
              const h = (Math.abs(m.value) / span) * HEIGHT;
              return (
                <rect
                  key={m.label}
                  x={i * width + (width * BAR_GAP) / 2}
                  width={width * (1 - BAR_GAP)}
                  y={m.value >= 0 ? zero - h : zero}
                  height={h}
                  className="fill-primary"
                >
                  <title>{`${m.label}: ${m.amount}`}</title>
                </rect>
              );
            })}
          </svg>
          <figcaption className="mt-1 grid grid-cols-12 text-center text-xs text-muted">
            {months.map((m) => (
              <span key={m.label} title={`${t('chart.net')}: ${m.amount}`}>
                <span aria-hidden>{m.label}</span>
                <span className="sr-only">{`${m.label}: ${m.amount}`}</span>
              </span>
            ))}
          </figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
