import { AppError } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows, uuids } from '../../db/sql.ts';
import { traceLots } from '../inventory/inventory.service.ts';

// Traceability across documents: from a supplier lot forward to the finished lots made from it,
// the delivery notes that shipped them and the clients that received them; and from a finished
// lot back to the work order and the raw lots (and their suppliers). Lot genealogy itself is
// inventory's (lot_links); this adds the documents around it.

type LotInfo = {
  lot_id: string;
  lot_number: string;
  item_id: string;
  sku: string;
  item_name: string;
  supplier_id: string | null;
  supplier_name: string | null;
};

async function lotInfo(tx: Tx, ids: readonly string[]): Promise<LotInfo[]> {
  if (ids.length === 0) return [];
  return rows<LotInfo>(
    tx,
    sql`select lt.id as lot_id, lt.lot_number, lt.item_id, i.sku, i.name as item_name, lt.supplier_id, p.name as supplier_name
        from lots lt join items i on i.id = lt.item_id left join partners p on p.id = lt.supplier_id
        where lt.id = any(${uuids(ids)}) order by lt.lot_number`,
  );
}

export async function trace(tx: Tx, lotId: string) {
  const [lot] = await lotInfo(tx, [lotId]);
  if (!lot) throw new AppError('NOT_FOUND', 'Lot nije pronađen');
  const forward = await traceLots(tx, lotId, 'forward');
  const backward = await traceLots(tx, lotId, 'backward');
  const downstream = [lotId, ...forward.map((f) => f.lot_id)];
  const upstream = [lotId, ...backward.map((b) => b.lot_id)];
  const deliveries = await rows<{
    document_id: string;
    number: string;
    status: string;
    doc_date: string;
    client_id: string | null;
    client_name: string | null;
    lot_id: string;
    lot_number: string;
    quantity: string;
  }>(
    tx,
    sql`select d.id as document_id, d.number, d.status, d.doc_date::text as doc_date, d.client_id, p.name as client_name,
          m.lot_id, lt.lot_number, trim_scale(-sum(m.quantity))::text as quantity
        from stock_movements m
        join documents d on d.id = m.source_id and m.source_type = 'delivery_note'
        join lots lt on lt.id = m.lot_id
        left join partners p on p.id = d.client_id
        where m.type = 'delivery' and m.lot_id = any(${uuids(downstream)}) and d.status in ('issued', 'delivered')
        group by d.id, d.number, d.status, d.doc_date, d.client_id, p.name, m.lot_id, lt.lot_number
        order by d.doc_date, d.number`,
  );
  const workOrders = await rows<{
    document_id: string;
    number: string;
    lot_id: string;
    direction: string;
  }>(
    tx,
    sql`select distinct d.id as document_id, d.number, m.lot_id,
          case when m.type = 'production_output' then 'produced' else 'consumed' end as direction
        from stock_movements m join documents d on d.id = m.source_id and m.source_type = 'work_order'
        where m.type in ('production_output', 'production_consumption')
          and m.lot_id = any(${uuids([...new Set([...downstream, ...upstream])])})
        order by d.number`,
  );
  const clients = [
    ...new Map(
      deliveries
        .filter((d) => d.client_id)
        .map((d) => [d.client_id, { id: d.client_id, name: d.client_name }]),
    ).values(),
  ];
  return {
    lot,
    produced_lots: await lotInfo(
      tx,
      forward.map((f) => f.lot_id),
    ),
    source_lots: await lotInfo(
      tx,
      backward.map((b) => b.lot_id),
    ),
    work_orders: workOrders,
    delivery_notes: deliveries,
    clients,
  };
}
