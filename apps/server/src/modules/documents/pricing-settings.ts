import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { savePricingSettings } from '../tenants/company-settings.service.ts';
import * as settingsRepo from './company-settings.repo.ts';

// Company settings of measure pricing (columns of company_settings, migration 0024): the step
// billing dimensions are rounded up to, the minimum area per glass kind, the minimum edge length
// and the shape surcharge; the hole and cut-out prices and the price bands by pane area (migration
// 0028: area_bands is a jsonb list). A company without a settings row gets PRODUCT.md's defaults.

export async function getPricingSettings(tx: Tx): Promise<PricingSettings> {
  const row = await settingsRepo.getPricingSettingsRow(tx);
  return row ?? { ...DEFAULT_PRICING_SETTINGS };
}

export async function putPricingSettings(
  tx: Tx,
  ctx: CompanyContext,
  input: PricingSettings,
): Promise<PricingSettings> {
  // Limits and surcharges stored as the decimal strings the schema gave ("0.5", not 0.5).
  const bands = JSON.stringify(
    input.area_bands.map((b) => ({ max_area_m2: b.max_area_m2, surcharge_pct: b.surcharge_pct })),
  );
  await savePricingSettings(tx, ctx.companyId, input, bands);
  return getPricingSettings(tx);
}
