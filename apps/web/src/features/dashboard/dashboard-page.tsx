import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCurrency, formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { FiscalTodoList } from '../fiscal-exchange/fiscal-todo-list.tsx';
import { useUserDisplay } from '../shell/user-menu.tsx';
import { useCurrentCompany } from '../team/current-company.tsx';
import { useRecentActivity } from '../team/team-api.ts';
import { type DashboardFigures, useDashboard, useDemoFill, useLiveDashboard } from './dashboard-api.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { WorkOrdersByStatus } from './work-orders-by-status.tsx';

function Tile(props: { to: string; title: string; value: ReactNode; hint?: ReactNode; testId: string }) {
  return (
    <Link
      to={props.to}
      data-testid={props.testId}
      className="block rounded-lg border border-border bg-surface p-5 shadow-sm hover:border-primary focus-visible:outline-2"
    >
      <div className="text-sm text-muted">{props.title}</div>
      <div className="mt-1 text-2xl font-semibold text-foreground" data-testid={`${props.testId}-value`}>
        {props.value}
      </div>
      {props.hint ? <div className="mt-1 text-sm text-muted">{props.hint}</div> : null}
    </Link>
  );
}

function monthBounds(offset: number): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() + offset, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth() + offset + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function isEmpty(d: DashboardFigures): boolean {
  return (
    d.open_quotes.count === 0 &&
    d.work_orders.by_status.length === 0 &&
    d.revenue.months.every((m) => Number(m.net) === 0) &&
    d.low_stock.count === 0 &&
    d.on_time.delivered === 0
  );
}

function Tiles({ d }: { d: DashboardFigures }) {
  const { t } = useTranslation('dashboard');
  const month = monthBounds(0);
  const change =
    Number(d.revenue.last_month) === 0
      ? null
      : // Display only: the figures themselves stay decimal strings.
        ((Number(d.revenue.this_month) - Number(d.revenue.last_month)) /
          Math.abs(Number(d.revenue.last_month))) *
        100;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Tile
        testId="tile-open-quotes"
        to="/documents/quotes"
        title={t('tiles.openQuotes')}
        value={formatNumber(d.open_quotes.count)}
        hint={t('tiles.openQuotesValue', { value: formatCurrency(d.open_quotes.value) })}
      />
      <Tile
        testId="tile-revenue"
        to={`/documents/invoices?from=${month.from}&to=${month.to}`}
        title={t('tiles.revenue')}
        value={formatCurrency(d.revenue.this_month)}
        hint={
          change === null
            ? t('tiles.revenueNoPrevious', { value: formatCurrency(d.revenue.last_month) })
            : t('tiles.revenueVsLast', {
                value: formatCurrency(d.revenue.last_month),
                change: formatPercent(change.toFixed(1), undefined, { signDisplay: 'always' }),
              })
        }
      />
      <Tile
        testId="tile-overdue"
        to="/documents/work-orders?status=in_progress"
        title={t('tiles.overdue')}
        value={formatNumber(d.work_orders.overdue)}
        hint={t('tiles.overdueHint')}
      />
      <Tile
        testId="tile-low-stock"
        to="/inventory/low-stock"
        title={t('tiles.lowStock')}
        value={formatNumber(d.low_stock.count)}
        hint={d.low_stock.items.map((i) => i.name).join(', ') || t('tiles.lowStockNone')}
      />
      <Tile
        testId="tile-on-time"
        to="/delivery-notes"
        title={t('tiles.onTime')}
        value={d.on_time.rate === null ? '—' : formatPercent(d.on_time.rate)}
        hint={t('tiles.onTimeHint', { on: d.on_time.on_time, total: d.on_time.delivered })}
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('tiles.workOrders')}</CardTitle>
        </CardHeader>
        <CardContent>
          <WorkOrdersByStatus counts={d.work_orders.by_status} />
        </CardContent>
      </Card>
    </div>
  );
}

function Activity({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['dashboard', 'audit']);
  const activity = useRecentActivity(companyId, 10);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Spinner />
        ) : !activity.data?.length ? (
          <p className="text-sm text-muted">{t('activity.empty')}</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="recent-activity">
            {activity.data.map((a) => (
              <li key={a.seq} className="flex flex-wrap gap-x-2">
                <span className="text-muted">{formatDateTime(a.at)}</span>
                {/* One sentence per event, worded by each language (no "je dodao/la"). */}
                <span>
                  {t(`activity.sentence.${a.action}`, {
                    actor: a.actor_name ?? t('activity.system'),
                    entity: t(`audit:entities.${a.table_name}`),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Owners and admins of an empty company may fill it with the demo window shop. */
function DemoFill() {
  const { t } = useTranslation('dashboard');
  const demo = useDemoFill();
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-border pt-3">
      <Button variant="secondary" onClick={demo.start} disabled={demo.running} data-testid="demo-fill">
        {t('demo.button')}
      </Button>
      <span className="text-sm text-muted">
        {demo.running ? (
          <span role="status">{t('demo.running', { percent: demo.progress })}</span>
        ) : demo.failed ? (
          <span role="alert">{t('demo.failed')}</span>
        ) : (
          t('demo.hint')
        )}
      </span>
    </div>
  );
}

export function DashboardPage() {
  // The documents' status words (work orders by status) load with the page, not after it.
  const { t } = useTranslation(['dashboard', 'documents']);
  const { t: tApp } = useTranslation('app');
  const { name } = useUserDisplay();
  const { companyId, role } = useCurrentCompany();
  const figures = useDashboard(companyId);
  useLiveDashboard();
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-semibold">{tApp('nav.dashboard')}</h1>
        <p className="text-muted" data-testid="dashboard-welcome">
          {tApp('dashboard.welcome', { name })}
        </p>
      </div>
      {figures.isPending ? (
        <Spinner />
      ) : figures.isError ? (
        <p role="alert">{t('loadError')}</p>
      ) : (
        <>
          {isEmpty(figures.data) ? (
            <Card data-testid="dashboard-empty">
              <CardContent className="space-y-2 pt-5">
                <p className="font-medium">{t('empty.title')}</p>
                <p className="text-sm text-muted">{t('empty.body')}</p>
                <div className="flex flex-wrap gap-3 text-sm">
                  <Link className="underline" to="/inventory/items/new">
                    {t('empty.addItem')}
                  </Link>
                  <Link className="underline" to="/clients">
                    {t('empty.addClient')}
                  </Link>
                  <Link className="underline" to="/documents/quotes/new">
                    {t('empty.addQuote')}
                  </Link>
                </div>
                {role === 'owner' || role === 'admin' ? <DemoFill /> : null}
              </CardContent>
            </Card>
          ) : null}
          <Tiles d={figures.data} />
          <FiscalTodoList />
          <div className="grid gap-4 lg:grid-cols-2">
            <RevenueChart d={figures.data} />
            <Activity companyId={companyId} />
          </div>
        </>
      )}
    </div>
  );
}
