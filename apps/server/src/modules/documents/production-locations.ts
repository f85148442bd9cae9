import { AppError, type ProductionLocations, productionLocationsFor } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { locationActive, locationChoices, locationExists } from '../inventory/inventory.service.ts';
import { saveProductionLocations } from '../tenants/company-settings.service.ts';
import * as settingsRepo from './company-settings.repo.ts';

// Company default locations for production (columns production_*_location_id of company_settings,
// migration 0033): what a work order converted from a quote, or created without locations, gets.

/** The stored defaults (null = not set). */
export async function getProductionLocations(tx: Tx): Promise<ProductionLocations> {
  const row = await settingsRepo.getProductionLocationsRow(tx);
  return {
    source_location_id: row?.source_location_id ?? null,
    output_location_id: row?.output_location_id ?? null,
  };
}

/** Changes the defaults; each one set must be an active location of the company (else nothing changes). */
export async function putProductionLocations(tx: Tx, ctx: CompanyContext, input: ProductionLocations) {
  for (const field of ['source_location_id', 'output_location_id'] as const) {
    const id = input[field];
    if (id === null) continue;
    const row = await locationActive(tx, id);
    if (!row?.active)
      throw new AppError('VALIDATION', 'Lokacija nije pronađena ili nije aktivna', [
        { field, key: 'validation.locationInactive' },
      ]);
  }
  await saveProductionLocations(tx, ctx.companyId, input);
  return productionLocationsView(tx);
}

/**
 * Refuses a location id of a work order that names no location of the company (unknown, or of
 * another company: row-level security hides it) with the same code as the defaults above, before
 * anything is written (the foreign key would otherwise fail the insert).
 */
export async function assertLocationsExist(tx: Tx, input: Partial<ProductionLocations>) {
  for (const field of ['source_location_id', 'output_location_id'] as const) {
    const id = input[field];
    if (!id) continue;
    if (!(await locationExists(tx, id)))
      throw new AppError('VALIDATION', 'Lokacija nije pronađena ili nije aktivna', [
        { field, key: 'validation.locationInactive' },
      ]);
  }
}

/** The stored defaults and what a new work order gets now (`effective_*`, fallback applied). */
export async function productionLocationsView(tx: Tx) {
  const stored = await getProductionLocations(tx);
  const effective = await workOrderLocations(tx);
  return {
    ...stored,
    effective_source_location_id: effective.source_location_id,
    effective_output_location_id: effective.output_location_id,
  };
}

/**
 * The locations a new work order gets: the company defaults, else the fallback of
 * `productionLocationsFor` (the company's only active location; with several, none).
 */
export async function workOrderLocations(tx: Tx): Promise<ProductionLocations> {
  const locations = await locationChoices(tx);
  return productionLocationsFor(await getProductionLocations(tx), locations);
}
