import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { type AheadStatement, statementTemplate } from '../../db/prepared.ts';
import { rows, uuidArrayLiteral } from '../../db/sql.ts';
import { documentSql, toDocument } from './inventory.repo.ts';

// SQL of the posting path (posting.ts keeps the rules: lock order, the stock check, costs). The
// item lock and the write run as named statements (db/prepared.ts): their text depends only on
// the shape of the posting (how many items, lines, balances), so PostgreSQL keeps their plans, and
// drizzle builds each shape's text once (statementTemplate), not on every posting.

export type LockedItemRow = {
  item_id: string;
  on_hand: string;
  avg_cost: string;
  sku: string;
  lot_tracked: boolean;
  purchase_price: string | null;
  /** The item's name and reorder fields: whether the posting crosses the reorder point (automation). */
  name: string;
  reorder_point: string | null;
  reorder_qty: string | null;
  /** How many of the posting's locations exist (checked in the same round trip). */
  locations: number;
};

/** One id is compared as a value, not as an array: then PostgreSQL keeps one plan for every call. */
const idsParam = (values: readonly string[]) => (values.length === 1 ? values[0] : uuidArrayLiteral(values));
const idsShape = (values: readonly string[]) => (values.length === 1 ? 'one' : 'many');
const anyOf = (column: SQL, value: unknown, shape: string) =>
  shape === 'one' ? sql`${column} = ${value}::uuid` : sql`${column} = any(${value}::uuid[])`;

const lockStatement = statementTemplate(
  (ids: { items: unknown; locations: unknown }, shape: { items: string; locations: string }) =>
    sql`select s.item_id, s.on_hand::text as on_hand, s.avg_cost::text as avg_cost, i.sku, i.lot_tracked,
          i.purchase_price::text as purchase_price, i.name, i.reorder_point::text as reorder_point,
          i.reorder_qty::text as reorder_qty,
          (select count(*) from locations where ${anyOf(sql`id`, ids.locations, shape.locations)})::int as locations
        from item_stock s join items i on i.id = s.item_id
        where ${anyOf(sql`s.item_id`, ids.items, shape.items)} order by s.item_id for update of s`,
);

const lockInput = (ids: readonly string[], locations: readonly string[]) =>
  [
    { items: idsParam(ids), locations: idsParam(locations) },
    { items: idsShape(ids), locations: idsShape(locations) },
  ] as const;

/** Locks the items' stock rows in id order (`ids` sorted by the caller) and counts the locations. */
export function lockItemRows(
  tx: Tx,
  ids: readonly string[],
  locations: readonly string[],
): Promise<LockedItemRow[]> {
  return lockStatement<LockedItemRow>(tx, ...lockInput(ids, locations));
}

/** The same lock as a statement to send ahead, with the company's entry (db/tenant.ts). */
export function lockItemsStatement(ids: readonly string[], locations: readonly string[]): AheadStatement {
  return lockStatement.statement(...lockInput(ids, locations));
}

export type BalanceRow = { i: string; l: string; t: string | null; q: string };

/** The balances of these items and the company's negative-stock setting, in one round trip. */
const balancesStatement = statementTemplate(
  (ids: { items: unknown }, shape: { items: string }) =>
    sql`select coalesce((select allow_negative_stock from company_settings where company_id = app_company_id()), false) as allow,
          coalesce((select json_agg(json_build_object('i', item_id, 'l', location_id, 't', lot_id, 'q', quantity::text))
            from stock_balances where ${anyOf(sql`item_id`, ids.items, shape.items)}), '[]'::json) as balances`,
);
const balancesInput = (itemIds: readonly string[]) =>
  [{ items: idsParam(itemIds) }, { items: idsShape(itemIds) }] as const;

export async function balancesAndSetting(
  tx: Tx,
  itemIds: readonly string[],
): Promise<{ allow: boolean; balances: BalanceRow[] } | undefined> {
  const [row] = await balancesStatement<{ allow: boolean; balances: BalanceRow[] }>(
    tx,
    ...balancesInput(itemIds),
  );
  return row;
}

/** The same read as a statement to send ahead, after the item lock (db/tenant.ts). */
export function balancesStatementFor(itemIds: readonly string[]): AheadStatement {
  return balancesStatement.statement(...balancesInput(itemIds));
}

/** What a shortage message names: the item's code and name, the location's code, the lot. */
export async function shortageNames(
  tx: Tx,
  s: { itemId: string; locationId: string; lotId: string | null },
): Promise<{ sku: string; name: string; code: string; lot_number: string | null } | undefined> {
  const [row] = await rows<{ sku: string; name: string; code: string; lot_number: string | null }>(
    tx,
    sql`select i.sku, i.name, l.code, (select lot_number from lots where id = ${s.lotId}) as lot_number
        from items i, locations l where i.id = ${s.itemId} and l.id = ${s.locationId}`,
  );
  return row;
}

export type HeaderRow = {
  type: string;
  reference: string | null;
  note: string | null;
  reversesDocumentId: string | null;
  sourceType: string | null;
  sourceId: string | null;
  reason: string | null;
  documentDate: string | null;
};
export type MovementRow = {
  type: string;
  itemId: string;
  locationId: string;
  lotId: string | null;
  quantity: string;
  unitCost: string;
  reversesMovementId: string | null;
  sourceLineId: string | null;
};
export type BalanceDelta = { itemId: string; locationId: string; lotId: string | null; delta: string };
export type ItemCostRow = { itemId: string; onHand: string; avgCost: string };

type WriteInput = {
  companyId: string;
  userId: string;
  header: HeaderRow;
  movements: MovementRow[];
  deltas: BalanceDelta[];
  changed: ItemCostRow[];
};

/** The write statement's SQL; its text depends only on the three counts (statementTemplate). */
function writeSql(w: WriteInput, n: { movements: number; deltas: number; changed: number }): SQL {
  const h = w.header;
  const header = sql`insert into stock_documents (company_id, type, reference, note, reverses_document_id, source_type, source_id,
          reason, document_date, created_by)
        values (${w.companyId}, ${h.type}, ${h.reference}, ${h.note}, ${h.reversesDocumentId},
          ${h.sourceType}, ${h.sourceId}, ${h.reason},
          coalesce(${h.documentDate}::date, (now() at time zone 'Europe/Zagreb')::date), ${w.userId}) returning *`;
  const writes: SQL[] = [sql`d as (${header})`];
  if (n.movements > 0) {
    const values = w.movements.map(
      (m, i) =>
        sql`(${i + 1}::int, ${m.type}::text, ${m.itemId}::uuid, ${m.locationId}::uuid, ${m.lotId}::uuid,
        ${m.quantity}::numeric, ${m.unitCost}::numeric, ${m.reversesMovementId}::uuid, ${m.sourceLineId}::uuid)`,
    );
    writes.push(sql`m as (insert into stock_movements (company_id, document_id, line_no, type, item_id, location_id, lot_id, quantity,
              unit_cost, reverses_movement_id, source_type, source_id, source_line_id, created_by)
            select ${w.companyId}, d.id, v.line_no, v.type, v.item_id, v.location_id, v.lot_id, v.quantity, v.unit_cost,
              v.reverses_movement_id, ${h.sourceType}, ${h.sourceId}, v.source_line_id, ${w.userId}
            from d, (values ${sql.join(values, sql`, `)}) as v(line_no, type, item_id, location_id, lot_id, quantity,
              unit_cost, reverses_movement_id, source_line_id)
            returning *)`);
  } else {
    writes.push(sql`m as (select * from stock_movements where false)`);
  }
  if (n.deltas > 0) {
    const values = w.deltas.map(
      (e) =>
        sql`(${w.companyId}::uuid, ${e.itemId}::uuid, ${e.locationId}::uuid, ${e.lotId}::uuid, ${e.delta}::numeric)`,
    );
    writes.push(sql`b as (insert into stock_balances (company_id, item_id, location_id, lot_id, quantity)
          values ${sql.join(values, sql`, `)}
          on conflict (company_id, item_id, location_id, lot_id)
          do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now())`);
  }
  if (n.changed > 0) {
    const values = w.changed.map(
      (c) => sql`(${c.itemId}::uuid, ${c.onHand}::numeric, ${c.avgCost}::numeric)`,
    );
    writes.push(sql`u as (update item_stock s set on_hand = v.on_hand, avg_cost = v.avg_cost, updated_at = now()
            from (values ${sql.join(values, sql`, `)}) as v(item_id, on_hand, avg_cost) where s.item_id = v.item_id)`);
  }
  // The answer is read from what the statement wrote (RETURNING of d and m), in the shape of
  // getDocument: no read-back query. Nothing else in the statement can see those rows in the tables.
  return sql`with ${sql.join(writes, sql`, `)}
        select x.* from (${documentSql({ documents: sql`d`, movements: sql`m`, written: true }, null)}) as x`;
}

const writeStatement = statementTemplate(writeSql);

/**
 * Every write of a document in one statement (one round trip whatever the line count): the header,
 * its movements (numbered in order), the balance upserts (applied in the given order: the lock
 * order), the items' on-hand and average (the `stock` announcement is the caller's, after commit).
 * Answers with the posted document and its lines, built from the rows the statement wrote.
 * `thenCommit`: the transaction's COMMIT goes with it (claimed with `claimCommit`, db/begin-with.ts).
 */
export async function writePosting(tx: Tx, w: WriteInput, thenCommit = false): Promise<PostedDocument> {
  const shape = { movements: w.movements.length, deltas: w.deltas.length, changed: w.changed.length };
  const [posted] = await writeStatement<Record<string, unknown>>(tx, w, shape, thenCommit);
  return toDocument(posted as Record<string, unknown>);
}

/** A posted document as the API returns it (the same shape as a stored one read by id). */
export type PostedDocument = ReturnType<typeof toDocument>;
