// What is free to reserve on one balance of an item (item, location, lot) when reservations are
// held at three levels: on a lot (cutting reserves the very sheets of a plan), on a location
// without a lot (a work order or a delivery note reserves "2 m² at the materials store"), or on
// the item alone (no location). A reservation without a lot can be met from any lot at its
// location (or anywhere, without a location), so it is not charged to one balance: it lowers what
// the location (or the item) has spare, and every balance's free figure is capped by that.
//
//   own(b)    = on hand(b) − reservations on b's lot at b's location
//   spare(L)  = Σ over L's balances of max(0, own(b)) − lot-less reservations at L
//   spare     = Σ over locations of max(0, spare(L)) − reservations without a location
//   free(b)   = max(0, min(own(b), spare(L of b), spare))
//
// So reserving free(b) more on b keeps every reservation satisfiable (the levels nest: a lot lies in
// one location, a location in the item), and reserving one unit more would not. The free figures of
// two balances are not additive: both are capped by the same spare stock. A reservation naming a
// lot but no location is counted item-wide (none is made that way today).
import Decimal from 'decimal.js';

/** One balance of an item: where, which lot (null = none), and what is on hand (base unit). */
export type FreeStockBalance = { locationId: string; lotId: string | null; onHand: Decimal.Value };

/** One active reservation of the item (base unit). */
export type FreeStockHold = { locationId: string | null; lotId: string | null; quantity: Decimal.Value };

export type FreeStockKey = { locationId: string; lotId: string | null };

const keyOf = (locationId: string, lotId: string | null) => `${locationId}/${lotId ?? ''}`;
const ZERO = new Decimal(0);
const pos = (d: Decimal) => Decimal.max(ZERO, d);

/** The three levels of the rule above: own(b) per balance, spare(L) per location, spare of the item. */
function levels(balances: readonly FreeStockBalance[], holds: readonly FreeStockHold[]) {
  // own(b) per balance key; a lot reservation without stock under it stays on its own key.
  const own = new Map<string, { locationId: string; value: Decimal }>();
  const ownOf = (locationId: string, lotId: string | null) => {
    const k = keyOf(locationId, lotId);
    let e = own.get(k);
    if (!e) {
      e = { locationId, value: ZERO };
      own.set(k, e);
    }
    return e;
  };
  for (const b of balances) {
    const e = ownOf(b.locationId, b.lotId);
    e.value = e.value.plus(b.onHand);
  }
  const lotLess = new Map<string, Decimal>();
  let itemWide = ZERO;
  for (const h of holds) {
    if (h.locationId === null) itemWide = itemWide.plus(h.quantity);
    else if (h.lotId === null)
      lotLess.set(h.locationId, (lotLess.get(h.locationId) ?? ZERO).plus(h.quantity));
    else {
      const e = ownOf(h.locationId, h.lotId);
      e.value = e.value.minus(h.quantity);
    }
  }
  const spareAt = new Map<string, Decimal>();
  for (const e of own.values())
    spareAt.set(e.locationId, (spareAt.get(e.locationId) ?? ZERO).plus(pos(e.value)));
  for (const [loc, q] of lotLess) spareAt.set(loc, (spareAt.get(loc) ?? ZERO).minus(q));
  let spare = ZERO.minus(itemWide);
  for (const s of spareAt.values()) spare = spare.plus(pos(s));
  return { own, spareAt, spare };
}

/** The free quantity (base unit, ≥ 0) on one balance of an item; 0 where the item has no such balance. */
export function freeStock(
  balances: readonly FreeStockBalance[],
  holds: readonly FreeStockHold[],
  key: FreeStockKey,
): Decimal {
  const { own, spareAt, spare } = levels(balances, holds);
  const mine = own.get(keyOf(key.locationId, key.lotId))?.value ?? ZERO;
  const atLocation = spareAt.get(key.locationId) ?? ZERO;
  return pos(Decimal.min(mine, atLocation, spare));
}

/**
 * What a reservation without a lot may still take (base unit, ≥ 0): at a location, what that
 * location has spare capped by what the item has spare, min(spare(L), spare); without a location,
 * what the item has spare. Reserving more would leave some reservation unsatisfiable.
 */
export function freeToReserve(
  balances: readonly FreeStockBalance[],
  holds: readonly FreeStockHold[],
  locationId: string | null,
): Decimal {
  const { spareAt, spare } = levels(balances, holds);
  if (locationId === null) return pos(spare);
  return pos(Decimal.min(spareAt.get(locationId) ?? ZERO, spare));
}
