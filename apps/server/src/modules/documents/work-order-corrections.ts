import {
  AppError,
  assertCorrection,
  type ConsumptionCorrectionInput,
  type CorrectionLine,
  consumedKey,
  money,
} from '@erp/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import type { PostingLine } from '../inventory/posting.ts';
import { uuidArray } from '../inventory/sql-helpers.ts';
import * as repo from './documents.repo.ts';
import { cuttingCoverage } from './work-order-completion.ts';

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

/** The total of the corrections' cost changes (money), or null when the order has none. */
export function correctionTotal(rows: readonly CorrectionRow[]): string | null {
  if (rows.length === 0) return null;
  return money(rows.reduce((a, r) => a.plus(r.value), new Decimal(0)));
}

type Consumed = { item_id: string; lot_id: string | null; net: string; unit_cost: string };

/**
 * What the order's own consumption took of these items, per lot: net of earlier corrections, and
 * the average cost of what left (the cost a return comes back at).
 */
async function consumedByOrder(tx: Tx, woId: string, itemIds: readonly string[]): Promise<Consumed[]> {
  return rows<Consumed>(
    tx,
    sql`select m.item_id, m.lot_id, trim_scale(sum(-m.quantity))::text as net,
          coalesce(trim_scale(round(sum(-m.quantity * m.unit_cost) filter (where m.quantity < 0)
            / nullif(sum(-m.quantity) filter (where m.quantity < 0), 0), 6))::text, '0') as unit_cost
        from stock_movements m
        where m.source_type = 'work_order' and m.source_id = ${woId} and m.type = 'production_consumption'
          and m.item_id = any(${uuidArray(itemIds)})
        group by m.item_id, m.lot_id`,
  );
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
    rows<{ item_id: string; sku: string }>(
      tx,
      sql`select distinct m.item_id, i.sku from work_order_materials m join items i on i.id = m.item_id
          where m.document_id = ${id}`,
    ),
    rows<{ id: string; sku: string; lot_tracked: boolean }>(
      tx,
      sql`select id, sku, lot_tracked from items where id = any(${uuidArray(itemIds)})`,
    ),
    rows<{ id: string; lot_number: string }>(
      tx,
      sql`select id, lot_number from lots where id = any(${uuidArray(lotIds)})`,
    ),
    cuttingCoverage(tx, id),
  ]);
  const check = async () => {
    const consumed = await consumedByOrder(tx, id, itemIds);
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
  const booked = await rows<{ item_id: string; quantity: string; value: string }>(
    tx,
    sql`select item_id, sum(quantity)::text as quantity, sum(quantity * unit_cost)::text as value
        from stock_movements where document_id = ${stockDocumentId} group by item_id`,
  );
  let costChange = new Decimal(0);
  for (const b of booked) {
    costChange = costChange.minus(b.value);
    const row = await one<{ id: string; actual_qty: string | null; actual_unit_cost: string | null }>(
      tx,
      sql`select id, actual_qty::text as actual_qty, actual_unit_cost::text as actual_unit_cost
          from work_order_materials where document_id = ${id} and item_id = ${b.item_id} order by id limit 1 for update`,
    );
    if (!row) continue;
    const before = new Decimal(row.actual_qty ?? 0);
    const qty = before.minus(b.quantity);
    const value = before.times(row.actual_unit_cost ?? 0).minus(b.value);
    const unitCost = qty.gt(0) ? value.div(qty).toDecimalPlaces(6).toString() : row.actual_unit_cost;
    await tx.execute(
      sql`update work_order_materials set actual_qty = ${qty.toDecimalPlaces(6).toString()},
          actual_unit_cost = ${unitCost}, updated_at = now() where id = ${row.id}`,
    );
  }
  await repo.updateHeader(tx, id, {
    actual_material_cost: money(new Decimal(wo.actual_material_cost ?? 0).plus(costChange)),
  });
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
}
