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
import { claimCommit } from '../../db/begin-with.ts';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import type { AheadStatement } from '../../db/prepared.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { emitReorderCrossings, reorderCrossings } from '../automation/emit.ts';
import * as repo from './posting.repo.ts';

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
  /** Why stock was issued, moved or adjusted by hand (STOCK_REASONS). */
  reason?: string | null;
  /** The business day of the document (YYYY-MM-DD); default: today in Europe/Zagreb. */
  documentDate?: string | null;
  lines: PostingLine[];
};

/** A locked item's stock row: the lock's answer without the location count. */
type LockedItem = Omit<repo.LockedItemRow, 'locations'>;

/**
 * Locks the items of a posting in id order (the fixed lock order: item, then location and lot
 * within the item, which the item lock already covers). Every posting goes through here first,
 * before any write, so concurrent documents queue on the same rows in the same order. The
 * document's locations, when given, are checked in the same round trip.
 */
export async function lockItems(
  tx: Tx,
  itemIds: readonly string[],
  locationIds: readonly string[] = [],
): Promise<Map<string, LockedItem>> {
  const { ids, locations } = lockOrder(itemIds, locationIds);
  const rows = await repo.lockItemRows(tx, ids, locations);
  if (rows.length > 0 && (rows[0]?.locations ?? 0) !== locations.length)
    throw new AppError('VALIDATION', 'Lokacija nije pronađena', [
      { field: 'location_id', key: 'validation.locationUnknown' },
    ]);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', 'Artikl nije pronađen');
  return new Map(rows.map(({ locations: _, ...r }) => [r.item_id, r]));
}

const lockOrder = (itemIds: readonly string[], locationIds: readonly string[]) => ({
  ids: [...new Set(itemIds)].sort(),
  locations: [...new Set(locationIds)],
});

/**
 * A posting's first statements as a route sends them with the company's entry (inCompany's
 * `ahead`): `lockItems(tx, itemIds, locationIds)`, and with `outgoing` (a document that takes stock
 * away) the balance read `postLocked` makes next. The use-case takes their answers when it sends
 * the same statements first (an item tracked in lots reads its lots in between: then the balances
 * are read again).
 */
export function postingAhead(
  itemIds: readonly string[],
  locationIds: readonly string[],
  outgoing: boolean,
): AheadStatement[] {
  const { ids, locations } = lockOrder(itemIds, locationIds);
  const lock = repo.lockItemsStatement(ids, locations);
  return outgoing ? [lock, repo.balancesStatementFor(ids)] : [lock];
}

/** The balances of the posted items and the company's negative-stock setting, in one round trip. */
async function currentBalances(
  tx: Tx,
  lines: readonly PostingLine[],
): Promise<{ balances: Map<string, Decimal>; allowNegative: boolean }> {
  const itemIds = [...new Set(lines.map((l) => l.itemId))].sort();
  const row = await repo.balancesAndSetting(tx, itemIds);
  const balances = new Map(
    (row?.balances ?? []).map((r) => [
      stockKey({ itemId: r.i, locationId: r.l, lotId: r.t }),
      new Decimal(r.q),
    ]),
  );
  return { balances, allowNegative: row?.allow ?? false };
}

async function shortageError(
  tx: Tx,
  s: { itemId: string; locationId: string; lotId: string | null; available: string; requested: string },
): Promise<AppError> {
  const row = await repo.shortageNames(tx, s);
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
 * transaction, and announces the change on the company's `stock` topic. Returns the document as
 * the API shows it (from the write statement's own rows, no read-back). The caller must have
 * locked the items with `lockItems` (so lot picking and this check see stable balances).
 */
export async function postLocked(
  tx: Tx,
  ctx: CompanyContext,
  locked: Map<string, LockedItem>,
  doc: PostingDocument,
): Promise<{ documentId: string; document: repo.PostedDocument }> {
  // Only a line that takes stock away can leave a balance short: a document of incoming lines
  // only (a receipt) skips the balance read.
  if (doc.lines.some((l) => new Decimal(l.quantity).isNegative())) {
    const { balances, allowNegative } = await currentBalances(tx, doc.lines);
    const applied = applyLines(balances, doc.lines, { allowNegative });
    if (!applied.ok) throw await shortageError(tx, applied.shortage);
  }

  // Costs evolve line by line in document order; balances are written in lock order.
  const costs = new Map<string, ItemCost>(
    [...locked.values()].map((r) => [r.item_id, { onHand: r.on_hand, avgCost: r.avg_cost }]),
  );
  const movements: repo.MovementRow[] = [];
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
    movements.push({
      type: line.type,
      itemId: line.itemId,
      locationId: line.locationId,
      lotId: line.lotId,
      quantity: line.quantity,
      unitCost,
      reversesMovementId: line.reversesMovementId ?? null,
      sourceLineId: line.sourceLineId ?? null,
    });
  }
  const net = new Map<string, PostingLine & { delta: Decimal }>();
  for (const line of doc.lines) {
    const k = stockKey(line);
    const e = net.get(k) ?? { ...line, delta: new Decimal(0) };
    e.delta = e.delta.plus(line.quantity);
    net.set(k, e);
  }
  // One multi-row upsert; its rows are applied in VALUES order, which is the lock order.
  const deltas = sortForLocking([...net.values()])
    .filter((e) => !e.delta.isZero())
    .map((e) => ({ itemId: e.itemId, locationId: e.locationId, lotId: e.lotId, delta: e.delta.toString() }));
  const changed = [...costs.entries()]
    .filter(([itemId, cost]) => {
      const before = locked.get(itemId);
      return !(
        before &&
        new Decimal(before.on_hand).eq(cost.onHand) &&
        new Decimal(before.avg_cost).eq(cost.avgCost)
      );
    })
    .map(([itemId, cost]) => ({ itemId, onHand: cost.onHand, avgCost: cost.avgCost }));

  // Remembered only: announced after the commit (db/company-events.ts), nothing if it rolls back.
  await notifyStock(tx, ctx.companyId, [...locked.keys()]);
  // An item taken below its reorder point raises an event, written after the document (from the
  // locked rows, no query). Without one the write is this use-case's last statement, and when the
  // transaction's owner said the use-case is its last work (db/begin-with.ts), the COMMIT goes with it.
  const crossings = reorderCrossings(locked, costs);
  const thenCommit = crossings.length === 0 && claimCommit(tx);
  // Every write of the document in one statement (one round trip whatever the line count); the
  // item rows are locked already, so the item update cannot deadlock.
  const document = await repo.writePosting(
    tx,
    {
      companyId: ctx.companyId,
      userId: ctx.userId,
      header: {
        type: doc.type,
        reference: doc.reference ?? null,
        note: doc.note ?? null,
        reversesDocumentId: doc.reversesDocumentId ?? null,
        sourceType: doc.sourceType ?? null,
        sourceId: doc.sourceId ?? null,
        reason: doc.reason ?? null,
        documentDate: doc.documentDate ?? null,
      },
      movements,
      deltas,
      changed,
    },
    thenCommit,
  );
  if (crossings.length > 0) await emitReorderCrossings(tx, ctx.companyId, crossings);
  return { documentId: document.id, document };
}

/** Announces changed items to the company's open screens once the transaction commits (topic `stock`). */
export async function notifyStock(tx: Tx, companyId: string, itemIds: readonly string[]): Promise<void> {
  await notifyCompany(tx, companyId, 'stock', itemIds);
}
