import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows as query, uuids as uuidArray } from '../../db/sql.ts';

// Writes of inventory's master data: items, their unit conversions, locations, and the read of the
// company's stock setting (the tenants module writes company_settings). Reads and lists of the same
// tables are in inventory.repo.ts.

/**
 * Column/value pairs of an insert or update. The column names come from the service's fixed lists
 * (ITEM_FIELDS, the location fields), never from the request, so they are written into the SQL as is.
 */
export type Columns = readonly (readonly [column: string, value: unknown])[];

const setList = (columns: Columns): SQL =>
  sql.join(
    columns.map(([c, v]) => sql`${sql.raw(c)} = ${v ?? null}`),
    sql`, `,
  );

export async function insertItem(tx: Tx, companyId: string, columns: Columns): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into items (company_id, ${sql.raw(columns.map(([c]) => c).join(', '))})
        values (${companyId}, ${sql.join(
          columns.map(([, v]) => sql`${v ?? null}`),
          sql`, `,
        )}) returning id`,
  );
  return row?.id as string;
}

/** Sets the given columns of an item; false when there is no such item. */
export async function updateItem(tx: Tx, id: string, columns: Columns): Promise<boolean> {
  const rows = await query<{ id: string }>(
    tx,
    sql`update items set ${setList(columns)}, updated_at = now() where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/**
 * An item's base unit and size and whether its quantities are already counted in them: movements
 * in the ledger, active reservations (a confirmed cutting list's sheets among them) or quantities
 * on order. The item's stock row is locked first, so a posting of the item waits until the
 * caller's change is decided.
 */
export type ItemUse = {
  sku: string;
  base_unit: string;
  length_mm: string | null;
  width_mm: string | null;
  in_use: boolean;
};

export async function itemUse(tx: Tx, id: string): Promise<ItemUse | undefined> {
  const [row] = await query<ItemUse>(
    tx,
    sql`select i.sku, i.base_unit, trim_scale(i.length_mm)::text as length_mm, trim_scale(i.width_mm)::text as width_mm,
          (coalesce(s.on_order, 0) <> 0
            or exists (select 1 from stock_movements m where m.item_id = i.id)
            or exists (select 1 from reservations r where r.item_id = i.id and r.status = 'active')) as in_use
        from items i
        left join (select on_order from item_stock where item_id = ${id} for update) s on true
        where i.id = ${id}`,
  );
  return row;
}

/** The purchase prices of items that have one, by item id. */
export async function purchasePrices(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await query<{ id: string; p: string | null }>(
    tx,
    sql`select id, purchase_price::text as p from items where id = any(${uuidArray(ids)})`,
  );
  return new Map(rows.filter((r) => r.p !== null).map((r) => [r.id, r.p as string]));
}

export async function deleteConversions(tx: Tx, itemId: string): Promise<void> {
  await tx.execute(sql`delete from item_unit_conversions where item_id = ${itemId}`);
}

/** Adds a unit to the company's list (its code as its name) unless it is there already. */
export async function addUnit(tx: Tx, companyId: string, unit: string): Promise<void> {
  await tx.execute(
    sql`insert into units (company_id, code, name) values (${companyId}, ${unit}, ${unit}) on conflict do nothing`,
  );
}

export async function insertConversion(
  tx: Tx,
  companyId: string,
  itemId: string,
  c: { unit: string; factor: string; purchase: boolean },
): Promise<void> {
  await tx.execute(
    sql`insert into item_unit_conversions (company_id, item_id, unit, factor, purchase)
        values (${companyId}, ${itemId}, ${c.unit}, ${c.factor}, ${c.purchase})`,
  );
}

// Locations --------------------------------------------------------------------------------------

export async function insertLocation(
  tx: Tx,
  companyId: string,
  input: { code: string; name: string; type: string; parent_id?: string | null; active: boolean },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into locations (company_id, code, name, type, parent_id, active)
        values (${companyId}, ${input.code}, ${input.name}, ${input.type}, ${input.parent_id ?? null}, ${input.active})
        returning id`,
  );
  return row?.id as string;
}

/** Whether `locationId` is `parentId` itself or one of its ancestors (a move there makes a cycle). */
export async function isAncestorOrSelf(tx: Tx, locationId: string, parentId: string): Promise<boolean> {
  const [cycle] = await query<{ hit: boolean }>(
    tx,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from locations where id = ${parentId}
          union select l.id, l.parent_id from locations l join up on l.id = up.parent_id)
        select exists (select 1 from up where id = ${locationId}) as hit`,
  );
  return cycle?.hit === true;
}

/** Sets the given columns of a location; false when there is no such location. */
export async function updateLocation(tx: Tx, id: string, columns: Columns): Promise<boolean> {
  const rows = await query(
    tx,
    sql`update locations set ${setList(columns)}, updated_at = now() where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** A location's code and how many items it still holds (balances other than zero). */
/** Locks a location's row FOR UPDATE (a deactivation; see updateLocation). */
export async function lockLocation(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select 1 from locations where id = ${id} for update`);
}

export async function locationHoldings(
  tx: Tx,
  id: string,
): Promise<{ code: string; items: number } | undefined> {
  const [row] = await query<{ code: string; items: number }>(
    tx,
    sql`select l.code, (select count(distinct b.item_id) from stock_balances b
          where b.location_id = l.id and b.quantity <> 0)::int as items
        from locations l where l.id = ${id}`,
  );
  return row;
}

/** Those of the ids that name a location. */
export async function existingLocationIds(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from locations where id = any(${uuidArray(ids)})`,
  );
  return rows.map((r) => r.id);
}

// Settings ---------------------------------------------------------------------------------------

export async function allowNegativeStock(tx: Tx): Promise<boolean | undefined> {
  const [row] = await query<{ allow_negative_stock: boolean }>(
    tx,
    sql`select allow_negative_stock from company_settings`,
  );
  return row?.allow_negative_stock;
}

/** An item's id and whether it tracks lots, or undefined when there is no such item. */
export async function itemLotTracking(tx: Tx, id: string) {
  const [item] = await query<{ id: string; lot_tracked: boolean }>(
    tx,
    sql`select id, lot_tracked from items where id = ${id}`,
  );
  return item;
}

// Item import ------------------------------------------------------------------------------------

/** The items whose SKU is one of these (compared in lower case), with the SKU as stored. */
export async function itemsBySkus(tx: Tx, lowerSkus: readonly string[]) {
  return query<{ id: string; sku: string; lot_tracked: boolean }>(
    tx,
    sql`select id, sku, lot_tracked from items
        where lower(sku) in (select jsonb_array_elements_text(${JSON.stringify(lowerSkus)}::jsonb))`,
  );
}

/** The codes of the company's units. */
export async function unitCodes(tx: Tx): Promise<string[]> {
  return (await query<{ code: string }>(tx, sql`select code from units`)).map((u) => u.code);
}

/** The locations with one of these codes. */
export async function locationsByCodes(tx: Tx, codes: readonly string[]) {
  return query<{ id: string; code: string }>(
    tx,
    sql`select id, code from locations where code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
  );
}

/**
 * Inserts items in one statement: `columns` (a fixed list of the import, written into the SQL as
 * is) and one array of values per item in that column order. Their ids and SKUs.
 */
export async function insertItemRows(
  tx: Tx,
  companyId: string,
  columns: readonly string[],
  values: readonly (readonly unknown[])[],
) {
  const list = sql.join(
    values.map(
      (row) =>
        sql`(${companyId}::uuid, ${sql.join(
          row.map((v) => sql`${v}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  return query<{ id: string; sku: string }>(
    tx,
    sql`insert into items (company_id, ${sql.raw(columns.join(', '))}) values ${list} returning id, sku`,
  );
}
