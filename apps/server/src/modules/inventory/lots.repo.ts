import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows as query } from '../../db/sql.ts';

// Lots and their links: the lot a receipt creates or reuses, the lots an outgoing line may take,
// the genealogy links of production. Lot lists and traces are read in inventory.repo.ts.

/**
 * The lot of an item with this number, created when it is new (received on `receivedOn`, or today
 * in Europe/Zagreb); an existing lot keeps its supplier, expiry and receipt day.
 */
export async function upsertLot(
  tx: Tx,
  companyId: string,
  lot: {
    itemId: string;
    lotNumber: string;
    supplierId: string | null;
    expiresOn: string | null;
    receivedOn: string | null;
  },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into lots (company_id, item_id, lot_number, supplier_id, expires_on, received_on)
        values (${companyId}, ${lot.itemId}, ${lot.lotNumber}, ${lot.supplierId}, ${lot.expiresOn},
          coalesce(${lot.receivedOn}::date, (now() at time zone 'Europe/Zagreb')::date))
        on conflict (company_id, item_id, lot_number) do update set lot_number = excluded.lot_number
        returning id`,
  );
  return row?.id as string;
}

/** A new lot of an item (a work order's output): its id. */
export async function insertLot(
  tx: Tx,
  companyId: string,
  itemId: string,
  lotNumber: string,
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into lots (company_id, item_id, lot_number) values (${companyId}, ${itemId}, ${lotNumber}) returning id`,
  );
  return row?.id as string;
}

/** Whether the lot is one of this item's lots. */
export async function lotIsOfItem(tx: Tx, lotId: string, itemId: string): Promise<boolean> {
  const [own] = await query(tx, sql`select 1 from lots where id = ${lotId} and item_id = ${itemId}`);
  return own !== undefined;
}

export type LotCandidate = { lotId: string; available: string; expiresOn: string | null; receivedOn: string };

/** The lots of an item with stock at a location, with what each holds (for FEFO/FIFO picking). */
export async function lotsInStock(tx: Tx, itemId: string, locationId: string): Promise<LotCandidate[]> {
  return query<LotCandidate>(
    tx,
    sql`select b.lot_id as "lotId", b.quantity::text as available, lt.expires_on::text as "expiresOn",
          lt.received_on::text as "receivedOn"
        from stock_balances b join lots lt on lt.id = b.lot_id
        where b.item_id = ${itemId} and b.location_id = ${locationId} and b.quantity > 0`,
  );
}

export async function insertLotLink(
  tx: Tx,
  companyId: string,
  link: {
    consumed_lot_id: string;
    produced_lot_id: string;
    quantity: string;
    source_type?: string | null;
    source_id?: string | null;
  },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into lot_links (company_id, consumed_lot_id, produced_lot_id, quantity, source_type, source_id)
        values (${companyId}, ${link.consumed_lot_id}, ${link.produced_lot_id}, ${link.quantity}, ${link.source_type ?? null},
          ${link.source_id ?? null}) returning id`,
  );
  return row?.id as string;
}

/** An item's lots with stock at a location, in expiry, receipt and number order (a form's lot choice). */
export async function lotsAtLocation(tx: Tx, itemId: string, locationId: string) {
  return query<{
    lot_id: string;
    lot_number: string;
    available: string;
    expires_on: string | null;
    received_on: string;
  }>(
    tx,
    sql`select b.lot_id, lt.lot_number, trim_scale(b.quantity)::text as available, lt.expires_on::text as expires_on,
          lt.received_on::text as received_on
        from stock_balances b join lots lt on lt.id = b.lot_id
        where b.item_id = ${itemId} and b.location_id = ${locationId} and b.quantity > 0
        order by lt.expires_on nulls last, lt.received_on, lt.lot_number`,
  );
}
