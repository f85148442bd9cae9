import { z } from 'zod';

/**
 * Company default locations for production: where a work order takes its materials from (source)
 * and where its finished products go (output). Null = not set; the fallback below applies.
 */
export const productionLocationsSchema = z.object({
  source_location_id: z.uuid('validation.invalid').nullable().default(null),
  output_location_id: z.uuid('validation.invalid').nullable().default(null),
});
export type ProductionLocations = z.output<typeof productionLocationsSchema>;

export type LocationChoice = {
  id: string;
  code: string;
  type: 'storage' | 'production' | 'scrap' | 'transit' | string;
  active: boolean;
};

/**
 * The fallback when a default is not set (or names a location that is no longer active): the
 * company's only active location, whatever its type. With several active locations there is none:
 * stock is never taken from or put into a location nobody chose, so such an order names its
 * locations itself (planning refuses it without a material location, completion without an output
 * location).
 */
export function fallbackLocation(locations: readonly LocationChoice[]): string | null {
  const active = locations.filter((l) => l.active);
  return active.length === 1 ? (active[0] as LocationChoice).id : null;
}

/**
 * The locations a new work order gets: each company default that names an active location, else
 * the fallback (`fallbackLocation`). Both may end up the same location (a one-location shop).
 */
export function productionLocationsFor(
  defaults: ProductionLocations,
  locations: readonly LocationChoice[],
): ProductionLocations {
  const usable = (id: string | null) =>
    id !== null && locations.some((l) => l.id === id && l.active) ? id : null;
  const fallback = fallbackLocation(locations);
  return {
    source_location_id: usable(defaults.source_location_id) ?? fallback,
    output_location_id: usable(defaults.output_location_id) ?? fallback,
  };
}
