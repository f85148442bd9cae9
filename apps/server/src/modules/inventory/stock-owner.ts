import { type SQL, sql } from 'drizzle-orm';

// Which other area's document made a stock document (see reverse.service.ts).

/** SQL columns owner_kind, owner_id, owner_number for a stock document aliased `d`. */
export const ownerColumns: SQL = sql`
  case when d.source_type in ('delivery_note', 'work_order', 'cutting') then d.source_type
    when gr.id is not null then 'goods_receipt' end as owner_kind,
  coalesce(case when d.source_type in ('delivery_note', 'work_order', 'cutting') then d.source_id end, gr.id) as owner_id,
  coalesce(case when d.source_type in ('delivery_note', 'work_order', 'cutting') then d.reference end, gr.number) as owner_number`;
/** The join `ownerColumns` needs. */
export const ownerJoin: SQL = sql`left join goods_receipts gr on gr.stock_document_id = d.id`;
