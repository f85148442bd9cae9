import type { OperationStatus, ProcessCategory } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import type { DocumentRow } from './documents.repo.ts';

// Data access of work orders: their planned materials and operations, the shop floor's status,
// time and quality checks. Every function takes the caller's transaction.

export type MaterialRow = {
  id: string;
  item_id: string;
  sku: string;
  name: string;
  unit: string;
  planned_qty: string;
  actual_qty: string | null;
  planned_unit_cost: string;
  actual_unit_cost: string | null;
  reservation_id: string | null;
  reservation_status: string | null;
  /** On hand at the order's source (production) location. */
  on_hand_at_location: string;
  /** Free for this order at the source location: on hand there minus other active reservations there. */
  available_at_location: string;
  /** Free for this order in the whole company: all on hand minus other active reservations. */
  available: string;
  lot_tracked: boolean;
  /** Lots the order's own consumption took, net of corrections (what a correction may return). */
  consumed_lots: { lot_id: string; lot_number: string; quantity: string }[];
};

export type OperationRow = {
  id: string;
  line_id: string | null;
  item_id: string | null;
  position: number;
  process_id: string | null;
  /** The process's category now (live, not copied at planning): processing-order warnings. */
  category: ProcessCategory;
  code: string;
  name: string;
  planned_minutes: string;
  cost_per_hour: string;
  quality_check_required: boolean;
  status: OperationStatus;
  logged_minutes: string;
  last_check: 'pass' | 'fail' | 'note' | null;
  last_check_note: string | null;
};

export async function materials(tx: Tx, wo: DocumentRow): Promise<MaterialRow[]> {
  return rows<MaterialRow>(
    tx,
    sql`select m.id, m.item_id, i.sku, i.name, m.unit, trim_scale(m.planned_qty)::text as planned_qty,
          trim_scale(m.actual_qty)::text as actual_qty, trim_scale(m.planned_unit_cost)::text as planned_unit_cost,
          trim_scale(m.actual_unit_cost)::text as actual_unit_cost, m.reservation_id, r.status as reservation_status,
          coalesce((select trim_scale(sum(b.quantity))::text from stock_balances b
                     where b.item_id = m.item_id and b.location_id = ${wo.source_location_id}), '0') as on_hand_at_location,
          trim_scale(coalesce((select sum(b.quantity) from stock_balances b
                     where b.item_id = m.item_id and b.location_id = ${wo.source_location_id}), 0)
            - coalesce((select sum(x.quantity) from reservations x
                     where x.item_id = m.item_id and x.status = 'active' and x.location_id = ${wo.source_location_id}
                       and x.id is distinct from m.reservation_id), 0))::text as available_at_location,
          trim_scale(coalesce(s.on_hand, 0) - coalesce((select sum(x.quantity) from reservations x
                     where x.item_id = m.item_id and x.status = 'active'
                       and x.id is distinct from m.reservation_id), 0))::text as available,
          i.lot_tracked,
          coalesce((select json_agg(json_build_object('lot_id', c.lot_id, 'lot_number', lt.lot_number,
                      'quantity', trim_scale(c.q)::text) order by lt.lot_number)
                    from (select mv.lot_id, sum(-mv.quantity) as q from stock_movements mv
                          where mv.source_type = 'work_order' and mv.source_id = m.document_id
                            and mv.type = 'production_consumption' and mv.item_id = m.item_id and mv.lot_id is not null
                          group by mv.lot_id) c
                    join lots lt on lt.id = c.lot_id where c.q > 0), '[]'::json) as consumed_lots
        from work_order_materials m join items i on i.id = m.item_id
        left join item_stock s on s.item_id = m.item_id
        left join reservations r on r.id = m.reservation_id
        where m.document_id = ${wo.id} order by i.sku`,
  );
}

export async function operations(tx: Tx, woId: string): Promise<OperationRow[]> {
  return rows<OperationRow>(
    tx,
    sql`select o.id, o.line_id, o.item_id, o.position, o.process_id, coalesce(p.category, 'other') as category,
          o.code, o.name, trim_scale(o.planned_minutes)::text as planned_minutes,
          trim_scale(o.cost_per_hour)::text as cost_per_hour, o.quality_check_required, o.status,
          trim_scale(o.logged_minutes)::text as logged_minutes,
          (select q.result from quality_checks q where q.operation_id = o.id order by q.created_at desc, q.id desc limit 1) as last_check,
          (select q.note from quality_checks q where q.operation_id = o.id order by q.created_at desc, q.id desc limit 1) as last_check_note
        from work_order_operations o left join processes p on p.id = o.process_id
        where o.document_id = ${woId} order by o.position`,
  );
}

export async function insertMaterial(
  tx: Tx,
  companyId: string,
  woId: string,
  m: {
    item_id: string;
    unit: string;
    planned_qty: string;
    planned_unit_cost: string;
    reservation_id: string | null;
    /** Planned quantity per work-order line (line id → quantity). */
    line_shares: Record<string, string>;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into work_order_materials (company_id, document_id, item_id, unit, planned_qty, planned_unit_cost,
          reservation_id, line_shares)
        values (${companyId}, ${woId}, ${m.item_id}, ${m.unit}, ${m.planned_qty}, ${m.planned_unit_cost},
          ${m.reservation_id}, ${JSON.stringify(m.line_shares)}::jsonb)`,
  );
}

export async function insertOperation(
  tx: Tx,
  companyId: string,
  woId: string,
  o: {
    line_id: string | null;
    item_id: string | null;
    position: number;
    process_id: string | null;
    code: string;
    name: string;
    planned_minutes: string;
    cost_per_hour: string;
    quality_check_required: boolean;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into work_order_operations (company_id, document_id, line_id, item_id, position, process_id, code, name,
          planned_minutes, cost_per_hour, quality_check_required)
        values (${companyId}, ${woId}, ${o.line_id}, ${o.item_id}, ${o.position}, ${o.process_id}, ${o.code}, ${o.name},
          ${o.planned_minutes}, ${o.cost_per_hour}, ${o.quality_check_required})`,
  );
}

/** The reservations of the order's materials that still hold stock. */
export async function activeReservationIds(tx: Tx, woId: string): Promise<string[]> {
  const held = await rows<{ reservation_id: string }>(
    tx,
    sql`select m.reservation_id from work_order_materials m join reservations r on r.id = m.reservation_id
        where m.document_id = ${woId} and r.status = 'active'`,
  );
  return held.map((r) => r.reservation_id);
}

/** One operation of the order, locked for the change (undefined: not this order's). */
/**
 * A running stretch in whole minutes (half a minute up), as a time sheet counts it: a start and a
 * finish a few seconds apart (a planner ticking off operations on the desk) add nothing.
 */
const RUNNING_MINUTES = sql`case when started_at is not null
    then round(extract(epoch from (now() - started_at)) / 60)::text end`;

/**
 * An operation, locked, with the minutes of its running stretch (since `started_at`, set by start
 * or reopen on any screen; null when it is not running).
 */
export function lockOperation(tx: Tx, woId: string, opId: string) {
  return one<{ id: string; status: OperationStatus; running_minutes: string | null }>(
    tx,
    sql`select id, status, ${RUNNING_MINUTES} as running_minutes
        from work_order_operations where id = ${opId} and document_id = ${woId} for update`,
  );
}

/** An order's operations, locked, each with its running stretch's minutes, for closing them on cancel. */
export function lockedOperations(tx: Tx, woId: string) {
  return rows<{ id: string; status: OperationStatus; running_minutes: string | null }>(
    tx,
    sql`select id, status, ${RUNNING_MINUTES} as running_minutes
        from work_order_operations where document_id = ${woId} order by position for update`,
  );
}

/** The new status; a start or reopen opens a running stretch, any other change closes it. */
export async function setOperationStatus(
  tx: Tx,
  opId: string,
  status: OperationStatus,
  running: boolean,
): Promise<void> {
  await tx.execute(
    sql`update work_order_operations set status = ${status},
          started_at = ${running ? sql`now()` : sql`null`}, updated_at = now() where id = ${opId}`,
  );
}

/** A time log of an operation, added to its logged minutes. */
export async function logOperationTime(
  tx: Tx,
  ctx: CompanyContext,
  opId: string,
  log: { minutes: string | number; note: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into operation_time_logs (company_id, operation_id, minutes, note, created_by)
        values (${ctx.companyId}, ${opId}, ${log.minutes}, ${log.note}, ${ctx.userId})`,
  );
  await tx.execute(
    sql`update work_order_operations set logged_minutes = logged_minutes + ${log.minutes}, updated_at = now() where id = ${opId}`,
  );
}

export async function insertQualityCheck(
  tx: Tx,
  ctx: CompanyContext,
  opId: string,
  check: { result: string; note: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into quality_checks (company_id, operation_id, result, note, created_by)
        values (${ctx.companyId}, ${opId}, ${check.result}, ${check.note}, ${ctx.userId})`,
  );
}

// Versions of the work order sheet (work_order_versions; work-order-snapshots.ts) -----------------

export type VersionRow = {
  version: number;
  pdf_sha256: string;
  content_sha256: string;
  created_at: string;
  created_by: string | null;
  created_by_name: string | null;
};

/** The sheet's stored versions, newest first, with who issued each. */
export async function versions(tx: Tx, woId: string): Promise<VersionRow[]> {
  return rows<VersionRow>(
    tx,
    sql`select v.version, v.pdf_sha256, v.content_sha256, v.created_at, v.created_by, u.name as created_by_name
        from work_order_versions v left join team_members() u on u.user_id = v.created_by
        where v.document_id = ${woId} order by v.version desc`,
  );
}

export async function insertVersion(
  tx: Tx,
  companyId: string,
  v: { documentId: string; version: number; pdfSha256: string; contentSha256: string; userId: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into work_order_versions (company_id, document_id, version, pdf_sha256, content_sha256, created_by)
        values (${companyId}, ${v.documentId}, ${v.version}, ${v.pdfSha256}, ${v.contentSha256}, ${v.userId})`,
  );
}

/** The transaction's start time (the time a version says it was issued at). */
export async function transactionTime(tx: Tx): Promise<string | undefined> {
  return (await one<{ at: string }>(tx, sql`select now() as at`))?.at;
}
