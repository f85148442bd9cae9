import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import type { DashboardFigures } from './dashboard-api.ts';

/** The dashboard's revenue by month (recharts): loaded on demand by dashboard-page.tsx. */
export function RevenueChart({ d }: { d: DashboardFigures }) {
  const { t } = useTranslation('dashboard');
  const data = d.revenue.months.map((m) => ({
    month: formatDate(`${m.month}-01`, undefined, { month: 'short', year: '2-digit' }),
    // Chart geometry only; labels use the exact decimal strings.
    net: Number(m.net),
    label: m.net,
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('chart.revenue')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="h-64" role="img" aria-label={t('chart.revenue')}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="month" fontSize={12} />
              <YAxis fontSize={12} width={70} />
              <Tooltip formatter={(_v, _n, item) => formatCurrency(String(item.payload.label))} />
              <Bar dataKey="net" fill="var(--color-primary, #2563eb)" name={t('chart.net')} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
