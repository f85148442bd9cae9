import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows, uuids } from '../../db/sql.ts';

// Data access of lot traceability: the documents around lots (trace.service.ts puts them together;
// the lot genealogy itself comes from inventory's service).

export type LotInfo = {
  lot_id: string;
  lot_number: string;
  item_id: string;
  sku: string;
  item_name: string;
  supplier_id: string | null;
  supplier_name: string | null;
};

export async function lotInfo(tx: Tx, ids: readonly string[]): Promise<LotInfo[]> {
  return rows<LotInfo>(
    tx,
    sql`select lt.id as lot_id, lt.lot_number, lt.item_id, i.sku, i.name as item_name, lt.supplier_id, p.name as supplier_name
        from lots lt join items i on i.id = lt.item_id left join partners p on p.id = lt.supplier_id
        where lt.id = any(${uuids(ids)}) order by lt.lot_number`,
  );
}

export type LotDeliveryRow = {
  document_id: string;
  number: string;
  status: string;
  doc_date: string;
  client_id: string | null;
  client_name: string | null;
  lot_id: string;
  lot_number: string;
  quantity: string;
};

/** The issued or delivered delivery notes that shipped these lots, with the quantity of each lot. */
export async function lotDeliveries(tx: Tx, lotIds: readonly string[]): Promise<LotDeliveryRow[]> {
  return rows<LotDeliveryRow>(
    tx,
    sql`select d.id as document_id, d.number, d.status, d.doc_date::text as doc_date, d.client_id, p.name as client_name,
          m.lot_id, lt.lot_number, trim_scale(-sum(m.quantity))::text as quantity
        from stock_movements m
        join documents d on d.id = m.source_id and m.source_type = 'delivery_note'
        join lots lt on lt.id = m.lot_id
        left join partners p on p.id = d.client_id
        where m.type = 'delivery' and m.lot_id = any(${uuids(lotIds)}) and d.status in ('issued', 'delivered')
        group by d.id, d.number, d.status, d.doc_date, d.client_id, p.name, m.lot_id, lt.lot_number
        order by d.doc_date, d.number`,
  );
}

export type LotWorkOrderRow = { document_id: string; number: string; lot_id: string; direction: string };

/** The work orders that produced or consumed these lots. */
export async function lotWorkOrders(tx: Tx, lotIds: readonly string[]): Promise<LotWorkOrderRow[]> {
  return rows<LotWorkOrderRow>(
    tx,
    sql`select distinct d.id as document_id, d.number, m.lot_id,
          case when m.type = 'production_output' then 'produced' else 'consumed' end as direction
        from stock_movements m join documents d on d.id = m.source_id and m.source_type = 'work_order'
        where m.type in ('production_output', 'production_consumption')
          and m.lot_id = any(${uuids(lotIds)})
        order by d.number`,
  );
}
