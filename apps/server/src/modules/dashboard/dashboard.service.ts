import type { Tx } from '../../db/database.ts';
import * as repo from './dashboard.repo.ts';

export type DashboardFigures = {
  open_quotes: repo.OpenQuotes;
  work_orders: repo.WorkOrderFigures;
  revenue: repo.Revenue;
  low_stock: repo.LowStock;
  on_time: repo.OnTime;
};

/** All tiles in one transaction, so they describe the same moment. */
export async function figures(tx: Tx): Promise<DashboardFigures> {
  return {
    open_quotes: await repo.openQuotes(tx),
    work_orders: await repo.workOrders(tx),
    revenue: await repo.revenue(tx),
    low_stock: await repo.lowStock(tx),
    on_time: await repo.onTime(tx),
  };
}
