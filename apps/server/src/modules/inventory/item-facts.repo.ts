import type { LocationChoice, PriceBasis } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows, uuids } from '../../db/sql.ts';

// The facts of items, units and locations other areas read as a use-case (exported through
// inventory.service.ts): what a document line takes from its item, the sizes a cutting list cuts
// from, whether a code, unit or location exists. Numbers as trimmed decimal text. (A list or print
// that joins these tables in its own read query does so in its own repository.)

export type DocumentItemFacts = {
  id: string;
  sku: string;
  name: string;
  base_unit: string;
  sales_price: string | null;
  vat_rate: string;
  kpd_code: string | null;
  lot_tracked: boolean;
  price_basis: PriceBasis;
  glass_kind: 'float' | 'laminated' | 'insulating' | 'tempered' | null;
  min_charge: string | null;
};

/** What a document line takes from its item: unit, price, VAT, KPD code, pricing basis. */
export async function documentItemFacts(tx: Tx, ids: readonly string[]): Promise<DocumentItemFacts[]> {
  return rows<DocumentItemFacts>(
    tx,
    sql`select id, sku, name, base_unit, trim_scale(sales_price)::text as sales_price, trim_scale(vat_rate)::text as vat_rate,
          kpd_code, lot_tracked, price_basis, glass_kind, trim_scale(min_charge)::text as min_charge
        from items where id = any(${uuids(ids)})`,
  );
}

export type CuttingItemFacts = {
  id: string;
  sku: string;
  name: string;
  length_mm: string | null;
  width_mm: string | null;
  grain: boolean;
};

/** The stock sizes of items (a sheet has length and width, a bar a length only) and their grain. */
export async function cuttingItemFacts(tx: Tx, ids: readonly string[]): Promise<CuttingItemFacts[]> {
  return rows<CuttingItemFacts>(
    tx,
    sql`select id, sku, name, length_mm::text as length_mm, width_mm::text as width_mm, grain
        from items where id = any(${uuids(ids)})`,
  );
}

/** The VAT exemption code of items (the basis a 0 % line prints in the UBL). */
export async function vatExemptions(
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; vat_exemption: string | null }[]> {
  return rows<{ id: string; vat_exemption: string | null }>(
    tx,
    sql`select id, vat_exemption from items where id = any(${uuids(ids)})`,
  );
}

/** Whether an item of this id exists (row-level security keeps it inside the company). */
export async function itemExists(tx: Tx, itemId: string): Promise<boolean> {
  const [row] = await rows<{ id: string }>(tx, sql`select id from items where id = ${itemId}`);
  return row !== undefined;
}

/** The item's moving average cost per base unit (what an issue takes stock out at), '0' without stock. */
export async function itemAvgCost(tx: Tx, itemId: string): Promise<string> {
  const [row] = await rows<{ avg_cost: string }>(
    tx,
    sql`select avg_cost::text as avg_cost from item_stock where item_id = ${itemId}`,
  );
  return row?.avg_cost ?? '0';
}

/** Whether an item of the company has this code (any case). */
export async function skuTaken(tx: Tx, sku: string): Promise<boolean> {
  return (await rows(tx, sql`select 1 from items where lower(sku) = lower(${sku})`)).length > 0;
}

/** Which of these unit codes the company has. */
export async function existingUnits(tx: Tx, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const found = await rows<{ code: string }>(
    tx,
    sql`select code from units where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((r) => r.code));
}

/** Whether a location is active (undefined: no such location of the company). */
export async function locationActive(tx: Tx, id: string): Promise<{ active: boolean } | undefined> {
  const [row] = await rows<{ active: boolean }>(tx, sql`select active from locations where id = ${id}`);
  return row;
}

export async function locationExists(tx: Tx, id: string): Promise<boolean> {
  return (await rows<{ id: string }>(tx, sql`select id from locations where id = ${id}`)).length > 0;
}

/** Every location of the company, as a settings screen offers them. */
export async function locationChoices(tx: Tx): Promise<LocationChoice[]> {
  return rows<LocationChoice>(tx, sql`select id, code, type, active from locations`);
}

/** The code of items and whether they track lots. */
export async function itemSkus(
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; sku: string; lot_tracked: boolean }[]> {
  return rows<{ id: string; sku: string; lot_tracked: boolean }>(
    tx,
    sql`select id, sku, lot_tracked from items where id = any(${uuids(ids)})`,
  );
}

/** The numbers of lots. */
export async function lotNumbers(
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; lot_number: string }[]> {
  return rows<{ id: string; lot_number: string }>(
    tx,
    sql`select id, lot_number from lots where id = any(${uuids(ids)})`,
  );
}

/** How many of these ids are items of the company. */
export async function countExistingItems(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from items where id = any(${uuids(ids)})`,
  );
  return row?.n ?? 0;
}
