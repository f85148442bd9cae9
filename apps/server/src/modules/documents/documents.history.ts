import { registerAnalyticsSource } from '../partners/partners.analytics.ts';
import { type HistoryType, registerHistorySource } from '../partners/partners.history.ts';
import * as historyRepo from './client-history.repo.ts';

// The client page's transaction history and analytics read our documents through these sources.

for (const kind of [
  'quote',
  'work_order',
  'delivery_note',
  'invoice',
] as const satisfies readonly HistoryType[]) {
  registerHistorySource({
    type: kind,
    roles: ['client'],
    list: (tx, partnerId, limit) => historyRepo.clientDocuments(tx, kind, partnerId, limit),
  });
}

/**
 * Client analytics from issued invoices (revenue by month, net of credit notes), quotes (win rate)
 * and work orders (orders and average order value); open items = what issued invoices still owe.
 */
registerAnalyticsSource({
  name: 'documents',
  fill: async (tx, clientId, period, into) => {
    // Months without invoices keep 0.00.
    const revenue = await historyRepo.revenueByMonth(tx, clientId, period);
    const byMonth = new Map(revenue.map((r) => [r.month, r.revenue]));
    into.months = into.months.map((m) => ({ month: m.month, revenue: byMonth.get(m.month) ?? m.revenue }));
    into.revenue_total = (await historyRepo.revenueTotal(tx, clientId, period)) ?? '0.00';
    const quotes = await historyRepo.quoteWinRate(tx, clientId, period);
    into.quotes_total = quotes?.total ?? 0;
    into.quote_win_rate = quotes?.rate ?? null;
    const orders = await historyRepo.orderStats(tx, clientId, period);
    into.orders_total = orders?.n ?? 0;
    into.average_order_value = orders?.avg ?? null;
    into.open_items = (await historyRepo.openItems(tx, clientId)) ?? '0.00';
    into.top_products = await historyRepo.topProducts(tx, clientId, period);
  },
});
