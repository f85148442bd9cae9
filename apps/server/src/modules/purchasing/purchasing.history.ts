import { sql } from 'drizzle-orm';
import { rows } from '../../db/sql.ts';
import { registerHistorySource } from '../partners/partners.history.ts';

// Purchase history of a supplier: its orders and goods receipts on the supplier page.
registerHistorySource({
  type: 'purchase_order',
  roles: ['supplier'],
  list: (tx, partnerId, limit) =>
    rows(
      tx,
      sql`select 'purchase_order' as type, id, number, coalesce(ordered_on, created_at::date)::text as date, status,
            total::text as total
          from purchase_orders where supplier_id = ${partnerId}
          order by coalesce(ordered_on, created_at::date) desc, number desc nulls first limit ${limit}`,
    ),
});

registerHistorySource({
  type: 'goods_receipt',
  roles: ['supplier'],
  list: (tx, partnerId, limit) =>
    rows(
      tx,
      sql`select 'goods_receipt' as type, r.id, r.number, r.received_on::text as date, r.status,
            (select trim_scale(round(sum(l.quantity * l.unit_price), 2))::text from goods_receipt_lines l
              where l.receipt_id = r.id) as total
          from goods_receipts r where r.supplier_id = ${partnerId}
          order by r.received_on desc, r.number desc limit ${limit}`,
    ),
});
