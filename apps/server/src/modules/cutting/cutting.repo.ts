import {
  CUTTING_DEFAULT_KEYS,
  type CutResult,
  type CuttingDefaults,
  type CuttingJobInput,
  type CuttingJobSummary,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows, uuids } from '../../db/sql.ts';

/** A job as stored: the wire summary with its input and plan, timestamps as the driver gives them. */
export type JobRow = Omit<CuttingJobSummary, 'created_at' | 'updated_at'> & {
  input: CuttingJobInput;
  plan: CutResult | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = sql.raw(
  'id, number, name, kind, status, source_type, source_id, input, plan, stock_count, lower_bound, waste_percent, created_at, updated_at',
);

export async function listJobs(tx: Tx, limit: number, offset: number, sourceId?: string) {
  const where = sourceId ? sql`where source_id = ${sourceId}` : sql``;
  const items = await rows<Omit<JobRow, 'input' | 'plan'>>(
    tx,
    sql`select id, number, name, kind, status, source_type, source_id, stock_count, lower_bound, waste_percent, created_at, updated_at
        from cutting_jobs ${where} order by number desc limit ${limit} offset ${offset}`,
  );
  const [count] = await rows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from cutting_jobs ${where}`,
  );
  return { items, total: Number(count?.n ?? 0) };
}

export async function getJob(tx: Tx, id: string, lock = false): Promise<JobRow | null> {
  const [row] = await rows<JobRow>(
    tx,
    lock
      ? sql`select ${COLUMNS} from cutting_jobs where id = ${id} for update`
      : sql`select ${COLUMNS} from cutting_jobs where id = ${id}`,
  );
  return row ?? null;
}

export async function insertJob(tx: Tx, companyId: string, userId: string, input: CuttingJobInput) {
  // Numbers are per company and gap-free enough for people; the advisory lock orders creators.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cutting_jobs:${companyId}`}))`);
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into cutting_jobs (company_id, number, name, kind, source_type, source_id, input, created_by)
        values (${companyId}, (select coalesce(max(number), 0) + 1 from cutting_jobs), ${input.name}, ${input.kind},
          ${input.source_type}, ${input.source_id ?? null}, ${JSON.stringify(input)}::jsonb, ${userId})
        returning id`,
  );
  return row?.id as string;
}

/** `wastePercent`: the plan's waste without the offcuts kept as stock (`planFigures`). */
export async function savePlan(tx: Tx, id: string, plan: CutResult, wastePercent: string) {
  await tx.execute(
    sql`update cutting_jobs set plan = ${JSON.stringify(plan)}::jsonb, status = 'planned', stock_count = ${plan.layouts.length},
          lower_bound = ${plan.lowerBound}, waste_percent = ${wastePercent}, planned_at = now(), updated_at = now()
        where id = ${id}`,
  );
}

/** A new input (e.g. the stock picked for a work order's list) drops any plan: the job is a draft again. */
export async function replaceInput(tx: Tx, id: string, input: CuttingJobInput) {
  await tx.execute(
    sql`update cutting_jobs set input = ${JSON.stringify(input)}::jsonb, plan = null, status = 'draft', stock_count = null,
          lower_bound = null, waste_percent = null, planned_at = null, updated_at = now()
        where id = ${id}`,
  );
}

/** The work order's reservations a confirmation took over (released), kept to put them back on undo. */
export async function setTakenOver(tx: Tx, id: string, reservationIds: string[]) {
  await tx.execute(
    sql`update cutting_jobs set taken_over_reservation_ids = ${uuids(reservationIds)}, updated_at = now() where id = ${id}`,
  );
}

export async function takenOver(tx: Tx, id: string): Promise<string[]> {
  const taken = await rows<{ id: string }>(
    tx,
    sql`select unnest(taken_over_reservation_ids) as id from cutting_jobs where id = ${id}`,
  );
  return taken.map((r) => r.id);
}

export async function setStatus(tx: Tx, id: string, status: JobRow['status']) {
  // Back to planned (a confirmation undone) clears the confirmation's time.
  const stamp =
    status === 'confirmed'
      ? sql.raw('confirmed_at = now()')
      : status === 'completed'
        ? sql.raw('completed_at = now()')
        : sql.raw('confirmed_at = null');
  await tx.execute(
    sql`update cutting_jobs set status = ${status}, ${stamp}, updated_at = now() where id = ${id}`,
  );
}

export async function remnantsOfJob(tx: Tx, jobId: string) {
  return rows<{
    id: string;
    item_id: string;
    sku: string;
    lot_id: string | null;
    lot_number: string | null;
    parent_lot_id: string | null;
    length_mm: number;
    width_mm: number;
    unit: string;
  }>(
    tx,
    sql`select r.id, r.item_id, i.sku, r.lot_id, l.lot_number, r.parent_lot_id, r.length_mm, r.width_mm, i.base_unit as unit
        from cutting_remnants r join items i on i.id = r.item_id left join lots l on l.id = r.lot_id
        where r.job_id = ${jobId} order by i.sku, r.created_at`,
  );
}

/** A remnant a completed job returned to stock: a lot of its parent item (`itemId` = `parentItemId`). */
export type RemnantInsert = {
  itemId: string;
  lotId: string;
  parentItemId: string;
  parentLotId: string | null;
  length: number;
  width: number;
  /** its measure in the item's base unit (area, length or one piece) */
  quantity: string;
};

export async function insertRemnant(tx: Tx, companyId: string, jobId: string, r: RemnantInsert) {
  await tx.execute(
    sql`insert into cutting_remnants (company_id, job_id, item_id, lot_id, parent_item_id, parent_lot_id, length_mm, width_mm)
        values (${companyId}, ${jobId}, ${r.itemId}, ${r.lotId}, ${r.parentItemId}, ${r.parentLotId}, ${r.length}, ${r.width})`,
  );
}

/**
 * Sheet/bar items and their positive balances per location and lot (cutting stock), remnants
 * first. A remnant lot brings its own size (what is free of each balance is the inventory's rule,
 * `freeOnBalances`). Items made per offcut before migration 0032 (remnant items) still count as
 * remnants, with the standard item they descend from as `material_id`.
 */
export async function stockCandidates(tx: Tx, kind: '1d' | '2d') {
  const dims =
    kind === '1d'
      ? sql`i.length_mm is not null and i.width_mm is null`
      : sql`i.length_mm is not null and i.width_mm is not null`;
  return rows<{
    item_id: string;
    sku: string;
    name: string;
    base_unit: string;
    length_mm: string;
    width_mm: string | null;
    location_id: string;
    location_code: string;
    lot_id: string | null;
    lot_number: string | null;
    quantity: string;
    remnant: boolean;
    material_id: string | null;
  }>(
    tx,
    sql`select x.* from (
          select i.id as item_id, i.sku, i.name, i.base_unit,
            trim_scale(case when l.remnant then l.length_mm else i.length_mm end)::text as length_mm,
            trim_scale(case when l.remnant then l.width_mm else i.width_mm end)::text as width_mm,
            b.location_id, loc.code as location_code, b.lot_id, l.lot_number, trim_scale(b.quantity)::text as quantity,
            coalesce(l.remnant, false) or legacy.material_id is not null as remnant,
            case when l.remnant then i.id else legacy.material_id end as material_id
          from items i
          join stock_balances b on b.item_id = i.id and b.quantity > 0
          join locations loc on loc.id = b.location_id
          left join lots l on l.id = b.lot_id
          -- an offcut item of before 0032: the standard sheet/bar it descends from (through remnants of remnants)
          left join lateral (
            with recursive up(id, depth) as (
              select r.parent_item_id, 1 from cutting_remnants r where r.item_id = i.id and r.parent_item_id <> r.item_id
              union
              select r.parent_item_id, up.depth + 1 from up join cutting_remnants r on r.item_id = up.id
              where up.depth < 20 and r.parent_item_id <> r.item_id)
            select id as material_id from up order by depth desc limit 1) legacy on true
          where i.active and ${dims}) x
        order by x.remnant desc, x.sku, x.location_code, x.lot_number nulls first
        limit 500`,
  );
}

// Company cutting defaults: columns `cutting_<key>` of company_settings (migration 0029).

const defaultsColumn = (key: keyof CuttingDefaults) => `cutting_${key}`;

/** The company's cutting defaults as stored, or undefined without a settings row. */
export async function cuttingDefaultsRow(tx: Tx) {
  const [row] = await rows<Record<keyof CuttingDefaults, number | string>>(
    tx,
    sql`select ${sql.raw(CUTTING_DEFAULT_KEYS.map((k) => `${defaultsColumn(k)} as ${k}`).join(', '))} from company_settings`,
  );
  return row;
}
