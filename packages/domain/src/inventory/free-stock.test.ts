import { describe, expect, it } from 'vitest';
import { type FreeStockBalance, type FreeStockHold, freeStock, freeToReserve } from './free-stock.ts';

// Expected figures are worked out by hand in the comments (base unit: m² or m).

const free = (
  balances: FreeStockBalance[],
  holds: FreeStockHold[],
  locationId: string,
  lotId: string | null,
) => freeStock(balances, holds, { locationId, lotId }).toString();

describe('free stock on a balance with lot, location and item-wide reservations', () => {
  // A lot-tracked glass sheet 3210 × 2250 (7.2225 m²): 5 sheets in lot A and 2 in lot B at MAT.
  const sheets: FreeStockBalance[] = [
    { locationId: 'MAT', lotId: 'A', onHand: '36.1125' },
    { locationId: 'MAT', lotId: 'B', onHand: '14.445' },
  ];

  it('without reservations everything on the balance is free', () => {
    expect(free(sheets, [], 'MAT', 'A')).toBe('36.1125');
    expect(free(sheets, [], 'MAT', 'B')).toBe('14.445');
  });

  it('a reservation on a lot lowers that lot only', () => {
    // 2 sheets reserved on A: 36.1125 − 14.445 = 21.6675; B untouched.
    const holds = [{ locationId: 'MAT', lotId: 'A', quantity: '14.445' }];
    expect(free(sheets, holds, 'MAT', 'A')).toBe('21.6675');
    expect(free(sheets, holds, 'MAT', 'B')).toBe('14.445');
  });

  it("a work order's lot-less reservation at the location caps every lot there", () => {
    // 3.1 m² at MAT without a lot: the location has 50.5575 − 3.1 = 47.4575 spare, above either lot,
    // so neither lot is capped by it ...
    const small = [{ locationId: 'MAT', lotId: null, quantity: '3.1' }];
    expect(free(sheets, small, 'MAT', 'A')).toBe('36.1125');
    // ... but 40 m² leaves 10.5575 spare at MAT: each lot is capped at that.
    const big = [{ locationId: 'MAT', lotId: null, quantity: '40' }];
    expect(free(sheets, big, 'MAT', 'A')).toBe('10.5575');
    expect(free(sheets, big, 'MAT', 'B')).toBe('10.5575');
  });

  it('lot and lot-less reservations together', () => {
    // A: 36.1125 − 28.89 (4 sheets on A) = 7.2225 own; MAT spare 7.2225 + 14.445 − 20 = 1.6675.
    const holds = [
      { locationId: 'MAT', lotId: 'A', quantity: '28.89' },
      { locationId: 'MAT', lotId: null, quantity: '20' },
    ];
    expect(free(sheets, holds, 'MAT', 'A')).toBe('1.6675');
    expect(free(sheets, holds, 'MAT', 'B')).toBe('1.6675');
  });

  it('an over-reserved lot does not take stock from the other lots of its location', () => {
    // A holds 36.1125 but 50 is reserved on it: A is 0 free, B keeps its 14.445.
    const holds = [{ locationId: 'MAT', lotId: 'A', quantity: '50' }];
    expect(free(sheets, holds, 'MAT', 'A')).toBe('0');
    expect(free(sheets, holds, 'MAT', 'B')).toBe('14.445');
  });

  it('a reservation at another location does not touch this one; one without a location touches all', () => {
    const two: FreeStockBalance[] = [...sheets, { locationId: 'POL', lotId: 'A', onHand: '7.2225' }];
    // 7 m² reserved at POL: POL's lot A 0.2225 free, MAT unchanged.
    const elsewhere = [{ locationId: 'POL', lotId: null, quantity: '7' }];
    expect(free(two, elsewhere, 'POL', 'A')).toBe('0.2225');
    expect(free(two, elsewhere, 'MAT', 'A')).toBe('36.1125');
    // 50 m² item-wide: the item has 57.78 on hand, 7.78 spare: every balance is capped at 7.78,
    // POL's lot by its own 7.2225.
    const anywhere = [{ locationId: null, lotId: null, quantity: '50' }];
    expect(free(two, anywhere, 'MAT', 'A')).toBe('7.78');
    expect(free(two, anywhere, 'MAT', 'B')).toBe('7.78');
    expect(free(two, anywhere, 'POL', 'A')).toBe('7.2225');
    // An over-reserved location (POL: 7.2225 on hand, 10 reserved) lends nothing to item-wide ones:
    // spare = 50.5575 (MAT) + 0 (POL) − 45 = 5.5575.
    const mixed = [
      { locationId: 'POL', lotId: null, quantity: '10' },
      { locationId: null, lotId: null, quantity: '45' },
    ];
    expect(free(two, mixed, 'MAT', 'A')).toBe('5.5575');
    expect(free(two, mixed, 'POL', 'A')).toBe('0');
  });

  it('a bar item without lots: full bars (no lot) and a remnant lot share the location', () => {
    // 10 bars of 6.5 m (65 m) and a remnant lot of 2.3 m at MAT; a work order holds 6.5 m there.
    const bars: FreeStockBalance[] = [
      { locationId: 'MAT', lotId: null, onHand: '65' },
      { locationId: 'MAT', lotId: 'K1-1', onHand: '2.3' },
    ];
    const holds = [{ locationId: 'MAT', lotId: null, quantity: '6.5' }];
    // spare at MAT 67.3 − 6.5 = 60.8: the bars are capped at 60.8 (9 whole bars), the remnant keeps 2.3.
    expect(free(bars, holds, 'MAT', null)).toBe('60.8');
    expect(free(bars, holds, 'MAT', 'K1-1')).toBe('2.3');
    // A balance the item does not have is 0.
    expect(free(bars, holds, 'POL', null)).toBe('0');
  });

  it('negative balances count as nothing spare', () => {
    const neg: FreeStockBalance[] = [
      { locationId: 'MAT', lotId: null, onHand: '-3' },
      { locationId: 'MAT', lotId: 'X', onHand: '5' },
    ];
    expect(free(neg, [], 'MAT', 'X')).toBe('5');
    expect(free(neg, [], 'MAT', null)).toBe('0');
  });
});

describe('what a reservation without a lot may still take', () => {
  // 100 kom at MAT, 20 at GOT (no lots).
  const screws: FreeStockBalance[] = [
    { locationId: 'MAT', lotId: null, onHand: '100' },
    { locationId: 'GOT', lotId: null, onHand: '20' },
  ];
  const room = (holds: FreeStockHold[], locationId: string | null) =>
    freeToReserve(screws, holds, locationId).toString();

  it('at a location: its own stock less what is held there', () => {
    expect(room([], 'MAT')).toBe('100');
    // 30 held at MAT: 70 left there; GOT untouched.
    const held = [{ locationId: 'MAT', lotId: null, quantity: '30' }];
    expect(room(held, 'MAT')).toBe('70');
    expect(room(held, 'GOT')).toBe('20');
    // A location without stock has nothing to reserve.
    expect(room([], 'EMPTY')).toBe('0');
  });

  it('without a location: the whole item less every reservation', () => {
    // 120 on hand − 30 at MAT − 15 item-wide = 75.
    const held = [
      { locationId: 'MAT', lotId: null, quantity: '30' },
      { locationId: null, lotId: null, quantity: '15' },
    ];
    expect(room(held, null)).toBe('75');
    // Item-wide holds cap a location too: 110 held without a location leaves 10 for MAT.
    expect(room([{ locationId: null, lotId: null, quantity: '110' }], 'MAT')).toBe('10');
  });

  it('over-reserved stock (a work order holding more than there is) leaves 0, never a negative', () => {
    expect(room([{ locationId: 'GOT', lotId: null, quantity: '25' }], 'GOT')).toBe('0');
  });

  it('lots at a location all count for a lot-less reservation there', () => {
    const lots: FreeStockBalance[] = [
      { locationId: 'MAT', lotId: 'A', onHand: '5' },
      { locationId: 'MAT', lotId: 'B', onHand: '3' },
    ];
    expect(freeToReserve(lots, [{ locationId: 'MAT', lotId: 'A', quantity: '2' }], 'MAT').toString()).toBe(
      '6',
    );
  });
});
