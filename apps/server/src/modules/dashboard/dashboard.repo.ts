import type {
  DashboardLowStock,
  DashboardOnTime,
  DashboardOpenQuotes,
  DashboardRevenue,
  DashboardWorkOrders,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

// Every figure is one SQL aggregate over indexed columns: nothing is loaded into Node but the sums.

async function many<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await tx.execute(query));
}

/** Open quotes: drafts and sent quotes not yet accepted, rejected, expired or converted. */
export async function openQuotes(tx: Tx): Promise<DashboardOpenQuotes> {
  const [row] = await many<{ count: number; value: string }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(total), 0)::numeric(18,2)::text as value
        from documents where kind = 'quote' and status in ('draft', 'sent')`,
  );
  return { count: row?.count ?? 0, value: row?.value ?? '0.00' };
}

/**
 * Work orders by status; overdue = not completed or cancelled and past its due date ("Rok", the
 * date the work-order form sets; `delivery_date` is never set on a work order).
 */
export async function workOrders(tx: Tx, today: string): Promise<DashboardWorkOrders> {
  const byStatus = await many<{ status: string; count: number }>(
    tx,
    sql`select status, count(*)::int as count from documents where kind = 'work_order'
        group by status order by status`,
  );
  const [overdue] = await many<{ count: number }>(
    tx,
    sql`select count(*)::int as count from documents where kind = 'work_order'
          and status in ('draft', 'planned', 'in_progress') and due_date < ${today}::date`,
  );
  return { by_status: byStatus, overdue: overdue?.count ?? 0 };
}

/**
 * Net revenue of issued invoices minus issued credit notes, by document month (last 12 months). An
 * advance invoice counts in its own month; the final invoice that deducts it counts only what is
 * left (its net less the advances' net), so an order invoiced with an advance is counted once.
 */
export async function revenue(tx: Tx, today: string): Promise<DashboardRevenue> {
  const months = await many<{ month: string; net: string }>(
    tx,
    sql`select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(
          case when d.kind = 'credit_note' then -d.net_total
               else d.net_total - coalesce((select sum(a.net) from advance_deductions a where a.invoice_id = d.id), 0)
          end), 0)::numeric(18,2)::text as net
        from generate_series(date_trunc('month', ${today}::date) - interval '11 months',
                             date_trunc('month', ${today}::date), interval '1 month') as m(month)
        left join documents d on d.kind in ('invoice', 'credit_note') and d.status = 'issued'
          and d.doc_date >= m.month and d.doc_date < m.month + interval '1 month'
        group by m.month order by m.month`,
  );
  return {
    this_month: months.at(-1)?.net ?? '0.00',
    last_month: months.at(-2)?.net ?? '0.00',
    months,
  };
}

/** Same rule as inventory's low-stock list: available + on order below the reorder point. */
export async function lowStock(tx: Tx, limit = 5): Promise<DashboardLowStock> {
  const where = sql`i.active and i.reorder_point is not null and a.available + a.on_order < i.reorder_point`;
  const [count] = await many<{ count: number }>(
    tx,
    sql`select count(*)::int as count from items i join item_availability a on a.item_id = i.id where ${where}`,
  );
  const items = await many<DashboardLowStock['items'][number]>(
    tx,
    sql`select i.id, i.sku, i.name, trim_scale(a.available)::text as available,
               trim_scale(i.reorder_point)::text as reorder_point
        from items i join item_availability a on a.item_id = i.id where ${where}
        order by (a.available + a.on_order) / nullif(i.reorder_point, 0) nulls last, i.sku limit ${limit}`,
  );
  return { count: count?.count ?? 0, items };
}

/**
 * On-time delivery over the last 90 days: delivery notes issued for a work order with a due date
 * (the work-order form's "Rok"); on time when the note's delivery date (set when it is issued;
 * its document date for older notes without one) is not after the due date. `rate` is a percent
 * 0..100 with one decimal, like every rate of the API (docs/api.md "Percentages").
 */
export async function onTime(tx: Tx, today: string): Promise<DashboardOnTime> {
  const [row] = await many<{ delivered: number; on_time: number }>(
    tx,
    sql`select count(*)::int as delivered,
               count(*) filter (where coalesce(dn.delivery_date, dn.doc_date) <= wo.due_date)::int as on_time
        from documents dn
        join document_links l on l.to_id = dn.id and l.relation = 'delivered'
        join documents wo on wo.id = l.from_id and wo.kind = 'work_order' and wo.due_date is not null
        where dn.kind = 'delivery_note' and dn.status in ('issued', 'delivered')
          and coalesce(dn.delivery_date, dn.doc_date) >= ${today}::date - 90`,
  );
  const delivered = row?.delivered ?? 0;
  const on = row?.on_time ?? 0;
  // Percent with one decimal, computed from integers (no float rounding drift).
  const rate = delivered === 0 ? null : (Math.round((on * 1000) / delivered) / 10).toFixed(1);
  return { delivered, on_time: on, rate };
}
