import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatMonth, formatNumber } from '../../lib/format.ts';
import { Kpi } from '../clients/client-analytics.tsx';
import { Field, Percent } from '../clients/partner-ui.tsx';
import { defaultPeriod, usePerformance } from '../clients/partners-api.ts';

/** Delivery performance over a chosen period: on-time rate, average lead time, fill rate, and a monthly chart. */
export function SupplierPerformanceTab({ id }: { id: string }) {
  const { t } = useTranslation('partners');
  const [period, setPeriod] = useState(defaultPeriod);
  const { data } = usePerformance(id, period.from, period.to);
  const chart = (data?.months ?? []).map((m) => ({
    month: formatMonth(m.month),
    on_time: m.on_time,
    late: m.late,
    other: m.receipts - m.on_time - m.late,
    lead: m.avg_lead_time_days === null ? null : Number(m.avg_lead_time_days),
  }));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-3">
        <Field id="p-from" label={t('period.from')}>
          <Input
            id="p-from"
            type="date"
            value={period.from}
            onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </Field>
        <Field id="p-to" label={t('period.to')}>
          <Input
            id="p-to"
            type="date"
            value={period.to}
            onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Kpi
          testId="perf-on-time"
          label={t('performance.onTime')}
          value={data ? <Percent value={data.on_time_rate} /> : '…'}
        />
        <Kpi
          testId="perf-lead-time"
          label={t('performance.leadTime')}
          value={
            data?.avg_lead_time_days
              ? t('performance.days', { value: formatNumber(data.avg_lead_time_days) })
              : t('common.notAvailable')
          }
        />
        <Kpi
          testId="perf-fill-rate"
          label={t('performance.fillRate')}
          value={data ? <Percent value={data.fill_rate} /> : '…'}
        />
        <Kpi
          testId="perf-receipts"
          label={t('performance.receipts')}
          value={data ? `${data.receipts} / ${data.orders}` : '…'}
        />
      </div>
      <p className="text-xs text-muted">{t('performance.definitions')}</p>
      <Card>
        <CardHeader>
          <CardTitle>{t('performance.chart')}</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="h-64" role="img" aria-label={t('performance.chart')}>
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={chart}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" fontSize={12} />
                <YAxis yAxisId="n" allowDecimals={false} fontSize={12} />
                <YAxis yAxisId="d" orientation="right" fontSize={12} />
                <Tooltip />
                <Legend />
                <Bar
                  yAxisId="n"
                  dataKey="on_time"
                  stackId="r"
                  name={t('performance.onTimeReceipts')}
                  fill="var(--color-success)"
                />
                <Bar
                  yAxisId="n"
                  dataKey="late"
                  stackId="r"
                  name={t('performance.lateReceipts')}
                  fill="var(--color-danger)"
                />
                <Bar
                  yAxisId="n"
                  dataKey="other"
                  stackId="r"
                  name={t('performance.unjudgedReceipts')}
                  fill="var(--color-muted)"
                />
                <Line
                  yAxisId="d"
                  dataKey="lead"
                  name={t('performance.leadTime')}
                  stroke="var(--color-primary)"
                  connectNulls
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
