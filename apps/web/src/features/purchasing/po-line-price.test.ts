import { describe, expect, it } from 'vitest';
import { numberInputToApi } from '../../lib/format.ts';
import { orderLineInputs, proposedLinePrice, withUnit } from './po-line-price.ts';

const glass = { id: 'g', purchase_price: '12.50' };
const screws = { id: 's', purchase_price: null };

describe('price of a new purchase order line', () => {
  it("is the supplier's own price for the item before the item's purchase price", () => {
    const supplied = [
      { item_id: 'g', price: '11.20' },
      { item_id: 's', price: null },
    ];
    expect(proposedLinePrice(glass, supplied, '')).toBe('11.20');
    // A supplied item without a price, or an item the supplier does not list: the item's price.
    expect(proposedLinePrice(glass, [{ item_id: 'g', price: null }], '')).toBe('12.50');
    expect(proposedLinePrice(glass, [{ item_id: 'x', price: '1' }], '')).toBe('12.50');
    // Neither has a price: what was typed stays.
    expect(proposedLinePrice(screws, supplied, '0.04')).toBe('0.04');
  });

  it('uses the item price while no supplier (or its list) is there yet', () => {
    expect(proposedLinePrice(glass, undefined, '')).toBe('12.50');
    expect(proposedLinePrice(screws, undefined, '')).toBe('');
  });
});

describe('changing a line unit', () => {
  // Glass kept in m², bought in 3210 × 2250 sheets of 7.2225 m², or in 3 m² packs.
  const glassUnits = {
    base_unit: 'm2',
    conversions: [
      { unit: 'plo', factor: '7.2225' },
      { unit: 'pak', factor: '3' },
    ],
  };
  const line = { unit: 'm2', unit_price: '10', price_unit: 'm2', quantity: '4' };
  const hr = (l: typeof line, unit: string) => withUnit(l, unit, glassUnits, 'hr');

  it('moves the price through the conversion, so the price per m² stays 10 €', () => {
    expect(hr(line, 'plo')).toEqual({ ...line, unit: 'plo', unit_price: '72,225', price_unit: 'plo' });
    // Read back as the form sends it: 72.225, not 72 225.
    expect(numberInputToApi(hr(line, 'plo').unit_price, 'hr')).toBe('72.225');
    expect(hr(line, 'pak')).toMatchObject({ unit_price: '30', price_unit: 'pak' });
    // From one conversion to another and back to the base unit.
    const sheet = hr(line, 'plo');
    expect(hr(sheet, 'pak')).toMatchObject({ unit_price: '30' });
    expect(hr(sheet, 'm²')).toMatchObject({ unit: 'm²', unit_price: '10' });
  });

  it('reads and writes the price in the language of the form', () => {
    expect(hr({ ...line, unit_price: '12,50' }, 'pak')).toMatchObject({ unit_price: '37,5' });
    expect(withUnit({ ...line, unit_price: '12.50' }, 'plo', glassUnits, 'en')).toMatchObject({
      unit_price: '90.2813', // 12.5 × 7.2225 = 90.28125, 4 decimals half up
    });
  });

  it('leaves the price alone while a unit is being typed, and rescales from the last known unit', () => {
    const typing = hr(line, 'p');
    expect(typing).toEqual({ ...line, unit: 'p' });
    expect(hr(hr(typing, 'pl'), 'plo')).toMatchObject({
      unit: 'plo',
      unit_price: '72,225',
      price_unit: 'plo',
    });
  });

  it('leaves the price alone without the item units, or without a price', () => {
    expect(withUnit(line, 'plo', undefined, 'hr')).toEqual({ ...line, unit: 'plo' });
    expect(hr({ ...line, unit_price: '' }, 'plo')).toMatchObject({ unit_price: '' });
  });
});

describe('a saved order line in the form', () => {
  it('shows its numbers in the language, so saving again sends the same numbers', () => {
    const inputs = orderLineInputs({ quantity: '2.125', unit: 'plo', unit_price: '72.225' }, 'hr');
    expect(inputs).toEqual({ quantity: '2,125', unit: 'plo', unit_price: '72,225', price_unit: 'plo' });
    expect(numberInputToApi(inputs.unit_price, 'hr')).toBe('72.225');
    expect(numberInputToApi(inputs.quantity, 'hr')).toBe('2.125');
    // What the form did: the API text as it is, read back in Croatian as thousands.
    expect(numberInputToApi('72.225', 'hr')).toBe('72225');
  });
});
