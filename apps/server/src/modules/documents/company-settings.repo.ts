import { PRICING_SETTING_KEYS, type PricingSettings, type ProductionLocations } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';

// Reads of the documents' company settings (their columns of company_settings): measure pricing
// (migrations 0024, 0028) and the production locations of work orders (migration 0033). The tenants
// module owns the row and writes it (tenants/company-settings.service.ts); the locations these
// settings are checked against are read through inventory's service.

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
