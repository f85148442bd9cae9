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
import { type SQL, sql } from 'drizzle-orm';
import { companyEventSql, notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import { preparedRows } from '../../db/prepared.ts';
import { rows as query, uuids as uuidArray } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';
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
  /** Why stock was issued, moved or adjusted by hand (STOCK_REASONS). */
  reason?: string | null;
  /** The business day of the document (YYYY-MM-DD); default: today in Europe/Zagreb. */
  documentDate?: string | null;
  lines: PostingLine[];
};

type LockedItem = {
  item_id: string;
  on_hand: string;
  avg_cost: string;
  sku: string;
  lot_tracked: boolean;
  purchase_price: string | null;
};

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
  const ids = [...new Set(itemIds)].sort();
  const locations = [...new Set(locationIds)];
  // A named statement (db/prepared.ts). One id is compared as a value, not as an array: then
  // PostgreSQL keeps one plan for every call (for an array it plans again each time).
  const anyOf = (column: SQL, values: string[]) =>
    values.length === 1 ? sql`${column} = ${values[0]}::uuid` : sql`${column} = any(${uuidArray(values)})`;
  const rows = await preparedRows<LockedItem & { locations: number }>(
    tx,
    sql`select s.item_id, s.on_hand::text as on_hand, s.avg_cost::text as avg_cost, i.sku, i.lot_tracked,
          i.purchase_price::text as purchase_price,
          (select count(*) from locations where ${anyOf(sql`id`, locations)})::int as locations
        from item_stock s join items i on i.id = s.item_id
        where ${anyOf(sql`s.item_id`, ids)} order by s.item_id for update of s`,
  );
  if (rows.length > 0 && (rows[0]?.locations ?? 0) !== locations.length)
    throw new AppError('VALIDATION', 'Lokacija nije pronađena', [
      { field: 'location_id', key: 'validation.invalid' },
    ]);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', 'Artikl nije pronađen');
  return new Map(rows.map(({ locations: _, ...r }) => [r.item_id, r]));
}

/** The balances of the posted items and the company's negative-stock setting, in one round trip. */
async function currentBalances(
  tx: Tx,
  lines: readonly PostingLine[],
): Promise<{ balances: Map<string, Decimal>; allowNegative: boolean }> {
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  type Balance = { i: string; l: string; t: string | null; q: string };
  const [row] = await query<{ allow: boolean; balances: Balance[] }>(
    tx,
    sql`select coalesce((select allow_negative_stock from company_settings where company_id = app_company_id()), false) as allow,
          coalesce((select json_agg(json_build_object('i', item_id, 'l', location_id, 't', lot_id, 'q', quantity::text))
            from stock_balances where item_id = any(${uuidArray(itemIds)})), '[]'::json) as balances`,
  );
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
  const movements: SQL[] = [];
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
    movements.push(
      sql`(${movements.length + 1}::int, ${line.type}::text, ${line.itemId}::uuid, ${line.locationId}::uuid, ${line.lotId}::uuid,
        ${line.quantity}::numeric, ${unitCost}::numeric, ${line.reversesMovementId ?? null}::uuid, ${line.sourceLineId ?? null}::uuid)`,
    );
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
    .map(
      (e) =>
        sql`(${ctx.companyId}::uuid, ${e.itemId}::uuid, ${e.locationId}::uuid, ${e.lotId}::uuid, ${e.delta.toString()}::numeric)`,
    );
  const changed = [...costs.entries()]
    .filter(([itemId, cost]) => {
      const before = locked.get(itemId);
      return !(
        before &&
        new Decimal(before.on_hand).eq(cost.onHand) &&
        new Decimal(before.avg_cost).eq(cost.avgCost)
      );
    })
    .map(([itemId, cost]) => sql`(${itemId}::uuid, ${cost.onHand}::numeric, ${cost.avgCost}::numeric)`);

  // Every write of the document in one statement (one round trip whatever the line count): the
  // header, its movements, the balances, the items' on-hand and average (the item rows are locked
  // already, so the update cannot deadlock), and the announcement on the company's `stock` topic.
  const header = sql`insert into stock_documents (company_id, type, reference, note, reverses_document_id, source_type, source_id,
          reason, document_date, created_by)
        values (${ctx.companyId}, ${doc.type}, ${doc.reference ?? null}, ${doc.note ?? null}, ${doc.reversesDocumentId ?? null},
          ${doc.sourceType ?? null}, ${doc.sourceId ?? null}, ${doc.reason ?? null},
          coalesce(${doc.documentDate ?? null}::date, (now() at time zone 'Europe/Zagreb')::date), ${ctx.userId}) returning id`;
  const writes: SQL[] = [sql`d as (${header})`];
  if (movements.length > 0)
    writes.push(sql`m as (insert into stock_movements (company_id, document_id, line_no, type, item_id, location_id, lot_id, quantity,
              unit_cost, reverses_movement_id, source_type, source_id, source_line_id, created_by)
            select ${ctx.companyId}, d.id, v.line_no, v.type, v.item_id, v.location_id, v.lot_id, v.quantity, v.unit_cost,
              v.reverses_movement_id, ${doc.sourceType ?? null}, ${doc.sourceId ?? null}, v.source_line_id, ${ctx.userId}
            from d, (values ${sql.join(movements, sql`, `)}) as v(line_no, type, item_id, location_id, lot_id, quantity,
              unit_cost, reverses_movement_id, source_line_id))`);
  if (deltas.length > 0)
    writes.push(sql`b as (insert into stock_balances (company_id, item_id, location_id, lot_id, quantity)
          values ${sql.join(deltas, sql`, `)}
          on conflict (company_id, item_id, location_id, lot_id)
          do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now())`);
  if (changed.length > 0)
    writes.push(sql`u as (update item_stock s set on_hand = v.on_hand, avg_cost = v.avg_cost, updated_at = now()
            from (values ${sql.join(changed, sql`, `)}) as v(item_id, on_hand, avg_cost) where s.item_id = v.item_id)`);
  // Named (db/prepared.ts): its text depends only on which parts are present and the line count.
  const [posted] = await preparedRows<{ id: string }>(
    tx,
    sql`with ${sql.join(writes, sql`, `)}
        select d.id from d, (${companyEventSql(ctx.companyId, 'stock', [...locked.keys()])}) as announced`,
  );
  const documentId = posted?.id as string;
  await emitReorderCrossings(tx, ctx.companyId, locked, costs);
  return { documentId };
}

/** Announces changed items to the company's open screens once the transaction commits (topic `stock`). */
export async function notifyStock(tx: Tx, companyId: string, itemIds: readonly string[]): Promise<void> {
  await notifyCompany(tx, companyId, 'stock', itemIds);
}
