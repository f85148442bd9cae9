import type { PriceBasis } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows, uuids } from '../../db/sql.ts';

// The item facts other areas read by id (exported through inventory.service.ts): what a document
// line takes from its item, and the sizes a cutting list cuts from. Numbers as trimmed decimal text.

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
