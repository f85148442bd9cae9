import {
  AppError,
  type CompletionMaterialInput,
  type CompletionPlan,
  type CompletionPreview,
  money,
  planCompletion,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as repo from './documents.repo.ts';
import type { ConsumedPart } from './lot-allocation.ts';
import type { CuttingList, MaterialRow } from './work-order-costs.repo.ts';
import * as costsRepo from './work-order-costs.repo.ts';

// What a work order's completion will consume and what each produced line costs, read from the
// database and computed by the domain's `planCompletion`: the preview (GET …/completion-preview)
// and the posting (`complete` in work-orders.service.ts) both go through `completionPlan`.
//
// Cutting lists made from the order (`cutting_jobs.source_type = 'work_order'`) consume their
// sheets and bars themselves. A material is covered by the order's completed lists when a list was
// made for it (`input.material_id`) or a list's stock movements issued it (or a remnant cut from
// it). What they consumed is read from the ledger (`stock_movements` of source `cutting`), so it
// holds whatever unit the cutting area books in.

export type { CuttingList };

export type CuttingCoverage = {
  /** Confirmed lists not yet completed: they hold reservations and will consume; completion waits. */
  open: CuttingList[];
  /** Material item id → what completed lists consumed of it. */
  byMaterial: Map<string, { quantity: Decimal; value: Decimal; lists: string[]; parts: ConsumedPart[] }>;
};

export const listRef = (number: number) => `KL-${number}`;

export async function cuttingCoverage(tx: Tx, woId: string): Promise<CuttingCoverage> {
  const lists = await costsRepo.cuttingListsOf(tx, woId);
  const open = lists.filter((l) => l.status === 'confirmed');
  const done = lists.filter((l) => l.status === 'completed');
  const byMaterial: CuttingCoverage['byMaterial'] = new Map();
  if (done.length === 0) return { open, byMaterial };
  // The list's movements (and any reversal of them); each item is traced up to the standard sheet or
  // bar it was cut from (remnants of remnants), which is the material the order planned.
  const moves = await costsRepo.cutMovements(
    tx,
    done.map((l) => l.id),
  );
  const ref = new Map(done.map((l) => [l.id, listRef(l.number)]));
  const entry = (materialId: string) => {
    let e = byMaterial.get(materialId);
    if (!e) {
      e = { quantity: new Decimal(0), value: new Decimal(0), lists: [], parts: [] };
      byMaterial.set(materialId, e);
    }
    return e;
  };
  const addList = (materialId: string, jobId: string) => {
    const e = entry(materialId);
    const r = ref.get(jobId) as string;
    if (!e.lists.includes(r)) e.lists.push(r);
  };
  for (const l of done) if (l.material_id) addList(l.material_id, l.id);
  for (const m of moves) {
    addList(m.material_id, m.job_id);
    const e = entry(m.material_id);
    const q = new Decimal(m.quantity);
    // Value: everything that left net of the remnants that came back (at their share of the cost).
    e.value = e.value.minus(q.times(m.unit_cost));
    // Quantity in the material's own unit: movements of the material item itself.
    if (m.item_id === m.material_id) e.quantity = e.quantity.minus(q);
    if (q.isNegative()) e.parts.push({ lotId: m.lot_id, quantity: q.negated().toString() });
  }
  return { open, byMaterial };
}

/** Refuses completion while a confirmed cutting list of the order is not completed (naming it). */
export function refuseOpenLists(open: readonly CuttingList[]) {
  if (open.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `Krojna lista ${open.map((l) => listRef(l.number)).join(', ')} je potvrđena, ali nije završena`,
    open.map((l) => ({
      field: 'cutting',
      key: 'validation.cuttingListOpen',
      params: { list: listRef(l.number), name: l.name },
    })),
  );
}

/**
 * A cutting list of a work order is being confirmed (called by the cutting area):
 * - refused for a completed or cancelled order: its completion already consumed (backflushed) the
 *   materials no list had consumed, so cutting them now would consume them twice;
 * - the order's own reservation of the list's material is released, since the list now reserves
 *   the sheets or bars it will issue (otherwise the same glass would be reserved twice).
 */
export async function onCuttingListConfirmed(
  tx: Tx,
  ctx: CompanyContext,
  woId: string,
  materialId: string | null,
): Promise<string[]> {
  const wo = await costsRepo.lockWorkOrderStatus(tx, woId);
  if (!wo) return [];
  if (wo.status === 'completed' || wo.status === 'cancelled')
    throw new AppError('CONFLICT', `Radni nalog ${wo.number ?? ''} je završen ili otkazan`, [
      { field: 'source_id', key: 'validation.cuttingOrderClosed', params: { order: wo.number ?? '' } },
    ]);
  if (!materialId) return [];
  const held = await costsRepo.activeMaterialReservations(tx, woId, materialId);
  for (const reservationId of held) await inventory.releaseReservation(tx, ctx, reservationId);
  return held;
}

/**
 * A confirmation of a cutting list undone: the order's reservations the list took over
 * (`onCuttingListConfirmed` returned them) are active again, so the order holds its material as it
 * did before the confirmation. The order is still planned or in progress: it cannot be completed or
 * cancelled while a list of it is confirmed (`refuseOpenLists`).
 */
export async function onCuttingListUnconfirmed(
  tx: Tx,
  ctx: CompanyContext,
  reservationIds: readonly string[],
) {
  for (const reservationId of reservationIds) await inventory.restoreReservation(tx, ctx, reservationId);
}

export type CompletionData = {
  plan: CompletionPlan;
  materials: MaterialRow[];
  outputs: repo.LineRow[];
  coverage: CuttingCoverage;
};

/**
 * Everything completion needs, computed once: the order's materials (with the cutting coverage and
 * the actual quantities given), its produced lines and its operations. `avgCost` overrides the
 * moving average (the posting passes the values read under the item locks).
 */
export async function completionPlan(
  tx: Tx,
  woId: string,
  actual: ReadonlyMap<string, string>,
  avgCost?: ReadonlyMap<string, string>,
): Promise<CompletionData> {
  const coverage = await cuttingCoverage(tx, woId);
  const materials = await costsRepo.completionMaterials(tx, woId);
  const outputs = (await repo.getLines(tx, woId)).filter((l) => l.item_id && l.item_kind !== 'service');
  const ops = await costsRepo.operationCosts(tx, woId);
  const inputs: CompletionMaterialInput[] = materials.map((m) => {
    const cut = coverage.byMaterial.get(m.item_id);
    return {
      itemId: m.item_id,
      sku: m.sku,
      planned: m.planned_qty,
      actual: actual.get(m.item_id) ?? null,
      avgCost: avgCost?.get(m.item_id) ?? m.avg_cost,
      lineShares: m.line_shares,
      cut: cut ? { quantity: cut.quantity, value: cut.value, lists: cut.lists } : null,
    };
  });
  const plan = planCompletion({
    materials: inputs,
    lines: outputs.map((l) => ({ lineId: l.id, quantity: l.quantity })),
    operations: ops.map((o) => ({
      lineId: o.line_id,
      minutes: o.logged_minutes,
      costPerHour: o.cost_per_hour,
    })),
  });
  return { plan, materials, outputs, coverage };
}

const qty = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();

/** The preview shown before posting: per material planned / cut / now, per produced line its cost. */
export async function completionPreview(
  tx: Tx,
  woId: string,
  actual: ReadonlyMap<string, string>,
): Promise<CompletionPreview> {
  await repo.requireDocument(tx, woId, ['work_order']);
  const { plan, materials, outputs, coverage } = await completionPlan(tx, woId, actual);
  return {
    open_lists: coverage.open.map((l) => ({
      id: l.id,
      number: l.number,
      ref: listRef(l.number),
      name: l.name,
    })),
    materials: plan.materials.map((p, i) => {
      const m = materials[i] as MaterialRow;
      return {
        item_id: m.item_id,
        sku: m.sku,
        name: m.name,
        unit: m.unit,
        planned: qty(p.planned),
        cut_quantity: qty(p.cutQuantity),
        cut_value: money(p.cutValue),
        lists: p.lists,
        consume_now: qty(p.consumeNow),
        consume_now_value: money(p.consumeNowValue),
        value: money(p.value),
      };
    }),
    lines: plan.lines.map((p, i) => {
      const l = outputs[i] as repo.LineRow;
      return {
        line_id: l.id,
        position: Number(l.position),
        item_id: l.item_id as string,
        sku: l.sku ?? '',
        name: l.item_name ?? l.description,
        quantity: l.quantity,
        material_cost: money(p.materialCost),
        labour_cost: money(p.labourCost),
        total_cost: money(p.totalCost),
        unit_cost: p.unitCost.toFixed(6),
      };
    }),
    material_cost: money(plan.materialCost),
    labour_cost: money(plan.labourCost),
  };
}
