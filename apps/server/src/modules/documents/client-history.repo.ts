import type { ClientAnalytics, HistoryEntry } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';

// The documents' reads behind the client page's transaction history and analytics
// (documents.history.ts registers them with the partners area). Sums stay in SQL numerics.

type Period = { from: string; to: string };

/** A client's documents of one kind (invoices with their credit notes), newest first. */
export async function clientDocuments(
  tx: Tx,
  kind: 'quote' | 'work_order' | 'delivery_note' | 'invoice',
  partnerId: string,
  limit: number,
): Promise<HistoryEntry[]> {
  return rows<HistoryEntry>(
    tx,
    sql`select ${kind}::text as type, id, number, doc_date::text as date, status, total::text as total
        from documents where client_id = ${partnerId}
          and kind = any(${kind === 'invoice' ? '{invoice,credit_note}' : `{${kind}}`}::text[])
        order by doc_date desc, seq desc nulls first limit ${limit}`,
  );
}

// An advance invoice counts in its own month; the final invoice that deducts it counts only what is
// left (its net less the advances' net), so an order invoiced with an advance is counted once.
const netOf = sql`case when kind = 'credit_note' then -net_total
  else net_total - coalesce((select sum(a.net) from advance_deductions a where a.invoice_id = documents.id), 0) end`;
const revenueScope = (clientId: string, period: Period) =>
  sql`client_id = ${clientId} and kind in ('invoice', 'credit_note') and status = 'issued'
      and doc_date between ${period.from}::date and ${period.to}::date`;

/** Net revenue per month (invoices less advances they deduct, less credit notes); months without any are absent. */
export async function revenueByMonth(
  tx: Tx,
  clientId: string,
  period: Period,
): Promise<{ month: string; revenue: string }[]> {
  return rows<{ month: string; revenue: string }>(
    tx,
    sql`select to_char(doc_date, 'YYYY-MM') as month, sum(${netOf})::numeric(18, 2)::text as revenue
        from documents where ${revenueScope(clientId, period)} group by 1`,
  );
}

export async function revenueTotal(tx: Tx, clientId: string, period: Period): Promise<string | undefined> {
  const row = await one<{ total: string }>(
    tx,
    sql`select coalesce(sum(${netOf}), 0)::numeric(18, 2)::text as total from documents where ${revenueScope(clientId, period)}`,
  );
  return row?.total;
}

/** Quotes sent in the period and the share accepted or converted (%). */
export async function quoteWinRate(
  tx: Tx,
  clientId: string,
  period: Period,
): Promise<{ total: number; rate: string | null } | undefined> {
  return one<{ total: number; rate: string | null }>(
    tx,
    sql`select count(*)::int as total,
          round(100.0 * count(*) filter (where status in ('accepted', 'converted')) / nullif(count(*), 0), 1)::text as rate
        from documents where client_id = ${clientId} and kind = 'quote' and status <> 'draft'
          and doc_date between ${period.from}::date and ${period.to}::date`,
  );
}

/** Work orders of the period (not cancelled) and their average total. */
export async function orderStats(
  tx: Tx,
  clientId: string,
  period: Period,
): Promise<{ n: number; avg: string | null } | undefined> {
  return one<{ n: number; avg: string | null }>(
    tx,
    sql`select count(*)::int as n, round(avg(total), 2)::text as avg from documents
        where client_id = ${clientId} and kind = 'work_order' and status <> 'cancelled'
          and doc_date between ${period.from}::date and ${period.to}::date`,
  );
}

/** What the client's issued invoices still owe. */
export async function openItems(tx: Tx, clientId: string): Promise<string | undefined> {
  const row = await one<{ open: string }>(
    tx,
    sql`select coalesce(sum(total - credited_total - paid_total), 0)::numeric(18, 2)::text as open
        from documents where client_id = ${clientId} and kind = 'invoice' and status = 'issued'`,
  );
  return row?.open;
}

/** The five items with the most invoiced net amount in the period. */
export async function topProducts(
  tx: Tx,
  clientId: string,
  period: Period,
): Promise<ClientAnalytics['top_products']> {
  return rows<ClientAnalytics['top_products'][number]>(
    tx,
    sql`select l.item_id, i.sku, i.name, trim_scale(sum(l.quantity))::text as quantity, sum(l.net_amount)::text as revenue
        from document_lines l join documents d on d.id = l.document_id join items i on i.id = l.item_id
        where d.client_id = ${clientId} and d.kind = 'invoice' and d.status = 'issued'
          and d.doc_date between ${period.from}::date and ${period.to}::date
        group by l.item_id, i.sku, i.name order by sum(l.net_amount) desc limit 5`,
  );
}
