import { sql } from 'drizzle-orm';
import { rows } from '../../db/sql.ts';
import { registerHistorySource } from '../partners/partners.history.ts';

// A supplier's history lists its invoices (credit notes with a negative total) next to its
// orders and goods receipts.
registerHistorySource({
  type: 'purchase_invoice',
  roles: ['supplier'],
  list: (tx, partnerId, limit) =>
    rows(
      tx,
      sql`select 'purchase_invoice' as type, id, number, issue_date::text as date, status,
            (case when doc_type = 'credit_note' then -total else total end)::text as total
          from purchase_invoices where supplier_id = ${partnerId}
          order by issue_date desc, created_at desc limit ${limit}`,
    ),
});
