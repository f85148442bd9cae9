import { DEFAULT_PRICING_SETTINGS, PRICING_SETTING_KEYS, type PricingSettings } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';

// Company settings of measure pricing (columns of company_settings, migration 0024): the step
// billing dimensions are rounded up to, the minimum area per glass kind, the minimum edge length
// and the shape surcharge; the hole and cut-out prices and the price bands by pane area (migration
// 0028: area_bands is a jsonb list). A company without a settings row gets PRODUCT.md's defaults.

const COLUMNS = PRICING_SETTING_KEYS;

export async function getPricingSettings(tx: Tx): Promise<PricingSettings> {
  const row = await one<PricingSettings>(
    tx,
    sql`select ${sql.raw(COLUMNS.map((c) => `trim_scale(${c})::text as ${c}`).join(', '))}, area_bands
        from company_settings`,
  );
  return row ?? { ...DEFAULT_PRICING_SETTINGS };
}

export async function putPricingSettings(
  tx: Tx,
  ctx: CompanyContext,
  input: PricingSettings,
): Promise<PricingSettings> {
  const values = COLUMNS.map((c) => sql`${input[c]}::numeric`);
  // Limits and surcharges stored as the decimal strings the schema gave ("0.5", not 0.5).
  const bands = JSON.stringify(
    input.area_bands.map((b) => ({ max_area_m2: b.max_area_m2, surcharge_pct: b.surcharge_pct })),
  );
  await tx.execute(
    sql`insert into company_settings (company_id, ${sql.raw(COLUMNS.join(', '))}, area_bands)
        values (${ctx.companyId}, ${sql.join(values, sql`, `)}, ${bands}::jsonb)
        on conflict (company_id) do update set
          ${sql.raw(COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '))}, area_bands = excluded.area_bands,
          updated_at = now()`,
  );
  return getPricingSettings(tx);
}
