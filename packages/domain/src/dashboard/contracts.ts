import { z } from 'zod';
import { wireDecimal } from '../contracts.ts';

// The HTTP contract of /api/dashboard: the tiles' figures, SQL aggregates read in one transaction.
// Money and quantities are decimal strings.

export const dashboardOpenQuotesSchema = z.object({ count: z.number(), value: wireDecimal });
export type DashboardOpenQuotes = z.infer<typeof dashboardOpenQuotesSchema>;

export const dashboardWorkOrdersSchema = z.object({
  by_status: z.array(z.object({ status: z.string(), count: z.number() })),
  /** Open work orders whose due date is before today (the business day in Europe/Zagreb). */
  overdue: z.number(),
});
export type DashboardWorkOrders = z.infer<typeof dashboardWorkOrdersSchema>;

export const dashboardRevenueSchema = z.object({
  this_month: wireDecimal,
  last_month: wireDecimal,
  months: z.array(z.object({ month: z.string(), net: wireDecimal })),
});
export type DashboardRevenue = z.infer<typeof dashboardRevenueSchema>;

export const dashboardLowStockItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  available: wireDecimal,
  reorder_point: wireDecimal,
});
export const dashboardLowStockSchema = z.object({
  count: z.number(),
  items: z.array(dashboardLowStockItemSchema),
});
export type DashboardLowStock = z.infer<typeof dashboardLowStockSchema>;

/** Delivery notes of the last 90 days on time against their work order's due date; `rate` is 0..100. */
export const dashboardOnTimeSchema = z.object({
  delivered: z.number(),
  on_time: z.number(),
  rate: wireDecimal.nullable(),
});
export type DashboardOnTime = z.infer<typeof dashboardOnTimeSchema>;

export const dashboardSchema = z.object({
  open_quotes: dashboardOpenQuotesSchema,
  work_orders: dashboardWorkOrdersSchema,
  revenue: dashboardRevenueSchema,
  low_stock: dashboardLowStockSchema,
  on_time: dashboardOnTimeSchema,
});
export type DashboardFigures = z.infer<typeof dashboardSchema>;
