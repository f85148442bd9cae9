import {
  AppError,
  type Cut1dInput,
  type Cut2dInput,
  type CutResult,
  type CuttingJobCreate,
  type CuttingJobInput,
  type CuttingPiece,
  cuttingJobInputSchema,
  jobSettingsFromDefaults,
  jobToCutInput,
  remnantsOf,
  remnantUnitCost,
  validatePlan1d,
  validatePlan2d,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { workOrderCuttingGroups, workOrderCuttingPieces } from '../documents/cutting-pieces.ts';
import * as inventory from '../inventory/inventory.service.ts';
import type { PostingLine } from '../inventory/posting.ts';
import { query } from '../inventory/sql-helpers.ts';
import * as repo from './cutting.repo.ts';
import { getCuttingDefaults } from './cutting-settings.ts';

const notFound = () => new AppError('NOT_FOUND', 'Krojna lista nije pronađena');
const transition = (message: string) => new AppError('INVALID_TRANSITION', message);

/**
 * A new list; kerf, trim, remnant minimums and weld allowance left out come from the company's
 * cutting defaults for the list's kind (each given value wins on its own).
 */
export async function createJob(tx: Tx, ctx: CompanyContext, create: CuttingJobCreate) {
  const defaults = jobSettingsFromDefaults(await getCuttingDefaults(tx), create.kind);
  const input: CuttingJobInput = {
    ...create,
    kerf: create.kerf ?? defaults.kerf,
    trim: create.trim ?? defaults.trim,
    min_remnant_length: create.min_remnant_length ?? defaults.min_remnant_length,
    min_remnant_width: create.min_remnant_width ?? defaults.min_remnant_width,
    weld_allowance: create.kind === '1d' ? (create.weld_allowance ?? defaults.weld_allowance) : 0,
  };
  await assertStockRefs(tx, input);
  const id = await repo.insertJob(tx, ctx.companyId, ctx.userId, input);
  await repo.notifyCutting(tx, ctx.companyId, [id]);
  return (await repo.getJob(tx, id)) as repo.JobRow;
}

/** Stock lines naming inventory must name real items (RLS keeps them inside the company). */
async function assertStockRefs(tx: Tx, input: CuttingJobInput) {
  for (const [i, s] of input.stock.entries()) {
    if (!s.item_id) continue;
    const [row] = await query<{ id: string }>(tx, sql`select id from items where id = ${s.item_id}`);
    if (!row)
      throw new AppError('VALIDATION', 'Artikl zalihe nije pronađen', [
        { field: `stock.${i}.item_id`, key: 'validation.itemUnknown' },
      ]);
  }
}

export async function getJob(tx: Tx, id: string) {
  const job = await repo.getJob(tx, id);
  if (!job) throw notFound();
  return { ...job, remnants: await repo.remnantsOfJob(tx, id) };
}

/**
 * Stores a plan computed by the optimiser (in the browser's worker or anywhere else) after the
 * independent validator has checked it against the job; an invalid plan is refused whole.
 */
export async function savePlan(tx: Tx, ctx: CompanyContext, id: string, plan: CutResult) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'draft' && job.status !== 'planned')
    throw transition('Plan potvrđene krojne liste ne može se mijenjati');
  const input = jobToCutInput(job.input);
  const issues =
    input.kind === '1d' && plan.kind === '1d'
      ? validatePlan1d(input as Cut1dInput, plan)
      : input.kind === '2d' && plan.kind === '2d'
        ? validatePlan2d(input as Cut2dInput, plan)
        : ['plan kind does not match the job'];
  if (plan.lowerBound > plan.layouts.length) issues.push('lower bound above the plan');
  if (issues.length > 0)
    throw new AppError('VALIDATION', `Plan rezanja nije ispravan: ${issues.slice(0, 3).join('; ')}`, [
      { field: 'plan', key: 'validation.invalid' },
    ]);
  await repo.savePlan(tx, id, plan);
  await repo.notifyCutting(tx, ctx.companyId, [id]);
  return getJob(tx, id);
}

/** Sheets/bars a plan takes from each stock line (by ref). */
function usage(plan: CutResult): Map<string, number> {
  const used = new Map<string, number>();
  for (const l of plan.layouts) used.set(l.stockId, (used.get(l.stockId) ?? 0) + 1);
  return used;
}

/** Confirming reserves the stock the plan uses (inventory reservations, source = this job). */
export async function confirm(tx: Tx, ctx: CompanyContext, id: string) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'planned' || !job.plan) throw transition('Potvrditi se može samo izračunat plan');
  for (const [ref, count] of usage(job.plan)) {
    const line = job.input.stock.find((s) => s.ref === ref);
    if (!line?.item_id) continue;
    await inventory.reserve(tx, ctx, {
      item_id: line.item_id,
      location_id: line.location_id ?? null,
      quantity: String(count),
      source_type: 'cutting',
      source_id: id,
      note: `Krojna lista ${job.number}`,
    });
  }
  await repo.setStatus(tx, id, 'confirmed');
  await repo.notifyCutting(tx, ctx.companyId, [id]);
  return getJob(tx, id);
}

/**
 * Completing consumes the reserved sheets/bars through the inventory posting service and returns
 * offcuts above the job's minimum size as remnant items with their own lot, linked to the parent
 * lot so that traceability survives cutting. Replays of the same Idempotency-Key return the job.
 */
export async function complete(tx: Tx, ctx: CompanyContext, id: string, key: string | undefined) {
  if (key) {
    const done = await repo.keyJob(tx, key);
    if (done === id) return getJob(tx, id);
    if (done) throw new AppError('CONFLICT', 'Ključ idempotentnosti već je upotrijebljen za drugi zahtjev');
  }
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'confirmed' || !job.plan)
    throw transition('Završiti se može samo potvrđena krojna lista');
  const plan = job.plan;
  const lines: PostingLine[] = [];
  for (const [ref, count] of usage(plan)) {
    const s = job.input.stock.find((x) => x.ref === ref);
    if (!s?.item_id || !s.location_id) continue;
    lines.push({
      type: 'issue',
      itemId: s.item_id,
      locationId: s.location_id,
      lotId: s.lot_id ?? null,
      quantity: String(-count),
    });
  }
  const remnants: {
    itemId: string;
    lotId: string;
    parentItemId: string;
    parentLotId: string | null;
    length: number;
    width: number;
  }[] = [];
  let k = 0;
  const avgCosts = new Map<string, string>();
  for (const r of remnantsOf(job.input, plan)) {
    const s = job.input.stock.find((x) => x.ref === r.stockRef);
    if (!s?.item_id || !s.location_id) continue;
    const itemId = await remnantItem(tx, ctx, s.item_id, job.kind, r.length, r.width);
    // Remnants carry the parent's moving average cost for their share of it (remnant-cost.ts).
    let avg = avgCosts.get(s.item_id);
    if (avg === undefined) {
      const [row] = await query<{ avg_cost: string }>(
        tx,
        sql`select avg_cost::text as avg_cost from item_stock where item_id = ${s.item_id}`,
      );
      avg = row?.avg_cost ?? '0';
      avgCosts.set(s.item_id, avg);
    }
    const layout = plan.layouts[r.layout];
    const parent =
      layout && 'length' in layout
        ? { kind: '1d' as const, length: layout.length, width: 0 }
        : { kind: '2d' as const, length: layout?.width ?? 0, width: layout?.height ?? 0 };
    const unitCost = remnantUnitCost(avg, parent, { kind: parent.kind, length: r.length, width: r.width });
    k++;
    const [lot] = await query<{ id: string }>(
      tx,
      sql`insert into lots (company_id, item_id, lot_number) values (${ctx.companyId}, ${itemId}, ${`K${job.number}-${k}`})
          on conflict (company_id, item_id, lot_number) do update set updated_at = now() returning id`,
    );
    const lotId = lot?.id as string;
    lines.push({ type: 'receipt', itemId, locationId: s.location_id, lotId, quantity: '1', unitCost });
    remnants.push({
      itemId,
      lotId,
      parentItemId: s.item_id,
      parentLotId: s.lot_id ?? null,
      length: r.length,
      width: r.width,
    });
  }
  if (lines.length > 0) {
    await inventory.postLines(tx, ctx, {
      type: 'production',
      reference: `KL-${job.number}`,
      note: job.name,
      sourceType: 'cutting',
      sourceId: id,
      lines,
    });
  }
  for (const r of remnants) {
    await tx.execute(
      sql`insert into cutting_remnants (company_id, job_id, item_id, lot_id, parent_item_id, parent_lot_id, length_mm, width_mm)
          values (${ctx.companyId}, ${id}, ${r.itemId}, ${r.lotId}, ${r.parentItemId}, ${r.parentLotId}, ${r.length}, ${r.width})`,
    );
    if (r.parentLotId)
      await inventory.linkLots(tx, ctx, {
        consumed_lot_id: r.parentLotId,
        produced_lot_id: r.lotId,
        quantity: '1',
        source_type: 'cutting',
        source_id: id,
      });
  }
  // The reservations made at confirmation are used up now.
  await tx.execute(
    sql`update reservations set status = 'consumed', updated_at = now()
        where source_type = 'cutting' and source_id = ${id} and status = 'active'`,
  );
  await repo.setStatus(tx, id, 'completed');
  await repo.notifyCutting(tx, ctx.companyId, [id]);
  if (key) await repo.rememberKey(tx, ctx.companyId, key, id);
  return getJob(tx, id);
}

/** The remnant item of a parent size (one item per parent and size, lot-tracked). */
async function remnantItem(
  tx: Tx,
  ctx: CompanyContext,
  parentId: string,
  kind: '1d' | '2d',
  length: number,
  width: number,
): Promise<string> {
  const [parent] = await query<{ sku: string; name: string; base_unit: string; thickness_mm: string | null }>(
    tx,
    sql`select sku, name, base_unit, thickness_mm from items where id = ${parentId}`,
  );
  if (!parent) throw new AppError('NOT_FOUND', 'Artikl nije pronađen');
  const dims = kind === '1d' ? `${length}` : `${length}x${width}`;
  const sku = `${parent.sku}-R${dims}`.slice(0, 64);
  const [existing] = await query<{ id: string }>(tx, sql`select id from items where sku = ${sku}`);
  if (existing) return existing.id;
  const item = await inventory.createItem(tx, ctx, {
    sku,
    name: `${parent.name} – ostatak ${dims} mm`.slice(0, 200),
    kind: 'material',
    base_unit: parent.base_unit,
    length_mm: String(length),
    width_mm: kind === '2d' ? String(width) : null,
    thickness_mm: parent.thickness_mm,
    lot_tracked: true,
  } as Parameters<typeof inventory.createItem>[2]);
  return item.id;
}

/** Seam for work orders: every 2D piece the documents area derives from the order (all sheet materials). */
export async function piecesFromWorkOrder(tx: Tx, workOrderId: string): Promise<CuttingPiece[]> {
  return workOrderCuttingPieces(tx, workOrderId);
}

export async function stock(tx: Tx, kind: '1d' | '2d') {
  const rows = await repo.stockCandidates(tx, kind);
  return rows.map((r) => ({
    item_id: r.item_id,
    sku: r.sku,
    name: r.name,
    location_id: r.location_id,
    location_code: r.location_code,
    lot_id: r.lot_id,
    lot_number: r.lot_number,
    // Sheets: the first dimension is the length along the grain (x), the second the width.
    length: Math.round(Number(r.length_mm)),
    width: r.width_mm === null ? null : Math.round(Number(r.width_mm)),
    quantity: Math.floor(Number(r.quantity)),
    remnant: r.remnant,
    // The standard sheet/bar item a remnant was cut from (the material of a work-order list).
    material_id: r.material_id,
  }));
}

export async function listJobs(tx: Tx, limit: number, offset: number, sourceId?: string) {
  return repo.listJobs(tx, limit, offset, sourceId);
}

/**
 * A draft 2D list for a work order: its made-to-measure lines as W × H panes (one per unit). The
 * stock is left empty: the user picks sheets on the cutting page (`setStock`) and then optimises.
 * An order without made-to-measure lines is refused and nothing is written.
 */
/** What a work order can be cut into: one group per sheet/bar material (see `workOrderCuttingGroups`). */
export async function workOrderMaterials(tx: Tx, workOrderId: string) {
  const { groups } = await workOrderCuttingGroups(tx, workOrderId);
  return groups.map((g) => ({
    material_id: g.material_id,
    sku: g.sku,
    name: g.name,
    kind: g.kind,
    lines: g.pieces.length,
    pieces: g.pieces.reduce((n, p) => n + p.quantity, 0),
  }));
}

/**
 * A draft job from one material group of a work order (`materialId`; null = the lines' own W × H
 * without a BOM material). Without a choice the order must have exactly one group.
 */
export async function createFromWorkOrder(
  tx: Tx,
  ctx: CompanyContext,
  workOrderId: string,
  materialId?: string | null,
) {
  const { number, groups } = await workOrderCuttingGroups(tx, workOrderId);
  if (groups.length === 0)
    throw new AppError('VALIDATION', 'Radni nalog nema stavki po mjeri (širina × visina)', [
      { field: 'lines', key: 'validation.noMadeToMeasureLines' },
    ]);
  let group: (typeof groups)[number] | undefined;
  if (materialId === undefined) {
    if (groups.length > 1)
      throw new AppError('VALIDATION', 'Nalog se kroji iz više materijala: odaberite materijal', [
        { field: 'material_id', key: 'validation.cuttingMaterialRequired' },
      ]);
    group = groups[0];
  } else group = groups.find((g) => g.material_id === materialId);
  if (!group)
    throw new AppError('VALIDATION', 'Nalog nema komada iz tog materijala', [
      { field: 'material_id', key: 'validation.cuttingMaterialNotInOrder' },
    ]);
  const pieces = group.pieces;
  if (pieces.length > 2000)
    throw new AppError('VALIDATION', 'Radni nalog ima previše stavki po mjeri', [
      { field: 'lines', key: 'validation.tooLong' },
    ]);
  // The company's cutting defaults for the kind (1D: left/right are the head and tail trim of a bar).
  const input: CuttingJobInput = {
    name: `Krojna lista – ${number}${group.sku ? ` · ${group.sku}` : ''}`.slice(0, 120),
    kind: group.kind,
    ...jobSettingsFromDefaults(await getCuttingDefaults(tx), group.kind),
    time_limit_ms: 3000,
    source_type: 'work_order',
    source_id: workOrderId,
    material_id: group.material_id,
    pieces,
    stock: [],
  };
  const id = await repo.insertJob(tx, ctx.companyId, ctx.userId, input);
  await repo.notifyCutting(tx, ctx.companyId, [id]);
  return getJob(tx, id);
}

/** Replaces the stock of a draft or planned job (validated like a new job); any plan is dropped. */
export async function setStock(tx: Tx, ctx: CompanyContext, id: string, stock: unknown) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'draft' && job.status !== 'planned')
    throw transition('Ploče potvrđene krojne liste ne mogu se mijenjati');
  const parsed = cuttingJobInputSchema.safeParse({ ...job.input, stock });
  if (!parsed.success)
    throw new AppError(
      'VALIDATION',
      'Zaliha krojne liste nije ispravna',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
    );
  await assertStockRefs(tx, parsed.data);
  await repo.replaceInput(tx, id, parsed.data);
  await repo.notifyCutting(tx, ctx.companyId, [id]);
  return getJob(tx, id);
}
