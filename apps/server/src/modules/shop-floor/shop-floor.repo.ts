import {
  BUSINESS_TIME_ZONE,
  type FloorOperation as FloorOperationWire,
  type ScanHit,
  type WorkOrderCard,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type FloorOperation = FloorOperationWire & { process_id: string | null };

const OPERATION_COLUMNS = sql`
  o.id, o.document_id as work_order_id, d.number as work_order_number, d.status as work_order_status,
  p.name as client_name, d.due_date::text as due_date, o.position, o.process_id, o.code, o.name, o.status,
  o.quality_check_required,
  (select q.result from quality_checks q where q.operation_id = o.id order by q.created_at desc, q.id desc limit 1) as last_check,
  trim_scale(o.planned_minutes)::text as planned_minutes, trim_scale(o.logged_minutes)::text as logged_minutes,
  trim_scale(coalesce((select sum(l.quantity) from document_lines l
     where l.document_id = d.id and (o.line_id is null or l.id = o.line_id)), 0))::text as quantity,
  (select case when count(distinct l.unit) = 1 then min(l.unit) end from document_lines l
     where l.document_id = d.id and (o.line_id is null or l.id = o.line_id)) as unit,
  trim_scale(coalesce((select sum(e.good_qty) from shop_floor_events e where e.operation_id = o.id), 0))::text as good_qty,
  trim_scale(coalesce((select sum(e.scrap_qty) from shop_floor_events e where e.operation_id = o.id), 0))::text as scrap_qty,
  o.started_at,
  ol.position as line_position,
  nullif(concat_ws(' ', oi.sku, coalesce(nullif(ol.description, ''), oi.name)), '') as line_label,
  trim_scale(ol.width_mm)::text as width_mm, trim_scale(ol.height_mm)::text as height_mm`;

const FROM = sql`from work_order_operations o
  join documents d on d.id = o.document_id
  left join partners p on p.id = d.client_id
  left join document_lines ol on ol.id = o.line_id
  left join items oi on oi.id = ol.item_id`;

/** Running first, then paused, then waiting; finished ones last (the screen folds them away). */
const STATUS_ORDER = sql`case o.status when 'in_progress' then 0 when 'paused' then 1 when 'pending' then 2 else 3 end`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
const mapOp = (r: FloorOperation): FloorOperation => ({ ...r, started_at: iso(r.started_at) });

/** Today's start in Europe/Zagreb (the business day), not midnight in the session's time zone (UTC). */
const ZAGREB_MIDNIGHT = sql`(date_trunc('day', now() at time zone ${BUSINESS_TIME_ZONE}) at time zone ${BUSINESS_TIME_ZONE})`;

/**
 * Today's work: every operation of a planned or running work order that is not done, plus the
 * ones finished today in Zagreb (so the screen shows what got done). Work centre = the operation's process;
 * within a centre the open ones come first (running, paused, waiting by due date), finished last.
 */
export async function todaysOperations(tx: Tx): Promise<FloorOperation[]> {
  const r = await tx.execute(
    sql`select ${OPERATION_COLUMNS} ${FROM}
        where d.kind = 'work_order' and (
          (d.status in ('planned', 'in_progress') and o.status <> 'done')
          or (o.status = 'done' and o.updated_at >= ${ZAGREB_MIDNIGHT}))
        order by o.code, ${STATUS_ORDER}, d.due_date nulls last, d.number nulls last, o.position`,
  );
  return rowsOf<FloorOperation>(r).map(mapOp);
}

export async function workOrderOperations(tx: Tx, workOrderId: string): Promise<FloorOperation[]> {
  const r = await tx.execute(
    sql`select ${OPERATION_COLUMNS} ${FROM} where o.document_id = ${workOrderId} and d.kind = 'work_order' order by o.position`,
  );
  return rowsOf<FloorOperation>(r).map(mapOp);
}

export async function operation(tx: Tx, id: string): Promise<FloorOperation | null> {
  const r = await tx.execute(
    sql`select ${OPERATION_COLUMNS} ${FROM} where o.id = ${id} and d.kind = 'work_order'`,
  );
  const row = rowsOf<FloorOperation>(r)[0];
  return row ? mapOp(row) : null;
}

export async function addEvent(
  tx: Tx,
  e: {
    companyId: string;
    operationId: string;
    workOrderId: string;
    event: 'start' | 'pause' | 'finish';
    good?: string | null;
    scrap?: string | null;
    minutes?: string | null;
    userId: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into shop_floor_events (company_id, operation_id, document_id, event, good_qty, scrap_qty, minutes, created_by)
        values (${e.companyId}, ${e.operationId}, ${e.workOrderId}, ${e.event}, ${e.good ?? null}, ${e.scrap ?? null},
          ${e.minutes ?? null}, ${e.userId})`,
  );
}

export type { ScanHit };

/**
 * What a scanned code names. Labels print plain codes: a work order number (its PDF's QR), an
 * item SKU, a lot number or a location code; a prefixed form (WO:, ITEM:, LOT:, LOC:) is also read.
 */
export async function resolveCode(tx: Tx, raw: string): Promise<ScanHit[]> {
  const m = /^(WO|ITEM|LOT|LOC):(.+)$/i.exec(raw.trim());
  const want = m?.[1]?.toUpperCase();
  const code = (m?.[2] ?? raw).trim();
  const hits: ScanHit[] = [];
  if (!want || want === 'WO') {
    const r = await tx.execute(
      sql`select id, number as label from documents where kind = 'work_order' and upper(number) = upper(${code}) limit 1`,
    );
    for (const h of rowsOf<{ id: string; label: string }>(r)) hits.push({ kind: 'work_order', ...h });
  }
  if (!want || want === 'LOC') {
    const r = await tx.execute(
      sql`select id, code || ' · ' || name as label from locations where upper(code) = upper(${code}) and active limit 1`,
    );
    for (const h of rowsOf<{ id: string; label: string }>(r)) hits.push({ kind: 'location', ...h });
  }
  if (!want || want === 'ITEM') {
    const r = await tx.execute(
      sql`select id, sku || ' · ' || name as label from items where upper(sku) = upper(${code}) limit 1`,
    );
    for (const h of rowsOf<{ id: string; label: string }>(r)) hits.push({ kind: 'item', ...h });
  }
  if (!want || want === 'LOT') {
    const r = await tx.execute(
      sql`select lt.id, lt.lot_number || ' · ' || i.sku as label, lt.item_id
          from lots lt join items i on i.id = lt.item_id where upper(lt.lot_number) = upper(${code}) limit 5`,
    );
    for (const h of rowsOf<{ id: string; label: string; item_id: string }>(r))
      hits.push({ kind: 'lot', ...h });
  }
  return hits;
}

export type { WorkOrderCard };

/** What a worker needs beside the operation: the order's cutting sheets and its products' drawings. */
export async function workOrderCard(tx: Tx, workOrderId: string): Promise<WorkOrderCard> {
  const jobs = rowsOf<WorkOrderCard['cutting_jobs'][number]>(
    await tx.execute(
      sql`select id, number, name, status, plan is not null as has_plan from cutting_jobs
          where source_type = 'work_order' and source_id = ${workOrderId} order by number`,
    ),
  );
  const drawings = rowsOf<WorkOrderCard['drawings'][number]>(
    await tx.execute(
      sql`select distinct i.image_file_id as file_id, i.sku, i.name from document_lines l
          join items i on i.id = l.item_id
          where l.document_id = ${workOrderId} and i.image_file_id is not null order by i.sku`,
    ),
  );
  return { cutting_jobs: jobs, drawings };
}
