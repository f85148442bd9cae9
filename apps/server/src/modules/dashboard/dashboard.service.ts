import type { DashboardFigures } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import { businessToday } from '../../db/sql.ts';
import * as repo from './dashboard.repo.ts';

/** All tiles in one transaction, so they describe the same moment. */
export async function figures(tx: Tx): Promise<DashboardFigures> {
  // "Today" is the business day in Europe/Zagreb, as documents are dated, not the server's UTC date.
  const { date: today } = await businessToday(tx);
  return {
    open_quotes: await repo.openQuotes(tx),
    work_orders: await repo.workOrders(tx, today),
    revenue: await repo.revenue(tx, today),
    low_stock: await repo.lowStock(tx),
    on_time: await repo.onTime(tx, today),
  };
}
