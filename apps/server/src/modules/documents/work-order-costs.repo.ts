import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows, uuids } from '../../db/sql.ts';
import type * as woRepo from './work-orders.repo.ts';

// Data access of a work order's completion and its consumption corrections: its cutting lists and
// what they consumed (the ledger), its materials and operations, the order's own consumption and
// the material actuals (work-order-completion.ts and work-order-corrections.ts hold the rules).

export type CuttingList = {
  id: string;
  number: number;
  name: string;
  status: string;
  material_id: string | null;
};

/** The cutting lists made from a work order, by number. */
export async function cuttingListsOf(tx: Tx, woId: string): Promise<CuttingList[]> {
  return rows<CuttingList>(
    tx,
    sql`select id, number, name, status, input->>'material_id' as material_id from cutting_jobs
        where source_type = 'work_order' and source_id = ${woId} order by number`,
  );
}

/** One ledger movement of a completed cutting list of the order, with the material it belongs to. */
export type CutMovement = {
  job_id: string;
  item_id: string;
  material_id: string;
  lot_id: string | null;
  quantity: string;
  unit_cost: string;
};

/**
 * The lists' movements (and any reversal of them); each item is traced up to the standard sheet or
 * bar it was cut from (remnants of remnants), which is the material the order planned.
 */
export async function cutMovements(tx: Tx, jobIds: readonly string[]): Promise<CutMovement[]> {
  const ids = uuids(jobIds);
  return rows<CutMovement>(
    tx,
    sql`with recursive mv as (
          select m.source_id as job_id, m.item_id, m.lot_id, m.quantity, m.unit_cost from stock_movements m
            where m.source_type = 'cutting' and m.source_id = any(${ids})
          union all
          select o.source_id, r.item_id, r.lot_id, r.quantity, r.unit_cost from stock_movements r
            join stock_movements o on o.id = r.reverses_movement_id
            where o.source_type = 'cutting' and o.source_id = any(${ids})
        ),
        up(start, id, depth) as (
          select distinct item_id, item_id, 0 from mv
          union
          select up.start, c.parent_item_id, up.depth + 1 from up join cutting_remnants c on c.item_id = up.id
            where up.depth < 50 and c.parent_item_id <> up.id
        ),
        root as (select distinct on (start) start, id from up order by start, depth desc)
        select mv.job_id, mv.item_id, root.id as material_id, mv.lot_id, mv.quantity::text as quantity,
          mv.unit_cost::text as unit_cost
        from mv join root on root.start = mv.item_id`,
  );
}

/** A work order's number and status, the row locked. */
export async function lockWorkOrderStatus(
  tx: Tx,
  woId: string,
): Promise<{ number: string | null; status: string } | undefined> {
  return one<{ number: string | null; status: string }>(
    tx,
    sql`select number, status from documents where id = ${woId} and kind = 'work_order' for update`,
  );
}

/** The order's active reservations of one material. */
export async function activeMaterialReservations(
  tx: Tx,
  woId: string,
  materialId: string,
): Promise<string[]> {
  const held = await rows<{ reservation_id: string }>(
    tx,
    sql`select m.reservation_id from work_order_materials m join reservations r on r.id = m.reservation_id
        where m.document_id = ${woId} and m.item_id = ${materialId} and r.status = 'active'`,
  );
  return held.map((r) => r.reservation_id);
}

/** A material of the order as completion reads it: with the item's moving average cost. */
export type MaterialRow = Pick<
  woRepo.MaterialRow,
  'id' | 'item_id' | 'sku' | 'name' | 'unit' | 'planned_qty'
> & { line_shares: Record<string, string> | null; avg_cost: string };

/** The order's materials with the item's moving average cost. */
export async function completionMaterials(tx: Tx, woId: string): Promise<MaterialRow[]> {
  return rows<MaterialRow>(
    tx,
    sql`select m.id, m.item_id, i.sku, i.name, m.unit, trim_scale(m.planned_qty)::text as planned_qty, m.line_shares,
          coalesce(s.avg_cost, 0)::text as avg_cost
        from work_order_materials m join items i on i.id = m.item_id left join item_stock s on s.item_id = m.item_id
        where m.document_id = ${woId} order by i.sku, m.id`,
  );
}

export type OperationCostRow = { line_id: string | null; logged_minutes: string; cost_per_hour: string };

export async function operationCosts(tx: Tx, woId: string): Promise<OperationCostRow[]> {
  return rows<OperationCostRow>(
    tx,
    sql`select line_id, logged_minutes::text as logged_minutes, cost_per_hour::text as cost_per_hour
        from work_order_operations where document_id = ${woId} order by position`,
  );
}

export type CorrectionRow = {
  id: string;
  document_date: string;
  created_at: string;
  reason: string | null;
  note: string | null;
  /** Change of the order's material cost: positive = more was used. */
  value: string;
  lines: {
    line_no: number;
    item_id: string;
    sku: string;
    lot_number: string | null;
    /** As entered: positive = returned to stock, negative = issued more. */
    quantity: string;
    unit_cost: string;
  }[];
};

/** The order's corrections, oldest first (read from the ledger: the stock documents they posted). */
export async function corrections(tx: Tx, woId: string): Promise<CorrectionRow[]> {
  return rows<CorrectionRow>(
    tx,
    sql`select d.id, d.document_date::text as document_date, d.created_at::text as created_at, d.reason, d.note,
          round(sum(-m.quantity * m.unit_cost), 2)::text as value,
          json_agg(json_build_object('line_no', m.line_no, 'item_id', m.item_id, 'sku', i.sku, 'lot_number', l.lot_number,
            'quantity', trim_scale(m.quantity)::text, 'unit_cost', trim_scale(m.unit_cost)::text) order by m.line_no) as lines
        from stock_documents d join stock_movements m on m.document_id = d.id
        join items i on i.id = m.item_id left join lots l on l.id = m.lot_id
        where d.source_type = 'work_order' and d.source_id = ${woId} and d.type = 'production' and d.reason is not null
        group by d.id order by d.created_at, d.id`,
  );
}

export type Consumed = { item_id: string; lot_id: string | null; net: string; unit_cost: string };

/**
 * What the order's own consumption took of these items, per lot: net of earlier corrections, and
 * the average cost of what left (the cost a return comes back at).
 */
export async function consumedByOrder(tx: Tx, woId: string, itemIds: readonly string[]): Promise<Consumed[]> {
  return rows<Consumed>(
    tx,
    sql`select m.item_id, m.lot_id, trim_scale(sum(-m.quantity))::text as net,
          coalesce(trim_scale(round(sum(-m.quantity * m.unit_cost) filter (where m.quantity < 0)
            / nullif(sum(-m.quantity) filter (where m.quantity < 0), 0), 6))::text, '0') as unit_cost
        from stock_movements m
        where m.source_type = 'work_order' and m.source_id = ${woId} and m.type = 'production_consumption'
          and m.item_id = any(${uuids(itemIds)})
        group by m.item_id, m.lot_id`,
  );
}

/** The distinct materials of an order with their SKU. */
export async function materialSkus(tx: Tx, woId: string): Promise<{ item_id: string; sku: string }[]> {
  return rows<{ item_id: string; sku: string }>(
    tx,
    sql`select distinct m.item_id, i.sku from work_order_materials m join items i on i.id = m.item_id
        where m.document_id = ${woId}`,
  );
}

/** What a stock document booked per item: quantity and value at the ledger's costs. */
export async function bookedPerItem(
  tx: Tx,
  stockDocumentId: string,
): Promise<{ item_id: string; quantity: string; value: string }[]> {
  return rows<{ item_id: string; quantity: string; value: string }>(
    tx,
    sql`select item_id, sum(quantity)::text as quantity, sum(quantity * unit_cost)::text as value
        from stock_movements where document_id = ${stockDocumentId} group by item_id`,
  );
}

/** The first material row of an item on the order, locked, with its actuals. */
export async function lockMaterialActuals(
  tx: Tx,
  woId: string,
  itemId: string,
): Promise<{ id: string; actual_qty: string | null; actual_unit_cost: string | null } | undefined> {
  return one<{ id: string; actual_qty: string | null; actual_unit_cost: string | null }>(
    tx,
    sql`select id, actual_qty::text as actual_qty, actual_unit_cost::text as actual_unit_cost
        from work_order_materials where document_id = ${woId} and item_id = ${itemId} order by id limit 1 for update`,
  );
}

export async function setMaterialActuals(
  tx: Tx,
  materialId: string,
  quantity: string,
  unitCost: string | null,
): Promise<void> {
  await tx.execute(
    sql`update work_order_materials set actual_qty = ${quantity},
        actual_unit_cost = ${unitCost}, updated_at = now() where id = ${materialId}`,
  );
}

/** Each material's planned need per work-order line (line id → quantity), from planning. */
export async function materialLineShares(
  tx: Tx,
  woId: string,
): Promise<{ item_id: string; line_shares: Record<string, string> | null }[]> {
  return rows<{ item_id: string; line_shares: Record<string, string> | null }>(
    tx,
    sql`select item_id, line_shares from work_order_materials where document_id = ${woId}`,
  );
}

export async function linePositions(tx: Tx, documentId: string): Promise<{ id: string; position: number }[]> {
  return rows<{ id: string; position: number }>(
    tx,
    sql`select id, position from document_lines where document_id = ${documentId}`,
  );
}
