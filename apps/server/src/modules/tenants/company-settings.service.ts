import type { CuttingDefaults, PricingSettings, ProductionLocations } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import * as repo from './company-settings.repo.ts';

// Other areas change their columns of the company's settings row through these functions, in their
// own transaction (the tenants module owns company_settings; their reads stay in their repositories).
// Each area checks its input before; these only store it.

export function saveAllowNegativeStock(tx: Tx, companyId: string, allow: boolean): Promise<void> {
  return repo.putAllowNegativeStock(tx, companyId, allow);
}

export function saveVatRegistered(tx: Tx, companyId: string, registered: boolean): Promise<void> {
  return repo.putVatRegistered(tx, companyId, registered);
}

export function saveCuttingDefaults(tx: Tx, companyId: string, input: CuttingDefaults): Promise<void> {
  return repo.putCuttingDefaults(tx, companyId, input);
}

/** `bands` is the jsonb text of the area bands. */
export function savePricingSettings(
  tx: Tx,
  companyId: string,
  input: PricingSettings,
  bands: string,
): Promise<void> {
  return repo.putPricingSettings(tx, companyId, input, bands);
}

export function saveProductionLocations(
  tx: Tx,
  companyId: string,
  input: ProductionLocations,
): Promise<void> {
  return repo.putProductionLocations(tx, companyId, input);
}
