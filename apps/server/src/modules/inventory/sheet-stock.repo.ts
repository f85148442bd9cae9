import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows as query, uuids as uuidArray } from '../../db/sql.ts';

// The SQL of sheet and bar stock (sheet-stock.ts): the sizes of items and lots, remnant lots,
// lot-aware reservations, and the balances and holds the free-stock rule reads.

/** What the piece rule needs of an item. */
export type SheetItem = {
  id: string;
  sku: string;
  base_unit: string;
  length_mm: string | null;
  width_mm: string | null;
  lot_tracked: boolean;
};

/** What the piece rule needs of a lot. */
export type SheetLot = {
  id: string;
  item_id: string;
  lot_number: string;
  remnant: boolean;
  length_mm: string | null;
  width_mm: string | null;
  parent_lot_id: string | null;
  supplier_id: string | null;
  expires_on: string | null;
};

export async function sheetItem(tx: Tx, itemId: string): Promise<SheetItem | null> {
  const [row] = await query<SheetItem>(
    tx,
    sql`select id, sku, base_unit, trim_scale(length_mm)::text as length_mm, trim_scale(width_mm)::text as width_mm,
          lot_tracked from items where id = ${itemId}`,
  );
  return row ?? null;
}

export async function sheetLot(tx: Tx, lotId: string): Promise<SheetLot | null> {
  const [row] = await query<SheetLot>(
    tx,
    sql`select id, item_id, lot_number, remnant, trim_scale(length_mm)::text as length_mm,
          trim_scale(width_mm)::text as width_mm, parent_lot_id, supplier_id, expires_on::text as expires_on
        from lots where id = ${lotId}`,
  );
  return row ?? null;
}

/** Remnant lots among `lotIds` (distinct ids, at least one), with their own size. */
export async function remnantLotsById(tx: Tx, lotIds: readonly string[]): Promise<SheetLot[]> {
  return query<SheetLot>(
    tx,
    sql`select id, item_id, lot_number, remnant, trim_scale(length_mm)::text as length_mm,
          trim_scale(width_mm)::text as width_mm, parent_lot_id, supplier_id, expires_on::text as expires_on
        from lots where id = any(${uuidArray(lotIds)}) and remnant`,
  );
}

/** A remnant lot to create: its own size and the lot it was cut from. */
export type RemnantLot = {
  itemId: string;
  lotNumber: string;
  length: number;
  width: number | null;
  parentLot: SheetLot | null;
};

export async function insertRemnantLot(tx: Tx, companyId: string, input: RemnantLot): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into lots (company_id, item_id, lot_number, supplier_id, expires_on, remnant, length_mm, width_mm, parent_lot_id)
        values (${companyId}, ${input.itemId}, ${input.lotNumber}, ${input.parentLot?.supplier_id ?? null},
          ${input.parentLot?.expires_on ?? null}, true, ${input.length}, ${input.width}, ${input.parentLot?.id ?? null})
        returning id`,
  );
  return row?.id as string;
}

/** A reservation of stock in one location and lot, for a source document. */
export type LotReservation = {
  itemId: string;
  locationId: string;
  lotId: string | null;
  quantity: string;
  sourceType: string;
  sourceId: string;
  note: string;
};

export async function insertLotReservation(
  tx: Tx,
  ctx: { companyId: string; userId: string },
  input: LotReservation,
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into reservations (company_id, item_id, location_id, lot_id, quantity, source_type, source_id, note, created_by)
        values (${ctx.companyId}, ${input.itemId}, ${input.locationId}, ${input.lotId}, ${input.quantity},
          ${input.sourceType}, ${input.sourceId}, ${input.note}, ${ctx.userId}) returning id`,
  );
  return row?.id as string;
}

/** Ends a source's active reservations with the status: the items of those it ended (one per reservation). */
export async function endReservations(
  tx: Tx,
  sourceType: string,
  sourceId: string,
  status: 'consumed' | 'released',
): Promise<string[]> {
  const rows = await query<{ item_id: string }>(
    tx,
    sql`update reservations set status = ${status}, updated_at = now()
        where source_type = ${sourceType} and source_id = ${sourceId} and status = 'active' returning item_id`,
  );
  return rows.map((r) => r.item_id);
}

/** The non-zero balances of some items (any location and lot). */
export async function balancesOfItems(tx: Tx, itemIds: readonly string[]) {
  return query<{ item_id: string; lot_id: string | null; quantity: string }>(
    tx,
    sql`select item_id, lot_id, quantity::text as quantity from stock_balances
        where item_id = any(${uuidArray(itemIds)}) and quantity <> 0`,
  );
}

/** Lots with their remnant size, the lot they were cut from, and their item's unit and size. */
export async function lotSizes(tx: Tx, lotIds: readonly string[]) {
  return query<{
    id: string;
    remnant: boolean;
    length_mm: string | null;
    width_mm: string | null;
    parent_lot_id: string | null;
    parent_lot_number: string | null;
    base_unit: string;
    item_length_mm: string | null;
    item_width_mm: string | null;
  }>(
    tx,
    sql`select lt.id, lt.remnant, trim_scale(lt.length_mm)::text as length_mm, trim_scale(lt.width_mm)::text as width_mm,
          lt.parent_lot_id, p.lot_number as parent_lot_number, i.base_unit,
          trim_scale(i.length_mm)::text as item_length_mm, trim_scale(i.width_mm)::text as item_width_mm
        from lots lt join items i on i.id = lt.item_id left join lots p on p.id = lt.parent_lot_id
        where lt.id = any(${uuidArray(lotIds)})`,
  );
}

/** The items among `itemIds` (distinct) that have a size: unit and size. */
export async function sizedItems(tx: Tx, itemIds: readonly string[]) {
  return query<Pick<SheetItem, 'id' | 'base_unit' | 'length_mm' | 'width_mm'>>(
    tx,
    sql`select id, base_unit, trim_scale(length_mm)::text as length_mm, trim_scale(width_mm)::text as width_mm
        from items where id = any(${uuidArray(itemIds)}) and length_mm is not null`,
  );
}

/** A balance or a hold in the free-stock read: item, location, lot, quantity. */
export type StockRow = { i: string; l: string | null; t: string | null; q: string };

/**
 * The balances and active reservations of some items (distinct ids; without the reservations of
 * the source `takenOver` names for that item) and the company's negative-stock setting, in one
 * round trip.
 */
export async function freeStockRows(
  tx: Tx,
  itemIds: readonly string[],
  takenOver: { sourceType: string; sourceId: string; itemId: string } | null,
) {
  const ids = uuidArray(itemIds);
  const mine = takenOver
    ? sql`and not (r.source_type = ${takenOver.sourceType} and r.source_id = ${takenOver.sourceId}::uuid
            and r.item_id = ${takenOver.itemId}::uuid)`
    : sql``;
  const [row] = await query<{ allow: boolean; balances: StockRow[]; holds: StockRow[] }>(
    tx,
    sql`select coalesce((select allow_negative_stock from company_settings where company_id = app_company_id()), false) as allow,
          coalesce((select json_agg(json_build_object('i', b.item_id, 'l', b.location_id, 't', b.lot_id, 'q', b.quantity::text))
            from stock_balances b where b.item_id = any(${ids}) and b.quantity <> 0), '[]'::json) as balances,
          coalesce((select json_agg(json_build_object('i', r.item_id, 'l', r.location_id, 't', r.lot_id, 'q', r.quantity::text))
            from reservations r where r.status = 'active' and r.item_id = any(${ids}) ${mine}), '[]'::json) as holds`,
  );
  return row;
}

/** The SKU, lot number and location code a shortfall message names. */
export async function balanceLabel(tx: Tx, w: { itemId: string; locationId: string; lotId: string | null }) {
  const [label] = await query<{ sku: string; lot_number: string | null; code: string }>(
    tx,
    sql`select i.sku, (select lot_number from lots where id = ${w.lotId}::uuid) as lot_number, l.code
        from items i, locations l where i.id = ${w.itemId} and l.id = ${w.locationId}`,
  );
  return label;
}

/** A location's code (what a message names). */
export async function locationCode(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await query<{ code: string }>(tx, sql`select code from locations where id = ${id}`);
  return row?.code;
}
