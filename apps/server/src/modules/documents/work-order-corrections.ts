import {
  AppError,
  assertCorrection,
  type ConsumptionCorrectionInput,
  type CorrectionLine,
  consumedKey,
  money,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import type { PostingLine } from '../inventory/posting.ts';
import * as repo from './documents.repo.ts';
import { cuttingCoverage } from './work-order-completion.ts';
import type { CorrectionRow } from './work-order-costs.repo.ts';
import * as costsRepo from './work-order-costs.repo.ts';

// Consumption corrections of a completed work order (issue 17, deliverable 9: a reversal goes
// through the document that made the movement). The inventory refuses to reverse a work order's
// stock documents by hand; the order corrects its own consumption here instead:
//
// - a line with quantity > 0 returns material to the order's source location (less was used), at
//   the cost the order consumed that item and lot at; < 0 issues more (more was used), lots FEFO
//   unless one is named, at the moving average, as any consumption;
// - one stock document per correction (type production, source work_order, reference
//   "<number> korekcija", with the reason and note), posted through `inventory.postWithLocks`;
// - the order's material actuals and actual material cost follow; the produced lots are NOT
//   re-valued (they entered stock, and may have left it, at their completion cost): the
//   difference shows on the order's costs as the correction line.
// - materials a cutting list of the order consumed are corrected through the list (refused here).

export type { CorrectionRow };

/** The order's corrections, oldest first (read from the ledger: the stock documents they posted). */
export const corrections = (tx: Tx, woId: string): Promise<CorrectionRow[]> =>
  costsRepo.corrections(tx, woId);

/** The total of the corrections' cost changes (money), or null when the order has none. */
export function correctionTotal(rows: readonly CorrectionRow[]): string | null {
  if (rows.length === 0) return null;
  return money(rows.reduce((a, r) => a.plus(r.value), new Decimal(0)));
}

/**
 * `POST /api/documents/work-orders/:id/consumption-corrections`: checks the lines against the
 * order (domain `assertCorrection`), posts them in one stock document and updates the order's
 * actuals. Returns the order's detail (via the caller).
 */
export async function correctConsumption(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  input: ConsumptionCorrectionInput,
): Promise<void> {
  const wo = await repo.requireDocument(tx, id, ['work_order'], true);
  if (wo.status !== 'completed' || !wo.source_location_id)
    throw new AppError('CONFLICT', 'Potrošnja se ispravlja na završenom radnom nalogu', [
      { field: 'status', key: 'validation.correctionNotCompleted' },
    ]);
  const source = wo.source_location_id;
  const lines: CorrectionLine[] = input.lines.map((l) => ({
    itemId: l.item_id,
    lotId: l.lot_id ?? null,
    quantity: l.quantity,
  }));
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const lotIds = [...new Set(lines.flatMap((l) => (l.lotId ? [l.lotId] : [])))];
  const [mats, items, lots, coverage] = await Promise.all([
    costsRepo.materialSkus(tx, id),
    inventory.itemSkus(tx, itemIds),
    inventory.lotNumbers(tx, lotIds),
    cuttingCoverage(tx, id),
  ]);
  const check = async () => {
    const consumed = await costsRepo.consumedByOrder(tx, id, itemIds);
    assertCorrection(lines, {
      materials: new Map(mats.map((m) => [m.item_id, m.sku])),
      otherSkus: new Map(items.map((i) => [i.id, i.sku])),
      cut: new Map([...coverage.byMaterial].map(([itemId, c]) => [itemId, c.lists])),
      lotTracked: new Set(items.filter((i) => i.lot_tracked).map((i) => i.id)),
      consumed: new Map(consumed.map((c) => [consumedKey(c.item_id, c.lot_id), c.net])),
      lotNumbers: new Map(lots.map((l) => [l.id, l.lot_number])),
    });
    return new Map(consumed.map((c) => [consumedKey(c.item_id, c.lot_id), c.unit_cost]));
  };
  // Foreign or unknown items are refused before any item is locked (locking needs them to exist).
  if (itemIds.some((itemId) => !mats.some((m) => m.item_id === itemId))) await check();

  const stockDocumentId = await inventory.postWithLocks(tx, ctx, itemIds, async (locked) => {
    // Checked again under the item locks, so the ledger it reads cannot change before posting.
    const returnCost = await check();
    const posting: PostingLine[] = [];
    for (const l of lines) {
      const q = new Decimal(l.quantity);
      if (q.gt(0)) {
        posting.push({
          type: 'production_consumption',
          itemId: l.itemId,
          locationId: source,
          lotId: l.lotId,
          quantity: q.toString(),
          unitCost: returnCost.get(consumedKey(l.itemId, l.lotId)) ?? '0',
        });
        continue;
      }
      const parts = await inventory.outgoing(
        tx,
        locked,
        { item_id: l.itemId, quantity: q.negated().toString(), lot_id: l.lotId },
        source,
        'fefo',
      );
      for (const part of parts)
        posting.push({
          type: 'production_consumption',
          itemId: l.itemId,
          locationId: source,
          lotId: part.lotId,
          quantity: new Decimal(part.quantity).negated().toString(),
        });
    }
    return {
      type: 'production',
      reference: `${wo.number ?? ''} korekcija`.trim(),
      note: input.note,
      reason: input.reason,
      sourceType: 'work_order',
      sourceId: wo.id,
      lines: posting,
    };
  });
  if (!stockDocumentId) throw new Error('correction posted nothing');

  // What the posting booked, per item (quantity returned, value returned), at the ledger's costs.
  const booked = await costsRepo.bookedPerItem(tx, stockDocumentId);
  let costChange = new Decimal(0);
  for (const b of booked) {
    costChange = costChange.minus(b.value);
    const row = await costsRepo.lockMaterialActuals(tx, id, b.item_id);
    if (!row) continue;
    const before = new Decimal(row.actual_qty ?? 0);
    const qty = before.minus(b.quantity);
    const value = before.times(row.actual_unit_cost ?? 0).minus(b.value);
    const unitCost = qty.gt(0) ? value.div(qty).toDecimalPlaces(6).toString() : row.actual_unit_cost;
    await costsRepo.setMaterialActuals(tx, row.id, qty.toDecimalPlaces(6).toString(), unitCost);
  }
  await repo.updateHeader(tx, id, {
    actual_material_cost: money(new Decimal(wo.actual_material_cost ?? 0).plus(costChange)),
  });
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
}
