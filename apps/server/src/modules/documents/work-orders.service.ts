import {
  AppError,
  applyAction,
  assertAction,
  assertWorkOrderInProgress,
  type CompletionPlan,
  canApply,
  checkRoutingOrder,
  type completionInputSchema,
  money,
  type OperationAction,
  type OperationStatus,
  operationMachine,
  type qualityCheckInputSchema,
  type timeLogInputSchema,
  type workOrderInputSchema,
  workOrderMachine,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import type { PostingLine } from '../inventory/posting.ts';
import * as production from '../production/production.service.ts';
import { advancesOf } from './advances.service.ts';
import * as repo from './documents.repo.ts';
import { createDraft, detail, itemsById, transition, updateDraft } from './documents.service.ts';
import { setLineLot } from './fulfilment.repo.ts';
import { allocateParts, type ConsumedPart, type LineNeed } from './lot-allocation.ts';
import { assertLocationsExist, workOrderLocations } from './production-locations.ts';
import { completionPlan, cuttingCoverage, refuseOpenLists } from './work-order-completion.ts';
import { corrections, correctionTotal } from './work-order-corrections.ts';
import * as costsRepo from './work-order-costs.repo.ts';
import { freezeFirstVersion } from './work-order-snapshots.ts';
import * as woRepo from './work-orders.repo.ts';

// Work orders: planning (BOM explosion → reservations, routings → operations), shop-floor progress
// (operation status, logged time, quality checks) and completion (one posting: consumption,
// output with a new lot, lot links, actual cost).

export async function workOrderDetail(tx: Tx, id: string) {
  const base = await detail(tx, id);
  const doc = base.document;
  if (doc.kind !== 'work_order') return base;
  const [mats, ops, fixes] = await Promise.all([
    woRepo.materials(tx, doc),
    woRepo.operations(tx, id),
    corrections(tx, id),
  ]);
  const plannedMaterial = mats.reduce(
    (a, m) => a.plus(new Decimal(m.planned_qty).times(m.planned_unit_cost)),
    new Decimal(0),
  );
  const plannedLabour = ops.reduce(
    (a, o) => a.plus(new Decimal(o.planned_minutes).div(60).times(o.cost_per_hour)),
    new Decimal(0),
  );
  return {
    ...base,
    materials: mats,
    operations: ops,
    // Per piece: the line and the item the operation makes (the product or a sub-assembly).
    operation_warnings: checkRoutingOrder(
      ops.map((o) => ({ position: o.position, category: o.category, piece: `${o.line_id}|${o.item_id}` })),
    ),
    /** Consumption corrections after completion (work-order-corrections.ts). */
    corrections: fixes,
    costs: {
      planned_material: doc.planned_material_cost ?? money(plannedMaterial),
      planned_labour: doc.planned_labour_cost ?? money(plannedLabour),
      // Corrections included: the completion's material cost plus `material_correction`.
      actual_material: doc.actual_material_cost,
      actual_labour: doc.actual_labour_cost,
      material_correction: correctionTotal(fixes),
    },
  };
}

/** A work order as its own screen reads it: materials, operations, costs and its advance invoices. */
export async function workOrderView(tx: Tx, id: string) {
  const view = await workOrderDetail(tx, id);
  return { ...view, advances: await advancesOf(tx, view.document) };
}

// Drafts ------------------------------------------------------------------------------------------

type Input = z.output<typeof workOrderInputSchema>;

/** A new work order; each location left out is taken from the company's production defaults. */
export function createWorkOrder(tx: Tx, ctx: CompanyContext, input: Input) {
  return createDraft(tx, ctx, 'work_order', input, async () => {
    await assertLocationsExist(tx, input);
    const given = {
      source_location_id: input.source_location_id,
      output_location_id: input.output_location_id,
    };
    if (given.source_location_id && given.output_location_id) return { due_date: input.due_date, ...given };
    const defaults = await workOrderLocations(tx);
    return {
      due_date: input.due_date,
      source_location_id: given.source_location_id ?? defaults.source_location_id,
      output_location_id: given.output_location_id ?? defaults.output_location_id,
    };
  });
}

export function updateWorkOrder(tx: Tx, ctx: CompanyContext, id: string, input: Input) {
  return updateDraft(tx, ctx, id, 'work_order', input, async () => {
    await assertLocationsExist(tx, input);
    return {
      due_date: input.due_date,
      source_location_id: input.source_location_id,
      output_location_id: input.output_location_id,
    };
  });
}

// Lifecycle ---------------------------------------------------------------------------------------

function refuse(wo: repo.DocumentRow, action: 'plan' | 'start' | 'complete' | 'cancel') {
  assertAction(workOrderMachine, wo.status, action);
}

async function isNoBom(error: unknown): Promise<boolean> {
  return error instanceof AppError && error.code === 'NOT_FOUND';
}

/**
 * draft → planned: explodes every line's BOM with its dimensions (production domain), reserves the
 * materials at the source location (inventory) and creates the operations from the routings.
 */
export async function plan(tx: Tx, ctx: CompanyContext, id: string) {
  const wo = await repo.requireDocument(tx, id, ['work_order'], true);
  refuse(wo, 'plan');
  if (!wo.source_location_id)
    throw new AppError('VALIDATION', 'Odaberite lokaciju materijala', [
      { field: 'source_location_id', key: 'validation.materialLocationRequired' },
    ]);
  const lines = await repo.getLines(tx, id);
  type Need = {
    item_id: string;
    unit: string;
    qty: Decimal;
    unitCost: string;
    shares: Map<string, Decimal>;
  };
  const needs = new Map<string, Need>();
  type Op = {
    line_id: string;
    item_id: string;
    process_id: string;
    code: string;
    name: string;
    minutes: string;
  };
  const ops: Op[] = [];
  const madeItems = new Set<string>();
  let plannedMaterial = new Decimal(0);
  let plannedLabour = new Decimal(0);
  for (const line of lines) {
    if (!line.item_id) continue;
    let result: Awaited<ReturnType<typeof production.explodeAndCost>>;
    try {
      result = await production.explodeAndCost(tx, line.item_id, {
        quantity: line.quantity,
        W: line.width_mm ?? undefined,
        H: line.height_mm ?? undefined,
        marginPct: '0',
      });
    } catch (error) {
      if (await isNoBom(error)) continue; // bought-in or stocked item: nothing to make
      throw error;
    }
    for (const m of result.cost.materials) {
      const key = `${m.itemId}|${m.unit}`;
      const prev = needs.get(key);
      // Per line too, so completion can link each consumed lot to the product that needed it.
      const shares = prev?.shares ?? new Map<string, Decimal>();
      shares.set(line.id, (shares.get(line.id) ?? new Decimal(0)).plus(m.quantity));
      needs.set(key, {
        item_id: m.itemId,
        unit: m.unit,
        qty: (prev?.qty ?? new Decimal(0)).plus(m.quantity),
        unitCost: m.unitCost,
        shares,
      });
    }
    plannedMaterial = plannedMaterial.plus(result.cost.materialCost);
    plannedLabour = plannedLabour.plus(result.cost.labourCost);
    for (const l of result.cost.labour) {
      madeItems.add(l.itemId);
      ops.push({
        line_id: line.id,
        item_id: l.itemId,
        process_id: l.processId,
        code: l.processCode,
        name: l.processName,
        minutes: l.minutes,
      });
    }
  }
  const routing = await production.routingSteps(tx, [...madeItems]);
  const processInfo = new Map([...routing.values()].flat().map((s) => [s.processId, s]));
  for (const need of needs.values()) {
    const qty = need.qty.toDecimalPlaces(4, Decimal.ROUND_UP);
    const reservationId = qty.gt(0)
      ? await inventory.reserve(tx, ctx, {
          item_id: need.item_id,
          location_id: wo.source_location_id,
          quantity: qty.toString(),
          source_type: 'work_order',
          source_id: wo.id,
          note: wo.number,
        })
      : null;
    await woRepo.insertMaterial(tx, ctx.companyId, id, {
      item_id: need.item_id,
      unit: need.unit,
      planned_qty: need.qty.toDecimalPlaces(6).toString(),
      planned_unit_cost: need.unitCost,
      reservation_id: reservationId,
      line_shares: Object.fromEntries([...need.shares].map(([k, v]) => [k, v.toString()])),
    });
  }
  for (const [i, op] of ops.entries()) {
    const info = processInfo.get(op.process_id);
    await woRepo.insertOperation(tx, ctx.companyId, id, {
      line_id: op.line_id,
      item_id: op.item_id,
      position: i + 1,
      process_id: op.process_id,
      code: op.code,
      name: op.name,
      planned_minutes: op.minutes,
      cost_per_hour: info?.costPerHour ?? '0',
      quality_check_required: info?.qualityCheckRequired ?? false,
    });
  }
  await transition(tx, ctx, wo, 'plan', {
    planned_material_cost: money(plannedMaterial),
    planned_labour_cost: money(plannedLabour),
  });
  await freezeFirstVersion(tx, ctx, id); // the released sheet, stored as version 1 (work-order-snapshots.ts)
  return workOrderDetail(tx, id);
}

export async function start(tx: Tx, ctx: CompanyContext, id: string) {
  const wo = await repo.requireDocument(tx, id, ['work_order'], true);
  await transition(tx, ctx, wo, 'start');
  return workOrderDetail(tx, id);
}

async function releaseReservations(tx: Tx, ctx: CompanyContext, woId: string) {
  for (const id of await woRepo.activeReservationIds(tx, woId))
    await inventory.releaseReservation(tx, ctx, id);
}

export async function cancel(tx: Tx, ctx: CompanyContext, id: string) {
  const wo = await repo.requireDocument(tx, id, ['work_order'], true);
  refuse(wo, 'cancel');
  // A confirmed cutting list of the order holds its sheets/bars and would still issue them: like
  // completion, cancelling waits until the list is completed (else its reservation stays active).
  refuseOpenLists((await cuttingCoverage(tx, id)).open);
  await releaseReservations(tx, ctx, id);
  await cancelOperations(tx, ctx, id);
  await transition(tx, ctx, wo, 'cancel');
  return workOrderDetail(tx, id);
}

/**
 * The operations not done are cancelled with their order (the domain's operation `cancel`), so a
 * running or paused one is not left shown open. A running one's stretch is logged as a pause would
 * log it: that time was worked.
 */
async function cancelOperations(tx: Tx, ctx: CompanyContext, woId: string) {
  for (const op of await woRepo.lockedOperations(tx, woId))
    if (canApply(operationMachine, op.status, 'cancel')) await applyOperationAction(tx, ctx, op, 'cancel');
}

async function requireOperation(tx: Tx, woId: string, opId: string) {
  const wo = await repo.requireDocument(tx, woId, ['work_order'], true);
  assertWorkOrderInProgress(wo.status);
  const op = await woRepo.lockOperation(tx, woId, opId);
  if (!op) throw new AppError('NOT_FOUND', 'Operacija nije pronađena');
  return { wo, op };
}

/**
 * The one place an operation's status changes, so its time is logged the same way from every
 * screen: start and reopen open a running stretch (`started_at`), pause, finish and cancel log the
 * stretch's minutes (operation_time_logs, which costs read) and close it. Gives the minutes logged.
 */
async function applyOperationAction(
  tx: Tx,
  ctx: CompanyContext,
  op: { id: string; status: OperationStatus; running_minutes: string | null },
  action: OperationAction,
): Promise<string | null> {
  const next = applyAction(operationMachine, op.status, action);
  const minutes = op.running_minutes && new Decimal(op.running_minutes).gt(0) ? op.running_minutes : null;
  if (minutes) await woRepo.logOperationTime(tx, ctx, op.id, { minutes, note: null });
  await woRepo.setOperationStatus(tx, op.id, next, next === 'in_progress');
  return minutes;
}

/** An operation's status change from any screen (the work order page, the shop floor): the minutes logged. */
export async function changeOperation(
  tx: Tx,
  ctx: CompanyContext,
  woId: string,
  opId: string,
  action: OperationAction,
): Promise<{ minutes: string | null }> {
  const { op } = await requireOperation(tx, woId, opId);
  const minutes = await applyOperationAction(tx, ctx, op, action);
  await repo.notifyDocuments(tx, ctx.companyId, [woId]);
  return { minutes };
}

export async function operationAction(
  tx: Tx,
  ctx: CompanyContext,
  woId: string,
  opId: string,
  action: OperationAction,
) {
  await changeOperation(tx, ctx, woId, opId, action);
  return workOrderDetail(tx, woId);
}

export async function logTime(
  tx: Tx,
  ctx: CompanyContext,
  woId: string,
  opId: string,
  input: z.output<typeof timeLogInputSchema>,
) {
  await requireOperation(tx, woId, opId);
  await woRepo.logOperationTime(tx, ctx, opId, input);
  await repo.notifyDocuments(tx, ctx.companyId, [woId]);
  return workOrderDetail(tx, woId);
}

export async function qualityCheck(
  tx: Tx,
  ctx: CompanyContext,
  woId: string,
  opId: string,
  input: z.output<typeof qualityCheckInputSchema>,
) {
  await requireOperation(tx, woId, opId);
  if (input.result === 'fail' && !input.note)
    throw new AppError('VALIDATION', 'Opišite nedostatak', [
      { field: 'note', key: 'validation.defectNoteRequired' },
    ]);
  await woRepo.insertQualityCheck(tx, ctx, opId, input);
  await repo.notifyDocuments(tx, ctx.companyId, [woId]);
  return workOrderDetail(tx, woId);
}

/** Blocks completion while an operation is open or a required quality check is missing or failed. */
function completionBlockers(
  ops: woRepo.OperationRow[],
): { field: string; key: string; params: Record<string, string> }[] {
  const issues: { field: string; key: string; params: Record<string, string> }[] = [];
  for (const op of ops) {
    if (op.status !== 'done')
      issues.push({
        field: `operations.${op.position}`,
        key: 'validation.operationOpen',
        params: { operation: op.code },
      });
    // The latest pass/fail decides; notes do not resolve a failure.
    if (op.quality_check_required && op.last_check !== 'pass')
      issues.push({
        field: `operations.${op.position}`,
        key: op.last_check === 'fail' ? 'validation.qualityCheckFailed' : 'validation.qualityCheckMissing',
        params: { operation: op.code },
      });
  }
  return issues;
}

/** Planned need of each material per work-order line (item id → needs), from planning. */
async function lineShares(tx: Tx, woId: string): Promise<Map<string, LineNeed[]>> {
  const shares = await costsRepo.materialLineShares(tx, woId);
  // jsonb keeps object keys in its own order (by length, then bytes), not in line order: lots are
  // handed out to the lines in their position order, so sort by it.
  const positions = new Map((await costsRepo.linePositions(tx, woId)).map((l) => [l.id, Number(l.position)]));
  const out = new Map<string, LineNeed[]>();
  for (const r of shares) {
    if (!r.line_shares) continue;
    const list = out.get(r.item_id) ?? [];
    for (const [lineId, quantity] of Object.entries(r.line_shares)) list.push({ lineId, quantity });
    list.sort((a, b) => (positions.get(a.lineId) ?? 0) - (positions.get(b.lineId) ?? 0));
    out.set(r.item_id, list);
  }
  return out;
}

/**
 * in_progress → completed, in one transaction: consumption of the materials no cutting list of the
 * order consumed (actual quantities, lots FEFO), output of each product line into the output
 * location with a new lot at its own unit cost (its materials + its labour, `planCompletion`),
 * consumed → produced lot links (cut sheets and bars included), reservations released, actual
 * material and labour cost recorded. Refused while a confirmed cutting list is not completed.
 */
export async function complete(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  input: z.output<typeof completionInputSchema>,
) {
  const wo = await repo.requireDocument(tx, id, ['work_order'], true);
  refuse(wo, 'complete');
  const ops = await woRepo.operations(tx, id);
  const blockers = completionBlockers(ops);
  if (blockers.length > 0)
    throw new AppError(
      'CONFLICT',
      'Radni nalog se ne može završiti: operacije ili kontrola kvalitete nisu završene',
      blockers,
    );
  refuseOpenLists((await cuttingCoverage(tx, id)).open);
  // A named output location must be the company's (an unknown id was a 500 from the posting).
  await assertLocationsExist(tx, { output_location_id: input.output_location_id });
  const source = wo.source_location_id as string;
  // Finished products go where the completion or the order says, never to a location nobody chose
  // (it was the material location when neither named one).
  const output = input.output_location_id ?? wo.output_location_id;
  if (!output)
    throw new AppError('VALIDATION', 'Odaberite lokaciju gotovih proizvoda', [
      { field: 'output_location_id', key: 'validation.outputLocationRequired' },
    ]);
  const mats = await woRepo.materials(tx, wo);
  const lines = await repo.getLines(tx, id);
  const items = await itemsById(
    tx,
    lines.flatMap((l) => (l.item_id ? [l.item_id] : [])),
  );
  const itemIds = [
    ...mats.map((m) => m.item_id),
    ...lines.filter((l) => l.item_id && l.item_kind !== 'service').map((l) => l.item_id as string),
  ];
  const consumed: { itemId: string; parts: ConsumedPart[] }[] = [];
  const produced: string[] = [];
  const producedByLine = new Map<string, string>();
  let plan: CompletionPlan | undefined;
  // One posting path: the items are locked once, the lines decided under those locks and posted.
  const stockDocumentId = await inventory.postWithLocks(tx, ctx, itemIds, async (locked) => {
    // The same rule as the preview, at the averages read under the item locks.
    const decided = await completionPlan(
      tx,
      id,
      new Map(input.actual.map((a) => [a.item_id, a.quantity])),
      new Map([...locked.values()].map((r) => [r.item_id, r.avg_cost])),
    );
    const { materials: planned, outputs, coverage } = decided;
    plan = decided.plan;

    const posting: PostingLine[] = [];
    for (const [i, p] of plan.materials.entries()) {
      const m = planned[i] as (typeof planned)[number];
      const cut = coverage.byMaterial.get(m.item_id);
      if (cut) {
        // Consumed by the order's cutting lists: recorded, linked, never issued again.
        const unit = cut.quantity.gt(0) ? cut.value.div(cut.quantity).toDecimalPlaces(6) : new Decimal(0);
        await costsRepo.setMaterialActuals(
          tx,
          m.id,
          cut.quantity.toDecimalPlaces(6).toString(),
          unit.toString(),
        );
        consumed.push({ itemId: m.item_id, parts: cut.parts });
        continue;
      }
      const avg = locked.get(m.item_id)?.avg_cost ?? '0';
      await costsRepo.setMaterialActuals(tx, m.id, p.consumeNow.toString(), avg);
      if (p.consumeNow.isZero()) continue;
      const parts: ConsumedPart[] = [];
      consumed.push({ itemId: m.item_id, parts });
      for (const part of await inventory.outgoing(
        tx,
        locked,
        { item_id: m.item_id, quantity: p.consumeNow.toString() },
        source,
        'fefo',
      )) {
        posting.push({
          type: 'production_consumption',
          itemId: m.item_id,
          locationId: source,
          lotId: part.lotId,
          quantity: new Decimal(part.quantity).negated().toString(),
        });
        parts.push({ lotId: part.lotId, quantity: part.quantity });
      }
    }
    for (const [i, line] of outputs.entries()) {
      const item = items.get(line.item_id as string);
      let lotId: string | null = null;
      if (item?.lot_tracked) {
        const lotNumber =
          input.lot_number && outputs.length === 1 ? input.lot_number : `${wo.number}-${line.position}`;
        lotId = await inventory.createLot(tx, ctx, line.item_id as string, lotNumber);
        produced.push(lotId);
        producedByLine.set(line.id, lotId);
        await setLineLot(tx, line.id, lotId);
      }
      posting.push({
        type: 'production_output',
        itemId: line.item_id as string,
        locationId: output,
        lotId,
        quantity: line.quantity,
        // Its own materials and labour (planCompletion), not the order's average.
        unitCost: (plan.lines[i]?.unitCost ?? new Decimal(0)).toString(),
        sourceLineId: line.id,
      });
    }
    return {
      type: 'production',
      reference: wo.number,
      sourceType: 'work_order',
      sourceId: wo.id,
      lines: posting,
    };
  });
  if (!plan) throw new Error('completion plan not made');
  const shares = await lineShares(tx, wo.id);
  for (const c of consumed) {
    const needs = shares.get(c.itemId);
    // Orders planned before line shares existed: every consumed lot fed every produced lot.
    const links = needs
      ? allocateParts(c.parts, needs).flatMap((a) => {
          const producedLot = producedByLine.get(a.lineId);
          return a.lotId && producedLot ? [{ lotId: a.lotId, producedLot, quantity: a.quantity }] : [];
        })
      : c.parts.flatMap((part) =>
          part.lotId
            ? produced.map((p) => ({
                lotId: part.lotId as string,
                producedLot: p,
                quantity: part.quantity,
              }))
            : [],
        );
    for (const link of links)
      await inventory.linkLots(tx, ctx, {
        consumed_lot_id: link.lotId,
        produced_lot_id: link.producedLot,
        quantity: link.quantity,
        source_type: 'work_order',
        source_id: wo.id,
      });
  }
  await releaseReservations(tx, ctx, id);
  await transition(tx, ctx, wo, 'complete', {
    stock_document_id: stockDocumentId,
    output_location_id: output,
    output_lot_id: produced[0] ?? null,
    actual_material_cost: money(plan.materialCost),
    actual_labour_cost: money(plan.labourCost),
  });
  return workOrderDetail(tx, id);
}
