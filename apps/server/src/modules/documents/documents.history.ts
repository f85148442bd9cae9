import { sql } from 'drizzle-orm';
import { registerAnalyticsSource } from '../partners/partners.analytics.ts';
import { type HistoryType, registerHistorySource } from '../partners/partners.history.ts';
import { rows } from '../partners/sql.ts';

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
    list: (tx, partnerId, limit) =>
      rows(
        tx,
        sql`select ${kind}::text as type, id, number, doc_date::text as date, status, total::text as total
            from documents where client_id = ${partnerId}
              and kind = any(${kind === 'invoice' ? '{invoice,credit_note}' : `{${kind}}`}::text[])
            order by doc_date desc, seq desc nulls first limit ${limit}`,
      ),
  });
}

/**
 * Client analytics from issued invoices (revenue by month, net of credit notes), quotes (win rate)
 * and work orders (orders and average order value); open items = what issued invoices still owe.
 */
registerAnalyticsSource({
  name: 'documents',
  fill: async (tx, clientId, period, into) => {
    // Sums stay in SQL numerics (never JS floats); months without invoices keep 0.00.
    const net = sql`case when kind = 'credit_note' then -net_total else net_total end`;
    const scope = sql`client_id = ${clientId} and kind in ('invoice', 'credit_note') and status = 'issued'
      and doc_date between ${period.from}::date and ${period.to}::date`;
    const revenue = await rows<{ month: string; revenue: string }>(
      tx,
      sql`select to_char(doc_date, 'YYYY-MM') as month, sum(${net})::numeric(18, 2)::text as revenue
          from documents where ${scope} group by 1`,
    );
    const byMonth = new Map(revenue.map((r) => [r.month, r.revenue]));
    into.months = into.months.map((m) => ({ month: m.month, revenue: byMonth.get(m.month) ?? m.revenue }));
    const [sum] = await rows<{ total: string }>(
      tx,
      sql`select coalesce(sum(${net}), 0)::numeric(18, 2)::text as total from documents where ${scope}`,
    );
    into.revenue_total = sum?.total ?? '0.00';
    const [quotes] = await rows<{ total: number; rate: string | null }>(
      tx,
      sql`select count(*)::int as total,
            round(100.0 * count(*) filter (where status in ('accepted', 'converted')) / nullif(count(*), 0), 1)::text as rate
          from documents where client_id = ${clientId} and kind = 'quote' and status <> 'draft'
            and doc_date between ${period.from}::date and ${period.to}::date`,
    );
    into.quotes_total = quotes?.total ?? 0;
    into.quote_win_rate = quotes?.rate ?? null;
    const [orders] = await rows<{ n: number; avg: string | null }>(
      tx,
      sql`select count(*)::int as n, round(avg(total), 2)::text as avg from documents
          where client_id = ${clientId} and kind = 'work_order' and status <> 'cancelled'
            and doc_date between ${period.from}::date and ${period.to}::date`,
    );
    into.orders_total = orders?.n ?? 0;
    into.average_order_value = orders?.avg ?? null;
    const [open] = await rows<{ open: string }>(
      tx,
      sql`select coalesce(sum(total - credited_total - paid_total), 0)::numeric(18, 2)::text as open
          from documents where client_id = ${clientId} and kind = 'invoice' and status = 'issued'`,
    );
    into.open_items = open?.open ?? '0.00';
    into.top_products = await rows(
      tx,
      sql`select l.item_id, i.sku, i.name, trim_scale(sum(l.quantity))::text as quantity, sum(l.net_amount)::text as revenue
          from document_lines l join documents d on d.id = l.document_id join items i on i.id = l.item_id
          where d.client_id = ${clientId} and d.kind = 'invoice' and d.status = 'issued'
            and d.doc_date between ${period.from}::date and ${period.to}::date
          group by l.item_id, i.sku, i.name order by sum(l.net_amount) desc limit 5`,
    );
  },
});
