import {
  type LocationChoice,
  PRICING_SETTING_KEYS,
  type PricingSettings,
  type ProductionLocations,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';

// Data access of the documents' company settings (columns of company_settings): measure pricing
// (migrations 0024, 0028) and the production locations of work orders (migration 0033), with the
// reads of locations those settings are checked against.

const COLUMNS = PRICING_SETTING_KEYS;

export async function getPricingSettingsRow(tx: Tx): Promise<PricingSettings | undefined> {
  return one<PricingSettings>(
    tx,
    sql`select ${sql.raw(COLUMNS.map((c) => `trim_scale(${c})::text as ${c}`).join(', '))}, area_bands
        from company_settings`,
  );
}

export async function getProductionLocationsRow(tx: Tx): Promise<ProductionLocations | undefined> {
  return one<ProductionLocations>(
    tx,
    sql`select production_source_location_id as source_location_id,
          production_output_location_id as output_location_id from company_settings`,
  );
}

/** Whether a location is active (undefined: no such location of the company). */
export async function locationActive(tx: Tx, id: string): Promise<{ active: boolean } | undefined> {
  return one<{ active: boolean }>(tx, sql`select active from locations where id = ${id}`);
}

export async function locationExists(tx: Tx, id: string): Promise<boolean> {
  return (await one<{ id: string }>(tx, sql`select id from locations where id = ${id}`)) !== undefined;
}

export async function locationChoices(tx: Tx): Promise<LocationChoice[]> {
  return rows<LocationChoice>(tx, sql`select id, code, type, active from locations`);
}
