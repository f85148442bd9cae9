import {
  CUTTING_DEFAULT_KEYS,
  type CuttingDefaults,
  PRICING_SETTING_KEYS,
  type PricingSettings,
  type ProductionLocations,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

// The writes of company_settings, the one settings row of a company (migration 0002), in which
// each area keeps its columns: inventory's negative-stock switch, measure pricing and production
// locations (documents), cutting defaults, the e-invoice VAT registration. The tenants module owns
// the row (db/table-owners.ts); each area reads its own columns in its repository and changes them
// through company-settings.service.ts.

/** Inserts the company's row with these columns, or sets them on the row there is. */
async function upsert(tx: Tx, companyId: string, columns: string[], values: SQL[]): Promise<void> {
  await tx.execute(
    sql`insert into company_settings (company_id, ${sql.raw(columns.join(', '))})
        values (${companyId}, ${sql.join(values, sql`, `)})
        on conflict (company_id) do update set
          ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()`,
  );
}

export function putAllowNegativeStock(tx: Tx, companyId: string, allow: boolean): Promise<void> {
  return upsert(tx, companyId, ['allow_negative_stock'], [sql`${allow}`]);
}

export function putVatRegistered(tx: Tx, companyId: string, registered: boolean): Promise<void> {
  return upsert(tx, companyId, ['vat_registered'], [sql`${registered}`]);
}

/** Columns `cutting_<key>` (migration 0029). */
export function putCuttingDefaults(tx: Tx, companyId: string, input: CuttingDefaults): Promise<void> {
  return upsert(
    tx,
    companyId,
    CUTTING_DEFAULT_KEYS.map((k) => `cutting_${k}`),
    CUTTING_DEFAULT_KEYS.map((k) => sql`${input[k]}::integer`),
  );
}

/** Measure pricing (migrations 0024, 0028, 0031); `bands` is the jsonb text of the area bands. */
export function putPricingSettings(
  tx: Tx,
  companyId: string,
  input: PricingSettings,
  bands: string,
): Promise<void> {
  return upsert(
    tx,
    companyId,
    [...PRICING_SETTING_KEYS, 'area_bands'],
    [...PRICING_SETTING_KEYS.map((c) => sql`${input[c]}::numeric`), sql`${bands}::jsonb`],
  );
}

/** The work orders' default locations (migration 0033). */
export function putProductionLocations(tx: Tx, companyId: string, input: ProductionLocations): Promise<void> {
  return upsert(
    tx,
    companyId,
    ['production_source_location_id', 'production_output_location_id'],
    [sql`${input.source_location_id}`, sql`${input.output_location_id}`],
  );
}
