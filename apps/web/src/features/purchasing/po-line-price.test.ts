import { describe, expect, it } from 'vitest';
import { proposedLinePrice } from './po-line-price.ts';

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
