import {
  AppError,
  applyLines,
  type ItemCost,
  type MovementType,
  movingAverage,
  reverseReceiptCost,
  sortForLocking,
  stockKey,
} from '@erp/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { query, uuidArray } from './sql-helpers.ts';
import { emitReorderCrossings } from '../automation/emit.ts';

export type DocumentType =
  | 'receipt'
  | 'issue'
  | 'transfer'
  | 'adjustment'
  | 'count'
  | 'production'
  | 'delivery'
  | 'reversal'
  | 'opening';

export type PostingLine = {
  type: MovementType;
  itemId: string;
  locationId: string;
  lotId: string | null;
  /** Signed decimal string. */
  quantity: string;
  /** Cost of incoming stock; outgoing stock always leaves at the current average cost. */
  unitCost?: string;
  reversesMovementId?: string;
  sourceLineId?: string | null;
};

export type PostingDocument = {
  type: DocumentType;
  reference?: string | null;
  note?: string | null;
  sourceType?: string | null;
  sourceId?: string | null;
  reversesDocumentId?: string | null;
  lines: PostingLine[];
};

type LockedItem = { item_id: string; on_hand: string; avg_cost: string; sku: string; lot_tracked: boolean };

/**
 * Locks the items of a posting in id order (the fixed lock order: item, then location and lot
 * within the item, which the item lock already covers). Every posting goes through here first,
 * before any write, so concurrent documents queue on the same rows in the same order.
 */
export async function lockItems(tx: Tx, itemIds: readonly string[]): Promise<Map<string, LockedItem>> {
  const ids = [...new Set(itemIds)].sort();
  const rows = await query<LockedItem>(
    tx,
    sql`select s.item_id, s.on_hand::text as on_hand, s.avg_cost::text as avg_cost, i.sku, i.lot_tracked
        from item_stock s join items i on i.id = s.item_id
        where s.item_id = any(${uuidArray(ids)}) order by s.item_id for update of s`,
  );
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', 'Artikl nije pronađen');
  return new Map(rows.map((r) => [r.item_id, r]));
}

export async function allowNegativeStock(tx: Tx): Promise<boolean> {
  const rows = await query<{ allow_negative_stock: boolean }>(
    tx,
    sql`select allow_negative_stock from company_settings where company_id = app_company_id()`,
  );
  return rows[0]?.allow_negative_stock ?? false;
}

async function currentBalances(tx: Tx, lines: readonly PostingLine[]): Promise<Map<string, Decimal>> {
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const rows = await query<{ item_id: string; location_id: string; lot_id: string | null; quantity: string }>(
    tx,
    sql`select item_id, location_id, lot_id, quantity::text as quantity from stock_balances
        where item_id = any(${uuidArray(itemIds)})`,
  );
  return new Map(
    rows.map((r) => [
      stockKey({ itemId: r.item_id, locationId: r.location_id, lotId: r.lot_id }),
      new Decimal(r.quantity),
    ]),
  );
}

async function shortageError(
  tx: Tx,
  s: { itemId: string; locationId: string; lotId: string | null; available: string; requested: string },
): Promise<AppError> {
  const [row] = await query<{ sku: string; name: string; code: string; lot_number: string | null }>(
    tx,
    sql`select i.sku, i.name, l.code, (select lot_number from lots where id = ${s.lotId}) as lot_number
        from items i, locations l where i.id = ${s.itemId} and l.id = ${s.locationId}`,
  );
  const item = row ? `${row.sku}${row.lot_number ? ` (${row.lot_number})` : ''}` : s.itemId;
  const location = row?.code ?? s.locationId;
  return new AppError(
    'INSUFFICIENT_STOCK',
    `Nedovoljno zalihe: artikl ${item} na lokaciji ${location} ima raspoloživo ${s.available}, traženo ${s.requested}`,
    [
      {
        field: 'lines',
        key: 'errors.INSUFFICIENT_STOCK',
        params: {
          item,
          location,
          available: s.available,
          requested: s.requested,
          item_id: s.itemId,
          location_id: s.locationId,
        },
      },
    ],
  );
}

/**
 * Posts one document: checks the resulting balances (refusing negative stock unless the company
 * allows it), appends the movements, updates balances and the moving average in the same
 * transaction, and announces the change on the company's `stock` topic. The caller must have
 * locked the items with `lockItems` (so lot picking and this check see stable balances).
 */
export async function postLocked(
  tx: Tx,
  ctx: CompanyContext,
  locked: Map<string, LockedItem>,
  doc: PostingDocument,
): Promise<{ documentId: string }> {
  const allowNegative = await allowNegativeStock(tx);
  const balances = await currentBalances(tx, doc.lines);
  const applied = applyLines(balances, doc.lines, { allowNegative });
  if (!applied.ok) throw await shortageError(tx, applied.shortage);

  const [header] = await query<{ id: string }>(
    tx,
    sql`insert into stock_documents (company_id, type, reference, note, reverses_document_id, source_type, source_id, created_by)
        values (${ctx.companyId}, ${doc.type}, ${doc.reference ?? null}, ${doc.note ?? null}, ${doc.reversesDocumentId ?? null},
          ${doc.sourceType ?? null}, ${doc.sourceId ?? null}, ${ctx.userId}) returning id`,
  );
  const documentId = header?.id as string;

  // Costs evolve line by line in document order; balances are written in lock order.
  const costs = new Map<string, ItemCost>(
    [...locked.values()].map((r) => [r.item_id, { onHand: r.on_hand, avgCost: r.avg_cost }]),
  );
  let lineNo = 0;
  for (const line of doc.lines) {
    const cost = costs.get(line.itemId) as ItemCost;
    const q = new Decimal(line.quantity);
    let unitCost: string;
    let next: ItemCost;
    if (line.reversesMovementId && line.unitCost !== undefined) {
      unitCost = line.unitCost;
      next = q.isNegative()
        ? reverseReceiptCost(cost, q.negated().toString(), unitCost)
        : movingAverage(cost, line.quantity, unitCost);
    } else if (q.isNegative()) {
      unitCost = cost.avgCost;
      next = movingAverage(cost, line.quantity, unitCost);
    } else {
      unitCost = line.unitCost ?? cost.avgCost;
      next = movingAverage(cost, line.quantity, unitCost);
    }
    costs.set(line.itemId, next);
    lineNo += 1;
    await tx.execute(
      sql`insert into stock_movements (company_id, document_id, line_no, type, item_id, location_id, lot_id, quantity,
            unit_cost, reverses_movement_id, source_type, source_id, source_line_id, created_by)
          values (${ctx.companyId}, ${documentId}, ${lineNo}, ${line.type}, ${line.itemId}, ${line.locationId}, ${line.lotId},
            ${line.quantity}, ${unitCost}, ${line.reversesMovementId ?? null}, ${doc.sourceType ?? null}, ${doc.sourceId ?? null},
            ${line.sourceLineId ?? null}, ${ctx.userId})`,
    );
  }

  const net = new Map<string, PostingLine & { delta: Decimal }>();
  for (const line of doc.lines) {
    const k = stockKey(line);
    const e = net.get(k) ?? { ...line, delta: new Decimal(0) };
    e.delta = e.delta.plus(line.quantity);
    net.set(k, e);
  }
  for (const e of sortForLocking([...net.values()])) {
    if (e.delta.isZero()) continue;
    await tx.execute(
      sql`insert into stock_balances (company_id, item_id, location_id, lot_id, quantity)
          values (${ctx.companyId}, ${e.itemId}, ${e.locationId}, ${e.lotId}, ${e.delta.toString()})
          on conflict (company_id, item_id, location_id, lot_id)
          do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()`,
    );
  }
  for (const [itemId, cost] of [...costs.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const before = locked.get(itemId);
    if (
      before &&
      new Decimal(before.on_hand).eq(cost.onHand) &&
      new Decimal(before.avg_cost).eq(cost.avgCost)
    )
      continue;
    await tx.execute(
      sql`update item_stock set on_hand = ${cost.onHand}, avg_cost = ${cost.avgCost}, updated_at = now() where item_id = ${itemId}`,
    );
  }
  await notifyStock(tx, ctx.companyId, [...locked.keys()]);
  await emitReorderCrossings(tx, ctx.companyId, locked, costs);
  return { documentId };
}

/** More ids than this would pass pg_notify's 8000-byte payload limit (an import touches thousands). */
export const NOTIFY_MAX_IDS = 100;

/**
 * Announces changed items to the company's open screens once the transaction commits. A change of
 * more than NOTIFY_MAX_IDS items is announced with an empty id list, which means "re-read all".
 */
export async function notifyStock(tx: Tx, companyId: string, itemIds: readonly string[]): Promise<void> {
  const ids = itemIds.length > NOTIFY_MAX_IDS ? [] : itemIds;
  await tx.execute(
    sql`select pg_notify('company_event', json_build_object('company_id', ${companyId}::uuid, 'topic', 'stock',
          'ids', ${JSON.stringify(ids)}::json)::text)`,
  );
}
