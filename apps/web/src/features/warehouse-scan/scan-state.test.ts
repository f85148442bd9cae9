import { describe, expect, it } from 'vitest';
import {
  afterPosting,
  applyScan,
  enterLot,
  enterQuantity,
  generateLotNumber,
  initialState,
  parseQuantity,
  postingOf,
  preferredKinds,
  type Resolved,
  ready,
  type ScanState,
  stepBack,
  stepsOf,
} from './scan-state.ts';

const A = { id: '00000000-0000-4000-8000-00000000000a', label: 'A1 · Regal A' };
const B = { id: '00000000-0000-4000-8000-00000000000b', label: 'B1 · Regal B' };
const glass = {
  id: '00000000-0000-4000-8000-000000000001',
  sku: 'STAKLO-4',
  name: 'Staklo 4 mm',
  unit: 'm2',
  lotTracked: true,
};
const screw = {
  id: '00000000-0000-4000-8000-000000000002',
  sku: 'VIJAK',
  name: 'Vijak',
  unit: 'kom',
  lotTracked: false,
};
const lot7 = { id: '00000000-0000-4000-8000-000000000007', number: 'L-7' };

const loc = (l: typeof A): Resolved => ({ kind: 'location', location: l });
const item = (i: typeof glass): Resolved => ({ kind: 'item', item: i });
const lot = (i: typeof glass, l: typeof lot7): Resolved => ({ kind: 'lot', item: i, lot: l });

/** Feeds scans one after another, failing on a refused one. */
function scans(state: ScanState, ...hits: Resolved[]): ScanState {
  return hits.reduce((s, h) => {
    const r = applyScan(s, h);
    expect(r.outcome.ok, JSON.stringify(r.outcome)).toBe(true);
    return r.state;
  }, state);
}

describe('warehouse scanning steps', () => {
  it('receives a lot-tracked item scanned by SKU: asks for the lot number, then the quantity', () => {
    let s = scans(initialState('receive'), loc(A), item(glass));
    expect(s.step).toBe('lot');
    expect(stepsOf(s)).toEqual(['location', 'item', 'lot', 'quantity']);
    expect(enterLot(s, '   ')).toBe(s); // a blank lot number is no lot number
    s = enterLot(s, ' DOB-2026-11 ');
    expect(s.step).toBe('quantity');
    expect(ready(s)).toBe(false);
    const next = enterQuantity(s, '12,5');
    expect(next && ready(next)).toBe(true);
    expect(next && postingOf(next)).toEqual({
      path: '/api/inventory/receipts',
      body: {
        location_id: A.id,
        lines: [{ item_id: glass.id, quantity: '12.5', lot_number: 'DOB-2026-11' }],
      },
    });
  });

  it("takes an unknown code scanned at the lot step as the supplier's lot number", () => {
    const s = scans(initialState('receive'), loc(A), item(glass));
    const r = applyScan(s, null, 'SUP-LOT-991');
    expect(r.outcome).toEqual({ ok: true, message: 'lotEntered' });
    expect([r.state.step, r.state.lot]).toEqual(['quantity', { id: null, number: 'SUP-LOT-991' }]);
    // Elsewhere an unknown code is just unknown.
    expect(applyScan(r.state, null, 'SUP-LOT-991').outcome).toEqual({ ok: false, message: 'unknown' });
  });

  it('receives onto an existing lot when its label is scanned (no lot step)', () => {
    const s = scans(initialState('receive'), loc(A), lot(glass, lot7));
    expect(s.step).toBe('quantity');
    expect(stepsOf(s)).toEqual(['location', 'item', 'quantity']);
    const next = enterQuantity(s, '3');
    expect(next && postingOf(next).body).toEqual({
      location_id: A.id,
      lines: [{ item_id: glass.id, quantity: '3', lot_id: lot7.id }],
    });
  });

  it('moves: from-location, lot, quantity, to-location; the same location is refused as destination', () => {
    let s = scans(initialState('move'), loc(A), lot(glass, lot7));
    const q = enterQuantity(s, '4');
    expect(q?.step).toBe('to');
    s = q as ScanState;
    expect(ready(s)).toBe(false);
    expect(applyScan(s, loc(A)).outcome).toEqual({ ok: false, message: 'sameLocation' });
    expect(applyScan(s, item(screw)).outcome).toEqual({ ok: false, message: 'notLocation' });
    s = scans(s, loc(B));
    expect(ready(s)).toBe(true);
    expect(postingOf(s)).toEqual({
      path: '/api/inventory/transfers',
      body: {
        reason: 'relocation',
        from_location_id: A.id,
        to_location_id: B.id,
        lines: [{ item_id: glass.id, quantity: '4', lot_id: lot7.id }],
      },
    });
  });

  it('issues an item scanned by SKU without a lot (the server picks FEFO)', () => {
    const s = scans(initialState('issue'), loc(B), item(glass));
    expect(s.step).toBe('quantity'); // no lot question when taking stock out
    const next = enterQuantity(s, '2');
    expect(next && postingOf(next)).toEqual({
      path: '/api/inventory/issues',
      body: { reason: 'production', location_id: B.id, lines: [{ item_id: glass.id, quantity: '2' }] },
    });
  });

  it('wants a location first and says so', () => {
    expect(applyScan(initialState('issue'), item(screw)).outcome).toEqual({
      ok: false,
      message: 'locationFirst',
    });
    expect(applyScan(initialState('issue'), null).outcome).toEqual({ ok: false, message: 'unknown' });
  });

  it('changes the location when another location is scanned instead of an item', () => {
    const s = scans(initialState('issue'), loc(A), loc(B));
    expect(s.step).toBe('item');
    expect(s.location).toEqual(B);
  });

  it('a new item scanned at the quantity step replaces the item', () => {
    const s = scans(initialState('issue'), loc(A), item(glass), item(screw));
    expect(s.item).toEqual(screw);
    expect(s.step).toBe('quantity');
    expect(applyScan(s, loc(B)).outcome).toEqual({ ok: false, message: 'typeQuantity' });
  });

  it('refuses a lot of another item while asking for the lot number', () => {
    const s = scans(initialState('receive'), loc(A), item(glass));
    const other = lot(
      { ...screw, lotTracked: true },
      { id: '00000000-0000-4000-8000-000000000009', number: 'X' },
    );
    expect(applyScan(s, other).outcome).toEqual({ ok: false, message: 'wrongLot' });
    expect(scans(s, lot(glass, lot7)).lot).toEqual(lot7);
  });

  it('accepts only positive decimal quantities, comma or dot', () => {
    expect(parseQuantity('2,5')).toBe('2.5');
    expect(parseQuantity(' 10 ')).toBe('10');
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('-3')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    const s = scans(initialState('issue'), loc(A), item(screw));
    expect(enterQuantity(s, '0')).toBeNull();
  });

  it('Esc goes back one step, forgetting what that step took', () => {
    const moved = enterQuantity(scans(initialState('move'), loc(A), item(screw)), '5') as ScanState;
    const s = scans(moved, loc(B));
    const back1 = stepBack(s);
    expect([back1.step, back1.to, back1.quantity]).toEqual(['quantity', null, '']);
    const back2 = stepBack(back1);
    expect([back2.step, back2.item]).toEqual(['item', null]);
    const back3 = stepBack(back2);
    expect([back3.step, back3.location]).toEqual(['location', null]);
    expect(stepBack(back3)).toBe(back3);
    const lotStep = scans(initialState('receive'), loc(A), item(glass));
    expect(stepBack(lotStep).step).toBe('item');
    const typedLot = enterLot(lotStep, 'L-1');
    expect(stepBack(typedLot).step).toBe('lot');
  });

  it('keeps the location after a posting for the next item', () => {
    const s = afterPosting(
      enterQuantity(scans(initialState('issue'), loc(A), item(screw)), '1') as ScanState,
    );
    expect([s.mode, s.step, s.location, s.item, s.quantity]).toEqual(['issue', 'item', A, null, '']);
  });

  it('prefers the kind the step expects when a code names several things', () => {
    expect(preferredKinds('location')[0]).toBe('location');
    expect(preferredKinds('to')[0]).toBe('location');
    expect(preferredKinds('item')).toEqual(['lot', 'item', 'location']);
  });

  it('generates lot numbers from the local date and time', () => {
    expect(generateLotNumber(new Date(2026, 10, 5, 8, 3, 9))).toBe('L-261105-080309');
  });
});
