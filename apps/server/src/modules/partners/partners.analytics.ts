import type { ClientAnalytics } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import { periodMonths } from './partners.repo.ts';

/**
 * Client analytics. The figures come from sales documents (quotes, work orders, invoices), which
 * other areas own; each adds a source here when its tables exist. With no source the answer is
 * honest: the months of the period with zero revenue, rates that cannot be computed are null, and
 * `sources` lists what was counted, so the page can say so.
 */
export type { ClientAnalytics };

export type AnalyticsSource = {
  name: string;
  fill: (
    tx: Tx,
    clientId: string,
    period: { from: string; to: string },
    into: ClientAnalytics,
  ) => Promise<void>;
};

const sources: AnalyticsSource[] = [];

export function registerAnalyticsSource(source: AnalyticsSource): void {
  if (!sources.some((s) => s.name === source.name)) sources.push(source);
}

export async function clientAnalytics(
  tx: Tx,
  clientId: string,
  period: { from: string; to: string },
): Promise<ClientAnalytics> {
  // The month axis comes from the database calendar so that every month of the period is present.
  const months = await periodMonths(tx, period);
  const result: ClientAnalytics = {
    ...period,
    months: months.map((m) => ({ month: m.month, revenue: '0.00' })),
    revenue_total: '0.00',
    quote_win_rate: null,
    quotes_total: 0,
    average_order_value: null,
    orders_total: 0,
    top_products: [],
    open_items: '0.00',
    sources: [],
  };
  for (const s of sources) {
    await s.fill(tx, clientId, period, result);
    result.sources.push(s.name);
  }
  return result;
}
