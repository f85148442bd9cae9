import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows as query, uuids as uuidArray } from '../../db/sql.ts';

// Stock counts' writes (the sheet and its lines); a count with its lines is read in inventory.repo.ts.

/** The current balance of one item/lot at a location, as SQL (0 when there is none). */
const balanceAt = (itemId: unknown, locationId: unknown, lotId: unknown) =>
  sql`coalesce((select b.quantity from stock_balances b where b.item_id = ${itemId} and b.location_id = ${locationId}
        and b.lot_id is not distinct from ${lotId}), 0)`;

export async function insertCount(
  tx: Tx,
  ctx: { companyId: string; userId: string },
  input: { location_id: string; note?: string | null },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into stock_counts (company_id, location_id, note, created_by)
        values (${ctx.companyId}, ${input.location_id}, ${input.note ?? null}, ${ctx.userId}) returning id`,
  );
  return row?.id as string;
}

/** Puts everything stocked at the location on the count's sheet, with its book quantity now. */
export async function insertLinesOfLocation(
  tx: Tx,
  companyId: string,
  countId: string,
  locationId: string,
): Promise<void> {
  await tx.execute(
    sql`insert into stock_count_lines (company_id, count_id, item_id, lot_id, expected_qty)
        select ${companyId}, ${countId}, b.item_id, b.lot_id, b.quantity from stock_balances b
        where b.location_id = ${locationId} and b.quantity <> 0`,
  );
}

/** Whether the item (and lot, or no lot) is on the count's sheet already. */
export async function hasLine(
  tx: Tx,
  countId: string,
  itemId: string,
  lotId: string | null,
): Promise<boolean> {
  const [existing] = await query(
    tx,
    sql`select 1 from stock_count_lines where count_id = ${countId} and item_id = ${itemId}
          and lot_id is not distinct from ${lotId}::uuid`,
  );
  return existing !== undefined;
}

/** Adds one item/lot to the sheet with its book quantity at the count's location now. */
export async function insertLine(
  tx: Tx,
  companyId: string,
  count: { id: string; location_id: string },
  itemId: string,
  lotId: string | null,
): Promise<void> {
  await tx.execute(
    sql`insert into stock_count_lines (company_id, count_id, item_id, lot_id, expected_qty)
        values (${companyId}, ${count.id}, ${itemId}, ${lotId},
          ${balanceAt(itemId, count.location_id, sql`${lotId}::uuid`)})`,
  );
}

/**
 * Saves one line's counted quantity. A changed quantity takes the book quantity of this moment;
 * the same quantity again keeps the earlier book quantity and counting time.
 */
export async function saveCounted(
  tx: Tx,
  count: { id: string; location_id: string },
  line: { id: string; counted_qty: string | null },
): Promise<void> {
  await tx.execute(
    sql`update stock_count_lines x set
          book_qty = case when ${line.counted_qty}::numeric is null then null
            when x.counted_qty is not distinct from ${line.counted_qty}::numeric and x.book_qty is not null then x.book_qty
            else ${balanceAt(sql`x.item_id`, count.location_id, sql`x.lot_id`)} end,
          counted_at = case when ${line.counted_qty}::numeric is null then null
            when x.counted_qty is not distinct from ${line.counted_qty}::numeric and x.book_qty is not null then x.counted_at
            else now() end,
          counted_qty = ${line.counted_qty}::numeric, updated_at = now()
        where x.id = ${line.id} and x.count_id = ${count.id}`,
  );
}

/** Clears the named lines of the count and refreshes their expected quantity: the ids it cleared. */
export async function clearLines(
  tx: Tx,
  count: { id: string; location_id: string },
  lineIds: readonly string[],
): Promise<string[]> {
  const rows = await query<{ id: string }>(
    tx,
    sql`update stock_count_lines x set counted_qty = null, book_qty = null, counted_at = null,
          expected_qty = ${balanceAt(sql`x.item_id`, count.location_id, sql`x.lot_id`)}, updated_at = now()
        where x.count_id = ${count.id} and x.id = any(${uuidArray(lineIds)}) returning x.id`,
  );
  return rows.map((r) => r.id);
}

export async function markPosted(tx: Tx, countId: string, documentId: string): Promise<void> {
  await tx.execute(
    sql`update stock_counts set status = 'posted', posted_at = now(), document_id = ${documentId}, updated_at = now()
        where id = ${countId}`,
  );
}
