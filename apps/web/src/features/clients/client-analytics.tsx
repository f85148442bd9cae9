import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatCurrency, formatMonth, formatNumber, formatQuantity } from '../../lib/format.ts';
import { Field, NUM, Percent, TABLE, TD, TH } from './partner-ui.tsx';
import { defaultPeriod, useAnalytics } from './partners-api.ts';

const monthLabel = (m: string) => formatMonth(m);

/** Client analytics: revenue by month (chart), quote win rate, average order value, top products, open items. */
export function ClientAnalyticsTab({ id }: { id: string }) {
  const { t } = useTranslation('partners');
  const [period, setPeriod] = useState(defaultPeriod);
  const { data } = useAnalytics(id, period.from, period.to);
  const chart = (data?.months ?? []).map((m) => ({ month: monthLabel(m.month), revenue: Number(m.revenue) }));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-3">
        <Field id="a-from" label={t('period.from')}>
          <Input
            id="a-from"
            type="date"
            value={period.from}
            onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </Field>
        <Field id="a-to" label={t('period.to')}>
          <Input
            id="a-to"
            type="date"
            value={period.to}
            onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </Field>
      </div>
      {data && data.quotes_total === 0 && data.orders_total === 0 && data.top_products.length === 0 && (
        <p
          className="rounded-md border border-dashed border-border p-3 text-sm text-muted"
          data-testid="analytics-no-sources"
        >
          {t('analytics.noSources')}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-4">
        <Kpi label={t('analytics.revenue')} value={data ? formatCurrency(data.revenue_total) : '…'} />
        <Kpi label={t('analytics.winRate')} value={data ? <Percent value={data.quote_win_rate} /> : '…'} />
        <Kpi
          label={t('analytics.averageOrder')}
          value={
            data?.average_order_value ? formatCurrency(data.average_order_value) : t('common.notAvailable')
          }
        />
        <Kpi label={t('analytics.openItems')} value={data ? formatCurrency(data.open_items) : '…'} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('analytics.revenueByMonth')}</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="h-64" role="img" aria-label={t('analytics.revenueByMonth')}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" fontSize={12} />
                <YAxis
                  fontSize={12}
                  tickFormatter={(v: number) => formatNumber(v, undefined, { notation: 'compact' })}
                />
                <Tooltip formatter={(v) => formatCurrency(String(v))} />
                <Bar dataKey="revenue" name={t('analytics.revenue')} fill="var(--color-primary)" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('analytics.topProducts')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data && data.top_products.length === 0 ? (
            <p className="text-sm text-muted">{t('analytics.noProducts')}</p>
          ) : (
            <table className={TABLE}>
              <thead>
                <tr>
                  <th className={TH}>{t('fields.sku')}</th>
                  <th className={TH}>{t('fields.name')}</th>
                  <th className={`${TH} ${NUM}`}>{t('fields.quantity')}</th>
                  <th className={`${TH} ${NUM}`}>{t('analytics.revenue')}</th>
                </tr>
              </thead>
              <tbody>
                {data?.top_products.map((p) => (
                  <tr key={p.item_id}>
                    <td className={TD}>{p.sku}</td>
                    <td className={TD}>{p.name}</td>
                    <td className={`${TD} ${NUM}`}>{formatQuantity(p.quantity)}</td>
                    <td className={`${TD} ${NUM}`}>{formatCurrency(p.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function Kpi({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Card className="p-4">
      <p className="text-xs text-muted">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}
