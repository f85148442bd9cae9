import { describe, expect, it } from 'vitest';
import { fallbackLocation, productionLocationsFor } from './default-locations.ts';

const loc = (id: string, code: string, type = 'storage', active = true) => ({ id, code, type, active });

describe('production default locations', () => {
  it('uses the set defaults when they name active locations', () => {
    const locations = [loc('a', 'SKL'), loc('b', 'GP'), loc('c', 'PROIZ', 'production')];
    expect(productionLocationsFor({ source_location_id: 'a', output_location_id: 'b' }, locations)).toEqual({
      source_location_id: 'a',
      output_location_id: 'b',
    });
  });

  it('with several active locations and no usable default there is no fallback: nothing is guessed', () => {
    const locations = [
      loc('z', 'ZZ'),
      loc('p', 'AA-PROIZ', 'production'),
      loc('old', 'AB', 'storage', false),
      loc('m', 'MAT'),
    ];
    expect(fallbackLocation(locations)).toBeNull();
    // A default that names an inactive location is not replaced by another one; each side on its own.
    expect(productionLocationsFor({ source_location_id: 'old', output_location_id: 'z' }, locations)).toEqual(
      {
        source_location_id: null,
        output_location_id: 'z',
      },
    );
    expect(productionLocationsFor({ source_location_id: null, output_location_id: null }, locations)).toEqual({
      source_location_id: null,
      output_location_id: null,
    });
  });

  it('a one-location shop gets its only location on both sides (inactive ones do not count); no active location gives none', () => {
    expect(
      productionLocationsFor({ source_location_id: null, output_location_id: null }, [
        loc('x', 'X', 'production'),
      ]),
    ).toEqual({ source_location_id: 'x', output_location_id: 'x' });
    expect(fallbackLocation([loc('x', 'X', 'production'), loc('old', 'A', 'storage', false)])).toBe('x');
    expect(
      productionLocationsFor({ source_location_id: null, output_location_id: null }, [
        loc('x', 'X', 'storage', false),
      ]),
    ).toEqual({ source_location_id: null, output_location_id: null });
  });
});
